import type { AppLoadContext } from "@remix-run/node";
import { clientKey } from "../platform/client.server";
import { checkCoupon, type CouponCheck } from "../vouchers/coupon.server";
import type { Db } from "../platform/db.server";
import { getDraft, updateDraft, type Draft } from "../booking/draft.server";
import { heldByFamilyRappen, openHoldOf } from "./held-booking.server";
import type { PromoContext } from "../vouchers/coupon.server";
import type { PromoTarget } from "~/domain/promo-codes";
import { venueNow } from "~/domain/time";

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
  const draft = await getDraft(request);
  const { bookingCode } = draft;
  const check = await checkCoupon(db, rawCode, clientKey(request, context), (code) => heldByFamilyRappen(db, bookingCode, code), await draftPromoContext(db, draft));
  const couponCode = check.result?.valid ? check.result.couponCode : undefined;
  const cookie = await updateDraft(request, { couponCode }, values ? { values, coupon: check.result } : undefined);
  return { check, cookie };
}

export async function removeCouponFromDraft(request: Request, values?: Record<string, string>): Promise<string> {
  return updateDraft(request, { couponCode: undefined }, values ? { values: { ...values, couponCode: "" }, coupon: null } : undefined);
}

/** The booking in progress as a promo code sees it: its offer or a game, its day (null before a day is chosen). */
export function draftPromoTarget(draft: Draft, now: Date = new Date()): PromoTarget | null {
  if (!draft.date) return null;
  return { offerId: draft.flow === "game" ? null : (draft.offerId ?? null), game: draft.flow === "game", date: draft.date, today: venueNow(now).date };
}

async function draftPromoContext(db: Db, draft: Draft): Promise<PromoContext | undefined> {
  const target = draftPromoTarget(draft);
  if (!target) return undefined;
  // The family's own open hold is given up when it books again: its code is not used up by it.
  const own = await openHoldOf(db, draft.bookingCode);
  return { target, excludeReservationId: own?.id ?? null };
}
