import type { ActionFunctionArgs } from "@remix-run/node";
import { toContact } from "~/domain/contact";
import { normalizeCode } from "~/domain/codes";
import { MSG } from "~/domain/messages";
import { BirthdayReservationSchema } from "~/domain/reservation-payload";
import { parseTime } from "~/domain/time";
import { reserveBirthday } from "~/server/bookings.server";
import { getDb } from "~/server/db.server";
import { getEnv } from "~/server/env.server";

/**
 * `POST /api/birthday/reserve` → `{requiresPayment, finalPrice, bookingCode, couponRedeemed}`.
 * The server prices the booking from its own data; 400 for a bad payload, 409 when the slot is taken.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "method not allowed" }, { status: 405 });
  const parsed = BirthdayReservationSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) {
    const contactIssue = parsed.error.issues.find((i) => i.path[0] === "contact");
    return Response.json({ error: contactIssue?.message ?? parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") }, { status: 400 });
  }
  const p = parsed.data;
  try {
    const result = await reserveBirthday(
      await getDb(),
      {
        offerId: p.selectedOffer.offerId,
        date: p.reservationDate,
        startMin: parseTime(p.selectedSlots[0]!.startTime)!,
        counts: { numChildren: p.numChildren, numActiveAdults: p.numActiveAdults, numAccompanyingAdults: p.numAccompanyingAdults },
        contact: toContact(p),
        couponCode: p.couponCode ? normalizeCode(p.couponCode) : null,
      },
      { holdMinutes: getEnv().HOLD_MINUTES },
    );
    if (!result.ok) return Response.json({ error: result.message }, { status: result.reason === "slot_taken" ? 409 : 400 });
    const r = result.reservation;
    return Response.json({
      requiresPayment: result.requiresPayment,
      finalPrice: r.amountRappen / 100,
      bookingCode: r.code,
      couponRedeemed: r.discountRappen > 0,
    });
  } catch (error) {
    console.error(`Reservation failed: ${(error as Error).message}`);
    return Response.json({ error: MSG.bookingFailed }, { status: 500 });
  }
}

export function loader() {
  return Response.json({ error: "method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
