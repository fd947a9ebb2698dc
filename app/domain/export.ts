import { parseDateInput } from "./booking-search";
import { addDays } from "./time";

/** Export and printable day list: the date range staff ask for, and cells safe for a spreadsheet. */
export const EXPORT_MAX_DAYS = 366;
export const DAY_LIST_MAX_DAYS = 31;

export const EXPORT_MSG = {
  missing: "Bitte ein Datum eingeben (TT.MM.JJJJ).",
  badDate: "Bitte ein gültiges Datum eingeben (TT.MM.JJJJ).",
  range: "Das Datum «bis» darf nicht vor dem Datum «von» liegen.",
  tooLong: (days: number) => `Höchstens ${days} Tage auf einmal.`,
} as const;

export type RangeParse =
  | { ok: true; from: string; to: string; days: number }
  | { ok: false; errors: { from?: string; to?: string }; form: { from: string; to: string } };

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** `from` and `to` (inclusive), ISO or Swiss dates; at most `maxDays` days. */
export function parseRange(params: URLSearchParams, maxDays: number): RangeParse {
  const form = { from: (params.get("from") ?? "").trim().slice(0, 40), to: (params.get("to") ?? "").trim().slice(0, 40) };
  const errors: { from?: string; to?: string } = {};
  const from = form.from ? parseDateInput(form.from) : null;
  const to = form.to ? parseDateInput(form.to) : null;
  if (!form.from) errors.from = EXPORT_MSG.missing;
  else if (!from) errors.from = EXPORT_MSG.badDate;
  if (!form.to) errors.to = EXPORT_MSG.missing;
  else if (!to) errors.to = EXPORT_MSG.badDate;
  if (from && to) {
    if (to < from) errors.to = EXPORT_MSG.range;
    else if (daysBetween(from, to) > maxDays) errors.to = EXPORT_MSG.tooLong(maxDays);
  }
  if (!from || !to || errors.from || errors.to) return { ok: false, errors, form };
  return { ok: true, from, to, days: daysBetween(from, to) };
}

/** Every date from `from` to `to`, inclusive. */
export function datesOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/**
 * A cell a spreadsheet will not run as a formula (OWASP "CSV injection"): text starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`.
 */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** 2950 → `29.50` (a plain decimal point, as Swiss Excel reads it). */
export function csvAmount(rappen: number): string {
  return (rappen / 100).toFixed(2);
}
