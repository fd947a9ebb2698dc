import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { paymentOutcome } from "~/domain/payment-status";
import type { Db, Executor, Tx } from "../platform/db.server";
import { transactionWithRetry } from "../platform/retry.server";
import { auditLog, payments, refunds, reservations, voucherOrders } from "../platform/schema";
import { isProviderRefusal, type PaymentProvider } from "./providers/provider.server";

/**
 * Refunds that survive a crash and a race (issue #27 §4). A refund is a `refunds` row written — and
 * committed — before the provider is called, under the lock of its payment's row (after its
 * booking's: docs/architecture.md "Money: lock order"), with what is left counted against every
 * refund of that payment already made or still in flight. Every attempt sends the row's own
 * Idempotency-Key, so a retry or the reconciliation after a restart repeats the one request, and
 * the provider answers it with the first credit instead of paying twice.
 */
export type Refund = typeof refunds.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type RefundReason = "cancel" | "change" | "late" | "duplicate" | "unmatched";
/** refunded: the provider paid it; refused: the provider said no (staff refund by hand); pending: no answer yet (retried). */
export type RefundResult = "refunded" | "refused" | "pending";

export const REFUND_POLICY = {
  /** A refund attempted this recently may still be in a process's hands: the periodic round leaves it. */
  inFlightMs: 30_000,
  /**
   * Datatrans keeps an Idempotency-Key 60 minutes: past this, a repeat could refund twice, so a
   * refund still without an answer goes to staff as `unknown` (check the provider's back office).
   */
  keyLifetimeMs: 55 * 60_000,
  batch: 50,
} as const;

/**
 * Locks payments in id order (their booking rows must already be locked by the caller, see the lock
 * order) and returns them.
 */
export async function lockPayments(tx: Tx, ids: number[]): Promise<Payment[]> {
  if (ids.length === 0) return [];
  return tx.select().from(payments).where(inArray(payments.id, ids)).orderBy(asc(payments.id)).for("update");
}

/**
 * What of a payment may still be refunded: its amount less what was refunded, what is owed to staff
 * (refused), and every refund in flight. Read under the payment's row lock.
 */
export async function refundableRappen(tx: Executor, payment: Payment): Promise<number> {
  const [row] = await tx
    .select({ inFlight: sql<number>`coalesce(sum(${refunds.amountRappen}), 0)`.mapWith(Number) })
    .from(refunds)
    .where(and(eq(refunds.paymentId, payment.id), inArray(refunds.status, ["pending", "unknown"])));
  return Math.max(0, payment.amountRappen - payment.refundedRappen - payment.refundDueRappen - payment.voucherCreditedRappen - (row?.inFlight ?? 0));
}

