import { parseRange } from "./export";
import { formatChf } from "./money";
import { addDays, formatDateDE, venueNow, weekdayOf } from "./time";

/**
 * The manager's reports (issue #31 §5): the period in the URL (bookmarkable), how it is grouped, and
 * the pure shapes every report shares — a table (shown beside its chart and downloaded as CSV) and
 * the numbers a chart draws.
 */

export const REPORT_MAX_DAYS = 366;
export const REPORT_GROUPS = { day: "Tag", week: "Woche", month: "Monat" } as const;
export type ReportGroup = keyof typeof REPORT_GROUPS;

export type ReportQuery = { from: string; to: string; group: ReportGroup };

export type ReportQueryParse = { ok: true; query: ReportQuery } | { ok: false; errors: { from?: string; to?: string }; form: { from: string; to: string; group: ReportGroup } };

function isGroup(value: string | null): value is ReportGroup {
  return value !== null && value in REPORT_GROUPS;
}

/** `?from&to&gruppe`: without dates the current month so far; the grouping defaults to days up to two months, else months. */
export function parseReportQuery(params: URLSearchParams, now: Date = new Date()): ReportQueryParse {
  const today = venueNow(now).date;
  const withDefaults = new URLSearchParams(params);
  if (!params.get("from") && !params.get("to")) {
    withDefaults.set("from", `${today.slice(0, 8)}01`);
    withDefaults.set("to", today);
  }
  const range = parseRange(withDefaults, REPORT_MAX_DAYS);
  const asked = params.get("gruppe");
  if (!range.ok) return { ok: false, errors: range.errors, form: { ...range.form, group: isGroup(asked) ? asked : "day" } };
  const group: ReportGroup = isGroup(asked) ? asked : range.days <= 62 ? "day" : "month";
  return { ok: true, query: { from: range.from, to: range.to, group } };
}

/** The Monday of a day's ISO week. */
function mondayOf(day: string): string {
  return addDays(day, -((weekdayOf(day) + 6) % 7));
}

/** ISO week number of a day (the week with the year's first Thursday is week 1). */
export function isoWeek(day: string): { year: number; week: number } {
  const thursday = addDays(mondayOf(day), 3);
  const year = Number(thursday.slice(0, 4));
  const jan4 = `${year}-01-04`;
  const week = Math.round((Date.parse(`${mondayOf(thursday)}T00:00:00Z`) - Date.parse(`${mondayOf(jan4)}T00:00:00Z`)) / (7 * 86_400_000)) + 1;
  return { year, week };
}

/** The bucket a day falls into: the day, its week's Monday, or the month's first day. */
export function bucketOf(day: string, group: ReportGroup): string {
  if (group === "day") return day;
  if (group === "week") return mondayOf(day);
  return `${day.slice(0, 7)}-01`;
}

const MONTHS = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"] as const;

/** «29.11.2026», «KW 48/2026», «November 2026». */
export function bucketLabel(bucket: string, group: ReportGroup): string {
  if (group === "day") return formatDateDE(bucket);
  if (group === "week") {
    const { year, week } = isoWeek(bucket);
    return `KW ${week}/${year}`;
  }
  return `${MONTHS[Number(bucket.slice(5, 7)) - 1]} ${bucket.slice(0, 4)}`;
}

const MONTHS_SHORT = ["Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"] as const;

/** A bucket's short label under a chart's column: «29.11.», «KW 48», «Nov 26». */
export function bucketShortLabel(bucket: string, group: ReportGroup): string {
  if (group === "day") return `${bucket.slice(8, 10)}.${bucket.slice(5, 7)}.`;
  if (group === "week") return `KW ${isoWeek(bucket).week}`;
  return `${MONTHS_SHORT[Number(bucket.slice(5, 7)) - 1]} ${bucket.slice(2, 4)}`;
}

/** Every bucket of the period in order (also the empty ones: a chart shows the gaps). */
export function bucketsBetween(from: string, to: string, group: ReportGroup): string[] {
  const buckets: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const b = bucketOf(day, group);
    if (buckets.at(-1) !== b) buckets.push(b);
  }
  return buckets;
}

/** A table cell: text, or an amount in Rappen (shown as «CHF 1’234.50», downloaded as the number 1234.50). */
export type ReportCell = string | { chf: number };

/** A report's table: the same rows on the page (beside the chart) and in its CSV download. */
export type ReportTable = { id: ReportId; title: string; header: string[]; rows: ReportCell[][]; note?: string };

export function cellText(cell: ReportCell): string {
  return typeof cell === "string" ? cell : formatChf(cell.chf);
}

/** A chart's numbers: one series of labelled values (Rappen or counts), drawn as bars. */
export type BarSeries = { labels: string[]; values: number[]; unit: "chf" | "count"; /** Short labels under columns («Jan», «KW 48», «29.11.»). */ short?: string[] };

/** A weekday × hour grid of counts, drawn as a heat map. */
export type HeatGrid = { rows: string[]; columns: string[]; values: number[][] };

export const REPORT_IDS = ["umsatz", "zahlungsarten", "angebote", "mwst", "gutscheine", "offen", "auslastung", "quoten", "vorlauf"] as const;
export type ReportId = (typeof REPORT_IDS)[number];

export function isReportId(value: unknown): value is ReportId {
  return typeof value === "string" && (REPORT_IDS as readonly string[]).includes(value);
}

/** Percent with one decimal, de-CH («12.5 %»); «–» when there is nothing to divide by. */
export function percentText(part: number, whole: number): string {
  if (whole <= 0) return "–";
  return `${((part * 100) / whole).toFixed(1)} %`;
}

/** The median of whole numbers (the lower middle for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Lead time classes in days between booking and the party or game. */
export const LEAD_CLASSES = [
  { label: "am selben Tag", min: 0, max: 0 },
  { label: "1–6 Tage", min: 1, max: 6 },
  { label: "7–29 Tage", min: 7, max: 29 },
  { label: "30–89 Tage", min: 30, max: 89 },
  { label: "90 Tage und mehr", min: 90, max: Number.POSITIVE_INFINITY },
] as const;

export function leadClassOf(days: number): number {
  return LEAD_CLASSES.findIndex((c) => days >= c.min && days <= c.max);
}

/** Whole days from one venue day to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
