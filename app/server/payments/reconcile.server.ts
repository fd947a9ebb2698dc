import { and, eq, inArray, or, sql } from "drizzle-orm";
import { paymentOutcome } from "~/domain/payment-status";
import { sweepExpiredHolds } from "../booking/bookings.server";
import type { Db } from "../platform/db.server";
import { payments, reservations } from "../platform/schema";
import { confirmPayment, getPaymentProvider } from "./payments.server";
import { reconcileRefunds, type RefundReconcileReport } from "./refunds.server";
import { ProviderError, type PaymentProvider } from "./providers/provider.server";
import { log, oneLineError } from "../platform/log.server";

/**
 * Reconciliation: webhooks get lost (a crash between the provider's settlement and our webhook
 * handler, a deploy, the network) and a family may never come back to the return page. So every
 * payment still `pending` here is asked about at the provider and settled through the same
 * exactly-once `confirmPayment` as the webhook — confirmed if its table is still free, else refunded
 * with a refund e-mail. Several server processes may run this at once: rows are claimed with
 * `FOR UPDATE SKIP LOCKED` and stamped, so two processes do not ask about the same payment at the
 * same moment (and `confirmPayment` stays exactly-once even if they did).
 *
 * A payment given up here (the family came back through the cancel or error URL: `abandonPayment`)
 * may still be completed at the provider — TWINT finished in the app, a cancel the provider did not
 * take. The webhook normally brings that money in; in case it is lost, recently given-up payments
 * are asked about too, and settled the same way (confirmed if the table is still free, else refunded).
 */
export const RECONCILE_POLICY = {
  /** How often the server runs the job (and the hold sweep right after it). */
  intervalMs: 30_000,
  /** A hold ending within this is asked about now, so the family's payment is seen before expiry. */
  holdLeadMs: 2 * 60_000,
  /** Younger payments are left to the return page and the webhook (the family is still paying). */
  minAgeMs: 60_000,
  /** Between two periodic questions about one payment: a tenth of its age, within these bounds. */
  minGapMs: 60_000,
  maxGapMs: 60 * 60_000,
  /** Payments older than this are no longer asked about (Datatrans ends an unused one after 30 minutes). */
  maxAgeMs: 7 * 24 * 60 * 60_000,
  /**
   * Given-up payments are asked about while the provider could still complete them: Datatrans ends
   * a transaction not completed within 30 minutes of its start. First a minute after being given up
   * (the family's own return just asked), then every few minutes.
   */
  givenUpWindowMs: 30 * 60_000,
  givenUpGapMs: 5 * 60_000,
  /** A hold whose payment could not be asked about stays at most this long past its expiry. */
  expiryGraceMs: 5 * 60_000,
  /** Claimed per round; a round repeats while it found a full batch. */
  batch: 50,
} as const;

type Mode =
  /** Periodic: payments whose turn has come (growing gaps), and holds about to end or just ended. */
  | "due"
  /** After a restart: every pending payment, whatever its age, once. */
  | "all";

/** Claims the pending payments to ask about now and stamps them, in one short transaction. */
async function claim(db: Db, mode: Mode, now: Date): Promise<string[]> {
  const policy = RECONCILE_POLICY;
  const nowIso = now.toISOString();
  const at = sql`${nowIso}::timestamptz`;
  const ms = (n: number) => sql`(${n} * interval '1 millisecond')`;
  const youngEnough = sql`${payments.createdAt} > ${at} - ${ms(policy.maxAgeMs)}`;
  // A hold about to end, asked once in the lead window and once more after it ended (just before
  // the sweep would give its table away).
  const holdEnding = sql`(${reservations.status} = 'held' and ${reservations.holdExpiresAt} <= ${at} + ${ms(policy.holdLeadMs)} and (
      ${payments.reconciledAt} is null
      or ${payments.reconciledAt} < ${reservations.holdExpiresAt} - ${ms(policy.holdLeadMs)}
      or (${reservations.holdExpiresAt} <= ${at} and ${payments.reconciledAt} < ${reservations.holdExpiresAt})))`;
  const gap = sql`greatest(${ms(policy.minGapMs)}, least(${ms(policy.maxGapMs)}, (${at} - ${payments.createdAt}) / 10))`;
  const periodic = sql`(${payments.createdAt} <= ${at} - ${ms(policy.minAgeMs)} and (${payments.reconciledAt} is null or ${payments.reconciledAt} <= ${at} - ${gap}))`;
  // Even "all" skips a payment another process claimed seconds ago.
  const notJustClaimed = sql`(${payments.reconciledAt} is null or ${payments.reconciledAt} < ${at} - interval '10 seconds')`;
  const which = mode === "all" ? notJustClaimed : sql`(${holdEnding} or ${periodic})`;
  // Given up here, not (yet) reported final by the provider itself, and still completable there.
  const givenUp = sql`(${payments.status} in ('cancelled', 'failed') and coalesce(${payments.providerStatus}, '') not in ('canceled', 'failed')
      and ${payments.createdAt} > ${at} - ${ms(policy.givenUpWindowMs)}
      and ${payments.updatedAt} <= ${at} - ${ms(policy.minGapMs)})`;
  const givenUpDue =
    mode === "all" ? notJustClaimed : sql`(${payments.reconciledAt} is null or ${payments.reconciledAt} <= ${at} - ${ms(policy.givenUpGapMs)})`;

  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: payments.id, transactionId: payments.transactionId })
      .from(payments)
      // Left: a gift voucher's payment has no booking (issue #31 §3) and is asked about the same way.
      .leftJoin(reservations, eq(reservations.id, payments.reservationId))
      .where(and(youngEnough, or(and(eq(payments.status, "pending"), which), and(givenUp, givenUpDue))))
      .orderBy(sql`coalesce(${reservations.holdExpiresAt}, ${payments.createdAt})`)
      .limit(policy.batch)
      .for("update", { of: payments, skipLocked: true });
    if (rows.length === 0) return [];
    await tx
      .update(payments)
      .set({ reconciledAt: now })
      .where(inArray(payments.id, rows.map((r) => r.id)));
    return rows.map((r) => r.transactionId);
  });
}