/** Writes a refund in the caller's transaction (the payment's row locked); the provider is called after commit. */
export async function openRefund(tx: Tx, payment: Payment, input: { amountRappen: number; currency?: string; reason: RefundReason }, now: Date): Promise<Refund | null> {
  if (input.amountRappen <= 0) return null;
  const [row] = await tx
    .insert(refunds)
    .values({
      paymentId: payment.id,
      amountRappen: input.amountRappen,
      currency: input.currency ?? payment.currency,
      reason: input.reason,
      idempotencyKey: randomUUID(),
      status: "pending",
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

/** The refunds of a payment (the staff desk). */
export async function refundsOf(db: Executor, paymentIds: number[]): Promise<Refund[]> {
  if (paymentIds.length === 0) return [];
  return db.select().from(refunds).where(inArray(refunds.paymentId, paymentIds)).orderBy(asc(refunds.id));
}

function shortMessage(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 300);
}

/**
 * Calls the provider for one written refund, with its stored key, and records the answer. Safe to
 * run twice (two processes, a retry): the same key gets the same answer, and recording is
 * conditional on the row still being open. `verify`: the reconciliation also asks the credit's own
 * status (`GET /v1/transactions/{id}`) before recording it.
 */
export async function performRefund(
  db: Db,
  provider: PaymentProvider,
  refundId: number,
  options: { now?: Date; verify?: boolean } = {},
): Promise<RefundResult> {
  const now = options.now ?? new Date();
  const [refund] = await db
    .update(refunds)
    .set({ attempts: sql`${refunds.attempts} + 1`, attemptedAt: now, updatedAt: now })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, "pending")))
    .returning();
  if (!refund) return resultOf(db, refundId);
  const [payment] = await db.select().from(payments).where(eq(payments.id, refund.paymentId));
  if (!payment) throw new Error(`refund ${refundId} without payment`);
  try {
    const credit = await provider.credit(
      payment.transactionId,
      { amountRappen: refund.amountRappen, currency: refund.currency, refno: payment.refno },
      { idempotencyKey: refund.idempotencyKey },
    );
    if (options.verify) {
      const info = await provider.getTransaction(credit.transactionId);
      const outcome = paymentOutcome(info.status);
      if (outcome === "failed" || outcome === "cancelled") {
        await recordRefused(db, refund, payment, `credit ${credit.transactionId} is ${info.status}`, now);
        return "refused";
      }
      if (outcome !== "paid") {
        await db.update(refunds).set({ creditTransactionId: credit.transactionId, updatedAt: now }).where(eq(refunds.id, refund.id));
        return "pending";
      }
    }
    await recordRefunded(db, refund, payment, credit.transactionId, now);
    return "refunded";
  } catch (error) {
    if (isProviderRefusal(error)) {
      console.error(`Refund of ${refund.amountRappen} on ${payment.transactionId} (${payment.refno}) refused by the provider, manual refund needed: ${shortMessage(error)}`);
      await recordRefused(db, refund, payment, shortMessage(error), now);
      return "refused";
    }
    // No answer (network, timeout, 5xx, a concurrent repeat): the provider may have paid it. It
    // stays pending — "in Bearbeitung" — and the reconciliation repeats it with the same key.
    await db.update(refunds).set({ lastError: shortMessage(error), updatedAt: now }).where(eq(refunds.id, refund.id));
    console.warn(`Refund of ${refund.amountRappen} on ${payment.transactionId} (${payment.refno}) got no answer, retried by reconciliation: ${shortMessage(error)}`);
    return "pending";
  }
}

async function resultOf(db: Db, refundId: number): Promise<RefundResult> {
  const [row] = await db.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, refundId));
  return row?.status === "succeeded" ? "refunded" : row?.status === "refused" ? "refused" : "pending";
}

/** Runs every given refund, one after the other; the combined answer for the family and staff. */
export async function performRefunds(db: Db, provider: PaymentProvider, rows: Refund[], now?: Date): Promise<{ result: RefundResult | "none"; refundedRappen: number }> {
  const results: RefundResult[] = [];
  let refundedRappen = 0;
  for (const row of rows) {
    const one = await performRefund(db, provider, row.id, { now });
    if (one === "refunded") refundedRappen += row.amountRappen;
    results.push(one);
  }
  const result = results.includes("refused") ? "refused" : results.includes("pending") ? "pending" : results.length > 0 ? "refunded" : "none";
  return { result, refundedRappen };
}

/**
 * The payment's owner row — its booking, or a gift voucher's order (issue #31 §3) — first: the
 * first step of the lock order (docs/architecture.md), whatever the payment pays.
 */
export async function lockPaymentOwner(tx: Tx, payment: Pick<Payment, "reservationId" | "voucherOrderId">): Promise<{ paymentStatus: string } | null> {
  if (payment.reservationId !== null) {
    const [booking] = await tx.select({ paymentStatus: reservations.paymentStatus }).from(reservations).where(eq(reservations.id, payment.reservationId)).for("update");
    return booking ?? null;
  }
  if (payment.voucherOrderId !== null) {
    const [order] = await tx.select({ paymentStatus: voucherOrders.status }).from(voucherOrders).where(eq(voucherOrders.id, payment.voucherOrderId)).for("update");
    return order ?? null;
  }
  return null;
}

