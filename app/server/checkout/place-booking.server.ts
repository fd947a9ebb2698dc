import type { Lang } from "~/i18n/locales";
import type { Contact } from "~/domain/contact";
import type { PartyDetails } from "~/domain/party-details";
import type { ExtraPick } from "~/domain/extras";
import { MSG } from "~/domain/messages";
import { findReservationByCode, releaseHold, reserveBirthday } from "../booking/bookings.server";
import { reserveGame } from "../booking/games.server";
import { holdMinutes } from "../booking/venue.server";
import type { CouponResult } from "../vouchers/coupon.server";
import { isConnectionLoss, type Db } from "../platform/db.server";
import { clearDraft, updateDraft, type CompleteDraft } from "../booking/draft.server";
import { abandonPayment, confirmPayment, pendingPaymentOf, startPayment } from "../payments/payments.server";
import { holdOwner, reserveFailureStatus } from "../payments/reservation-owner.server";
import { log, loggableError, oneLineError } from "../platform/log.server";

export type PlaceBookingOutcome =
  | { kind: "redirect"; to: string; cookie: string }
  | { kind: "error"; status: number; message: string; coupon?: CouponResult };

/**
 * The contact step's submit: reserve (hold, or confirm when a voucher pays everything), then send
 * the family to the payment or the confirmation. Any unexpected failure leaves nothing behind.
 */
export async function placeBooking(
  db: Db,
  request: Request,
  draft: CompleteDraft,
  contact: Contact,
  client = "unknown",
  party?: PartyDetails,
  /** The extras as the family saw them priced (the server prices them again when placing). */
  extras?: ExtraPick[],
  /** The page's language, stored with the booking. `to` stays a path without language: the page adds its own. */
  lang: Lang = "de",
): Promise<PlaceBookingOutcome> {
  try {
    // The family came back from the payment page and submits again: its earlier hold (and open
    // payment) is given up first, so it never blocks the family's own table.
    if (draft.bookingCode) {
      const paid = await giveUpEarlierHold(db, draft.bookingCode);
      if (paid) {
        const to = paid.type === "BIRTHDAY_PARTY" ? "/payment/success" : "/success";
        return { kind: "redirect", to, cookie: await clearDraft(request, { bookingCode: paid.code }) };
      }
    }
    const options = { holdMinutes: await holdMinutes(db), owner: holdOwner(client), lang };
    const couponCode = draft.couponCode ?? null;
    const result =
      draft.kind === "game"
        ? await reserveGame(
            db,
            { locationId: draft.locationId, gameType: draft.gameType, date: draft.date, startMin: draft.startMin, rounds: draft.rounds, players: draft.players, contact, couponCode, party, extras },
            options,
          )
        : await reserveBirthday(
            db,
            {
              offerId: draft.offerId,
              date: draft.date,
              startMin: draft.startMin,
              counts: { numChildren: draft.numChildren, numActiveAdults: draft.numActiveAdults, numAccompanyingAdults: draft.numAccompanyingAdults },
              contact,
              couponCode,
              party,
              extras,
            },
            options,
          );
    if (!result.ok) {
      if (result.reason === "voucher") {
        return {
          kind: "error",
          status: 409,
          message: result.message,
          coupon: { valid: false, message: result.message, couponCode: draft.couponCode ?? "", remainingValue: 0 },
        };
      }
      return { kind: "error", status: reserveFailureStatus(result.reason), message: result.message };
    }
    const { reservation } = result;
    if (!result.requiresPayment) {
      // Spec §4: a booking paid by a voucher alone goes straight to the confirmation (game bookings: /success).
      const to = draft.kind === "game" ? "/success" : "/payment/success?couponOnly=true";
      return { kind: "redirect", to, cookie: await clearDraft(request, { bookingCode: reservation.code }) };
    }
    const payment = await startPayment(db, reservation);
    if (!payment.ok) return { kind: "error", status: 502, message: MSG.bookingFailed };
    return { kind: "redirect", to: "/payment", cookie: await updateDraft(request, { bookingCode: reservation.code }) };
  } catch (error) {
    // A lost database connection is the edge's maintenance 503 (platform/http.server.ts), not a failed booking.
    if (isConnectionLoss(error)) throw error;
    log.error({ err: loggableError(error) }, "booking failed");
    return { kind: "error", status: 500, message: MSG.bookingFailed };
  }
}

/**
 * Gives up the family's earlier hold — unless its payment went through meanwhile. An old tab (or the
 * back button) can send the contact form again after the family paid in another tab, before the
 * provider's webhook or the browser's return has told this server: the provider is asked first, and
 * a paid hold becomes the booking (returned, so the family sees its confirmation) instead of being
 * released, refunded and booked a second time. If the provider cannot be asked, the hold is given
 * up as before; the payment reconciliation still settles a payment given up locally (confirmed if
 * the table is free, otherwise refunded).
 */
export async function giveUpEarlierHold(db: Db, code: string): Promise<{ code: string; type: string } | null> {
  const earlier = await findReservationByCode(db, code);
  if (!earlier || earlier.status !== "held") return null;
  const payment = await pendingPaymentOf(db, earlier.id);
  if (payment) {
    const settled = await confirmPayment(db, payment.transactionId).catch((error: Error) => {
      log.warn({ transactionId: payment.transactionId, cause: oneLineError(error) }, "provider not asked before a new booking");
      return null;
    });
    if (settled?.confirmedNow) return { code: earlier.code, type: earlier.type };
    const now = await findReservationByCode(db, code);
    if (now?.status === "confirmed") return { code: now.code, type: now.type };
    if (now?.status !== "held") return null;
    await abandonPayment(db, payment.transactionId, "cancelled");
  }
  await releaseHold(db, earlier.id);
  return null;
}
