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

/** Failed voucher checks: 5 per client per minute, then the client waits (counted in the database). */
export const voucherFailures = new Limit({ name: "voucher-failures", points: 5, windowSeconds: 60 });

/** One voucher check, rate-limited per client on failures; `result` null means "not checked" (empty code). */
export async function checkCoupon(db: Db, rawCode: unknown, clientKey: string, heldByFamily?: (code: string) => Promise<number>): Promise<CouponCheck> {
  const couponCode = normalizeCode(rawCode);
  if (!couponCode) return { status: 400, result: null };
  if (!(await voucherFailures.check(db, clientKey)).allowed) {
    return { status: 429, result: { valid: false, message: MSG.voucherTooManyAttempts, couponCode, remainingValue: 0 } };
  }
  const check = await validateVoucher(db, couponCode, new Date(), heldByFamily ? await heldByFamily(couponCode) : 0);
  if (!check.valid) await voucherFailures.penalize(db, clientKey);
  return {
    status: 200,
    result: { valid: check.valid, message: check.message, couponCode, remainingValue: check.remainingRappen / 100 },
  };
}
