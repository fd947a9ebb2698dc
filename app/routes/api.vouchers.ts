import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { isIsoDate, venueNow } from "~/domain/time";
import { voucherAmountRappen } from "~/domain/voucher-amount";
import { requireAdminToken } from "~/server/staff/api-auth.server";
import { getDb } from "~/server/platform/db.server";
import { voucherSummary } from "~/server/vouchers/voucher-report.server";
import { createVoucher } from "~/server/vouchers/vouchers.server";

const CreateVoucher = z.object({
  amount: z.number({ required_error: "amount is required", invalid_type_error: "amount must be a number" }),
  validUntil: z
    .string({ invalid_type_error: "validUntil must be YYYY-MM-DD" })
    .refine(isIsoDate, "validUntil must be YYYY-MM-DD")
    .refine((d) => d >= venueNow().date, "validUntil must not be in the past")
    .optional(),
});

/** `POST /api/vouchers` `{amount (CHF), validUntil?}` — issue a voucher (staff tools; bearer token). */
export async function action({ request }: ActionFunctionArgs) {
  requireAdminToken(request);
  const parsed = CreateVoucher.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: parsed.error.issues.map((i) => i.message).join("; ") }, { status: 400 });
  // Whole Rappen, CHF 0.05 to 10,000: 0.001 used to reach the database as 0 Rappen and fail there.
  const amount = voucherAmountRappen(parsed.data.amount);
  if (!amount.ok) return Response.json({ error: amount.message }, { status: 400 });
  const voucher = await createVoucher(await getDb(), { amountRappen: amount.rappen, validUntil: parsed.data.validUntil });
  return Response.json(voucherSummary(voucher), { status: 201 });
}
