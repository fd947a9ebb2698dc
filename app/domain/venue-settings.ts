import type { DepositRule } from "./deposit";
import type { DayRule, SpecialHours } from "./availability";
import type { PartyRules } from "./party-rules";
import { ROUNDS_SETTING_MAX, type RoundLimits } from "./games";
import { formatDateDE, formatTime, isIsoDate, parseTime, weekdayOf, addDays } from "./time";
import { LOCALE, type Lang } from "~/i18n/locales";

/**
 * Venue settings as staff edit them (issue #13): closures and the rules of the settings forms. Pure:
 * the same functions decide availability on the server and validate the forms' fields.
 */

export const CLOSURE_SCOPE_LABELS = {
  venue: "Ganze Anlage",
  birthdays: "Nur Geburtstage",
  location: "Nur ein Spielort",
} as const;
export type ClosureScopeName = keyof typeof CLOSURE_SCOPE_LABELS;

export type Closure = {
  id: number;
  startDate: string;
  endDate: string;
  scope: ClosureScopeName;
  locationId: number | null;
  reason: string;
};

/** What a booking needs open: a birthday table, or a given game location. */
export type ClosureTarget = { kind: "birthday" } | { kind: "game"; locationId: number };

export function closureApplies(closure: Closure, target: ClosureTarget): boolean {
  if (closure.scope === "venue") return true;
  if (closure.scope === "birthdays") return target.kind === "birthday";
  return target.kind === "game" && closure.locationId === target.locationId;
}

/** The closure that keeps `target` from taking bookings on `date`, if any. */
export function closureOn(closures: readonly Closure[], date: string, target: ClosureTarget): Closure | undefined {
  return closures.find((c) => c.startDate <= date && date <= c.endDate && closureApplies(c, target));
}

/** The closed dates (from closures) between `from` and `to` inclusive, for the calendar marks. */
export function closedDatesBetween(closures: readonly Closure[], from: string, to: string, target: ClosureTarget): string[] {
  const dates = new Set<string>();
  for (const c of closures) {
    if (!closureApplies(c, target) || c.endDate < from || c.startDate > to) continue;
    for (let d = c.startDate < from ? from : c.startDate; d <= c.endDate && d <= to; d = addDays(d, 1)) dates.add(d);
  }
  return [...dates].sort();
}

/** The closed dates of a calendar month (`YYYY-MM`). */
export function closedDatesInMonth(closures: readonly Closure[], month: string, target: ClosureTarget): string[] {
  return closedDatesBetween(closures, `${month}-01`, `${month}-31`, target);
}

