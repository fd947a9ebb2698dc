import { eq, inArray } from "drizzle-orm";
import { transactionWithRetry } from "../platform/retry.server";
import { lockPayments, openRefund, performRefunds, refundableRappen, type Refund } from "./refunds.server";
import type { Reservation } from "../booking/bookings.server";
import type { AuditActor } from "../booking/reschedule.server";
import { reservationsChanged } from "../booking/availability.server";
import type { Db } from "../platform/db.server";
import type { Executor } from "../platform/db-types";
import { auditLog, payments, reservations } from "../platform/schema";
import { enqueueCancellationMail, kickMailer } from "../mail/mail.server";
import { getPaymentProvider, type Payment } from "./payments.server";
import { creditVoucher } from "../vouchers/vouchers.server";
import { closureNoticeOpen } from "~/domain/self-service";
import { cancellationSplit, type CancellationMoney, type CancellationSplit, type RefundChoice } from "~/domain/cancellation-terms";

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
  /** The amounts the staff member saw in the preview are no longer the booking's: nothing changed. */
  | { kind: "changed"; r: Reservation }
  | { kind: "cancelled"; r: Reservation; refund: RefundOutcome; refundRappen: number; voucherCreditedRappen: number; keptRappen: number };

export type CancelInput = {
  /** The booking, by code (staff) or by id (the manage link). */
  where: { code: string } | { id: number };
  reason: string | null;
  actor: AuditActor;
  /** Give the voucher part back at once (AGB §5; the family's own cancellation). Staff do it on request. */
  creditVoucher: boolean;
  /** Checked under the row lock: a message refuses the cancellation (e.g. the 48-hour rule). */
  guard?: (r: Reservation) => string | null;
  /**
   * What goes back (issue #29 §1): staff choose full, less the AGB's fee, or nothing; `expect` is the
   * split the preview showed, and a booking whose money changed since (a payment settled, a price
   * changed) is not cancelled but shown again. Absent: everything goes back (the family's own
   * cancellation inside the free period, the spec's JSON API).
   */
  terms?: { choice: RefundChoice; feePercent: number; expect?: CancellationSplit };
  /** Staff's internal note: kept in the audit row only, never sent to the family. */
  note?: string | null;
  /**
   * Decided under the row lock: the venue cancels (a closure the family was told about, issue #29
   * §3) — marked «von der Anlage abgesagt», with `venueReason` instead of `reason`.
   */
  byVenue?: (r: Reservation) => boolean;
  venueReason?: (r: Reservation) => string;
};

/** Thrown inside the transaction so that it rolls back: the preview's amounts no longer hold. */
class AmountsChanged extends Error {
  constructor(readonly r: Reservation) {
    super("cancellation amounts changed");
  }
}

/**
 * Cancels a booking in one transaction: the row is locked, so of two racing cancellations (double
 * submit, family and staff at once) exactly one finds it active; status, reason, who and when, the
 * audit row, the voucher credit and the family's cancellation e-mail commit together, and the table
 * is free the moment it commits. Money moves after commit: a settled payment is refunded through
 * the provider (a refusal leaves it `refund_pending` for staff, with an audit row), an open one is
 * released.
 */
export async function cancelBooking(db: Db, input: CancelInput, now: Date = new Date()): Promise<CancelOutcome> {
  try {
    return await cancelLocked(db, input, now);
  } catch (error) {
    if (error instanceof AmountsChanged) return { kind: "changed", r: error.r };
    throw error;
  }
}

/** What a booking holds now: what is left of its settled payments, and its voucher part. */
export async function cancellationMoney(tx: Executor, r: Reservation, settled: Payment[]): Promise<CancellationMoney> {
  let onlineRappen = 0;
  for (const p of settled) onlineRappen += await refundableRappen(tx, p);
  return { onlineRappen, voucherRappen: r.voucherId !== null && r.discountRappen > 0 ? r.discountRappen : 0 };
}

function sameSplit(a: CancellationSplit, b: CancellationSplit): boolean {
  return a.refundRappen === b.refundRappen && a.voucherCreditRappen === b.voucherCreditRappen && a.keptRappen === b.keptRappen;
}