export type ReconcileReport = { asked: number; confirmed: number; failedToAsk: number; refunds?: RefundReconcileReport };

/** Asks the provider about every payment due (see `Mode`) and settles each through `confirmPayment`. */
export async function reconcilePayments(
  db: Db,
  options: { mode?: Mode; now?: Date; provider?: PaymentProvider } = {},
): Promise<ReconcileReport> {
  const mode = options.mode ?? "due";
  const report: ReconcileReport = { asked: 0, confirmed: 0, failedToAsk: 0 };
  for (;;) {
    const now = options.now ?? new Date();
    const claimed = await claim(db, mode, now);
    const failedBefore = report.failedToAsk;
    for (const transactionId of claimed) {
      report.asked++;
      try {
        const result = await confirmPayment(db, transactionId, { provider: options.provider, now: options.now });
        if (result.confirmedNow) report.confirmed++;
        await rememberFinalWord(db, result);
      } catch (error) {
        // The provider is down: unstamped, so the payment is asked again next round and its hold
        // is spared meanwhile (within the grace). An id the provider does not know keeps its stamp.
        report.failedToAsk++;
        if (!(error instanceof ProviderError && error.status === 404)) {
          await db.update(payments).set({ reconciledAt: null }).where(eq(payments.transactionId, transactionId));
        }
        log.warn({ transactionId, cause: oneLineError(error) }, "reconciling a payment failed");
      }
    }
    // A failed question is unstamped and would be claimed again at once: the next round retries it.
    if (claimed.length < RECONCILE_POLICY.batch || report.failedToAsk > failedBefore) break;
  }
  // Then the refunds in flight (written, sent, no answer recorded: a crash, a timeout), the same way.
  try {
    report.refunds = await reconcileRefunds(db, options.provider ?? getPaymentProvider(), { mode, now: options.now });
  } catch (error) {
    log.warn({ cause: oneLineError(error) }, "reconciling refunds failed");
  }
  return report;
}

/**
 * A given-up payment the provider now calls cancelled or failed can no longer bring money: its
 * provider status is kept, so it is not asked about again.
 */
async function rememberFinalWord(db: Db, result: Awaited<ReturnType<typeof confirmPayment>>) {
  const { payment, providerStatus } = result;
  if (!payment || !providerStatus || providerStatus === payment.providerStatus) return;
  if (payment.status !== "cancelled" && payment.status !== "failed") return;
  const outcome = paymentOutcome(providerStatus);
  if (outcome !== "cancelled" && outcome !== "failed") return;
  await db
    .update(payments)
    .set({ providerStatus })
    .where(and(eq(payments.id, payment.id), eq(payments.status, payment.status)));
}

/**
 * Holds the sweep must not expire yet: a pending payment not asked about since the hold ended (the
 * money may already be at the provider). Bounded by `expiryGraceMs`, so a provider that cannot be
 * reached does not keep a table forever; money arriving later is still confirmed or refunded.
 */
function unaskedPendingPayment(now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`(${reservations.holdExpiresAt} > ${at} - (${RECONCILE_POLICY.expiryGraceMs} * interval '1 millisecond') and exists (
    select 1 from ${payments} where ${payments.reservationId} = ${reservations.id} and ${payments.status} = 'pending'
      and (${payments.reconciledAt} is null or ${payments.reconciledAt} < ${reservations.holdExpiresAt})))`;
}

/** One round of the background job: ask the provider first, then give expired holds back. */
export async function reconcileThenSweep(db: Db, options: { now?: Date; provider?: PaymentProvider } = {}) {
  const report = await reconcilePayments(db, { ...options, mode: "due" });
  const now = options.now ?? new Date();
  const expired = await sweepExpiredHolds(db, now, unaskedPendingPayment(now));
  return { ...report, expired };
}