/** Owner row (booking or order), then payment row (the lock order), then the refund, conditionally. */
async function lockForRecording(tx: Tx, payment: Payment) {
  const owner = await lockPaymentOwner(tx, payment);
  const [locked] = await lockPayments(tx, [payment.id]);
  return Object.assign(locked!, { bookingPaymentStatus: payment.reservationId === null ? null : (owner?.paymentStatus ?? null) });
}

async function otherRefundInFlight(tx: Tx, paymentId: number, refundId: number): Promise<boolean> {
  const [other] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), inArray(refunds.status, ["pending", "unknown"]), sql`${refunds.id} <> ${refundId}`));
  return other !== undefined;
}

async function recordRefunded(db: Db, refund: Refund, payment: Payment, creditTransactionId: string, now: Date) {
  await transactionWithRetry(db, async (tx) => {
    const locked = await lockForRecording(tx, payment);
    const [done] = await tx
      .update(refunds)
      .set({ status: "succeeded", creditTransactionId, lastError: null, updatedAt: now })
      .where(and(eq(refunds.id, refund.id), inArray(refunds.status, ["pending", "unknown"])))
      .returning();
    if (!done) return;
    // Owed by hand or given back as a voucher (a staff correction): not refundable here.
    const elsewhere = locked.refundDueRappen + locked.voucherCreditedRappen;
    const refundedRappen = Math.min(locked.amountRappen - elsewhere, locked.refundedRappen + refund.amountRappen);
    // Fully back (or all of what an unmatched payment took): the payment is refunded.
    const full = refundedRappen + elsewhere >= locked.amountRappen || refund.reason === "unmatched";
    // A cancellation that kept the AGB's fee (issue #29 §1) is done once its own refund is: the
    // rest stays with the venue, and the payment leaves the worklist of refunds still owed.
    const feeKept = refund.reason === "cancel" && locked.status === "refund_pending" && !(await otherRefundInFlight(tx, locked.id, refund.id));
    const paymentStatus = (full || feeKept) && (locked.status === "refund_pending" || locked.status === "settled") ? "refunded" : locked.status;
    await tx
      .update(payments)
      .set({ refundedRappen: full && paymentStatus === "refunded" ? locked.amountRappen - elsewhere : refundedRappen, refundTransactionId: creditTransactionId, status: paymentStatus, updatedAt: now })
      .where(eq(payments.id, locked.id));
    let bookingAfter: string | null = locked.bookingPaymentStatus;
    if (paymentStatus === "refunded" && refund.reason !== "duplicate" && refund.reason !== "change" && locked.reservationId !== null) {
      // The booking's money is back once none of its payments waits for a refund any more.
      const [open] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.reservationId, locked.reservationId), eq(payments.status, "refund_pending")));
      if (!open) {
        await tx.update(reservations).set({ paymentStatus: "refunded", updatedAt: now }).where(eq(reservations.id, locked.reservationId));
        bookingAfter = "refunded";
      }
    }
    await tx.insert(auditLog).values({
      actor: "system",
      action: "refund",
      reservationId: locked.reservationId,
      details: {
        transactionId: locked.transactionId,
        ...(locked.voucherOrderId !== null ? { voucherOrderId: locked.voucherOrderId } : {}),
        refundTransactionId: creditTransactionId,
        amountRappen: refund.amountRappen,
        reason: refund.reason,
        before: { payment: locked.status, booking: locked.bookingPaymentStatus },
        after: { payment: paymentStatus, booking: bookingAfter },
      },
    });
  });
}

