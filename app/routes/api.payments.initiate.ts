import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { clientKey } from "~/server/platform/client.server";
import { getDb } from "~/server/platform/db.server";
import { initiatePaymentFor } from "~/server/payments/reservation-owner.server";

const InitiateSchema = z.object({
  systemId: z.string().optional(),
  currency: z.literal("CHF", { errorMap: () => ({ message: "currency must be CHF" }) }),
  refno: z.string().optional(),
  amount: z.unknown().optional(),
  reservationToken: z.string({ required_error: "reservationToken is required" }).min(1, "reservationToken is required"),
  reservationData: z
    .object({ bookingCode: z.string().min(3, "reservationData.bookingCode is required") })
    .passthrough()
    .optional(),
});

/**
 * `POST /api/payments/initiate` → `{paymentUrl}` for a held booking. The booking is named by its
 * code (`refno`, or `reservationData.bookingCode`) and proven to be the caller's by the
 * `reservationToken` the reservation answered with; the amount charged is the booking's own,
 * whatever `amount` says. Unknown code and someone else's code answer alike (404).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "method not allowed" }, { status: 405 });
  const parsed = InitiateSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: parsed.error.issues.map((i) => i.message).join("; ") }, { status: 400 });
  const code = (parsed.data.refno || parsed.data.reservationData?.bookingCode || "").trim().toUpperCase();
  if (!code) return Response.json({ error: "refno or reservationData.bookingCode is required" }, { status: 400 });
  const outcome = await initiatePaymentFor(await getDb(), { code, reservationToken: parsed.data.reservationToken, clientKey: clientKey(request, context) });
  const headers = "retryAfterSeconds" in outcome && outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined;
  return Response.json(outcome.body, { status: outcome.status, headers });
}

export function loader() {
  return Response.json({ error: "method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
