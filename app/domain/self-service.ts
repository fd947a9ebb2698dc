import { addDays, VENUE_TIME_ZONE, venueNow, venueToUtc } from "./time";

/**
 * Self-service rules (AGB §4): a family may cancel or move its booking until `hours` before the
 * start, counted in real hours (so across a clock change 48 hours are 48 hours, and the deadline
 * shown in venue time moves by the hour the clocks moved). The manage link shows the booking until
 * `readableDays` after the party date, then it is gone (404).
 */
export type SelfServicePolicy = {
  hours: number;
  readableDays: number;
  lateCancelFeePercent: number;
  /** Deposits (issue #30 §3): the balance is due this many days before the party, online unless `balanceAtVenue`. */
  balanceDays?: number;
  balanceAtVenue?: boolean;
};

/** What a cancellation after the free deadline costs (AGB §4), as the manage page says it. */
export function lateCancellationSentence(feePercent: number): string {
  if (feePercent >= 100) return "Bei späterer Absage oder Nichterscheinen wird der Betrag nicht zurückerstattet.";
  if (feePercent <= 0) return "Auch bei späterer Absage erstatten wir den Betrag zurück; bei Nichterscheinen wird er nicht zurückerstattet.";
  return `Bei späterer Absage verrechnen wir ${feePercent} % des Betrags und erstatten den Rest zurück; bei Nichterscheinen wird der Betrag nicht zurückerstattet.`;
}

/**
 * Before paying for a start less than `hours` away: the family learns now, not in the manage page,
 * that this booking cannot be cancelled or moved online. Null when it can.
 */
export function lateBookingNotice(target: { date: string; startMin: number }, hours: number, now: Date): string | null {
  if (hours <= 0 || !bookedInsideWindow({ ...target, createdAt: now }, hours)) return null;
  return `Ihr Termin beginnt in weniger als ${hours} Stunden: Diese Buchung kann online nicht mehr storniert oder verschoben werden (AGB §4: nur bis ${hours} Stunden vor Beginn).`;
}

/** Booked when online changes had already ended (less than `hours` before the start). */
export function bookedInsideWindow(b: { date: string; startMin: number; createdAt: Date }, hours: number): boolean {
  return b.createdAt.getTime() > selfServiceDeadline(b, hours).getTime();
}

/**
 * `closureNoticeDate`: the date a closure notice was sent for (issue #29 §3). While the booking is
 * still on that date the family may move or cancel it whatever the cut-off: the venue cancelled it.
 */
export type SelfServiceBooking = { date: string; startMin: number; status: string; closureNoticeDate?: string | null };

/** The venue told the family it cannot hold this booking, and the family has not moved it yet. */
export function closureNoticeOpen(b: SelfServiceBooking): boolean {
  return b.status === "confirmed" && b.closureNoticeDate != null && b.closureNoticeDate === b.date;
}

/** The last instant at which the family may still cancel or move. */
export function selfServiceDeadline(b: { date: string; startMin: number }, hours: number): Date {
  return new Date(venueToUtc(b.date, b.startMin).getTime() - hours * 3_600_000);
}

/** Changes are open while the booking is confirmed and the deadline has not passed (inclusive). */
export function canSelfChange(b: SelfServiceBooking, now: Date, hours: number): boolean {
  if (closureNoticeOpen(b)) return true;
  return b.status === "confirmed" && now.getTime() <= selfServiceDeadline(b, hours).getTime();
}

/** Whether the link still shows anything at all (read-only after the date, for `readableDays`). */
export function manageLinkReadable(b: { date: string }, now: Date, readableDays: number): boolean {
  return venueNow(now).date <= addDays(b.date, readableDays);
}

const longFormatter = new Intl.DateTimeFormat("de-CH", {
  timeZone: VENUE_TIME_ZONE,
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});
const timeFormatter = new Intl.DateTimeFormat("de-CH", { timeZone: VENUE_TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** `Mittwoch, 3. Dezember 2026, 14:00 Uhr` (venue time). */
export function formatVenueInstant(instant: Date): string {
  return `${longFormatter.format(instant)}, ${timeFormatter.format(instant)} Uhr`;
}

/** `Mittwoch, 3. Dezember 2026` for a venue date. */
export function formatLongDate(iso: string): string {
  return longFormatter.format(venueToUtc(iso, 12 * 60));
}

/**
 * Moving a booking to a start less than `hours` away ends the family's online self-service for it
 * (issue #27 §6): the confirmation step says so before the move, with the deadline that would apply.
 * Null when the new start leaves the family its online cancellation.
 */
export function selfServiceEndsNotice(target: { date: string; startMin: number }, now: Date, hours: number): string | null {
  const deadline = selfServiceDeadline(target, hours);
  if (now.getTime() <= deadline.getTime()) return null;
  return `Der neue Termin beginnt in weniger als ${hours} Stunden: Nach dieser Verschiebung ist eine Stornierung online nicht mehr möglich (nur bis ${hours} Stunden vor Beginn, für den neuen Termin also bis ${formatVenueInstant(deadline)}).`;
}
