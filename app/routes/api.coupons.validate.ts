import type { ActionFunctionArgs } from "@remix-run/node";
import { MSG } from "~/domain/messages";
import { clientKey } from "~/server/platform/client.server";
import { checkCoupon } from "~/server/vouchers/coupon.server";
import { getDb } from "~/server/platform/db.server";

/** `POST /api/coupons/validate` `{couponCode, systemId, orderAmount}` → `{valid, message, couponCode, remainingValue}`. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "method not allowed" }, { status: 405 });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return Response.json({ error: "body must be JSON" }, { status: 400 });
  }
  const code = typeof body === "object" && body !== null ? (body as Record<string, unknown>).couponCode : undefined;
  const check = await checkCoupon(await getDb(), code, clientKey(request, context));
  if (!check.result) {
    return Response.json({ valid: false, message: MSG.voucherUnknown, couponCode: "", remainingValue: 0 }, { status: 400 });
  }
  // The spec's shape: a promo code answers like a voucher with nothing to spend (remainingValue 0).
  const { promo: _promo, ...result } = check.result;
  return Response.json(result, { status: check.status });
}

export function loader() {
  return Response.json({ error: "method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