async function cancelLocked(db: Db, input: CancelInput, now: Date): Promise<CancelOutcome> {
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
    const byVenue = input.byVenue?.(r) ?? false;
    const reason = byVenue && input.venueReason ? input.venueReason(r) : input.reason;
    const [cancelled] = await tx
      .update(reservations)
      .set({ status: "cancelled", cancelledAt: now, cancelReason: reason, cancelledBy: input.actor.staffId, holdExpiresAt: null, venueCancelled: byVenue ? 1 : 0, updatedAt: now })
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
    // lower price a moment ago may be crediting part of it right now), less the fee staff chose to
    // keep; written before any call.
    const money = await cancellationMoney(tx, r, settled);
    const split = cancellationSplit(money, input.terms?.choice ?? "full", input.terms?.feePercent ?? 0);
    if (input.terms?.expect && !sameSplit(split, input.terms.expect)) throw new AmountsChanged(r);
    const refundRows: Refund[] = [];
    let toRefund = split.refundRappen;
    for (const p of settled) {
      const amount = Math.min(toRefund, await refundableRappen(tx, p));
      const row = await openRefund(tx, p, { amountRappen: amount, reason: "cancel" }, now);
      if (row) refundRows.push(row);
      toRefund -= amount;
    }
    const refunding = settled.filter((p) => refundRows.some((row) => row.paymentId === p.id));
    if (refunding.length > 0) {
      await tx.update(payments).set({ status: "refund_pending", updatedAt: now }).where(inArray(payments.id, refunding.map((p) => p.id)));
      await tx.update(reservations).set({ paymentStatus: "refund_pending" }).where(eq(reservations.id, r.id));
    }
    for (const p of pending) {
      await tx.update(payments).set({ status: "cancelled", updatedAt: now }).where(eq(payments.id, p.id));
    }
    const refundRappen = refundRows.reduce((sum, row) => sum + row.amountRappen, 0);
    let voucherCreditedRappen = 0;
    if (input.creditVoucher && r.voucherId !== null && split.voucherCreditRappen > 0) {
      // The unique index voucher_ledger_cancel_credit_once keeps this to one credit per booking.
      await creditVoucher(tx, { voucherId: r.voucherId, reservationId: r.id, amountRappen: split.voucherCreditRappen, kind: "cancel-credit" });
      voucherCreditedRappen = split.voucherCreditRappen;
    }
    await tx.insert(auditLog).values({
      staffId: input.actor.staffId,
      actor: input.actor.label,
      action: "cancel",
      reservationId: r.id,
      details: {
        reason,
        ...(byVenue ? { byVenue: true } : {}),
        ...(input.note ? { note: input.note } : {}),
        refundChoice: input.terms?.choice ?? "full",
        keptRappen: split.keptRappen,
        before: { status: r.status, paymentStatus: r.paymentStatus, holdExpiresAt: r.holdExpiresAt?.toISOString() ?? null },
        after: { status: "cancelled", paymentStatus: refunding.length > 0 ? "refund_pending" : r.paymentStatus, holdExpiresAt: null },
        voucherCreditedRappen,
      },
    });
    if (r.status === "confirmed") {
      await enqueueCancellationMail(tx, cancelled!, reason, { refundRappen, voucherCreditRappen: voucherCreditedRappen, keptRappen: split.keptRappen });
    }
    return { kind: "cancelled" as const, r: cancelled!, settled: refunding, pending, refundRows, refundRappen, voucherCreditedRappen, keptRappen: split.keptRappen };
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
    keptRappen: outcome.keptRappen,
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
      // After a closure notice the family only answers the venue's cancellation (issue #29 §3).
      byVenue: (r) => closureNoticeOpen(r),
      // A notice without a closure was about changed opening hours.
      venueReason: (r) => `Von der Anlage abgesagt (${r.closureNoticeId === null ? "geänderte Öffnungszeiten" : "Schliessung"})`,
    },
    now,
  );
}
