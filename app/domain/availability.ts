import { MSG } from "./messages";
import { formatTime, venueNow, weekdayOf, type VenueNow } from "./time";

/** Spec §1/§9: a birthday table is held for at most 4 hours. */
export const MAX_STAY_MINUTES = 240;
/** Birthday slots start on the hour. */
export const SLOT_STEP_MINUTES = 60;

/** A weekday's opening: birthdays and games are offered separately (staff settings). */
export type DayRule = { weekday: number; openMin: number; closeMin: number; birthdays: boolean; games: boolean };
export type Table = { id: number; seats: number };
/**
 * An active reservation (confirmed, or held and not expired) on the day in question; `endMin` is
 * when the table is free again: the party's end plus its cleaning buffer (`blockedRange`).
 */
export type Occupation = { tableId: number; startMin: number; endMin: number };
export type SlotRange = { startMin: number; endMin: number };
export type Slot = { startTime: string; endTime: string; available: boolean };
/** A slot for staff and move pages: `past` when it has begun (today), shown «vorbei» rather than «belegt». */
export type MoveSlot = Slot & { past?: boolean };

/**
 * Opening hours for one date (24.12. 10:00–16:00, an extra Easter Monday): on that date they replace
 * the weekday's rule, including whether birthdays and games are offered. Whole-day closures stay
 * closures; these are days the venue is open with other hours.
 */
export type SpecialHours = { date: string; openMin: number; closeMin: number; birthdays: boolean; games: boolean; note: string };

/**
 * The rules in force on `date`: the weekly rules, with that weekday's replaced by the date's special
 * hours. Every slot grid reads its day through this, so special hours reach every entry point.
 */
export function rulesOn(rules: DayRule[], specials: readonly SpecialHours[], date: string): DayRule[] {
  const special = specials.find((s) => s.date === date);
  if (!special) return rules;
  const weekday = weekdayOf(date);
  const { openMin, closeMin, birthdays, games } = special;
  return [...rules.filter((r) => r.weekday !== weekday), { weekday, openMin, closeMin, birthdays, games }];
}

/**
 * Why a day lists no times for `kind`, when it lists none: open only for the other kind of booking
 * (a games-only Monday is not "geschlossen"), or closed altogether. Closures are checked by the caller.
 */
export function emptyDayNote(rules: DayRule[], specials: readonly SpecialHours[], date: string, kind: "birthdays" | "games"): string {
  const rule = rulesOn(rules, specials, date).find((r) => r.weekday === weekdayOf(date));
  if (rule && (kind === "birthdays" ? rule.games : rule.birthdays)) return kind === "birthdays" ? MSG.noBirthdaysOnDay : MSG.noGamesOnDay;
  return MSG.closedDay;
}

/** The day's birthday slot grid for an offer of `durationMin`; empty on days without birthdays. */
export function birthdaySlotGrid(date: string, rules: DayRule[], durationMin: number): SlotRange[] {
  const rule = rules.find((r) => r.weekday === weekdayOf(date));
  if (!rule || !rule.birthdays || durationMin <= 0 || durationMin > MAX_STAY_MINUTES) return [];
  const grid: SlotRange[] = [];
  for (let start = rule.openMin; start + durationMin <= rule.closeMin; start += SLOT_STEP_MINUTES) {
    grid.push({ startMin: start, endMin: start + durationMin });
  }
  return grid;
}

/**
 * What a party blocks of its table: its own time and the cleaning buffer after it. A new booking
 * checks this range against the others' (each with its own buffer), as the exclusion constraint does.
 */
export function blockedRange(slot: SlotRange, bufferMin: number): SlotRange {
  return { startMin: slot.startMin, endMin: slot.endMin + Math.max(0, bufferMin) };
}

export function overlaps(a: SlotRange, b: SlotRange): boolean {
  return a.startMin < b.endMin && b.startMin < a.endMin;
}

/**
 * The earliest moment a slot may start to be bookable online: `leadHours` real hours from now,
 * read in venue time. Counting real hours first keeps it right across a clock change (24 hours
 * before a Sunday 10:00 after the spring change is Saturday 09:00). Passed where `hasBegun` takes
 * "now": a slot that starts at or before it is not bookable online.
 */
export function onlineNotBefore(now: Date, leadHours: number): VenueNow {
  return venueNow(new Date(now.getTime() + leadHours * 3_600_000));
}

/** A slot lies in the past once it has begun (venue time). */
export function hasBegun(date: string, startMin: number, now: VenueNow): boolean {
  return date < now.date || (date === now.date && startMin <= now.minutes);
}

/**
 * The smallest table with enough seats that is free for the whole slot, or null.
 * Smallest first keeps the big tables for big parties.
 */
export function pickTable(slot: SlotRange, persons: number, tables: Table[], occupied: Occupation[]): Table | null {
  if (persons < 1) return null;
  const candidates = tables
    .filter((t) => t.seats >= persons)
    .sort((a, b) => a.seats - b.seats || a.id - b.id);
  return candidates.find((t) => !occupied.some((o) => o.tableId === t.id && overlaps(o, slot))) ?? null;
}

export type AvailabilityInput = {
  date: string;
  persons: number;
  durationMin: number;
  rules: DayRule[];
  tables: Table[];
  occupied: Occupation[];
  now: VenueNow;
  /** The offer's cleaning buffer after the party (0 when left out). */
  bufferMin?: number;
};

export function birthdayAvailability(input: AvailabilityInput): Slot[] {
  return birthdaySlotGrid(input.date, input.rules, input.durationMin).map((slot) => ({
    startTime: formatTime(slot.startMin),
    endTime: formatTime(slot.endMin),
    available:
      !hasBegun(input.date, slot.startMin, input.now) &&
      pickTable(blockedRange(slot, input.bufferMin ?? 0), input.persons, input.tables, input.occupied) !== null,
  }));
}
