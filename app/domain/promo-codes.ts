import { formatChf } from "./money";
import { formatDateDE, isIsoDate, weekdayOf } from "./time";
import { parseDateInput } from "./booking-search";

/**
 * Promo codes (issue #31 §4): a discount on the price, not a means of payment. Families type them
 * into the voucher box; the server tells them from gift vouchers by looking both up. The discount
 * becomes the booking's price adjustment («Rabatt: Aktionscode SOMMER10»), so every page, e-mail,
 * receipt and later change shows and keeps it like a staff discount (docs/decisions.md "Promo codes").
 */

export type PromoKind = "percent" | "fixed";

export type PromoRule = {
  code: string;
  kind: PromoKind;
  /** percent: basis points (1000 = 10 %); fixed: Rappen. */
  value: number;
  /** Redeemable from and until these days (venue time, inclusive); null: open. */
  validFrom: string | null;
  validUntil: string | null;
  /** Active bookings (held or confirmed) that may carry it, in total and per e-mail address; null: no limit. */
  maxUses: number | null;
  maxUsesPerEmail: number | null;
  /** Birthday offers it applies to (null: all); whether games apply too. */
  offerIds: number[] | null;
  games: boolean;
  /** Weekdays of the party or game it applies to (0 = Sunday … 6 = Saturday); null: every day. */
  weekdays: number[] | null;
  active: boolean;
};

/** The booking a code is tried for: its offer (birthdays) or a game, its day, and the day it is booked. */
export type PromoTarget = { offerId: number | null; game: boolean; date: string; today: string };

export type PromoUsage = { total: number; byEmail: number };

const WEEKDAY_NAMES = ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"] as const;

/**
 * The words the family reads about a promo code, in German (the source; issue #33's namespace
 * `promo` words the same notes in French, Italian and English from a `PromoNote`).
 */
export const PROMO_MSG = {
  inactive: "Dieser Aktionscode ist nicht mehr gültig.",
  notYet: (day: string) => `Dieser Aktionscode gilt erst ab ${day}.`,
  expired: (day: string) => `Dieser Aktionscode war bis ${day} gültig.`,
  offer: "Dieser Aktionscode gilt nicht für dieses Angebot.",
  weekday: (days: string) => `Dieser Aktionscode gilt nur für Termine am ${days}.`,
  usedUp: "Dieser Aktionscode wurde bereits so oft eingelöst wie vorgesehen.",
  perEmail: "Sie haben diesen Aktionscode bereits eingelöst.",
  applied: (code: string, discount: string) => `Aktionscode ${code} eingelöst: ${discount} Rabatt.`,
  percentText: (bp: number) => `${formatPercent(bp)} %`,
  lineReason: (code: string) => `Aktionscode ${code}`,
} as const;

/**
 * What the family is told about a code, as data: the key of the message and its values (a day as
 * ISO date, weekdays as numbers, the code's value), so each language words it with its own names
 * and formats (issue #33). `promoNoteText` gives the German sentence, word for word `PROMO_MSG`.
 */
export type PromoNote =
  | { key: "inactive" | "offer" | "usedUp" | "perEmail" }
  | { key: "notYet" | "expired"; day: string }
  | { key: "weekday"; weekdays: readonly number[] }
  | { key: "applied"; code: string; kind: PromoKind; value: number };

const FIXED_NOTES = ["inactive", "offer", "usedUp", "perEmail"] as const;

function formatPercent(bp: number): string {
  const pct = bp / 100;
  return Number.isInteger(pct) ? String(pct) : pct.toFixed(pct * 10 === Math.round(pct * 10) ? 1 : 2);
}

/** Weekday numbers Monday first (the order every message lists them in). */
export function mondayFirst(days: readonly number[]): number[] {
  return [...days].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
}

