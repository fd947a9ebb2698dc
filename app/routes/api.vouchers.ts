import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { isIsoDate } from "~/domain/time";
import { requireAdminToken } from "~/server/api-auth.server";
import { getDb } from "~/server/db.server";
import { voucherSummary } from "~/server/voucher-report.server";
import { createVoucher } from "~/server/vouchers.server";

const CreateVoucher = z.object({
  amount: z.number().positive("amount must be positive").max(10_000, "amount must be at most 10000"),
  validUntil: z.string().refine(isIsoDate, "validUntil must be YYYY-MM-DD").optional(),
});

/** `POST /api/vouchers` `{amount (CHF), validUntil?}` — issue a voucher (staff tools; bearer token). */
export async function action({ request }: ActionFunctionArgs) {
  requireAdminToken(request);
  const parsed = CreateVoucher.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: parsed.error.issues.map((i) => i.message).join("; ") }, { status: 400 });
  const voucher = await createVoucher(await getDb(), { amountRappen: Math.round(parsed.data.amount * 100), validUntil: parsed.data.validUntil });
  return Response.json(voucherSummary(voucher), { status: 201 });
}
