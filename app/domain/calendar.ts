import { memoByKey } from "./memo";
import { LOCALE, type Lang } from "~/i18n/locales";
import { addDays as addIsoDays, addMonths, isIsoDate, weekdayOf, type VenueNow } from "./time";

export type CalendarDay = { date: string; day: number; inMonth: boolean; past: boolean };

/** Built from components at local noon, so formatting gives the same result in any timezone. */
function localNoon(iso: string): Date {
  return new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)), 12);
}

export function monthOf(iso: string): string {
  return iso.slice(0, 7);
}

export function parseMonth(value: unknown): string | null {
  return typeof value === "string" && /^\d{4}-\d{2}$/.test(value) && isIsoDate(`${value}-01`) ? value : null;
}

/*
 * Names come from Intl (de-CH), which every browser and Node carry, instead of date-fns' German
 * locale: the same words, and ~7 KB less JavaScript on the calendar steps.
 */
/** Each language's formatters, made once (the same code for German and the others: less script on the calendar steps). */
const formatters = new Map<Lang, { month: Intl.DateTimeFormat; long: Intl.DateTimeFormat; short: Intl.DateTimeFormat; weekday: Intl.DateTimeFormat; numeric: Intl.DateTimeFormat }>();
function formattersOf(lang: Lang) {
  let f = formatters.get(lang);
  if (!f) {
    const locale = LOCALE[lang];
    f = {
      month: new Intl.DateTimeFormat(locale, { month: "long", year: "numeric" }),
      long: new Intl.DateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long", year: "numeric" }),
      short: new Intl.DateTimeFormat(locale, { weekday: "short" }),
      weekday: new Intl.DateTimeFormat(locale, { weekday: "long" }),
      numeric: new Intl.DateTimeFormat(locale, { day: "2-digit", month: "2-digit", year: "numeric" }),
    };
    formatters.set(lang, f);
  }
  return f;
}

/** `2026-11` → `November 2026` (`novembre 2026` in French). */
export function monthLabel(month: string, lang: Lang = "de"): string {
  return formattersOf(lang).month.format(localNoon(`${month}-01`));
}

/** A Monday (2026-11-30) and the six days after it: the week the weekday names are read from. */
const A_WEEK = ["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06"];

/** The calendar's column heads (Monday first) and their full names: `Mo`…`So`, `Montag`… in German (de-CH). */
export function weekdayHeads(lang: Lang = "de"): { short: readonly string[]; long: readonly string[] } {
  const f = formattersOf(lang);
  return { short: A_WEEK.map((d) => f.short.format(localNoon(d))), long: A_WEEK.map((d) => f.weekday.format(localNoon(d))) };
}

const longDates = memoByKey(400, (key) => formattersOf(key.slice(0, 2) as Lang).long.format(localNoon(key.slice(3))));

/** A full-date label for screen readers: `Samstag, 28. November 2026` (`samedi, 28 novembre 2026`). */
export function longDateLabel(iso: string, lang: Lang = "de"): string {
  return longDates(`${lang}|${iso}`);
}

/** `28.11.2026` in every Swiss locale. */
export function shortDateLabel(iso: string, lang: Lang = "de"): string {
  return formattersOf(lang).numeric.format(localNoon(iso));
}

/** The weeks (Monday first) covering a month; days outside it are marked. */
export function monthGrid(month: string, today: string): readonly (readonly CalendarDay[])[] {
  return cachedGrid(`${month}|${today}`);
}

// Every render of a calendar step builds the same grid for the same month and day.
const cachedGrid = memoByKey(48, (key) => {
  const [month, today] = key.split("|") as [string, string];
  return Object.freeze(buildMonthGrid(month, today).map((week) => Object.freeze(week.map((day) => Object.freeze(day)))));
});

