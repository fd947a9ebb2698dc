import type { AppLoadContext } from "@remix-run/node";
import { clientKey } from "../platform/client.server";
import { checkCoupon, type CouponCheck } from "../vouchers/coupon.server";
import type { Db } from "../platform/db.server";
import { getDraft, updateDraft } from "../booking/draft.server";
import { heldByFamilyRappen } from "./held-booking.server";

/**
 * Checks a voucher for the family's draft and applies it there when valid (a later check replaces
 * it; an invalid one removes it). Returns the check and the Set-Cookie value.
 */
export async function applyCouponToDraft(
  db: Db,
  request: Request,
  context: AppLoadContext,
  rawCode: unknown,
  values?: Record<string, string>,
): Promise<{ check: CouponCheck; cookie: string }> {
  const { bookingCode } = await getDraft(request);
  const check = await checkCoupon(db, rawCode, clientKey(request, context), (code) => heldByFamilyRappen(db, bookingCode, code));
  const couponCode = check.result?.valid ? check.result.couponCode : undefined;
  const cookie = await updateDraft(request, { couponCode }, values ? { values, coupon: check.result } : undefined);
  return { check, cookie };
}

export async function removeCouponFromDraft(request: Request, values?: Record<string, string>): Promise<string> {
  return updateDraft(request, { couponCode: undefined }, values ? { values: { ...values, couponCode: "" }, coupon: null } : undefined);
}
