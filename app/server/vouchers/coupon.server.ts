import { MSG } from "~/domain/messages";
import { normalizeCode } from "~/domain/codes";
import type { Db } from "../platform/db.server";
import { Limit } from "../platform/limits.server";
import { validateVoucher } from "./vouchers.server";
import { checkPromo, findPromo, ruleOf } from "./promo-codes.server";
import { PROMO_MSG, promoRefusal, promoValueText, type PromoTarget } from "~/domain/promo-codes";
import { venueNow } from "~/domain/time";

export type CouponResult = {
  valid: boolean;
  message: string;
  couponCode: string;
  /** CHF */
  remainingValue: number;
  /** A promo code (issue #31 §4), not a voucher: the page shows its message, no balance. Not in the API's answer. */
  promo?: true;
};

/** The booking a promo code is tried for (the voucher box on the contact step); without it only its dates and state count. */
export type PromoContext = { target: PromoTarget; excludeReservationId: number | null };

export type CouponCheck = { status: 200 | 400 | 429; result: CouponResult | null };

/**
 * Failed voucher checks: 5 per client per minute, then the client waits (counted in the database).
 * One budget for every way a code can be tried: the check (`/api/coupons/validate`, the voucher box),
 * and a booking that carries a code (`/api/birthday/reserve`, `/api/reservation/create`, the contact
 * form's submit). Staff phone bookings are not limited.
 */
export const voucherFailures = new Limit({ name: "voucher-failures", points: 5, windowSeconds: 60 });

/** A reserved voucher attempt: refused, or allowed with `settle(missed)` to call once the code was tried. */
export type VoucherAttempt = { refused: true; retryAfterSeconds: number } | { refused: false; settle: (missed: boolean) => Promise<void> };

/**
 * Counts one try of a voucher code *before* it is tried (one statement with the verdict, so parallel
 * tries are throttled like sequential ones); `settle(false)` gives the point back when the code was
 * valid: only misses stay counted.
 */
export async function reserveVoucherAttempt(db: Db, clientKey: string): Promise<VoucherAttempt> {
  const attempt = await voucherFailures.reserve(db, clientKey);
  if (!attempt.allowed) return { refused: true, retryAfterSeconds: attempt.retryAfterSeconds };
  return { refused: false, settle: async (missed) => (missed ? undefined : attempt.release()) };
}

/** One voucher check, rate-limited per client on failures; `result` null means "not checked" (empty code). */
export async function checkCoupon(
  db: Db,
  rawCode: unknown,
  clientKey: string,
  heldByFamily?: (code: string) => Promise<number>,
  promoContext?: PromoContext,
): Promise<CouponCheck> {
  const couponCode = normalizeCode(rawCode);
  if (!couponCode) return { status: 400, result: null };
  const attempt = await reserveVoucherAttempt(db, clientKey);
  if (attempt.refused) {
    return { status: 429, result: { valid: false, message: MSG.voucherTooManyAttempts, couponCode, remainingValue: 0 } };
  }
  let valid: boolean | undefined;
  try {
    // A promo code first (issue #31 §4): its own rules and words; otherwise the voucher as before.
    const promo = await checkPromoCode(db, couponCode, promoContext);
    if (promo) {
      valid = promo.ok;
      return { status: 200, result: { valid: promo.ok, message: promo.message, couponCode, remainingValue: 0, promo: true } };
    }
    const check = await validateVoucher(db, couponCode, new Date(), heldByFamily ? await heldByFamily(couponCode) : 0);
    valid = check.valid;
    return {
      status: 200,
      result: { valid: check.valid, message: check.message, couponCode, remainingValue: check.remainingRappen / 100 },
    };
  } finally {
    await attempt.settle(valid === undefined ? false : !valid);
  }
}

/** A promo code's check for the box: against the booking when known, else its state and dates only (the API's check). */
async function checkPromoCode(db: Db, code: string, context: PromoContext | undefined): Promise<{ ok: boolean; message: string } | null> {
  if (context) return checkPromo(db, code, context.target, "", 0, { excludeReservationId: context.excludeReservationId });
  const row = await findPromo(db, code);
  if (!row) return null;
  const rule = ruleOf(row);
  const today = venueNow().date;
  // Any offer, any day: only what does not depend on the booking.
  const refusal = promoRefusal({ ...rule, offerIds: null, games: true, weekdays: null, maxUsesPerEmail: null }, { offerId: 0, game: false, date: today, today }, { total: 0, byEmail: 0 });
  return refusal ? { ok: false, message: refusal } : { ok: true, message: PROMO_MSG.applied(row.code, promoValueText(rule)) };
}
