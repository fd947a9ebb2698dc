import { DEFAULT_ADULT_PRICES } from "~/domain/pricing";
import { findReservationByCode, findReservationById } from "../booking/bookings.server";
import { bookingSummaryOf, reservationView, type ReservationView } from "../booking/confirmation-view.server";
import type { Db } from "../platform/db.server";
import type { Draft } from "../booking/draft.server";
import { getEnv } from "../platform/env.server";
import { confirmPayment, specStatusOf } from "./payments.server";
import { reserveLookup } from "./reservation-owner.server";
import type { Reservation } from "../booking/bookings.server";
import { log, oneLineError } from "../platform/log.server";

/**
 * What a browser that did not make the booking (a forwarded or guessed return link) may see: the
 * booking code and its state — no contact data, no voucher code, no party details. Built here, on
 * the server, so none of it reaches the page's HTML or its loader data.
 */
export function strangerView(r: Reservation): ReservationView {
  return {
    dateText: "",
    timeText: "",
    code: r.code,
    type: r.type,
    status: r.status,
    paymentStatus: r.paymentStatus,
    date: "",
    startMin: 0,
    endMin: 0,
    numChildren: 0,
    numActiveAdults: 0,
    numAccompanyingAdults: 0,
    offerName: "",
    priceRappen: 0,
    discountRappen: 0,
    amountRappen: 0,
    couponCode: null,
    firstName: "",
    lastName: "",
    street: "",
    zip: "",
    city: "",
    phone: "",
    email: "",
    players: null,
    rounds: null,
    adultPrices: DEFAULT_ADULT_PRICES,
    minChargedChildren: null,
    lines: [],
  };
}

export type PaymentPageState =
  | {
      kind: "booking";
      status: string | null;
      couponOnly: boolean;
      reservation: ReservationView;
      refund: boolean;
      /** Another browser (no draft of this booking): the status and code only, no personal data. */
      restricted: boolean;
      /** The booking's row, for the browser that made it (a page that words the booking itself). */
      row?: Reservation;
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
  client = "unknown",
  /**
   * How the booking is shown: the German summary with its price lines by default; a page that words
   * the booking in its own language (issue #33) passes the cheap view and builds its own from `row`,
   * so a poll every second reads the booking's details once, not twice.
   */
  view: (db: Db, r: Reservation) => Promise<ReservationView> = bookingSummaryOf,
): Promise<PaymentPageState> {
  const local = params.mock || getEnv().PAYMENT_PROVIDER === "simulated";
  if (params.transactionId) {
    // Unknown transaction ids count against the client: return links cannot be guessed in bulk.
    const lookup = await reserveLookup(db, client);
    if (lookup.refused) return { kind: "error", message: lookup.refused.error, local: false };
    try {
      const result = await confirmPayment(db, params.transactionId);
      // Counted before it was made: only a miss stays counted.
      if (!result.payment) return { kind: "error", message: "Keine Reservierungsdaten gefunden.", local };
      await lookup.found();
      // A gift voucher's payment returns to its own order page (voucher-sale.server), never here.
      const reservation = result.payment.reservationId === null ? null : await findReservationById(db, result.payment.reservationId);
      if (!reservation) return { kind: "error", message: "Keine Reservierungsdaten gefunden.", local };
      const restricted = draft.bookingCode !== reservation.code;
      return {
        kind: "booking",
        status: specStatusOf(result),
        couponOnly: false,
        reservation: restricted ? strangerView(reservation) : await view(db, reservation),
        refund: result.payment.status === "refund_pending" || result.payment.status === "refunded",
        restricted,
        ...(restricted ? {} : { row: reservation }),
      };
    } catch (error) {
      await lookup.found().catch(() => undefined);
      log.warn({ transactionId: params.transactionId, cause: oneLineError(error) }, "payment status could not be read");
      const fallback = draft.bookingCode ? await findReservationByCode(db, draft.bookingCode).catch(() => null) : null;
      if (fallback) return { kind: "booking", status: null, couponOnly: false, reservation: await view(db, fallback).catch(() => reservationView(fallback)), refund: false, restricted: false, row: fallback };
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
    reservation: await view(db, reservation),
    refund: false,
    restricted: false,
    row: reservation,
  };
}
