import type { Slot } from "~/domain/availability";
import { findReservationByCode, type Reservation } from "../booking/bookings.server";
import { moveOptions, moveReservation } from "../booking/reschedule.server";
import type { Db } from "../platform/db.server";
import type { DeskActor, DeskResult } from "./booking-desk.server";

export const STAFF_MOVE_MSG = {
  notFound: "Keine Buchung mit diesem Code.",
  notActive: "Nur bestätigte Buchungen können verschoben werden.",
} as const;

/** The booking to move, when it can be moved by staff (confirmed; held ones are still being paid). */
export async function movableBooking(db: Db, code: string): Promise<{ booking: Reservation | null; problem: string | null }> {
  const booking = await findReservationByCode(db, code.toUpperCase());
  if (!booking) return { booking: null, problem: STAFF_MOVE_MSG.notFound };
  return { booking, problem: booking.status === "confirmed" ? null : STAFF_MOVE_MSG.notActive };
}

/** Free slots for the booking on `date`, from the site's own availability (its own slot counts as free). */
export function staffMoveOptions(db: Db, booking: Reservation, date: string): Promise<Slot[]> {
  return moveOptions(db, booking, date);
}

/**
 * Staff move a booking (a family on the phone, a party that must change tables): the same
 * transaction as the family's self-service move — the new slot claimed before the old is given up,
 * audit row, change e-mail with the updated calendar entry — without the 48-hour rule, and keeping
 * the price agreed at booking.
 */
export async function moveByStaff(db: Db, code: string, target: { date: string; startMin: number }, staff: DeskActor): Promise<DeskResult> {
  const { booking, problem } = await movableBooking(db, code);
  if (!booking) return { ok: false, status: 404, message: STAFF_MOVE_MSG.notFound };
  if (problem) return { ok: false, status: 409, message: problem };
  const result = await moveReservation(db, {
    reservationId: booking.id,
    ...target,
    actor: { staffId: staff.id, label: `staff:${staff.email}` },
    keepPrice: true,
  });
  if (result.ok) return { ok: true, message: "moved" };
  return { ok: false, status: result.reason === "invalid" ? 400 : result.reason === "missing" ? 404 : 409, message: result.message };
}
