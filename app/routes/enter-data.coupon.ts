import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/server/platform/db.server";
import { applyCouponToDraft, removeCouponFromDraft } from "~/server/checkout/draft-coupon.server";
import { requestLang } from "~/server/i18n/request.server";
import { answerIn } from "~/server/i18n/answers.server";

/**
 * The voucher box's inline check (with JavaScript): the same check as the form's `Prüfen` button,
 * answered as JSON in the spec's coupon shape so the page can update without a reload. The page
 * posts to its own language's address (`/fr/enter-data/coupon`): the message comes in that language
 * (a promo code's verdict with its date, weekdays or discount worded there too).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = requestLang(params);
  const form = await request.formData();
  if (form.get("intent") === "coupon-clear") {
    return Response.json({ cleared: true }, { headers: { "Set-Cookie": await removeCouponFromDraft(request) } });
  }
  const { check, cookie } = await applyCouponToDraft(await getDb(), request, context, form.get("couponCode"));
  const result = check.result ? { ...check.result, message: answerIn(lang, check.result.message) } : check.result;
  return Response.json(result, { status: check.status === 400 ? 400 : check.status, headers: { "Set-Cookie": cookie } });
}
