import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/server/platform/db.server";
import { getEnv } from "~/server/platform/env.server";
import { confirmPayment } from "~/server/payments/payments.server";
import { verifyWebhookSignature } from "~/server/payments/providers/signature.server";

export const WEBHOOK_MAX_AGE_MS = 5 * 60_000;

/**
 * Datatrans' webhook: the signature (HMAC over timestamp + raw body) is checked before anything
 * else; a verified body is as good as a status call. Duplicates answer 200 and change nothing.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "method not allowed" }, { status: 405 });
  const raw = await request.text();
  // A signature older than 5 minutes is refused, so a captured request cannot be replayed later
  // (a replay within the window changes nothing: confirmPayment is exactly-once).
  if (!verifyWebhookSignature(request.headers.get("Datatrans-Signature"), raw, getEnv().WEBHOOK_HMAC_KEY, { maxAgeMs: WEBHOOK_MAX_AGE_MS })) {
    return Response.json({ error: "invalid signature" }, { status: 401 });
  }
  let body: { transactionId?: unknown; status?: unknown; refno?: unknown; currency?: unknown; detail?: { settle?: { amount?: unknown }; authorize?: { amount?: unknown } } };
  try {
    body = JSON.parse(raw);
  } catch {
    return Response.json({ error: "body must be JSON" }, { status: 400 });
  }
  if (typeof body.transactionId !== "string" || typeof body.status !== "string") {
    return Response.json({ error: "transactionId and status are required" }, { status: 400 });
  }
  const amount = body.detail?.settle?.amount ?? body.detail?.authorize?.amount;
  const result = await confirmPayment(await getDb(), body.transactionId, {
    info: {
      transactionId: body.transactionId,
      status: body.status,
      refno: typeof body.refno === "string" ? body.refno : null,
      currency: typeof body.currency === "string" ? body.currency : null,
      amountRappen: typeof amount === "number" ? amount : null,
    },
  });
  // An unknown transaction is not ours to retry forever: acknowledge it.
  return Response.json({ ok: true, known: result.payment !== null });
}

export function loader() {
  return Response.json({ error: "method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
