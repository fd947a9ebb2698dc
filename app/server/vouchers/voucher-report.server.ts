import type { Executor } from "../platform/db.server";
import { findVoucher, voucherLedgerOf, type Voucher } from "./vouchers.server";

export type VoucherReport = {
  code: string;
  initialValue: number;
  remainingValue: number;
  validUntil: string;
  blocked: boolean;
  createdAt: string;
  ledger: { amount: number; kind: string; reservationId: number | null; at: string }[];
};

export function voucherSummary(v: Voucher) {
  return {
    code: v.code,
    initialValue: v.initialRappen / 100,
    remainingValue: v.remainingRappen / 100,
    validUntil: v.validUntil,
    blocked: v.blockedAt !== null,
    createdAt: v.createdAt.toISOString(),
  };
}

export async function voucherReport(db: Executor, code: string): Promise<VoucherReport | null> {
  const voucher = await findVoucher(db, code);
  if (!voucher) return null;
  const ledger = await voucherLedgerOf(db, voucher.id);
  return {
    ...voucherSummary(voucher),
    ledger: ledger.map((l) => ({ amount: l.amountRappen / 100, kind: l.kind, reservationId: l.reservationId, at: l.createdAt.toISOString() })),
  };
}
