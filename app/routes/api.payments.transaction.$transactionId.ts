import type { LoaderFunctionArgs } from "@remix-run/node";
import { hasAdminToken } from "~/server/api-auth.server";
import { findReservationById } from "~/server/bookings.server";
import { reservationData } from "~/server/confirmation-view.server";
import { getDb } from "~/server/db.server";
import { getDraft } from "~/server/draft.server";
import { confirmPayment, specStatusOf } from "~/server/payments.server";
import { ProviderError } from "~/server/payments/provider.server";

/** `GET /api/payments/transaction/{id}` → `{status, bookingCode, reservationData}` (spec §3, §7). */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const db = await getDb();
  const draft = await getDraft(request);
  try {
    const result = await confirmPayment(db, params.transactionId ?? "");
    if (!result.payment) return Response.json({ error: "transaction not found" }, { status: 404 });
    const reservation = await findReservationById(db, result.payment.reservationId);
    // The family's data goes only to the browser that booked (its draft cookie) or to staff tools.
    const mayRead = reservation !== null && (draft.bookingCode === reservation.code || hasAdminToken(request));
    return Response.json(
      { status: specStatusOf(result), bookingCode: result.payment.refno, reservationData: mayRead ? reservationData(reservation) : null },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    if (error instanceof ProviderError) return Response.json({ error: "payment provider unavailable" }, { status: 502 });
    throw error;
  }
}
