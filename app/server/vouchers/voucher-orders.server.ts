import { desc, eq, inArray } from "drizzle-orm";
import { voucherSaleSettings, type VoucherSaleSettings } from "~/domain/voucher-sale";
import type { Executor } from "../platform/db.server";
import { payments, venueSettings, voucherOrders, vouchers } from "../platform/schema";

/** Reading gift voucher orders and the sale's settings (issue #31 §3): the order flow and the staff page share these. */

export async function voucherSaleSettingsOf(db: Executor): Promise<VoucherSaleSettings> {
  const [row] = await db.select({ voucherSale: venueSettings.voucherSale }).from(venueSettings).where(eq(venueSettings.id, 1));
  return voucherSaleSettings(row?.voucherSale);
}

/** Staff: the latest orders with their voucher and the state of their newest payment. */
export async function recentVoucherOrders(db: Executor, limit = 100) {
  const rows = await db
    .select({ order: voucherOrders, code: vouchers.code, remainingRappen: vouchers.remainingRappen, validUntil: vouchers.validUntil })
    .from(voucherOrders)
    .leftJoin(vouchers, eq(vouchers.id, voucherOrders.voucherId))
    .orderBy(desc(voucherOrders.id))
    .limit(limit);
  const ids = rows.map((r) => r.order.id);
  const paymentRows = ids.length === 0 ? [] : await db.select({ orderId: payments.voucherOrderId, status: payments.status }).from(payments).where(inArray(payments.voucherOrderId, ids));
  return rows.map((r) => ({
    id: r.order.id,
    createdAt: r.order.createdAt.toISOString(),
    paidAt: r.order.paidAt?.toISOString() ?? null,
    amountRappen: r.order.amountRappen,
    buyerName: r.order.buyerName,
    buyerEmail: r.order.buyerEmail,
    recipientName: r.order.recipientName,
    status: r.order.status,
    code: r.code,
    remainingRappen: r.remainingRappen,
    validUntil: r.validUntil,
    payments: paymentRows.filter((p) => p.orderId === r.order.id).map((p) => p.status),
  }));
}
