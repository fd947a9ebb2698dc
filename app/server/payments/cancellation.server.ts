import { eq, inArray } from "drizzle-orm";
import { transactionWithRetry } from "../platform/retry.server";
import { lockPayments, openRefund, performRefunds, refundableRappen, type Refund } from "./refunds.server";
import type { Reservation } from "../booking/bookings.server";
import type { AuditActor } from "../booking/reschedule.server";
import { reservationsChanged } from "../booking/availability.server";
import type { Db } from "../platform/db.server";
import { auditLog, payments, reservations } from "../platform/schema";
import { enqueueCancellationMail, kickMailer } from "../mail/mail.server";
import { getPaymentProvider, type Payment } from "./payments.server";
import { creditVoucher } from "../vouchers/vouchers.server";

import { CUSTOMER_ACTOR, supersedePendingChanges } from "../booking/reschedule.server";
export { CUSTOMER_ACTOR, type AuditActor };

/**
 * refunded: the provider paid it back; pending: written and sent, the provider's answer still
 * missing ("in Bearbeitung", repeated by the reconciliation with the same key); manual: the
 * provider refused (staff refund by hand).
 */
export type RefundOutcome = "none" | "refunded" | "released" | "manual" | "pending";

export type CancelOutcome =
  | { kind: "missing" }
  | { kind: "already"; r: Reservation }
  | { kind: "expired"; r: Reservation }
  | { kind: "refused"; r: Reservation; message: string }
  | { kind: "cancelled"; r: Reservation; refund: RefundOutcome; refundRappen: number; voucherCreditedRappen: number };

export type CancelInput = {
  /** The booking, by code (staff) or by id (the manage link). */
  where: { code: string } | { id: number };
  reason: string | null;
  actor: AuditActor;
  /** Give the voucher part back at once (AGB §5; the family's own cancellation). Staff do it on request. */
  creditVoucher: boolean;
  /** Checked under the row lock: a message refuses the cancellation (e.g. the 48-hour rule). */
  guard?: (r: Reservation) => string | null;
};

/**
 * Cancels a booking in one transaction: the row is locked, so of two racing cancellations (double
 * submit, family and staff at once) exactly one finds it active; status, reason, who and when, the
 * audit row, the voucher credit and the family's cancellation e-mail commit together, and the table
 * is free the moment it commits. Money moves after commit: a settled payment is refunded through
 * the provider (a refusal leaves it `refund_pending` for staff, with an audit row), an open one is
 * released.
 */
