import { asc, eq } from "drizzle-orm";
import type { MoveSlot } from "~/domain/availability";
import { personCount } from "~/domain/pricing";
import { findReservationByCode, type Reservation } from "../booking/bookings.server";
import { moveOptions, type ChangeTarget, type PricePolicy } from "../booking/reschedule.server";
import { getVenue } from "../booking/venue.server";
import { changeBooking, type ChangeQuote } from "../payments/booking-change.server";
import type { Db } from "../platform/db.server";
import { birthdayTables } from "../platform/schema";
import type { DeskActor } from "./booking-desk.server";

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

export type MoveResource = { tableId?: number; locationId?: number };

/**
 * What staff may move the booking to besides another time: the active tables with enough seats
 * (birthdays) or the active game locations with enough capacity (games), by name.
 */
export async function staffMoveChoices(db: Db, booking: Reservation) {
  if (booking.locationId === null) {
    const rows = await db.select().from(birthdayTables).where(eq(birthdayTables.active, 1)).orderBy(asc(birthdayTables.seats), asc(birthdayTables.id));
    const persons = personCount(booking);
    return { tables: rows.filter((t) => t.seats >= persons).map((t) => ({ id: t.id, name: t.name, seats: t.seats })), locations: [] };
  }
  const { locations } = await getVenue(db);
  return { tables: [], locations: locations.filter((l) => l.capacity >= (booking.players ?? 1)).map((l) => ({ id: l.id, name: l.name, capacity: l.capacity })) };
}

/** Free slots for the booking on `date`, from the site's own availability (its own slot counts as free), on a chosen table or location. */
export function staffMoveOptions(db: Db, booking: Reservation, date: string, resource: MoveResource = {}): Promise<MoveSlot[]> {
  return moveOptions(db, booking, date, new Date(), resource);
}

export type StaffMoveOutcome =
  | { ok: true; kind: "quote"; quote: ChangeQuote; message: string | null }
  | { ok: true; kind: "moved"; refund: "none" | "refunded" | "manual" | "pending" }
  | { ok: false; status: 400 | 404 | 409; message: string };

/**
 * Staff move a booking (a family on the phone, a party that must leave a table being deactivated):
 * another date and time, and/or another table or game location — also at the same slot. The same
 * transaction as the family's change (the new slot claimed before the old is given up, audit row,
 * change e-mail), without the 48-hour rule. First a quote (old price, price after the change,
 * difference); staff then keep the agreed price (the default) or take the new one: lower refunds
 * like the family's change, higher is added to what is paid at the venue — a higher price of a
 * booking paid online cannot be collected here and is refused.
 */
export async function moveByStaff(
  db: Db,
  code: string,
  input: { target: ChangeTarget; pricing: PricePolicy; confirmed: boolean; expectedPriceRappen?: number },
  staff: DeskActor,
): Promise<StaffMoveOutcome> {
  const { booking, problem } = await movableBooking(db, code);
  if (!booking) return { ok: false, status: 404, message: STAFF_MOVE_MSG.notFound };
  if (problem) return { ok: false, status: 409, message: problem };
  const result = await changeBooking(db, {
    reservationId: booking.id,
    target: input.target,
    actor: { staffId: staff.id, label: `staff:${staff.email}` },
    pricing: input.pricing,
    confirmed: input.confirmed,
    alwaysQuote: true,
    expectedPriceRappen: input.pricing === "difference" ? input.expectedPriceRappen : undefined,
  });
  if ("ok" in result) return { ok: false, status: result.reason === "invalid" ? 400 : result.reason === "missing" ? 404 : 409, message: result.message };
  if (result.kind === "quote") return { ok: true, kind: "quote", quote: result.quote, message: result.message };
  if (result.kind === "changed") return { ok: true, kind: "moved", refund: result.refund };
  // Staff changes never start a payment (changeBooking refuses without a return page).
  return { ok: false, status: 409, message: "Unerwarteter Zahlungsschritt." };
}