/** Days between two ISO dates, both included. */
export function daysInRange(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

// ---------------------------------------------------------------------------------------------
// Opening hours line (pages, e-mails)

const SHORT_DAYS = ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"];
/** Monday first, as a Swiss reader expects. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

/**
 * `Mo-Fr 10:00-20:00, Sa-So 09:00-22:00`, or `Mo-Di geschlossen, Mi-So 10:00-22:00`: the hall's hours per weekday (the
 * hall is open on days without birthdays or games too); a weekday without a rule reads `geschlossen`.
 * Upcoming special hours follow as `am 24.12. 10:00-16:00`, so the sentence never contradicts the calendar.
 */
export function openingHoursLine(rules: readonly DayRule[], upcoming: readonly SpecialHours[] = [], words: HoursWords = GERMAN_HOURS_WORDS): string {
  const parts: { from: number; to: number; hours: string }[] = [];
  for (const weekday of WEEK_ORDER) {
    const rule = rules.find((r) => r.weekday === weekday);
    const hours = rule ? `${formatTime(rule.openMin)}-${formatTime(rule.closeMin)}` : words.closed;
    const last = parts[parts.length - 1];
    if (last && last.hours === hours) last.to = weekday;
    else parts.push({ from: weekday, to: weekday, hours });
  }
  const specials = upcoming.map((s) => `${words.on(formatDateDE(s.date).slice(0, 6))} ${formatTime(s.openMin)}-${formatTime(s.closeMin)}`);
  if (parts.every((p) => p.hours === words.closed)) return [words.closed, ...specials].join(", ");
  const day = (weekday: number) => (words.lang === "de" ? SHORT_DAYS[weekday] : shortWeekdayIn(words.lang, weekday));
  return [...parts.map((p) => `${day(p.from)}${p.from === p.to ? "" : `-${day(p.to)}`} ${p.hours}`), ...specials].join(", ");
}

/** The words of the opening-hours line in a language (issue #33: the e-mails' namespace has them). */
export type HoursWords = { lang: Lang; closed: string; on: (dayMonth: string) => string };
export const GERMAN_HOURS_WORDS: HoursWords = { lang: "de", closed: "geschlossen", on: (dayMonth) => `am ${dayMonth}` };

/** `lun.`, `lu`, `Mon`: the language's own short weekday (0 = Sunday), from `Intl`. */
function shortWeekdayIn(lang: Lang, weekday: number): string {
  // 2023-01-01 was a Sunday; noon UTC is the same day in every zone that matters here.
  return new Intl.DateTimeFormat(LOCALE[lang], { weekday: "short", timeZone: "UTC" }).format(new Date(Date.UTC(2023, 0, 1 + weekday, 12)));
}

/** How far ahead the opening-hours sentence names special hours, and how many at most. */
export const SPECIAL_HOURS_AHEAD_DAYS = 42;
export const SPECIAL_HOURS_SHOWN = 4;

/** The special hours families should hear about now: from today, within six weeks, the first four. */
export function upcomingSpecialHours(specials: readonly SpecialHours[], today: string): SpecialHours[] {
  const until = addDays(today, SPECIAL_HOURS_AHEAD_DAYS);
  return specials.filter((s) => s.date >= today && s.date <= until).slice(0, SPECIAL_HOURS_SHOWN);
}

const LONG_DAYS = ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"];

/**
 * The weekdays on which birthdays (or games) are offered, for a sentence: `Mittwoch bis Sonntag`,
 * `Samstag und Sonntag`, `Mittwoch, Freitag und Sonntag`; null when there is none.
 */
export function weekdaysLine(rules: readonly DayRule[], what: "birthdays" | "games"): string | null {
  const days = WEEK_ORDER.filter((d) => rules.some((r) => r.weekday === d && r[what]));
  if (days.length === 0) return null;
  // Runs of consecutive days (Monday first); three or more read "von … bis …".
  const runs: number[][] = [];
  for (const d of days) {
    const last = runs[runs.length - 1];
    if (last && WEEK_ORDER.indexOf(d) === WEEK_ORDER.indexOf(last[last.length - 1]!) + 1) last.push(d);
    else runs.push([d]);
  }
  const parts = runs.flatMap((run) => (run.length >= 3 ? [`${LONG_DAYS[run[0]!]} bis ${LONG_DAYS[run[run.length - 1]!]}`] : run.map((d) => LONG_DAYS[d]!)));
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(", ")} und ${parts[parts.length - 1]}`;
}

/**
 * What the customer pages and e-mails say about the venue that staff can change: the opening hours,
 * the birthday and game days, the hold time and the self-service limit (AGB §2 and §4).
 */
export type VenueFacts = VenuePolicy & {
  openingHours: string;
  birthdayDays: string | null;
  gameDays: string | null;
};

/**
 * The numbers families are promised (AGB, manage page, e-mails, staff cancellation): all of them
 * state these, never a constant of their own.
 */
export type VenuePolicy = {
  /** How long a new booking is held for its payment. */
  holdMinutes: number;
  /** Families may cancel or move online until this many hours before the start. */
  selfServiceHours: number;
  /** A cancellation is free until this many hours before the start ... */
  cancelFreeHours: number;
  /** ... and after that costs this share of the price (100: no refund). */
  lateCancelFeePercent: number;
  /** The reminder e-mail goes out this many hours before the start. */
  reminderHours: number;
  /** Games are bookable online until this many hours before their start. */
  gameLeadHours: number;
  /** Deposits (issue #30 §3): the balance is due this many days before the party ... */
  balanceDays: number;
  /** ... and paid at the venue instead of online. */
  balanceAtVenue: boolean;
  /** Privacy (issue #32 §4): guests' answers are deleted this many days after the party ... */
  guestRetentionDays: number;
  /** ... and a booking's personal data anonymised this many months after it. */
  bookingRetentionMonths: number;
};

/** Defaults until the manager stores a policy (docs/decisions.md "Lead time"). */
export const DEFAULT_LATE_CANCEL_FEE_PERCENT = 100;
export const DEFAULT_GAME_LEAD_HOURS = 1;
export const DEFAULT_OFFER_LEAD_HOURS = 24;

export function venueFacts(rules: readonly DayRule[], policy: VenuePolicy, upcoming: readonly SpecialHours[] = []): VenueFacts {
  return { openingHours: openingHoursLine(rules, upcoming), birthdayDays: weekdaysLine(rules, "birthdays"), gameDays: weekdaysLine(rules, "games"), ...policy };
}

// ---------------------------------------------------------------------------------------------
// Field rules (German messages per field)

/**
 * The provider's payment page stays open this long (Datatrans' TWINT page times out after 15
 * minutes); a hold whose payment was started outlives it by the margin, so money paid in the last
 * second still finds its table. The manager's hold time cannot go below the two together.
 */
export const PROVIDER_SESSION_MINUTES = 15;
export const PROVIDER_SESSION_MARGIN_MINUTES = 5;
export const MIN_HOLD_MINUTES = PROVIDER_SESSION_MINUTES + PROVIDER_SESSION_MARGIN_MINUTES;

export const SETTINGS_MSG = {
  time: "Bitte geben Sie eine Uhrzeit im Format HH:MM ein.",
  timeGrid: "Bitte wählen Sie eine Uhrzeit im 5-Minuten-Raster (z. B. 10:05).",
  openBeforeClose: "Die Schliesszeit muss nach der Öffnungszeit liegen.",
  price: "Bitte geben Sie einen Betrag in CHF ein (z. B. 28.00).",
  priceNegative: "Der Betrag darf nicht negativ sein.",
  priceDecimals: "Höchstens zwei Nachkommastellen (Rappen).",
  priceTooHigh: "Der Betrag darf höchstens CHF 10'000.00 sein.",
  seats: "Bitte geben Sie 1 bis 50 Plätze an.",
  capacity: "Bitte geben Sie 1 bis 50 Spieler an.",
  rounds: `Bitte geben Sie 1 bis ${ROUNDS_SETTING_MAX} Runden an.`,
  extraRounds: `Bitte geben Sie 0 bis ${ROUNDS_SETTING_MAX} Runden an.`,
  packageTooLong: `Inklusive und zusätzliche Runden zusammen höchstens ${ROUNDS_SETTING_MAX} (4 Stunden).`,
  name: "Bitte geben Sie einen Namen ein (höchstens 80 Zeichen).",
  duration: "Bitte geben Sie eine Dauer von 30 bis 240 Minuten im 5-Minuten-Raster an.",
  items: "Bitte geben Sie mindestens eine Leistung an (eine pro Zeile, höchstens 20).",
  itemTooLong: "Eine Leistung darf höchstens 200 Zeichen lang sein.",
  position: "Bitte geben Sie eine Reihenfolge von 0 bis 999 an.",
  leadHours: "Bitte geben Sie 0 bis 720 Stunden an.",
  minChildren: "Bitte geben Sie 0 bis 50 Kinder an (höchstens so viele wie das Maximum).",
  maxChildren: "Bitte geben Sie 1 bis 50 Kinder an.",
  maxAdults: "Bitte geben Sie 0 bis 50 Erwachsene an.",
  minChargedChildren: "Bitte geben Sie 0 bis 50 Kinder an (0 oder leer: es werden so viele verrechnet, wie kommen).",
  bufferMin: "Bitte geben Sie 0 bis 120 Minuten in 5-Minuten-Schritten an (0 oder leer: kein Puffer).",
  deposit: "Bitte geben Sie die Anzahlung in Prozent (1 bis 99 %) oder als Betrag in CHF an, oder lassen Sie das Feld leer (voller Preis bei der Buchung).",
  balanceDays: "Bitte geben Sie 0 bis 30 Tage an.",
  maxChildrenTables: (seats: number) => `Höchstens ${seats} Kinder: Der grösste aktive Tisch hat ${seats} Plätze.`,
  gameLeadHours: "Bitte geben Sie 0 bis 168 Stunden an.",
  selfServiceHours: "Bitte geben Sie 0 bis 720 Stunden an.",
  lateCancelFeePercent: "Bitte geben Sie 0 bis 100 Prozent an (100: keine Rückerstattung).",
  reminderHours: "Bitte geben Sie 1 bis 720 Stunden an.",
  holdMinutes: `Bitte geben Sie ${MIN_HOLD_MINUTES} bis 120 Minuten an (die Zahlungsseite, z. B. TWINT, ist bis ${PROVIDER_SESSION_MINUTES} Minuten offen, dazu ${PROVIDER_SESSION_MARGIN_MINUTES} Minuten Reserve).`,
  reservationType: "Bitte wählen Sie eine Art.",
  description: "Die Beschreibung darf höchstens 300 Zeichen lang sein.",
  date: "Bitte geben Sie ein Datum ein.",
  endBeforeStart: "Das Ende darf nicht vor dem Beginn liegen.",
  tooFarAhead: "Das Datum darf höchstens zwei Jahre in der Zukunft liegen.",
  specialNote: "Der Hinweis darf höchstens 80 Zeichen lang sein.",
  rangeTooLong: "Eine Schliessung darf höchstens 366 Tage umfassen.",
  inPast: "Das Datum darf nicht in der Vergangenheit liegen.",
  reason: "Bitte geben Sie einen Grund an (höchstens 120 Zeichen).",
  scope: "Bitte wählen Sie, was geschlossen ist.",
  location: "Bitte wählen Sie einen Spielort.",
} as const;

export type FieldErrors = Record<string, string>;
export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

const str = (v: FormDataEntryValue | null | undefined): string => (typeof v === "string" ? v.trim() : "");

/** A time on the 5-minute grid, as minutes after midnight. */
export function parseGridTime(value: FormDataEntryValue | null | undefined): { ok: true; minutes: number } | { ok: false; message: string } {
  const minutes = parseTime(str(value));
  if (minutes === null) return { ok: false, message: SETTINGS_MSG.time };
  if (minutes % 5 !== 0) return { ok: false, message: SETTINGS_MSG.timeGrid };
  return { ok: true, minutes };
}

/** CHF with at most two decimals (`28`, `28.5`, `28.50`, `28,50`) → Rappen; ≥ 0 and at most CHF 10'000. */
export function parsePriceRappen(value: FormDataEntryValue | null | undefined): { ok: true; rappen: number } | { ok: false; message: string } {
  const text = str(value).replace(/^CHF\s*/i, "").replace(",", ".").replace(/['’]/g, "");
  if (/^-\s*\d/.test(text)) return { ok: false, message: SETTINGS_MSG.priceNegative };
  const m = /^(\d{1,7})(?:\.(\d+))?$/.exec(text);
  if (!m) return { ok: false, message: SETTINGS_MSG.price };
  if (m[2] !== undefined && m[2].length > 2) return { ok: false, message: SETTINGS_MSG.priceDecimals };
  const rappen = Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  if (rappen > 1_000_000) return { ok: false, message: SETTINGS_MSG.priceTooHigh };
  return { ok: true, rappen };
}

/** `2800` → `28.00` for a form field. */
export function rappenField(rappen: number): string {
  return (rappen / 100).toFixed(2);
}

function parseIntIn(value: FormDataEntryValue | null | undefined, min: number, max: number): number | null {
  const text = str(value);
  if (!/^\d{1,4}$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

function parseName(value: FormDataEntryValue | null | undefined, max = 80): string | null {
  const text = str(value).replace(/\s+/g, " ");
  return text.length >= 1 && text.length <= max ? text : null;
}

const checked = (v: FormDataEntryValue | null | undefined) => v === "on" || v === "1" || v === "true";

type Form = { get(name: string): FormDataEntryValue | null };

export type OpeningDay = { weekday: number; openMin: number; closeMin: number; birthdays: boolean; games: boolean };

/** The seven weekdays of the opening-hours form (fields `open-<d>`, `close-<d>`, `birthdays-<d>`, `games-<d>`). */
export function parseOpeningHours(form: Form): Parsed<OpeningDay[]> {
  const errors: FieldErrors = {};
  const days: OpeningDay[] = [];
  for (const weekday of WEEK_ORDER) {
    const open = parseGridTime(form.get(`open-${weekday}`));
    const close = parseGridTime(form.get(`close-${weekday}`));
    if (!open.ok) errors[`open-${weekday}`] = open.message;
    if (!close.ok) errors[`close-${weekday}`] = close.message;
    if (open.ok && close.ok) {
      if (open.minutes >= close.minutes) errors[`close-${weekday}`] = SETTINGS_MSG.openBeforeClose;
      else days.push({ weekday, openMin: open.minutes, closeMin: close.minutes, birthdays: checked(form.get(`birthdays-${weekday}`)), games: checked(form.get(`games-${weekday}`)) });
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: days };
}

export type GeneralSettings = { activeAdultPriceRappen: number; accompanyingAdultPriceRappen: number; holdMinutes: number };

export function parseGeneralSettings(form: Form): Parsed<GeneralSettings> {
  const errors: FieldErrors = {};
  const active = parsePriceRappen(form.get("activeAdultPrice"));
  const accompanying = parsePriceRappen(form.get("accompanyingAdultPrice"));
  const hold = parseIntIn(form.get("holdMinutes"), MIN_HOLD_MINUTES, 120);
  if (!active.ok) errors.activeAdultPrice = active.message;
  if (!accompanying.ok) errors.accompanyingAdultPrice = accompanying.message;
  if (hold === null) errors.holdMinutes = SETTINGS_MSG.holdMinutes;
  if (!active.ok || !accompanying.ok || hold === null) return { ok: false, errors };
  return { ok: true, value: { activeAdultPriceRappen: active.rappen, accompanyingAdultPriceRappen: accompanying.rappen, holdMinutes: hold } };
}

/** `noNewFrom`: from this date on the table takes no new bookings; those already made stay (issue #29 §6). */
export type TableInput = { name: string; seats: number; active: boolean; noNewFrom: string | null };

export function parseTable(form: Form): Parsed<TableInput> {
  const errors: FieldErrors = {};
  const name = parseName(form.get("name"));
  const seats = parseIntIn(form.get("seats"), 1, 50);
  if (name === null) errors.name = SETTINGS_MSG.name;
  if (seats === null) errors.seats = SETTINGS_MSG.seats;
  const noNewFromText = str(form.get("noNewFrom"));
  const noNewFrom = noNewFromText === "" ? null : noNewFromText;
  if (noNewFrom !== null && !isIsoDate(noNewFrom)) errors.noNewFrom = SETTINGS_MSG.date;
  if (name === null || seats === null || errors.noNewFrom) return { ok: false, errors };
  return { ok: true, value: { name, seats, active: checked(form.get("active")), noNewFrom } };
}

/** An offer's item list: at most 20 lines of at most 200 characters. */
export const OFFER_ITEMS_LIMIT = { lines: 20, lineLength: 200 } as const;
/** The textarea's `maxLength`: every line full, each with its line break (CR LF). */
export const OFFER_ITEMS_MAX_LENGTH = OFFER_ITEMS_LIMIT.lines * (OFFER_ITEMS_LIMIT.lineLength + 2);

export type OfferInput = { name: string; basePriceRappen: number; slotMinutes: number; items: string[]; position: number; active: boolean; leadHours: number; bufferMin?: number; deposit?: DepositRule } & PartyRules;

/**
 * An offer's deposit as staff type it (issue #30 §3): empty or 0 for the whole price at booking,
 * `30 %` for a share, `50.00` (or `CHF 50`) for a fixed amount.
 */
export function parseDeposit(value: FormDataEntryValue | null | undefined): DepositRule | null {
  const text = str(value);
  if (text === "" || /^0+([.,]0+)?$/.test(text)) return { depositKind: "none", depositValue: 0 };
  const percent = /^(\d{1,2})\s*%$/.exec(text);
  if (percent) {
    const n = Number(percent[1]);
    return n >= 1 && n <= 99 ? { depositKind: "percent", depositValue: n } : null;
  }
  const price = parsePriceRappen(text);
  return price.ok && price.rappen > 0 ? { depositKind: "fixed", depositValue: price.rappen } : null;
}

/** The deposit in the offer form's field: `30 %`, `50.00`, or empty. */
export function depositField(rule: DepositRule): string {
  if (rule.depositKind === "percent") return `${rule.depositValue} %`;
  if (rule.depositKind === "fixed") return rappenField(rule.depositValue);
  return "";
}

/** The longest cleaning buffer an offer may have (a table blocked for two hours after a party is a lot). */
export const BUFFER_MAX_MINUTES = 120;

/** The promised numbers staff set on /admin/einstellungen (the hold time has its own form). */
export type PolicySettings = {
  selfServiceHours: number;
  lateCancelFeePercent: number;
  reminderHours: number;
  gameLeadHours: number;
  /** Deposits (issue #30 §3); absent from older forms: left as stored. */
  balanceDays?: number;
  balanceAtVenue?: boolean;
};

export function parsePolicySettings(form: Form): Parsed<PolicySettings> {
  const value = {
    selfServiceHours: parseIntIn(form.get("selfServiceHours"), 0, 720),
    lateCancelFeePercent: parseIntIn(form.get("lateCancelFeePercent"), 0, 100),
    reminderHours: parseIntIn(form.get("reminderHours"), 1, 720),
    gameLeadHours: parseIntIn(form.get("gameLeadHours"), 0, 168),
    ...(form.get("balanceDays") !== null ? { balanceDays: parseIntIn(form.get("balanceDays"), 0, 30) } : {}),
  };
  const errors: FieldErrors = {};
  for (const [key, n] of Object.entries(value)) if (n === null) errors[key] = SETTINGS_MSG[key as "balanceDays" | keyof Omit<PolicySettings, "balanceAtVenue" | "balanceDays">];
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { ...(value as PolicySettings), ...(form.get("balanceDays") !== null ? { balanceAtVenue: checked(form.get("balanceAtVenue")) } : {}) } };
}

export function parseOffer(form: Form): Parsed<OfferInput> {
  const errors: FieldErrors = {};
  const name = parseName(form.get("name"));
  const price = parsePriceRappen(form.get("price"));
  const duration = parseIntIn(form.get("slotMinutes"), 30, 240);
  const position = parseIntIn(form.get("position"), 0, 999);
  const leadHours = parseIntIn(form.get("leadHours"), 0, 720);
  const maxChildren = parseIntIn(form.get("maxChildren"), 1, 50);
  const minChildrenRaw = parseIntIn(form.get("minChildren"), 0, 50);
  const minChildren = minChildrenRaw !== null && (maxChildren === null || minChildrenRaw <= maxChildren) ? minChildrenRaw : null;
  const maxAdults = parseIntIn(form.get("maxAdults"), 0, 50);
  // Optional field: empty means no minimum.
  const minChargedChildren = str(form.get("minChargedChildren")) === "" ? 0 : parseIntIn(form.get("minChargedChildren"), 0, 50);
  const bufferRaw = str(form.get("bufferMin")) === "" ? 0 : parseIntIn(form.get("bufferMin"), 0, BUFFER_MAX_MINUTES);
  const bufferMin = bufferRaw !== null && bufferRaw % 5 === 0 ? bufferRaw : null;
  const items = str(form.get("items"))
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (name === null) errors.name = SETTINGS_MSG.name;
  if (!price.ok) errors.price = price.message;
  if (duration === null || duration % 5 !== 0) errors.slotMinutes = SETTINGS_MSG.duration;
  if (position === null) errors.position = SETTINGS_MSG.position;
  if (leadHours === null) errors.leadHours = SETTINGS_MSG.leadHours;
  if (minChildren === null) errors.minChildren = SETTINGS_MSG.minChildren;
  if (maxChildren === null) errors.maxChildren = SETTINGS_MSG.maxChildren;
  if (maxAdults === null) errors.maxAdults = SETTINGS_MSG.maxAdults;
  if (minChargedChildren === null) errors.minChargedChildren = SETTINGS_MSG.minChargedChildren;
  if (bufferMin === null) errors.bufferMin = SETTINGS_MSG.bufferMin;
  const deposit = parseDeposit(form.get("deposit"));
  if (deposit === null) errors.deposit = SETTINGS_MSG.deposit;
  if (items.length === 0 || items.length > OFFER_ITEMS_LIMIT.lines) errors.items = SETTINGS_MSG.items;
  else if (items.some((i) => i.length > OFFER_ITEMS_LIMIT.lineLength)) errors.items = SETTINGS_MSG.itemTooLong;
  if (Object.keys(errors).length > 0 || name === null || !price.ok || duration === null || position === null || leadHours === null || minChildren === null || maxChildren === null || maxAdults === null || minChargedChildren === null || bufferMin === null || deposit === null) {
    return { ok: false, errors };
  }
  return { ok: true, value: { name, basePriceRappen: price.rappen, slotMinutes: duration, items, position, active: checked(form.get("active")), leadHours, minChildren, maxChildren, maxAdults, minChargedChildren, bufferMin, deposit } };
}

export const GAME_LOCATION_TYPES = [
  { value: "ESCAPE_ROOM_ADULT", label: "Escape Room (Erwachsene)" },
  { value: "ESCAPE_ROOM_KIDS", label: "Escape Room (Kinder)" },
  { value: "PIXEL_GAMES", label: "Pixel Games" },
  { value: "MIND_GOLF", label: "Mind Golf" },
] as const;

export type LocationInput = {
  name: string;
  reservationType: string;
  capacity: number;
  pricePerPlayerRoundRappen: number;
  packagePriceRappen: number;
  extraRoundPriceRappen: number;
  description: string;
  active: boolean;
} & Partial<RoundLimits>;

export function parseLocation(form: Form): Parsed<LocationInput> {
  const errors: FieldErrors = {};
  const name = parseName(form.get("name"));
  const type = str(form.get("reservationType"));
  const capacity = parseIntIn(form.get("capacity"), 1, 50);
  const perRound = parsePriceRappen(form.get("pricePerPlayerRound"));
  const pkg = parsePriceRappen(form.get("packagePrice"));
  const extra = parsePriceRappen(form.get("extraRoundPrice"));
  const description = str(form.get("description"));
  const maxRounds = parseIntIn(form.get("maxRounds"), 1, ROUNDS_SETTING_MAX);
  const packageRounds = parseIntIn(form.get("packageRounds"), 1, ROUNDS_SETTING_MAX);
  const packageExtraRounds = parseIntIn(form.get("packageExtraRounds"), 0, ROUNDS_SETTING_MAX);
  if (maxRounds === null) errors.maxRounds = SETTINGS_MSG.rounds;
  if (packageRounds === null) errors.packageRounds = SETTINGS_MSG.rounds;
  if (packageExtraRounds === null) errors.packageExtraRounds = SETTINGS_MSG.extraRounds;
  else if (packageRounds !== null && packageRounds + packageExtraRounds > ROUNDS_SETTING_MAX) errors.packageExtraRounds = SETTINGS_MSG.packageTooLong;
  if (name === null) errors.name = SETTINGS_MSG.name;
  if (!GAME_LOCATION_TYPES.some((t) => t.value === type)) errors.reservationType = SETTINGS_MSG.reservationType;
  if (capacity === null) errors.capacity = SETTINGS_MSG.capacity;
  if (!perRound.ok) errors.pricePerPlayerRound = perRound.message;
  if (!pkg.ok) errors.packagePrice = pkg.message;
  if (!extra.ok) errors.extraRoundPrice = extra.message;
  if (description.length > 300) errors.description = SETTINGS_MSG.description;
  if (Object.keys(errors).length > 0 || name === null || capacity === null || !perRound.ok || !pkg.ok || !extra.ok || maxRounds === null || packageRounds === null || packageExtraRounds === null) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    value: {
      name,
      reservationType: type,
      capacity,
      pricePerPlayerRoundRappen: perRound.rappen,
      packagePriceRappen: pkg.rappen,
      extraRoundPriceRappen: extra.rappen,
      maxRounds,
      packageRounds,
      packageExtraRounds,
      description,
      active: checked(form.get("active")),
    },
  };
}

export type ClosureInput = { startDate: string; endDate: string; scope: ClosureScopeName; locationId: number | null; reason: string };

/** A closure from the form; `today` (venue date) is the earliest start. An empty end means a single day. */
export function parseClosure(form: Form, today: string): Parsed<ClosureInput> {
  const errors: FieldErrors = {};
  const start = str(form.get("startDate"));
  const endText = str(form.get("endDate"));
  const end = endText === "" ? start : endText;
  const scope = str(form.get("scope"));
  const reason = parseName(form.get("reason"), 120);
  const locationText = str(form.get("locationId"));
  if (!isIsoDate(start)) errors.startDate = SETTINGS_MSG.date;
  else if (start < today) errors.startDate = SETTINGS_MSG.inPast;
  if (!isIsoDate(end)) errors.endDate = SETTINGS_MSG.date;
  else if (isIsoDate(start) && end < start) errors.endDate = SETTINGS_MSG.endBeforeStart;
  else if (isIsoDate(start) && daysInRange(start, end) > 366) errors.endDate = SETTINGS_MSG.rangeTooLong;
  if (!(scope in CLOSURE_SCOPE_LABELS)) errors.scope = SETTINGS_MSG.scope;
  const locationId = /^\d{1,6}$/.test(locationText) ? Number(locationText) : null;
  if (scope === "location" && locationId === null) errors.locationId = SETTINGS_MSG.location;
  if (reason === null) errors.reason = SETTINGS_MSG.reason;
  if (Object.keys(errors).length > 0 || reason === null) return { ok: false, errors };
  return {
    ok: true,
    value: { startDate: start, endDate: end, scope: scope as ClosureScopeName, locationId: scope === "location" ? locationId : null, reason },
  };
}

export type SpecialHoursInput = { date: string; openMin: number; closeMin: number; birthdays: boolean; games: boolean; note: string };

/** Special hours may be entered this far ahead (like a closure's length). */
export const SPECIAL_HOURS_MAX_DAYS_AHEAD = 731;

/** Special hours for one date from the form (`date`, `open`, `close`, `birthdays`, `games`, `note`); `today` is the earliest date. */
export function parseSpecialHours(form: Form, today: string): Parsed<SpecialHoursInput> {
  const errors: FieldErrors = {};
  const date = str(form.get("date"));
  if (!isIsoDate(date)) errors.date = SETTINGS_MSG.date;
  else if (date < today) errors.date = SETTINGS_MSG.inPast;
  else if (date > addDays(today, SPECIAL_HOURS_MAX_DAYS_AHEAD)) errors.date = SETTINGS_MSG.tooFarAhead;
  const open = parseGridTime(form.get("open"));
  const close = parseGridTime(form.get("close"));
  if (!open.ok) errors.open = open.message;
  if (!close.ok) errors.close = close.message;
  if (open.ok && close.ok && open.minutes >= close.minutes) errors.close = SETTINGS_MSG.openBeforeClose;
  const note = str(form.get("note")).replace(/\s+/g, " ");
  if (note.length > 80) errors.note = SETTINGS_MSG.specialNote;
  if (Object.keys(errors).length > 0 || !open.ok || !close.ok) return { ok: false, errors };
  return { ok: true, value: { date, openMin: open.minutes, closeMin: close.minutes, birthdays: checked(form.get("birthdays")), games: checked(form.get("games")), note } };
}

/** What a booking needs to be checked against opening hours: its day, time, and whether it holds a table or a game location. */
export type BookedTime = { date: string; startMin: number; endMin: number; table: boolean };

/**
 * Whether a booking lies outside the hours in force on its date (`rules` as `rulesOn` gives them):
 * before opening, after closing, or on a day without its kind of booking. Staff are asked to
 * confirm such changes and to call the families (issue #28 §4); nothing is cancelled.
 */
export function outsideHours(booking: BookedTime, rules: readonly DayRule[]): boolean {
  const rule = rules.find((r) => r.weekday === weekdayOf(booking.date));
  if (!rule || !(booking.table ? rule.birthdays : rule.games)) return true;
  return booking.startMin < rule.openMin || booking.endMin > rule.closeMin;
}

/** `Mo` … for the weekday of a date (lists of affected bookings). */
export function shortWeekday(iso: string): string {
  return SHORT_DAYS[weekdayOf(iso)]!;
}

export const WEEKDAY_NAMES = ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"];
export { WEEK_ORDER };

/** Changed opening hours reach families (issue #29 §3): the manager's reason, in the e-mail and on the manage page. */
export const HOURS_NOTICE_REASON_MAX = 300;

export const HOURS_NOTICE_MSG = {
  reasonMissing: "Bitte geben Sie den Grund an, den die Familien in der E-Mail lesen (z. B. «Neue Öffnungszeiten ab Januar: 10:00-18:00»).",
  reasonTooLong: `Der Grund darf höchstens ${HOURS_NOTICE_REASON_MAX} Zeichen lang sein.`,
  sent: (n: number) => (n === 1 ? "1 Familie benachrichtigt." : `${n} Familien benachrichtigt.`),
  none: "Keine Familie zu benachrichtigen: Alle betroffenen Familien wurden schon benachrichtigt (oder haben keine E-Mail-Adresse).",
} as const;

export function parseNoticeReason(value: FormDataEntryValue | null): { ok: true; reason: string } | { ok: false; message: string } {
  const reason = typeof value === "string" ? value.replace(/\s+/g, " ").trim() : "";
  if (reason === "") return { ok: false, message: HOURS_NOTICE_MSG.reasonMissing };
  if ([...reason].length > HOURS_NOTICE_REASON_MAX) return { ok: false, message: HOURS_NOTICE_MSG.reasonTooLong };
  return { ok: true, reason };
}

