import { MSG } from "~/domain/messages";
import { normalizeCode } from "~/domain/codes";
import type { Db } from "./db.server";
import { voucherLimiter } from "./rate-limit.server";
import { validateVoucher } from "./vouchers.server";

export type CouponResult = {
  valid: boolean;
  message: string;
  couponCode: string;
  /** CHF */
  remainingValue: number;
};

export type CouponCheck = { status: 200 | 400 | 429; result: CouponResult | null };

/** One voucher check, rate-limited per client on failures; `result` null means "not checked" (empty code). */
export async function checkCoupon(db: Db, rawCode: unknown, clientKey: string): Promise<CouponCheck> {
  const couponCode = normalizeCode(rawCode);
  if (!couponCode) return { status: 400, result: null };
  if (voucherLimiter.isBlocked(clientKey)) {
    return { status: 429, result: { valid: false, message: MSG.voucherTooManyAttempts, couponCode, remainingValue: 0 } };
  }
  const check = await validateVoucher(db, couponCode);
  if (!check.valid) voucherLimiter.recordFailure(clientKey);
  return {
    status: 200,
    result: { valid: check.valid, message: check.message, couponCode, remainingValue: check.remainingRappen / 100 },
  };
}