function buildMonthGrid(month: string, today: string): CalendarDay[][] {
  const first = `${month}-01`;
  const nextMonth = addMonths(first, 1);
  const weeks: CalendarDay[][] = [];
  // ISO dates with UTC arithmetic (time.ts), not date-fns: no DST shift in any browser timezone, and
  // date-fns' formatter stays out of the calendar steps' JavaScript (~1 kB gzip, issue #15 budget).
  let cursor = addIsoDays(first, -((weekdayOf(first) + 6) % 7));
  while (weeks.length === 0 || cursor < nextMonth) {
    const week: CalendarDay[] = [];
    for (let d = 0; d < 7; d++) {
      week.push({ date: cursor, day: Number(cursor.slice(8, 10)), inMonth: monthOf(cursor) === month, past: cursor < today });
      cursor = addIsoDays(cursor, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** Weekday (0 = Sunday) → whether birthdays and games take place; only what the calendar needs of a DayRule. */
export type OpenRule = { weekday: number; openMin: number; closeMin: number; birthdays: boolean; games?: boolean };
/** Which kind of booking a calendar is for: birthday tables or game locations (opened per weekday separately). */
export type OpenKind = "birthdays" | "games";

const isOpen = (r: Pick<OpenRule, "birthdays" | "games">, kind: OpenKind) => (kind === "games" ? Boolean(r.games) : r.birthdays);

/** The weekdays (0 = Sunday) on which nothing can be booked: the calendar marks them `geschlossen`. */
export function closedWeekdays(rules: readonly OpenRule[], kind: OpenKind = "birthdays"): number[] {
  return [0, 1, 2, 3, 4, 5, 6].filter((w) => !rules.some((r) => r.weekday === w && isOpen(r, kind)));
}

/**
 * Closed by a closure staff entered for that date (`closedDates`), or by its weekday unless special
 * hours open that date (`openDates`, e.g. an Easter Monday on a closed Monday).
 */
export function isClosedDay(iso: string, closed: readonly number[], closedDates: readonly string[] = [], openDates: readonly string[] = []): boolean {
  return closedDates.includes(iso) || (closed.includes(weekdayOf(iso)) && !openDates.includes(iso));
}

/** Special hours as the calendar needs them: which kinds of booking that date offers. */
export type SpecialOpenRule = { date: string; birthdays: boolean; games?: boolean };

/**
 * The calendar's marks for a month: weekdays closed for `kind`, dates closed (closures, and special
 * hours without this kind), and dates special hours open on a closed weekday. A closure wins.
 */
export function calendarMarks(
  rules: readonly OpenRule[],
  specials: readonly SpecialOpenRule[],
  closureDates: readonly string[],
  month: string,
  kind: OpenKind,
): { closed: number[]; closedDates: string[]; openDates: string[] } {
  const closed = closedWeekdays(rules, kind);
  const inMonth = specials.filter((s) => monthOf(s.date) === month);
  const closedDates = [...new Set([...closureDates, ...inMonth.filter((s) => !isOpen(s, kind)).map((s) => s.date)])].sort();
  const openDates = inMonth.filter((s) => isOpen(s, kind) && closed.includes(weekdayOf(s.date)) && !closureDates.includes(s.date)).map((s) => s.date);
  return { closed, closedDates, openDates };
}

/**
 * The day a calendar step opens on: today while something can still start today, otherwise the next
 * open day (today a closed Monday, or past the last start of `lengthMin`). Looks two weeks ahead at most.
 */
export function firstBookableDay(
  now: VenueNow,
  /** The weekly rules, or the rules in force on a date (special hours: `rulesOn`). */
  rules: readonly OpenRule[] | ((iso: string) => readonly OpenRule[]),
  lengthMin: number,
  kind: OpenKind = "birthdays",
  isClosedDate: (iso: string) => boolean = () => false,
): string {
  for (let i = 0; i < 14; i++) {
    const day = addIsoDays(now.date, i);
    if (isClosedDate(day)) continue;
    const rule = (typeof rules === "function" ? rules(day) : rules).find((r) => r.weekday === weekdayOf(day) && isOpen(r, kind));
    if (!rule) continue;
    const lastStart = rule.closeMin - lengthMin;
    if (i > 0 || now.minutes < lastStart) return day;
  }
  return now.date;
}

/**
 * What limits which days a calendar offers. `lastDay` is the booking horizon's last date
 * (lastBookableDate); the lead time (section C) is meant to join here as one more limit.
 */
export type DayLimits = { today: string; lastDay?: string | null };
/** `open`: a link to choose the day; `past` and `beyond` are shown but not offered. */
export type DayOffer = "past" | "beyond" | "open";

/**
 * The one decision whether a calendar day is offered, so every limit lives in one place:
 * a day after the horizon would only be refused by the server after all contact data was typed.
 */
export function dayOffer(iso: string, limits: DayLimits): DayOffer {
  if (iso < limits.today) return "past";
  if (limits.lastDay && iso > limits.lastDay) return "beyond";
  return "open";
}

/** Whether a month has any day that can be offered (month navigation stops before and after). */
export function monthOffered(month: string, limits: DayLimits): boolean {
  if (month < monthOf(limits.today)) return false;
  return !limits.lastDay || month <= monthOf(limits.lastDay);
}

/** A requested month clamped into the months that have a bookable day. */
export function clampMonth(month: string, limits: DayLimits): string {
  if (month < monthOf(limits.today)) return monthOf(limits.today);
  if (limits.lastDay && month > monthOf(limits.lastDay)) return monthOf(limits.lastDay);
  return month;
}
