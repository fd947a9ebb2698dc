import { MSG } from "~/domain/messages";
import { normalizeCode } from "~/domain/codes";
import type { Db } from "../platform/db.server";
import { Limit } from "../platform/limits.server";
import { validateVoucher } from "./vouchers.server";

export type CouponResult = {
  valid: boolean;
  message: string;
  couponCode: string;
  /** CHF */
  remainingValue: number;
};

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
export async function checkCoupon(db: Db, rawCode: unknown, clientKey: string, heldByFamily?: (code: string) => Promise<number>): Promise<CouponCheck> {
  const couponCode = normalizeCode(rawCode);
  if (!couponCode) return { status: 400, result: null };
  const attempt = await reserveVoucherAttempt(db, clientKey);
  if (attempt.refused) {
    return { status: 429, result: { valid: false, message: MSG.voucherTooManyAttempts, couponCode, remainingValue: 0 } };
  }
  let check: Awaited<ReturnType<typeof validateVoucher>> | undefined;
  try {
    check = await validateVoucher(db, couponCode, new Date(), heldByFamily ? await heldByFamily(couponCode) : 0);
  } finally {
    await attempt.settle(check ? !check.valid : false);
  }
  return {
    status: 200,
    result: { valid: check.valid, message: check.message, couponCode, remainingValue: check.remainingRappen / 100 },
  };
}
