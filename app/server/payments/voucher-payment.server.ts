import { and, eq } from "drizzle-orm";
import { addMonths, venueNow } from "~/domain/time";
import type { Db, Tx } from "../platform/db.server";
import { transactionWithRetry } from "../platform/retry.server";
import { auditLog, payments, voucherOrders } from "../platform/schema";
import { enqueueVoucherSoldMail } from "../mail/mail.server";
import { createVoucher } from "../vouchers/vouchers.server";
import { voucherPdfOfOrder } from "../accounting/voucher-pdf.server";
import { openRefund, refundableRappen, type Payment, type Refund } from "./refunds.server";

/**
 * A gift voucher's payment settled (issue #31 §3), reached through the same exactly-once
 * `confirmPayment` as every payment (webhook, return page, status poll, reconciliation). In the lock
 * order of money: the order's row (it stands where a booking's row stands), then the payment's
 * conditional claim, then the new voucher. The voucher exists from this commit on and never before,
 * so it cannot be redeemed while its money is not in; an order already paid (the buyer paid in two
 * tabs) gets no second voucher: that payment goes back whole.
 */
export type VoucherSettleResult =
  | { kind: "lost" }
  | { kind: "confirmed"; payment: Payment }
  | { kind: "duplicate"; refund: Refund | null };

export async function settleVoucherPayment(db: Db, payment: Payment, providerStatus: string, now: Date): Promise<VoucherSettleResult> {
  return transactionWithRetry(db, (tx) => settleInTransaction(tx, payment, providerStatus, now));
}

async function settleInTransaction(tx: Tx, payment: Payment, providerStatus: string, now: Date): Promise<VoucherSettleResult> {
  const [order] = await tx.select().from(voucherOrders).where(eq(voucherOrders.id, payment.voucherOrderId!)).for("update");
  if (!order) throw new Error(`payment ${payment.transactionId} without voucher order`);
  const [won] = await tx
    .update(payments)
    .set({ status: "settled", providerStatus, updatedAt: now })
    .where(and(eq(payments.id, payment.id), eq(payments.status, payment.status)))
    .returning();
  if (!won) return { kind: "lost" };
  if (order.status === "paid") {
    const [pendingRefund] = await tx.update(payments).set({ status: "refund_pending", updatedAt: now }).where(eq(payments.id, won.id)).returning();
    await tx.insert(auditLog).values({
      actor: "system",
      action: "duplicate-payment",
      details: { voucherOrderId: order.id, transactionId: won.transactionId, amountRappen: won.amountRappen },
    });
    return { kind: "duplicate", refund: await openRefund(tx, pendingRefund!, { amountRappen: await refundableRappen(tx, pendingRefund!), reason: "duplicate" }, now) };
  }
  // Valid for the promised months from the day it is paid (venue time), as the order page said.
  const voucher = await createVoucher(tx, { amountRappen: order.amountRappen, validUntil: addMonths(venueNow(now).date, order.validityMonths) }, now);
  const [paid] = await tx
    .update(voucherOrders)
    .set({ status: "paid", voucherId: voucher.id, paidAt: now })
    .where(and(eq(voucherOrders.id, order.id), eq(voucherOrders.status, "open")))
    .returning();
  await tx.insert(auditLog).values({
    actor: "system",
    action: "voucher-sold",
    details: { voucherOrderId: order.id, voucherId: voucher.id, amountRappen: order.amountRappen, transactionId: won.transactionId },
  });
  await enqueueVoucherSoldMail(tx, paid!, voucher, await voucherPdfOfOrder(tx, order.id).then((file) => file!));
  return { kind: "confirmed", payment: won };
}
