import { addDays } from "./time";

/** Default of BOOKING_HORIZON_DAYS: how far ahead a booking may be made (docs/decisions.md "Booking horizon"). */
export const DEFAULT_BOOKING_HORIZON_DAYS = 365;

export const horizonMessage = (days: number) => `Buchungen sind höchstens ${days} Tage im Voraus möglich. Bitte wählen Sie ein früheres Datum.`;

/** Is `date` (YYYY-MM-DD) later than `days` days after `today` (venue time)? */
export function beyondHorizon(date: string, today: string, days: number): boolean {
  return date > addDays(today, days);
}

/** The last date (YYYY-MM-DD) that can still be booked: `today` plus the horizon. */
export function lastBookableDate(today: string, days: number): string {
  return addDays(today, days);
}
