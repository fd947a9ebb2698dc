import type { ActionFunctionArgs } from "@remix-run/node";
import { MSG } from "~/domain/messages";
import { clientKey } from "~/server/platform/client.server";
import { checkCoupon } from "~/server/vouchers/coupon.server";
import { getDb } from "~/server/platform/db.server";
import { langOr } from "~/i18n/locales";
import { answerIn } from "~/server/i18n/answers.server";

/**
 * `POST /api/coupons/validate` `{couponCode, systemId, orderAmount}` → `{valid, message, couponCode, remainingValue}`.
 * The message is the spec's German; an optional `lang` (`fr`, `it`, `en`, issue #33) words it in that
 * language instead, the same rules and order (anything else: German).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "method not allowed" }, { status: 405 });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return Response.json({ error: "body must be JSON" }, { status: 400 });
  }
  const fields = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const lang = langOr(fields.lang);
  const check = await checkCoupon(await getDb(), fields.couponCode, clientKey(request, context));
  if (!check.result) {
    return Response.json({ valid: false, message: answerIn(lang, MSG.voucherUnknown), couponCode: "", remainingValue: 0 }, { status: 400 });
  }
  // The spec's shape: a promo code answers like a voucher with nothing to spend (remainingValue 0).
  const { promo: _promo, ...result } = check.result;
  return Response.json({ ...result, message: answerIn(lang, result.message) }, { status: check.status });
}

export function loader() {
  return Response.json({ error: "method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
