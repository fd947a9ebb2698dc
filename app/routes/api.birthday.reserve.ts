import type { ActionFunctionArgs } from "@remix-run/node";
import { toContact } from "~/domain/contact";
import { normalizeCode } from "~/domain/codes";
import { MSG } from "~/domain/messages";
import { BirthdayReservationSchema } from "~/domain/reservation-payload";
import { parseTime } from "~/domain/time";
import { reserveBirthday } from "~/server/booking/bookings.server";
import { getDb, isConnectionLoss } from "~/server/platform/db.server";
import { holdMinutes } from "~/server/booking/venue.server";
import { clientKey } from "~/server/platform/client.server";
import { holdOwner, reserveFailureStatus } from "~/server/payments/reservation-owner.server";

/**
 * `POST /api/birthday/reserve` → `{requiresPayment, finalPrice, bookingCode, couponRedeemed, reservationToken}`
 * (the token is what `/api/payments/initiate` asks for: the booking code alone opens nothing).
 * The server prices the booking from its own data; 400 for a bad payload, 409 when the slot is taken.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "method not allowed" }, { status: 405 });
  const parsed = BirthdayReservationSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) {
    const contactIssue = parsed.error.issues.find((i) => i.path[0] === "contact");
    return Response.json({ error: contactIssue?.message ?? parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") }, { status: 400 });
  }
  const p = parsed.data;
  try {
    const db = await getDb();
    const result = await reserveBirthday(
      db,
      {
        offerId: p.selectedOffer.offerId,
        date: p.reservationDate,
        startMin: parseTime(p.selectedSlots[0]!.startTime)!,
        counts: { numChildren: p.numChildren, numActiveAdults: p.numActiveAdults, numAccompanyingAdults: p.numAccompanyingAdults },
        contact: toContact(p),
        couponCode: p.couponCode ? normalizeCode(p.couponCode) : null,
      },
      { holdMinutes: await holdMinutes(db), owner: holdOwner(clientKey(request, context)) },
    );
    if (!result.ok) return Response.json({ error: result.message }, { status: reserveFailureStatus(result.reason) });
    const r = result.reservation;
    return Response.json({
      requiresPayment: result.requiresPayment,
      finalPrice: r.amountRappen / 100,
      bookingCode: r.code,
      couponRedeemed: r.discountRappen > 0,
      reservationToken: result.reservationToken,
    });
  } catch (error) {
    // A lost database connection is the edge's maintenance 503 (platform/http.server.ts), not a failed booking.
    if (isConnectionLoss(error)) throw error;
    console.error(`Reservation failed: ${(error as Error).message}`);
    return Response.json({ error: MSG.bookingFailed }, { status: 500 });
  }
}

export function loader() {
  return Response.json({ error: "method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
