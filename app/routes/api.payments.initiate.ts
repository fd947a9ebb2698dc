import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { findReservationByCode } from "~/server/bookings.server";
import { getDb } from "~/server/db.server";
import { startPayment } from "~/server/payments.server";

const InitiateSchema = z.object({
  systemId: z.string().optional(),
  currency: z.literal("CHF", { errorMap: () => ({ message: "currency must be CHF" }) }),
  refno: z.string().optional(),
  amount: z.unknown().optional(),
  reservationData: z
    .object({ bookingCode: z.string().min(3, "reservationData.bookingCode is required") })
    .passthrough()
    .optional(),
});

/**
 * `POST /api/payments/initiate` → `{paymentUrl}` for a held booking. The booking is named by its
 * code (`refno`, or `reservationData.bookingCode`); the amount charged is the booking's own, whatever
 * `amount` says.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "method not allowed" }, { status: 405 });
  const parsed = InitiateSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: parsed.error.issues.map((i) => i.message).join("; ") }, { status: 400 });
  const code = (parsed.data.refno || parsed.data.reservationData?.bookingCode || "").trim().toUpperCase();
  if (!code) return Response.json({ error: "refno or reservationData.bookingCode is required" }, { status: 400 });
  const db = await getDb();
  const reservation = await findReservationByCode(db, code);
  if (!reservation) return Response.json({ error: "booking not found" }, { status: 404 });
  if (reservation.status !== "held" || reservation.amountRappen <= 0) {
    return Response.json({ error: "booking is not awaiting payment" }, { status: 409 });
  }
  const payment = await startPayment(db, reservation);
  if (!payment.ok) return Response.json({ error: "Failed to initiate payment" }, { status: 502 });
  return Response.json({ paymentUrl: payment.paymentUrl });
}

export function loader() {
  return Response.json({ error: "method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
