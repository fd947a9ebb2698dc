import type { Contact } from "~/domain/contact";
import { MSG } from "~/domain/messages";
import { findReservationByCode, releaseHold, reserveBirthday } from "../booking/bookings.server";
import { reserveGame } from "../booking/games.server";
import { holdMinutes } from "../booking/venue.server";
import type { CouponResult } from "../vouchers/coupon.server";
import type { Db } from "../platform/db.server";
import { clearDraft, updateDraft, type CompleteDraft } from "../booking/draft.server";
import { abandonPayment, pendingPaymentOf, startPayment } from "../payments/payments.server";
import { holdOwner, reserveFailureStatus } from "../payments/reservation-owner.server";

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
): Promise<PlaceBookingOutcome> {
  try {
    // The family came back from the payment page and submits again: its earlier hold (and open
    // payment) is given up first, so it never blocks the family's own table.
    if (draft.bookingCode) await releaseEarlierHold(db, draft.bookingCode);
    const options = { holdMinutes: await holdMinutes(db), owner: holdOwner(client) };
    const couponCode = draft.couponCode ?? null;
    const result =
      draft.kind === "game"
        ? await reserveGame(
            db,
            { locationId: draft.locationId, gameType: draft.gameType, date: draft.date, startMin: draft.startMin, rounds: draft.rounds, players: draft.players, contact, couponCode },
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
    console.warn(`Booking failed: ${(error as Error).stack ?? error}`);
    return { kind: "error", status: 500, message: MSG.bookingFailed };
  }
}

async function releaseEarlierHold(db: Db, code: string) {
  const earlier = await findReservationByCode(db, code);
  if (!earlier || earlier.status !== "held") return;
  const payment = await pendingPaymentOf(db, earlier.id);
  if (payment) await abandonPayment(db, payment.transactionId, "cancelled");
  await releaseHold(db, earlier.id);
}