async function recordRefused(db: Db, refund: Refund, payment: Payment, message: string, now: Date) {
  await transactionWithRetry(db, async (tx) => {
    const locked = await lockForRecording(tx, payment);
    const [done] = await tx
      .update(refunds)
      .set({ status: "refused", lastError: message, updatedAt: now })
      .where(and(eq(refunds.id, refund.id), inArray(refunds.status, ["pending", "unknown"])))
      .returning();
    if (!done) return;
    // A partial refund of a payment that stays paid is owed by hand (the desk's worklist); a
    // payment waiting for its full refund is on the worklist already (`refund_pending`).
    if (locked.status === "settled") {
      const owed = Math.min(refund.amountRappen, locked.amountRappen - locked.refundedRappen - locked.refundDueRappen - locked.voucherCreditedRappen);
      if (owed > 0) await tx.update(payments).set({ refundDueRappen: locked.refundDueRappen + owed, updatedAt: now }).where(eq(payments.id, locked.id));
    }
    await tx.insert(auditLog).values({
      actor: "system",
      action: "refund-manual",
      reservationId: locked.reservationId,
      details: { transactionId: locked.transactionId, voucherOrderId: locked.voucherOrderId, amountRappen: refund.amountRappen, reason: refund.reason, providerAnswer: message },
    });
  });
}

async function recordUnknown(db: Db, refund: Refund, now: Date) {
  await transactionWithRetry(db, async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, refund.paymentId));
    const locked = await lockForRecording(tx, payment!);
    const [done] = await tx
      .update(refunds)
      .set({ status: "unknown", updatedAt: now })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, "pending")))
      .returning();
    if (!done) return;
    await tx.insert(auditLog).values({
      actor: "system",
      action: "refund-unknown",
      reservationId: locked.reservationId,
      details: { transactionId: locked.transactionId, voucherOrderId: locked.voucherOrderId, amountRappen: refund.amountRappen, reason: refund.reason, lastError: refund.lastError },
    });
  });
}

export type RefundReconcileReport = { asked: number; refunded: number; refused: number; pending: number; unknown: number };

/**
 * Reconciliation of refunds in flight, as for payments: after a restart (`all`) every refund without
 * an answer, periodically (`due`) those no process attempted in the last 30 seconds, are repeated at
 * the provider with their stored key — Datatrans answers a repeat with the first credit, and the
 * credit's own status is asked before it is recorded. Claimed with SKIP LOCKED and stamped, so two
 * processes do not repeat one refund at the same moment (and recording stays exactly-once anyway).
 */
export async function reconcileRefunds(
  db: Db,
  provider: PaymentProvider,
  options: { mode?: "due" | "all"; now?: Date } = {},
): Promise<RefundReconcileReport> {
  const now = options.now ?? new Date();
  const report: RefundReconcileReport = { asked: 0, refunded: 0, refused: 0, pending: 0, unknown: 0 };
  const idle = new Date(now.getTime() - (options.mode === "all" ? 0 : REFUND_POLICY.inFlightMs));
  const claimed = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(refunds)
      // Periodically, a refund just written is left to the process that wrote it (it is calling now).
      .where(
        and(
          eq(refunds.status, "pending"),
          options.mode === "all" ? undefined : and(lt(refunds.createdAt, idle), or(isNull(refunds.attemptedAt), lt(refunds.attemptedAt, idle))),
        ),
      )
      .orderBy(asc(refunds.id))
      .limit(REFUND_POLICY.batch)
      .for("update", { skipLocked: true });
    if (rows.length > 0) await tx.update(refunds).set({ attemptedAt: now }).where(inArray(refunds.id, rows.map((r) => r.id)));
    return rows;
  });
  for (const row of claimed) {
    if (row.attempts > 0 && row.createdAt.getTime() < now.getTime() - REFUND_POLICY.keyLifetimeMs) {
      console.warn(`Refund ${row.id} of ${row.amountRappen} got no answer while its idempotency key lasted: staff must check the provider`);
      await recordUnknown(db, row, now);
      report.unknown++;
      continue;
    }
    report.asked++;
    const result = await performRefund(db, provider, row.id, { now, verify: true });
    report[result === "refunded" ? "refunded" : result === "refused" ? "refused" : "pending"]++;
  }
  return report;
}
