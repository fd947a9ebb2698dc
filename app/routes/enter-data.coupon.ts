import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/server/platform/db.server";
import { applyCouponToDraft, removeCouponFromDraft } from "~/server/checkout/draft-coupon.server";

/**
 * The voucher box's inline check (with JavaScript): the same check as the form's `Prüfen` button,
 * answered as JSON in the spec's coupon shape so the page can update without a reload.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.get("intent") === "coupon-clear") {
    return Response.json({ cleared: true }, { headers: { "Set-Cookie": await removeCouponFromDraft(request) } });
  }
  const { check, cookie } = await applyCouponToDraft(await getDb(), request, context, form.get("couponCode"));
  return Response.json(check.result, { status: check.status === 400 ? 400 : check.status, headers: { "Set-Cookie": cookie } });
}
