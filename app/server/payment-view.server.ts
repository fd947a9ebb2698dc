import { findReservationByCode, findReservationById } from "./bookings.server";
import { reservationView, type ReservationView } from "./confirmation-view.server";
import type { Db } from "./db.server";
import type { Draft } from "./draft.server";
import { getEnv } from "./env.server";
import { confirmPayment, specStatusOf } from "./payments.server";

export type PaymentPageState =
  | {
      kind: "booking";
      status: string | null;
      couponOnly: boolean;
      reservation: ReservationView;
      refund: boolean;
      /** Another browser (no draft of this booking): the status and code only, no personal data. */
      restricted: boolean;
    }
  | { kind: "error"; message: string; local: boolean };

/**
 * What /payment/success shows, always from the server's own records: by the provider's transaction
 * id when the browser comes back from paying, else the booking this browser made last.
 */
export async function paymentPageState(
  db: Db,
  params: { transactionId: string | null; couponOnly: boolean; mock: boolean },
  draft: Draft,
): Promise<PaymentPageState> {
  const local = params.mock || getEnv().PAYMENT_PROVIDER === "simulated";
  if (params.transactionId) {
    try {
      const result = await confirmPayment(db, params.transactionId);
      if (!result.payment) return { kind: "error", message: "Keine Reservierungsdaten gefunden.", local };
      const reservation = await findReservationById(db, result.payment.reservationId);
      if (!reservation) return { kind: "error", message: "Keine Reservierungsdaten gefunden.", local };
      return {
        kind: "booking",
        status: specStatusOf(result),
        couponOnly: false,
        reservation: reservationView(reservation),
        refund: result.payment.status === "refund_pending" || result.payment.status === "refunded",
        restricted: draft.bookingCode !== reservation.code,
      };
    } catch (error) {
      console.warn(`Payment status of ${params.transactionId} could not be read: ${(error as Error).message}`);
      const fallback = draft.bookingCode ? await findReservationByCode(db, draft.bookingCode).catch(() => null) : null;
      if (fallback) return { kind: "booking", status: null, couponOnly: false, reservation: reservationView(fallback), refund: false, restricted: false };
      return { kind: "error", message: "Buchungsdetails konnten nicht geladen werden.", local };
    }
  }
  const reservation = draft.bookingCode ? await findReservationByCode(db, draft.bookingCode) : null;
  if (!reservation) return { kind: "error", message: "Keine Reservierungsdaten gefunden.", local };
  const settled = reservation.status === "confirmed" && reservation.paymentStatus === "settled";
  const couponOnly = settled && reservation.amountRappen === 0;
  return {
    kind: "booking",
    status: (params.couponOnly || params.mock) && settled ? "settled" : null,
    couponOnly: couponOnly && params.couponOnly,
    reservation: reservationView(reservation),
    refund: false,
    restricted: false,
  };
}
