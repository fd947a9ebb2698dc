/**
 * Venue time. Everything the family sees (dates, slot times, "today") is wall-clock time in
 * Europe/Zurich, whatever timezone the server runs in. Dates are `YYYY-MM-DD` strings and times
 * are minutes after local midnight, so no Date object ever carries a venue-local time.
 */
export const VENUE_TIME_ZONE = "Europe/Zurich";

const partsFormatter = new Intl.DateTimeFormat("en-CA", {
  timeZone: VENUE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

export type VenueNow = { date: string; minutes: number };

/** The venue's offset is whole hours, so one UTC minute is one venue minute: the last answer is reused within it. */
let lastNow: { minute: number; value: VenueNow } | undefined;

export function venueNow(instant: Date = new Date()): VenueNow {
  const minute = Math.floor(instant.getTime() / 60_000);
  if (lastNow?.minute !== minute) {
    const p = Object.fromEntries(partsFormatter.formatToParts(instant).map((x) => [x.type, x.value]));
    lastNow = { minute, value: { date: `${p.year}-${p.month}-${p.day}`, minutes: Number(p.hour) * 60 + Number(p.minute) } };
  }
  return { ...lastNow.value };
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date in `YYYY-MM-DD` form (rejects 2026-02-30). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

function utcDate(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

/** 0 = Sunday … 6 = Saturday, like Date#getDay and the spec's weekday picker. */
export function weekdayOf(iso: string): number {
  return utcDate(iso).getUTCDay();
}

export function addDays(iso: string, days: number): string {
  const d = utcDate(iso);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function addMonths(iso: string, months: number): string {
  const d = utcDate(iso);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` → `DD.MM.YYYY`. */
export function formatDateDE(iso: string): string {
  const [y, m, d] = iso.split("-");
  return `${d}.${m}.${y}`;
}

/** 600 → `10:00`. */
export function formatTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/** `10:00` → 600; null for anything else. */
export function parseTime(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** The UTC instant of a venue wall-clock time (for calendar entries and e-mails). */
export function venueToUtc(iso: string, minutes: number): Date {
  const guess = Date.UTC(
    Number(iso.slice(0, 4)),
    Number(iso.slice(5, 7)) - 1,
    Number(iso.slice(8, 10)),
    Math.floor(minutes / 60),
    minutes % 60,
  );
  // Two passes settle the offset even on the days the clocks change.
  let instant = guess;
  for (let i = 0; i < 2; i++) {
    const seen = venueNow(new Date(instant));
    const seenUtc = Date.UTC(
      Number(seen.date.slice(0, 4)),
      Number(seen.date.slice(5, 7)) - 1,
      Number(seen.date.slice(8, 10)),
      Math.floor(seen.minutes / 60),
      seen.minutes % 60,
    );
    instant += guess - seenUtc;
  }
  return new Date(instant);
}
