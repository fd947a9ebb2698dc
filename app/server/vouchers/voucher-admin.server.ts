import { isIsoDate, venueNow } from "~/domain/time";
import { voucherAmountRappen } from "~/domain/voucher-amount";
import type { Db } from "../platform/db.server";
import { auditLog } from "../platform/schema";
import { voucherSummary, type VoucherReport } from "./voucher-report.server";
import { createVoucher } from "./vouchers.server";

/** Staff issue a voucher from the day overview: validated, recorded in the audit log. */
export async function issueVoucher(
  db: Db,
  input: { amount: FormDataEntryValue | null; validUntil: FormDataEntryValue | null },
  staff: { id: number; email: string },
): Promise<{ ok: true; voucher: Omit<VoucherReport, "ledger"> } | { ok: false; message: string }> {
  const amount = voucherAmountRappen(input.amount);
  if (!amount.ok) return { ok: false, message: amount.message };
  const validUntil = typeof input.validUntil === "string" && input.validUntil !== "" ? input.validUntil : undefined;
  if (validUntil !== undefined && (!isIsoDate(validUntil) || validUntil < venueNow().date)) {
    return { ok: false, message: "Bitte geben Sie ein gültiges Datum in der Zukunft ein." };
  }
  const voucher = await createVoucher(db, { amountRappen: amount.rappen, validUntil });
  await db.insert(auditLog).values({
    staffId: staff.id,
    actor: `staff:${staff.email}`,
    action: "voucher-issue",
    details: { code: voucher.code, amountRappen: voucher.initialRappen, validUntil: voucher.validUntil },
  });
  return { ok: true, voucher: voucherSummary(voucher) };
}