export async function cancelBooking(db: Db, input: CancelInput, now: Date = new Date()): Promise<CancelOutcome> {
  // Lock order (docs/architecture.md "Money: lock order"): the booking row, its change rows, then
  // its payments in id order, then the voucher; retried on a deadlock all the same.
  const outcome = await transactionWithRetry(db, async (tx) => {
    const match = "code" in input.where ? eq(reservations.code, input.where.code) : eq(reservations.id, input.where.id);
    const [r] = await tx.select().from(reservations).where(match).for("update");
    if (!r) return { kind: "missing" as const };
    if (r.status === "cancelled") return { kind: "already" as const, r };
    if (r.status === "expired") return { kind: "expired" as const, r };
    const refusal = input.guard?.(r) ?? null;
    if (refusal) return { kind: "refused" as const, r, message: refusal };
    const [cancelled] = await tx
      .update(reservations)
      .set({ status: "cancelled", cancelledAt: now, cancelReason: input.reason, cancelledBy: input.actor.staffId, holdExpiresAt: null, updatedAt: now })
      .where(eq(reservations.id, r.id))
      .returning();
    // A change still waiting for its payment gives its slot back too; its payment is released below.
    const waiting = await supersedePendingChanges(tx, r.id, now);
    const ids = await tx.select({ id: payments.id }).from(payments).where(inArray(payments.reservationId, [r.id, ...waiting]));
    const open = await lockPayments(tx, ids.map((p) => p.id));
    // Usually one payment; a booking whose higher price was paid after a change has two.
    const settled = open.filter((p) => p.status === "settled" && p.reservationId === r.id);
    const pending = open.filter((p) => p.status === "pending");
    // What goes back: what is left of each payment after every refund made or still in flight (a
    // lower price a moment ago may be crediting part of it right now), written before any call.
    const refundRows: Refund[] = [];
    for (const p of settled) {
      const row = await openRefund(tx, p, { amountRappen: await refundableRappen(tx, p), reason: "cancel" }, now);
      if (row) refundRows.push(row);
    }
    if (settled.length > 0) {
      await tx.update(payments).set({ status: "refund_pending", updatedAt: now }).where(inArray(payments.id, settled.map((p) => p.id)));
      await tx.update(reservations).set({ paymentStatus: "refund_pending" }).where(eq(reservations.id, r.id));
    }
    for (const p of pending) {
      await tx.update(payments).set({ status: "cancelled", updatedAt: now }).where(eq(payments.id, p.id));
    }
    const refundRappen = refundRows.reduce((sum, row) => sum + row.amountRappen, 0);
    let voucherCreditedRappen = 0;
    if (input.creditVoucher && r.voucherId !== null && r.discountRappen > 0) {
      // The unique index voucher_ledger_cancel_credit_once keeps this to one credit per booking.
      await creditVoucher(tx, { voucherId: r.voucherId, reservationId: r.id, amountRappen: r.discountRappen, kind: "cancel-credit" });
      voucherCreditedRappen = r.discountRappen;
    }
    await tx.insert(auditLog).values({
      staffId: input.actor.staffId,
      actor: input.actor.label,
      action: "cancel",
      reservationId: r.id,
      details: {
        reason: input.reason,
        before: { status: r.status, paymentStatus: r.paymentStatus, holdExpiresAt: r.holdExpiresAt?.toISOString() ?? null },
        after: { status: "cancelled", paymentStatus: settled ? "refund_pending" : r.paymentStatus, holdExpiresAt: null },
        voucherCreditedRappen,
      },
    });
    if (r.status === "confirmed") await enqueueCancellationMail(tx, cancelled!, input.reason, refundRappen);
    return { kind: "cancelled" as const, r: cancelled!, settled, pending, refundRows, refundRappen, voucherCreditedRappen };
  });

  if (outcome.kind !== "cancelled") return outcome;
  reservationsChanged(db);
  kickMailer();
  const refundOutcome = await settleMoney(db, outcome.settled, outcome.pending, outcome.refundRows, now);
  return {
    kind: "cancelled",
    r: outcome.r,
    refund: refundOutcome,
    refundRappen: outcome.refundRappen,
    voucherCreditedRappen: outcome.voucherCreditedRappen,
  };
}

async function settleMoney(db: Db, settled: Payment[], pending: Payment[], refundRows: Refund[], now: Date): Promise<RefundOutcome> {
  const provider = getPaymentProvider();
  for (const p of pending) {
    // An open payment page or an authorization: release it so nothing is charged later.
    await provider.cancel(p.transactionId, p.refno).catch(() => undefined);
  }
  if (settled.length === 0) return pending.length > 0 ? "released" : "none";
  // Refused refunds are recorded (refund-manual audit row, the desk's worklist) by performRefund.
  const { result } = await performRefunds(db, provider, refundRows, now);
  return result === "refused" ? "manual" : result === "pending" ? "pending" : "refunded";
}

/**
 * The family cancels through its manage link (AGB §4): only while `allowed` holds under the row
 * lock (the 48-hour rule), the voucher part goes back at once (AGB §5), the payment is refunded.
 */
export async function cancelByFamily(
  db: Db,
  input: { reservationId: number; allowed: (r: Reservation) => boolean; closedMessage: string },
  now: Date = new Date(),
): Promise<CancelOutcome> {
  return cancelBooking(
    db,
    {
      where: { id: input.reservationId },
      reason: "Auf Ihren Wunsch online storniert",
      actor: CUSTOMER_ACTOR,
      creditVoucher: true,
      guard: (r) => (input.allowed(r) ? null : input.closedMessage),
    },
    now,
  );
}
