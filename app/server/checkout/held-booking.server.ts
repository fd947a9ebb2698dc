import type { BookedExtra } from "~/domain/extras";
import { displayPhone } from "~/domain/phone";
import { partyFormValues } from "~/domain/party-details";
import { formatTime, venueNow } from "~/domain/time";
import { findReservationByCode, type Reservation } from "../booking/bookings.server";
import { reservationView, type ReservationView } from "../booking/confirmation-view.server";
import type { GameLocation } from "~/domain/games";
import { clearDraft, updateDraft, type CompleteDraft } from "../booking/draft.server";
import type { Db } from "../platform/db.server";
import { confirmPayment, pendingPaymentOf, startPayment } from "../payments/payments.server";
import { giveUpEarlierHold } from "./place-booking.server";
import { log, oneLineError } from "../platform/log.server";

/**
 * The family came back to `/enter-data` (the browser's Back from the provider's page, a bookmark, a
 * second tab) while the booking its draft made still holds the table: the page shows that booking
 * (typed data, voucher, price) and offers «Zahlung fortsetzen» or «Ändern». Everything here acts on
 * the draft's own booking only — the signed draft cookie is the ownership (reservation-owner.server).
 */

/** The draft's booking while its hold is open (not a phone booking's or a change's row: those have no draft). */
export async function openHoldOf(db: Db, bookingCode: string | undefined, now: Date = new Date()): Promise<Reservation | null> {
  const r = bookingCode ? await findReservationByCode(db, bookingCode) : null;
  if (!r || r.status !== "held" || !r.holdExpiresAt || r.holdExpiresAt <= now || r.amountRappen <= 0) return null;
  return r;
}

/** `holdUntil`: the hold's end, venue time ("14:05"). */
export type HeldBookingView = { booking: ReservationView; message: string; holdUntil: string };

export function heldBookingView(r: Reservation, location: GameLocation | null = null, extras: readonly BookedExtra[] = []): HeldBookingView {
  return { booking: reservationView(r, location, extras), message: r.message ?? "", holdUntil: formatTime(venueNow(r.holdExpiresAt!).minutes) };
}

/** What the family's own open hold took from a voucher: available to it again when it books anew. */
export async function heldByFamilyRappen(db: Db, bookingCode: string | undefined, voucherCode: string): Promise<number> {
  const r = await openHoldOf(db, bookingCode);
  return r && r.voucherCode === voucherCode ? r.discountRappen : 0;
}

export type HeldBookingOutcome = { to: string; cookie?: string } | { error: string };

function confirmationOf(r: Pick<Reservation, "type">): string {
  return r.type === "BIRTHDAY_PARTY" ? "/payment/success" : "/success";
}

/**
 * «Zahlung fortsetzen»: back to the provider with the same payment while the provider still has it
 * open, else a new payment for the same hold. A payment the provider settled meanwhile shows the
 * confirmation instead.
 */
export async function resumePayment(db: Db, request: Request, draft: CompleteDraft): Promise<HeldBookingOutcome> {
  const r = await openHoldOf(db, draft.bookingCode);
  if (!r) return { to: "/enter-data" };
  const payment = await pendingPaymentOf(db, r.id);
  if (payment) {
    const now = await confirmPayment(db, payment.transactionId).then(
      (result) => result.payment,
      (error: Error) => {
        log.warn({ transactionId: payment.transactionId, cause: oneLineError(error) }, "provider not asked about a held booking");
        return payment;
      },
    );
    if (now?.status === "settled") return { to: confirmationOf(r), cookie: await clearDraft(request, { bookingCode: r.code }) };
    if (now?.status === "pending") return { to: "/payment" };
  }
  const still = await openHoldOf(db, r.code);
  if (!still) return { to: "/enter-data" };
  const started = await startPayment(db, still);
  return started.ok ? { to: "/payment" } : { error: "failed" };
}

/**
 * «Ändern»: the hold and its voucher are given back at once (its open payment cancelled at the
 * provider first), and the form comes back filled, as after «Abbrechen» on the provider's page.
 */
export async function changeHeldBooking(db: Db, request: Request, draft: CompleteDraft): Promise<HeldBookingOutcome> {
  const r = draft.bookingCode ? await findReservationByCode(db, draft.bookingCode) : null;
  if (!r) return { to: "/enter-data" };
  const paid = await giveUpEarlierHold(db, r.code).catch((error: Error) => {
    // The provider could not be asked: the hold stays (it runs out by itself); the family may try again.
    log.warn({ booking: r.code, cause: oneLineError(error) }, "hold could not be given up");
    return "failed" as const;
  });
  if (paid === "failed") return { error: "failed" };
  if (paid) return { to: confirmationOf(paid), cookie: await clearDraft(request, { bookingCode: paid.code }) };
  // The voucher the hold used stays chosen (now credited back, so it counts again in full).
  return { to: "/enter-data", cookie: await updateDraft(request, { couponCode: r.voucherCode ?? draft.couponCode }) };
}

/** The draft's booking when it is already confirmed (paid, or covered by a voucher), with its confirmation page. */
export async function confirmedDraftBooking(db: Db, code: string | undefined): Promise<{ code: string; to: string } | null> {
  const r = code ? await findReservationByCode(db, code) : null;
  if (!r || r.status !== "confirmed") return null;
  return { code: r.code, to: r.type === "BIRTHDAY_PARTY" ? "/payment/success" : "/success" };
}

/**
 * What the family typed for a booking not (yet) paid, as the contact step's form values: back after
 * a cancelled or failed payment, or after «Ändern», the form is filled in again.
 */
export async function typedValuesOf(db: Db, code: string): Promise<Record<string, string> | null> {
  const r = await findReservationByCode(db, code);
  if (!r || r.status === "confirmed") return null;
  return {
    firstName: r.firstName,
    lastName: r.lastName,
    street: r.street,
    zip: r.zip,
    city: r.city,
    country: r.country,
    phone: displayPhone(r.phone),
    email: r.email,
    emailRepeat: r.email,
    message: r.message ?? "",
    ...partyFormValues({ childName: r.partyChildName, childAge: r.partyChildAge, notes: r.partyNotes }),
  };
}