function joinDays(days: readonly number[]): string {
  const names = mondayFirst(days).map((d) => WEEKDAY_NAMES[d]!);
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} und ${names.at(-1)}`;
}

/** Why the code cannot be used for this booking (the first reason, in a fixed order), or null. */
export function promoRefusalNote(rule: PromoRule, target: PromoTarget, usage: PromoUsage): PromoNote | null {
  if (!rule.active) return { key: "inactive" };
  if (rule.validFrom && target.today < rule.validFrom) return { key: "notYet", day: rule.validFrom };
  if (rule.validUntil && target.today > rule.validUntil) return { key: "expired", day: rule.validUntil };
  if (target.game ? !rule.games : target.offerId === null || (rule.offerIds !== null && !rule.offerIds.includes(target.offerId))) return { key: "offer" };
  if (rule.weekdays !== null && !rule.weekdays.includes(weekdayOf(target.date))) return { key: "weekday", weekdays: mondayFirst(rule.weekdays) };
  if (rule.maxUses !== null && usage.total >= rule.maxUses) return { key: "usedUp" };
  if (rule.maxUsesPerEmail !== null && usage.byEmail >= rule.maxUsesPerEmail) return { key: "perEmail" };
  return null;
}

/** The same reason in German (`PROMO_MSG`), as server functions answer it. */
export function promoRefusal(rule: PromoRule, target: PromoTarget, usage: PromoUsage): string | null {
  const note = promoRefusalNote(rule, target, usage);
  return note && promoNoteText(note);
}

/** A note in German, word for word `PROMO_MSG`. */
export function promoNoteText(note: PromoNote): string {
  switch (note.key) {
    case "notYet":
      return PROMO_MSG.notYet(formatDateDE(note.day));
    case "expired":
      return PROMO_MSG.expired(formatDateDE(note.day));
    case "weekday":
      return PROMO_MSG.weekday(joinDays(note.weekdays));
    case "applied":
      return PROMO_MSG.applied(note.code, promoValueText(note));
    default:
      return PROMO_MSG[note.key];
  }
}

/**
 * A German promo message read back into its note, or null when the text is not one. Server
 * functions (the booking's reservation, the voucher box's check) answer with the German sentence;
 * the page that shows it words the note in its language. Only a text that `promoNoteText` gives
 * back exactly is taken, so anything else (another message, the venue's words) is left alone.
 */
export function readPromoNote(text: string): PromoNote | null {
  const note = parsePromoNote(text);
  return note && promoNoteText(note) === text ? note : null;
}

function parsePromoNote(text: string): PromoNote | null {
  const fixed = FIXED_NOTES.find((key) => PROMO_MSG[key] === text);
  if (fixed) return { key: fixed };
  const iso = (d: string, m: string, y: string) => `${y}-${m}-${d}`;
  let m = /^Dieser Aktionscode gilt erst ab (\d{2})\.(\d{2})\.(\d{4})\.$/.exec(text);
  if (m) return { key: "notYet", day: iso(m[1]!, m[2]!, m[3]!) };
  m = /^Dieser Aktionscode war bis (\d{2})\.(\d{2})\.(\d{4}) gültig\.$/.exec(text);
  if (m) return { key: "expired", day: iso(m[1]!, m[2]!, m[3]!) };
  m = /^Dieser Aktionscode gilt nur für Termine am (.+)\.$/.exec(text);
  if (m) {
    const weekdays = m[1]!.split(/, | und /).map((name) => (WEEKDAY_NAMES as readonly string[]).indexOf(name));
    return weekdays.every((d) => d >= 0) ? { key: "weekday", weekdays } : null;
  }
  m = /^Aktionscode ([A-Z0-9-]+) eingelöst: (.+) Rabatt\.$/.exec(text);
  if (m) {
    const percent = /^(\d{1,3}(?:\.\d{1,2})?) %$/.exec(m[2]!);
    if (percent) return { key: "applied", code: m[1]!, kind: "percent", value: Math.round(Number(percent[1]) * 100) };
    const chf = /^CHF ([\d'’]+\.\d{2})$/.exec(m[2]!);
    if (chf) return { key: "applied", code: m[1]!, kind: "fixed", value: Math.round(Number(chf[1]!.replace(/['’]/g, "")) * 100) };
  }
  return null;
}

/**
 * The discount on a price: a percentage rounded to 5 Rappen (Swiss prices end in .x0 or .x5), or the
 * fixed amount; never more than the price.
 */
export function promoDiscountRappen(rule: Pick<PromoRule, "kind" | "value">, priceRappen: number): number {
  if (priceRappen <= 0) return 0;
  const raw = rule.kind === "percent" ? Math.round((priceRappen * rule.value) / 10_000 / 5) * 5 : rule.value;
  return Math.max(0, Math.min(priceRappen, raw));
}

/** «10 %» or «CHF 20.00», as staff lists and the family's message show the code's value. */
export function promoValueText(rule: Pick<PromoRule, "kind" | "value">): string {
  return rule.kind === "percent" ? PROMO_MSG.percentText(rule.value) : formatChf(rule.value);
}

// ---------------------------------------------------------------------------------------------
// The manager's form (/admin/aktionscodes)

export const PROMO_FORM_MSG = {
  code: "Bitte geben Sie einen Code aus 4 bis 20 Buchstaben, Ziffern oder Bindestrichen ein (z. B. SOMMER10).",
  kind: "Bitte wählen Sie Prozent oder Franken.",
  percent: "Bitte geben Sie einen Rabatt von 1 bis 100 Prozent ein (höchstens zwei Nachkommastellen).",
  fixed: "Bitte geben Sie einen Betrag von CHF 1.00 bis CHF 1000.00 ein.",
  date: "Bitte geben Sie ein gültiges Datum ein (TT.MM.JJJJ) oder lassen Sie das Feld leer.",
  range: "«Gültig bis» darf nicht vor «Gültig ab» liegen.",
  count: "Bitte geben Sie eine ganze Zahl von 1 bis 100000 ein oder lassen Sie das Feld leer (unbegrenzt).",
  applies: "Bitte wählen Sie mindestens ein Angebot oder die Spiele.",
  weekdays: "Bitte wählen Sie mindestens einen Wochentag.",
  duplicate: "Diesen Code gibt es schon (als Aktionscode oder Gutschein). Bitte wählen Sie einen anderen.",
  note: "Die Notiz darf höchstens 200 Zeichen lang sein.",
} as const;

export const PROMO_CODE_RE = /^[A-Z0-9][A-Z0-9-]{2,18}[A-Z0-9]$/;

export type PromoInput = Omit<PromoRule, "active"> & { note: string };
export type PromoFormErrors = Partial<Record<"code" | "kind" | "value" | "validFrom" | "validUntil" | "maxUses" | "maxUsesPerEmail" | "applies" | "weekdays" | "note", string>>;

function optionalCount(value: FormDataEntryValue | null): number | null | "bad" {
  const text = typeof value === "string" ? value.trim() : "";
  if (text === "") return null;
  if (!/^\d{1,6}$/.test(text)) return "bad";
  const n = Number(text);
  return n >= 1 && n <= 100_000 ? n : "bad";
}

function optionalDate(value: FormDataEntryValue | null): string | null | "bad" {
  const text = typeof value === "string" ? value.trim() : "";
  if (text === "") return null;
  const day = parseDateInput(text.slice(0, 40));
  return day && isIsoDate(day) ? day : "bad";
}

/** The form's fields, checked the same way whichever way it was sent. `offers`: the offers that exist. */
export function parsePromoForm(form: FormData, offers: readonly number[]): { ok: true; value: PromoInput } | { ok: false; errors: PromoFormErrors } {
  const errors: PromoFormErrors = {};
  const code = String(form.get("code") ?? "")
    .trim()
    .toUpperCase();
  if (!PROMO_CODE_RE.test(code)) errors.code = PROMO_FORM_MSG.code;
  const kind = form.get("kind");
  let value = 0;
  const rawValue = String(form.get("value") ?? "")
    .trim()
    .replace(",", ".");
  if (kind === "percent") {
    const ok = /^\d{1,3}(\.\d{1,2})?$/.test(rawValue);
    value = ok ? Math.round(Number(rawValue) * 100) : 0;
    if (!ok || value < 100 || value > 10_000) errors.value = PROMO_FORM_MSG.percent;
  } else if (kind === "fixed") {
    const ok = /^\d{1,4}(\.\d{1,2})?$/.test(rawValue);
    value = ok ? Math.round(Number(rawValue) * 100) : 0;
    if (!ok || value < 100 || value > 100_000) errors.value = PROMO_FORM_MSG.fixed;
  } else {
    errors.kind = PROMO_FORM_MSG.kind;
  }
  const validFrom = optionalDate(form.get("validFrom"));
  const validUntil = optionalDate(form.get("validUntil"));
  if (validFrom === "bad") errors.validFrom = PROMO_FORM_MSG.date;
  if (validUntil === "bad") errors.validUntil = PROMO_FORM_MSG.date;
  else if (validFrom && validFrom !== "bad" && validUntil && validUntil < validFrom) errors.validUntil = PROMO_FORM_MSG.range;
  const maxUses = optionalCount(form.get("maxUses"));
  const maxUsesPerEmail = optionalCount(form.get("maxUsesPerEmail"));
  if (maxUses === "bad") errors.maxUses = PROMO_FORM_MSG.count;
  if (maxUsesPerEmail === "bad") errors.maxUsesPerEmail = PROMO_FORM_MSG.count;
  const allOffers = form.get("allOffers") === "on";
  const offerIds = allOffers ? null : form.getAll("offer").map(Number).filter((id) => offers.includes(id));
  const games = form.get("games") === "on";
  if (!allOffers && offerIds!.length === 0 && !games) errors.applies = PROMO_FORM_MSG.applies;
  const weekdays = [...new Set(form.getAll("weekday").map(Number).filter((d) => Number.isInteger(d) && d >= 0 && d <= 6))].sort();
  if (weekdays.length === 0) errors.weekdays = PROMO_FORM_MSG.weekdays;
  const note = String(form.get("note") ?? "").trim();
  if (note.length > 200 || /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(note)) errors.note = PROMO_FORM_MSG.note;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      code,
      kind: kind as PromoKind,
      value,
      validFrom: validFrom as string | null,
      validUntil: validUntil as string | null,
      maxUses: maxUses as number | null,
      maxUsesPerEmail: maxUsesPerEmail as number | null,
      offerIds: offerIds && [...new Set(offerIds)].sort((a, b) => a - b),
      games,
      weekdays: weekdays.length === 7 ? null : weekdays,
      note,
    },
  };
}

/** A rule's conditions as one line for the staff list: «Sa, So · bis 31.12.2026 · 10× insgesamt, 1× pro E-Mail». */
export function promoConditionsText(rule: PromoRule, offerName: (id: number) => string): string {
  const parts: string[] = [];
  parts.push(rule.offerIds === null ? "alle Angebote" : rule.offerIds.map(offerName).join(", ") || "keine Angebote");
  if (rule.games) parts.push("Spiele");
  if (rule.weekdays !== null) parts.push(joinDays(rule.weekdays));
  if (rule.validFrom) parts.push(`ab ${formatDateDE(rule.validFrom)}`);
  if (rule.validUntil) parts.push(`bis ${formatDateDE(rule.validUntil)}`);
  if (rule.maxUses !== null) parts.push(`${rule.maxUses}× insgesamt`);
  if (rule.maxUsesPerEmail !== null) parts.push(`${rule.maxUsesPerEmail}× pro E-Mail`);
  return parts.join(" · ");
}
