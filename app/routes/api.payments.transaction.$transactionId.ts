import type { LoaderFunctionArgs } from "@remix-run/node";
import { hasAdminToken } from "~/server/staff/api-auth.server";
import { findReservationById } from "~/server/booking/bookings.server";
import { clientKey } from "~/server/platform/client.server";
import { reservationData } from "~/server/booking/confirmation-view.server";
import { getDb } from "~/server/platform/db.server";
import { getDraft } from "~/server/booking/draft.server";
import { confirmPayment, specStatusOf } from "~/server/payments/payments.server";
import { ProviderError } from "~/server/payments/providers/provider.server";
import { ownsReservation, reserveLookup } from "~/server/payments/reservation-owner.server";

/**
 * `GET /api/payments/transaction/{id}` → `{status, bookingCode, reservationData}` (spec §3, §7).
 * The family's data only with `?reservationToken=` (or the booking's draft cookie, or staff tools);
 * unknown ids count against the client, so ids cannot be enumerated.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const db = await getDb();
  const client = clientKey(request, context);
  const lookup = await reserveLookup(db, client);
  if (lookup.refused) {
    const { refused } = lookup;
    return Response.json({ error: refused.error }, { status: 429, headers: { "Retry-After": String(refused.retryAfterSeconds) } });
  }
  const draft = await getDraft(request);
  try {
    const result = await confirmPayment(db, params.transactionId ?? "");
    // Only a miss stays counted (the look-up was counted before it was made).
    if (!result.payment) return Response.json({ error: "transaction not found" }, { status: 404 });
    await lookup.found();
    // A gift voucher's payment has no booking data to show.
    const reservation = result.payment.reservationId === null ? null : await findReservationById(db, result.payment.reservationId);
    const token = new URL(request.url).searchParams.get("reservationToken");
    const mayRead =
      reservation !== null && (draft.bookingCode === reservation.code || ownsReservation(reservation, token) || hasAdminToken(request));
    return Response.json(
      { status: specStatusOf(result), bookingCode: result.payment.refno, reservationData: mayRead ? reservationData(reservation) : null },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    await lookup.found();
    if (error instanceof ProviderError) return Response.json({ error: "payment provider unavailable" }, { status: 502 });
    throw error;
  }
}
