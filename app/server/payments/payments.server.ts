import { localePath, type Lang } from "~/i18n/locales";
import { payNowRappen } from "~/domain/deposit";
import { balanceDueRappen } from "~/domain/payment-link";
import { and, desc, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import { blockedRange, overlaps, pickTable } from "~/domain/availability";
import { paymentOutcome, toSpecStatus } from "~/domain/payment-status";
import { personCount } from "~/domain/pricing";
import { reservationsChanged, reservationsNotice, tableOccupations } from "../booking/availability.server";
import { lockDay, releaseHold, type Reservation } from "../booking/bookings.server";
import { locationOccupations } from "../booking/games.server";
import { completePendingChange } from "../booking/reschedule.server";
import { getDb, isConnectionLoss, type Db, type Tx } from "../platform/db.server";
import { log, oneLineError } from "../platform/log.server";
import { transactionWithRetry } from "../platform/retry.server";
import { lockPaymentOwner, openRefund, performRefund, refundableRappen, type Refund } from "./refunds.server";
import { auditLog, payments, reservations } from "../platform/schema";
import { getEnv } from "../platform/env.server";
import { enqueueChangeRefundMail, enqueueConfirmationMail, enqueueLateRefundMail, kickMailer } from "../mail/mail.server";
import { createDatatransProvider } from "./providers/datatrans.server";
import type { PaymentProvider, TransactionInfo } from "./providers/provider.server";
import { createSimulatedProvider } from "./providers/simulated.server";
import { prepared } from "../platform/prepared.server";
import { singleton } from "../platform/singleton.server";
import { debitVoucher, recordLedger } from "../vouchers/vouchers.server";
import { getVenue, holdMinutes, tablesOn, venueContact, venuePolicy } from "../booking/venue.server";
import type { ConfirmationVenue as MailVenue } from "../mail/mail.server";
import { settleVoucherPayment, type VoucherSettleResult } from "./voucher-payment.server";

export type Payment = typeof payments.$inferSelect;

const providerSlot = singleton("paymentProvider", () => ({ current: undefined as PaymentProvider | undefined }));

export function getPaymentProvider(): PaymentProvider {
  if (!providerSlot.current) {
    const env = getEnv();
    providerSlot.current =
      env.PAYMENT_PROVIDER === "datatrans"
        ? createDatatransProvider({
            merchantId: env.DATATRANS_MERCHANT_ID!,
            password: env.DATATRANS_PASSWORD!,
            apiUrl: env.DATATRANS_API_URL,
            payUrl: env.DATATRANS_PAY_URL,
          })
        : createSimulatedProvider({ db: getDb, publicUrl: env.PUBLIC_URL });
  }
  return providerSlot.current;
}

/** Tests run the flows against the fake Datatrans server or a provider double. */
export function setPaymentProvider(provider: PaymentProvider | undefined) {
  providerSlot.current = provider;
}

/** Where the provider sends the browser back; the booking flow's own pages unless a caller has its own. */
export type ReturnUrls = { successUrl: string; cancelUrl: string; errorUrl: string };

/** The provider's return addresses: our payment pages in the family's language. */
function returnUrls(origin: string, lang: Lang) {
  return {
    successUrl: `${origin}${localePath(lang, "/payment/success")}`,
    cancelUrl: `${origin}${localePath(lang, "/payment/cancel")}`,
    errorUrl: `${origin}${localePath(lang, "/payment/error")}`,
  };
}

/**
 * Opens a transaction at the provider for a held booking, for the booking's own amount. When the
 * provider refuses, the hold is released so the table is free again at once — except for a payment
 * link (`keepHold`): the family may try again later while its long hold lasts.
 */
export async function startPayment(
  db: Db,
  reservation: Reservation,
  options: { keepHold?: boolean; urls?: ReturnUrls; refno?: string } = {},
): Promise<{ ok: true; paymentUrl: string } | { ok: false }> {
  const env = getEnv();
  // The reference the family sees at the provider: the booking's code (a change's difference is
  // paid on an internal row, but under the code of the booking it changes).
  const refno = options.refno ?? reservation.code;
  const provider = getPaymentProvider();
  // Read before the transaction (the embedded database has one connection).
  const fullHoldMinutes = await holdMinutes(db);
  // With a deposit only its part is paid now; the rest is the open balance (issue #30 §3).
  const amountRappen = payNowRappen(reservation);
  try {
    const { transactionId, paymentUrl } = await provider.initTransaction({
      refno,
      amountRappen,
      currency: "CHF",
      // The family comes back to the pages in its language (issue #33), and pays in it.
      ...returnUrls(env.PUBLIC_URL, reservation.lang),
      ...options.urls,
      webhookUrl: `${env.PUBLIC_URL}/api/payments/webhook`,
      language: reservation.lang,
    });
    // The payment row and the booking's new state in one statement (the insert as a data-modifying
    // WITH, which runs exactly once): atomic like a transaction, in one round trip instead of four.
    // Every payment starts here: built once (see `prepared`).
    const statement = prepared(db, "start_payment", (d) => {
      const inserted = d.$with("inserted_payment").as(
        d
          .insert(payments)
          .values({
            reservationId: sql.placeholder("reservationId"),
            provider: sql.placeholder("provider"),
            transactionId: sql.placeholder("transactionId"),
            refno: sql.placeholder("refno"),
            amountRappen: sql.placeholder("amountRappen"),
            currency: "CHF",
            status: "pending",
            providerStatus: "initialized",
            paymentUrl: sql.placeholder("paymentUrl"),
          })
          .returning({ id: payments.id }),
      );
      // The hold reached the provider: it now lasts the full hold time from its creation (a hold
      // made through the site or the API first only lasts PAYMENT_START_MINUTES; internal holds
      // without a client keep the hold time they were made with).
      const fullHold = sql`greatest(${reservations.holdExpiresAt}, ${reservations.createdAt} + make_interval(mins => ${sql.placeholder("fullHoldMinutes")}::int))`;
      // Every held booking whose payment starts now outlives the provider's payment page (TWINT:
      // 15 minutes) by a margin, counted from this start (PAYMENT_SESSION_HOLD_MINUTES): money paid
      // in the page's last second still finds its table.
      const sessionFloor = sql`${sql.placeholder("now")}::timestamptz + make_interval(mins => ${sql.placeholder("sessionHoldMinutes")}::int)`;
      return d
        .with(inserted)
        .update(reservations)
        .set({
          paymentStatus: "pending",
          holdExpiresAt: sql`case when ${reservations.status} = 'held' and ${reservations.clientKey} is not null then greatest(${fullHold}, ${sessionFloor})
            when ${reservations.status} = 'held' then greatest(${reservations.holdExpiresAt}, ${sessionFloor}) else ${reservations.holdExpiresAt} end`,
          updatedAt: sql`${sql.placeholder("now")}`,
        })
        .where(eq(reservations.id, sql.placeholder("reservationId")))
        .prepare("start_payment");
    });
    await statement.execute({
      reservationId: reservation.id,
      provider: provider.name,
      transactionId,
      refno,
      amountRappen,
      paymentUrl,
      fullHoldMinutes,
      sessionHoldMinutes: env.PAYMENT_SESSION_HOLD_MINUTES,
      now: new Date().toISOString(),
    });
    return { ok: true, paymentUrl };
  } catch (error) {
    // The database went away: nothing more can be written now (the hold expires by itself, and a
    // payment row that did commit is settled by reconciliation); the request answers the maintenance 503.
    if (isConnectionLoss(error)) throw error;
    log.warn({ booking: reservation.code, cause: oneLineError(error) }, "payment could not be started");
    if (!options.keepHold) await releaseHold(db, reservation.id);
    return { ok: false };
  }
}

/**
 * Opens a payment of a confirmed booking's open balance (issue #29 §2, through its payment link): a
 * `balance` payment row for `amountRappen`, written after the provider answered (as every payment);
 * the booking itself is not touched — settling lowers its balance (`settleInTransaction`).
 */
export async function startBalancePayment(db: Db, reservation: Reservation, amountRappen: number, urls?: ReturnUrls): Promise<{ ok: true; paymentUrl: string } | { ok: false }> {
  const env = getEnv();
  const provider = getPaymentProvider();
  try {
    const { transactionId, paymentUrl } = await provider.initTransaction({
      refno: reservation.code,
      amountRappen,
      currency: "CHF",
      ...returnUrls(env.PUBLIC_URL, reservation.lang),
      ...urls,
      webhookUrl: `${env.PUBLIC_URL}/api/payments/webhook`,
      language: reservation.lang,
    });
    await db.insert(payments).values({
      reservationId: reservation.id,
      provider: provider.name,
      transactionId,
      refno: reservation.code,
      amountRappen,
      currency: "CHF",
      status: "pending",
      providerStatus: "initialized",
      paymentUrl,
      kind: "balance",
    });
    return { ok: true, paymentUrl };
  } catch (error) {
    if (isConnectionLoss(error)) throw error;
    log.warn({ booking: reservation.code, cause: oneLineError(error) }, "balance payment could not be started");
    return { ok: false };
  }
}

export async function findPayment(db: Db, transactionId: string): Promise<Payment | null> {
  // Read by the webhook, the return page and the status poll: built once (see `prepared`).
  const statement = prepared(db, "payment_by_transaction", (d) =>
    d.select().from(payments).where(eq(payments.transactionId, sql.placeholder("transactionId"))).prepare("payment_by_transaction"),
  );
  const [row] = await statement.execute({ transactionId });
  return row ?? null;
}

/** The open payment of a booking (for the redirect page). */
export async function pendingPaymentOf(db: Db, reservationId: number): Promise<Payment | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.reservationId, reservationId), eq(payments.status, "pending")));
  return row ?? null;
}

export type ConfirmResult = {
  payment: Payment | null;
  /** The provider's own status, as last seen. */
  providerStatus: string | null;
  /** True only for the one call that confirmed the booking. */
  confirmedNow: boolean;
};

/**
 * The one place a payment becomes a confirmed booking, used by the webhook, the return page and the
 * status poll alike. Truth is the provider's status (or a verified webhook body); the amount,
 * currency and refno must match the booking; a conditional update lets exactly one caller win.
 */
export async function confirmPayment(
  db: Db,
  transactionId: string,
  options: { info?: TransactionInfo; now?: Date; provider?: PaymentProvider } = {},
): Promise<ConfirmResult> {
  const payment = await findPayment(db, transactionId);
  if (!payment) return { payment: null, providerStatus: null, confirmedNow: false };
  // A payment given up here (abandonPayment) may still be completed at the provider (TWINT in the
  // app, or a cancel the provider refused): such money must still become a booking or a refund.
  const givenUp = payment.status === "cancelled" || payment.status === "failed";
  if (payment.status !== "pending" && !givenUp) return { payment, providerStatus: payment.providerStatus, confirmedNow: false };
  const provider = options.provider ?? getPaymentProvider();
  const info = options.info ?? (await provider.getTransaction(transactionId));
  const now = options.now ?? new Date();
  const outcome = paymentOutcome(info.status);
  if (givenUp && outcome !== "paid") return { payment, providerStatus: info.status, confirmedNow: false };

  if (outcome === "pending") {
    if (info.status !== payment.providerStatus) {
      await db
        .update(payments)
        .set({ providerStatus: info.status, updatedAt: now })
        .where(and(eq(payments.id, payment.id), eq(payments.status, "pending")));
    }
    return { payment: { ...payment, providerStatus: info.status }, providerStatus: info.status, confirmedNow: false };
  }

  if (outcome === "cancelled" || outcome === "failed") {
    const closed = await closePendingPayment(db, payment, outcome === "cancelled" ? "cancelled" : "failed", info.status, now);
    return { payment: closed ?? (await findPayment(db, transactionId)), providerStatus: info.status, confirmedNow: false };
  }

  const matches =
    info.refno === payment.refno && info.currency === payment.currency && info.amountRappen === payment.amountRappen;
  if (!matches) {
    console.error(`Payment ${transactionId} does not match booking ${payment.refno}: refunding`);
    await refundUnmatched(db, provider, payment, info, now);
    return { payment: await findPayment(db, transactionId), providerStatus: info.status, confirmedNow: false };
  }

  if (payment.kind === "voucher") return confirmVoucherPayment(db, provider, payment, info.status, now);

  // The confirmation e-mail's opening hours come from the venue cache (renewed on every change).
  // Read from the venue cache here, so the confirmation's transaction spends no statement on them.
  const venue = await getVenue(db);
  const contact: MailVenue = { contact: venueContact(venue), selfServiceHours: venuePolicy(venue).selfServiceHours, texts: venue.emailTexts };
  let current = payment;
  let result: SettleResult;
  for (let round = 1; ; round++) {
    // Deadlocks should not happen (one lock order, see settleInTransaction); a retry is the net.
    result = await settleWithRetry(db, current, info.status, contact, now);
    if (result.kind !== "lost" || round >= 3) break;
    // Lost the claim: another caller settled it (done), or a cancellation or the family's return
    // gave the payment up a moment ago. Money the provider settled must still become a booking or
    // a refund, never "abgebrochen": claim it again from the state it is in now.
    const fresh = await findPayment(db, transactionId);
    if (!fresh || (fresh.status !== "cancelled" && fresh.status !== "failed")) break;
    current = fresh;
  }

  if (result.kind === "confirmed" || result.kind === "refund") reservationsChanged(db, { noticeSent: "noticeSent" in result && result.noticeSent === true });
  if (result.kind === "confirmed" || result.kind === "refund") kickMailer();
  if (result.kind === "refund" || result.kind === "duplicate") {
    if (result.refund) await performRefund(db, provider, result.refund.id, { now });
  }
  // The winner's row is what the update returned; every other outcome re-reads what was written.
  if (result.kind === "confirmed") return { payment: result.payment, providerStatus: info.status, confirmedNow: true };
  return { payment: await findPayment(db, transactionId), providerStatus: info.status, confirmedNow: false };
}

/** A gift voucher's order (issue #31 §3): settled like a booking's payment, claimed again if given up meanwhile. */
async function confirmVoucherPayment(db: Db, provider: PaymentProvider, payment: Payment, providerStatus: string, now: Date): Promise<ConfirmResult> {
  let current = payment;
  let result: VoucherSettleResult;
  for (let round = 1; ; round++) {
    result = await settleVoucherPayment(db, current, providerStatus, now);
    if (result.kind !== "lost" || round >= 3) break;
    const fresh = await findPayment(db, payment.transactionId);
    if (!fresh || (fresh.status !== "cancelled" && fresh.status !== "failed")) break;
    current = fresh;
  }
  if (result.kind === "confirmed") {
    kickMailer();
    return { payment: result.payment, providerStatus, confirmedNow: true };
  }
  if (result.kind === "duplicate" && result.refund) await performRefund(db, provider, result.refund.id, { now });
  return { payment: await findPayment(db, payment.transactionId), providerStatus, confirmedNow: false };
}

type SettleResult =
  | { kind: "lost" }
  | { kind: "confirmed"; payment: Payment; noticeSent?: boolean }
  | { kind: "refund"; refund: Refund | null }
  | { kind: "duplicate"; refund: Refund | null };

/** Thrown inside the transaction to roll back a booking confirmed for a payment another caller claimed. */
class ClaimLost extends Error {}

async function settleWithRetry(db: Db, payment: Payment, providerStatus: string, contact: MailVenue, now: Date): Promise<SettleResult> {
  try {
    return await transactionWithRetry(db, (tx) => settleInTransaction(db, tx, payment, providerStatus, contact, now));
  } catch (error) {
    if (error instanceof ClaimLost) return { kind: "lost" };
    throw error;
  }
}

/**
 * The paid payment's transaction, in the one lock order of money (docs/architecture.md): the day's
 * advisory lock when a slot may have to be taken again, the booking row(s) (a change: the booking,
 * then its held change row), then the payment (the conditional claim), then a voucher.
 */
async function settleInTransaction(db: Db, tx: Tx, payment: Payment, providerStatus: string, contact: MailVenue, now: Date): Promise<SettleResult> {
  const reservationId = payment.reservationId;
  if (reservationId === null) throw new Error(`payment ${payment.transactionId} pays no booking`);
  const claimPayment = async () => {
    // Built once (see `prepared`): every paid booking runs it.
    const claim = prepared(tx, "settle_payment", (d) =>
      d
        .update(payments)
        .set({ status: "settled", providerStatus: sql`${sql.placeholder("providerStatus")}`, updatedAt: sql`${sql.placeholder("now")}` })
        .where(and(eq(payments.id, sql.placeholder("id")), eq(payments.status, sql.placeholder("status"))))
        .returning()
        .prepare("settle_payment"),
    );
    const [won] = await claim.execute({ providerStatus, now: now.toISOString(), id: payment.id, status: payment.status });
    return won ?? null;
  };
  const confirmation = { status: "confirmed", paymentStatus: "settled", holdExpiresAt: null, confirmedAt: now, updatedAt: now } as const;

  // The usual case, in two statements: the booking's update locks its row and re-checks that it is
  // still held (and no change row), and carries the other processes' NOTIFY (sent at COMMIT, see
  // reservationsNotice); then the payment is claimed.
  const notice = reservationsNotice(db);
  const confirm = prepared(tx, "confirm_held_booking", (d) =>
    d
      .update(reservations)
      .set({ ...confirmation, confirmedAt: sql`${sql.placeholder("now")}`, updatedAt: sql`${sql.placeholder("now")}` })
      .where(and(eq(reservations.id, sql.placeholder("id")), eq(reservations.status, "held"), isNull(reservations.movesReservationId)))
      .returning({ ...getTableColumns(reservations), changeNotice: notice.column })
      .prepare("confirm_held_booking"),
  );
  const [updated] = await confirm.execute({ now: now.toISOString(), id: reservationId });
  if (updated) {
    const won = await claimPayment();
    // Another caller settled or gave up this payment first: undo the confirmation (rollback).
    if (!won) throw new ClaimLost();
    const { changeNotice: _notified, ...confirmed } = updated;
    await enqueueConfirmationMail(tx, confirmed, contact);
    return { kind: "confirmed", payment: won, noticeSent: notice.sent };
  }

  const [peek] = await tx
    .select({ id: reservations.id, status: reservations.status, date: reservations.date, locationId: reservations.locationId, movesReservationId: reservations.movesReservationId })
    .from(reservations)
    .where(eq(reservations.id, reservationId));
  if (!peek) throw new Error(`payment ${payment.transactionId} without reservation`);

  if (peek.movesReservationId !== null) {
    // A held change row (a booking's difference): the target day, the booking, the row, the payment.
    await lockDay(tx, peek.locationId !== null ? "location" : "table", peek.date);
    const [original] = await tx.select().from(reservations).where(eq(reservations.id, peek.movesReservationId)).for("update");
    const [held] = await tx.select().from(reservations).where(eq(reservations.id, peek.id)).for("update");
    const won = await claimPayment();
    if (!won) return { kind: "lost" };
    const change = await settleChangePayment(tx, won, original ?? null, held!, now);
    return change.kind === "confirmed" ? { kind: "confirmed", payment: { ...won, reservationId: change.reservationId } } : change;
  }

  // An expired hold may take its table again: the day's lock comes before the booking's row.
  const dayLocked = peek.status === "expired";
  if (dayLocked) await lockDay(tx, peek.locationId !== null ? "location" : "table", peek.date);
  const [reservation] = await tx.select().from(reservations).where(eq(reservations.id, reservationId)).for("update");
  if (!reservation) throw new Error(`payment ${payment.transactionId} without reservation`);
  const won = await claimPayment();
  if (!won) return { kind: "lost" };
  if (won.kind === "balance") return settleBalancePayment(tx, won, reservation, now);
  if (reservation.status === "confirmed" && reservation.paymentStatus === "settled") {
    // Paid a second time (a payment link used in two tabs, both paid): the booking stands on the
    // first payment; only this one goes back, and the booking's own payment state stays `settled`.
    return refundAsDuplicate(tx, won, reservation.id, now);
  }
  if (reservation.status === "held" || (reservation.status === "expired" && dayLocked && (await retake(tx, reservation, now)))) {
    const [confirmed] = await tx.update(reservations).set(confirmation).where(eq(reservations.id, reservation.id)).returning();
    await enqueueConfirmationMail(tx, confirmed!);
    return { kind: "confirmed", payment: won };
  }
  // Paid, but the table went to someone else after the hold ran out (or staff cancelled): refund.
  const [pendingRefund] = await tx.update(payments).set({ status: "refund_pending", updatedAt: now }).where(eq(payments.id, won.id)).returning();
  const [lost] = await tx
    .update(reservations)
    .set({ paymentStatus: "refund_pending", updatedAt: now })
    .where(eq(reservations.id, reservation.id))
    .returning();
  await enqueueLateRefundMail(tx, lost!);
  return { kind: "refund", refund: await openRefund(tx, pendingRefund!, { amountRappen: await refundableRappen(tx, pendingRefund!), reason: "late" }, now) };
}

/**
 * The paid difference of a change (see booking/reschedule.server.ts): the booking takes the held
 * row's slot and persons, and the payment moves over to the booking (so cancelling it later refunds
 * this payment too). When the change can no longer be applied the booking stays as it was and the
 * difference is refunded, with an e-mail saying so. The caller holds the day, both rows and the payment.
 */
async function settleChangePayment(tx: Tx, payment: Payment, original: Reservation | null, held: Reservation, now: Date): Promise<{ kind: "confirmed"; reservationId: number } | { kind: "refund"; refund: Refund | null }> {
  const changed = await completePendingChange(tx, held, original, now);
  if (changed) {
    await tx.update(payments).set({ reservationId: changed.id, updatedAt: now }).where(eq(payments.id, payment.id));
    return { kind: "confirmed" as const, reservationId: changed.id };
  }
  const [pendingRefund] = await tx.update(payments).set({ status: "refund_pending", updatedAt: now }).where(eq(payments.id, payment.id)).returning();
  await tx
    .update(reservations)
    .set({ status: held.status === "held" ? "cancelled" : held.status, holdExpiresAt: null, paymentStatus: "refund_pending", updatedAt: now })
    .where(eq(reservations.id, held.id));
  if (original) await enqueueChangeRefundMail(tx, original, payment.amountRappen);
  return { kind: "refund" as const, refund: await openRefund(tx, pendingRefund!, { amountRappen: await refundableRappen(tx, pendingRefund!), reason: "late" }, now) };
}

/**
 * A paid open balance (issue #29 §2): the booking's balance goes down by the payment (the booking row
 * and the payment are locked by the caller, claimed exactly once). When the booking no longer owes
 * that much — paid at the venue meanwhile, corrected down, cancelled — the payment goes back whole
 * (reason `duplicate`: the booking's own payment state stays as it is).
 */
async function settleBalancePayment(tx: Tx, payment: Payment, reservation: Reservation, now: Date): Promise<SettleResult> {
  if (reservation.status === "confirmed" && balanceDueRappen(reservation) >= payment.amountRappen) {
    await tx
      .update(reservations)
      .set({ openBalanceRappen: reservation.openBalanceRappen - payment.amountRappen, updatedAt: now })
      .where(eq(reservations.id, reservation.id));
    await tx.insert(auditLog).values({
      actor: "system",
      action: "balance-paid",
      reservationId: reservation.id,
      details: { transactionId: payment.transactionId, amountRappen: payment.amountRappen },
    });
    return { kind: "confirmed", payment };
  }
  return refundAsDuplicate(tx, payment, reservation.id, now);
}

/** Money the booking does not need (paid twice, a balance no longer due): the whole payment goes back; the booking's payment state stays. */
async function refundAsDuplicate(tx: Tx, payment: Payment, reservationId: number, now: Date): Promise<SettleResult> {
  const [pendingRefund] = await tx.update(payments).set({ status: "refund_pending", updatedAt: now }).where(eq(payments.id, payment.id)).returning();
  await tx.insert(auditLog).values({
    actor: "system",
    action: "duplicate-payment",
    reservationId,
    details: { transactionId: payment.transactionId, amountRappen: payment.amountRappen },
  });
  return { kind: "duplicate", refund: await openRefund(tx, pendingRefund!, { amountRappen: await refundableRappen(tx, pendingRefund!), reason: "duplicate" }, now) };
}

/**
 * A payment that arrives after its hold expired: the booking comes back if its table (or another
 * fitting one) is still free and its voucher still covers the discount.
 */
async function retake(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], reservation: Reservation, now: Date): Promise<boolean> {
  const slot = { startMin: reservation.startMin, endMin: reservation.endMin };
  let tableId: number | null = null;
  if (reservation.tableId !== null) {
    await lockDay(tx, "table", reservation.date);
    const venue = await getVenue(tx);
    const occupied = await tableOccupations(tx, reservation.date, now);
    const persons = personCount(reservation);
    const offered = tablesOn(venue, reservation.date);
    const sameTable = offered.find((t) => t.id === reservation.tableId);
    const blocked = blockedRange(slot, reservation.bufferMin);
    const table = sameTable && pickTable(blocked, persons, [sameTable], occupied) ? sameTable : pickTable(blocked, persons, offered, occupied);
    if (!table) return false;
    tableId = table.id;
  } else if (reservation.locationId !== null) {
    await lockDay(tx, "location", reservation.date);
    const taken = await locationOccupations(tx, reservation.locationId, reservation.date, now);
    if (taken.some((t) => overlaps(t, slot))) return false;
  } else {
    return false;
  }
  if (reservation.voucherId !== null && reservation.discountRappen > 0 && reservation.voucherCode) {
    const debit = await debitVoucher(tx, {
      code: reservation.voucherCode,
      wantedRappen: reservation.discountRappen,
      reservationId: reservation.id,
      now,
      requireFull: true,
    });
    if (!debit.ok) return false;
    await recordLedger(tx, { voucherId: reservation.voucherId, reservationId: reservation.id, amountRappen: debit.debitedRappen, kind: "redeem-late" });
  }
  if (tableId !== null && tableId !== reservation.tableId) {
    await tx.update(reservations).set({ tableId }).where(eq(reservations.id, reservation.id));
  }
  return true;
}

/**
 * Cancelled or failed at the provider: close the payment once, and give the table back only when it
 * was the booking's current (newest) payment — an older or foreign attempt given up must not
 * release a hold whose family is paying through a newer one. A phone booking's hold stays: its
 * family pays through an e-mailed link that opens a new payment each time, until the hold ends.
 */
async function closePendingPayment(db: Db, payment: Payment, status: "cancelled" | "failed", providerStatus: string, now: Date) {
  const [closed] = await db
    .update(payments)
    .set({ status, providerStatus, updatedAt: now })
    .where(and(eq(payments.id, payment.id), eq(payments.status, "pending")))
    .returning();
  // A gift voucher's order holds nothing: the buyer may pay again from the order's page.
  if (closed && closed.reservationId !== null && (await isCurrentPayment(db, { ...closed, reservationId: closed.reservationId })) && !(await paysByLink(db, closed.reservationId))) await releaseHold(db, closed.reservationId, now);
  return closed ?? null;
}

async function paysByLink(db: Db, reservationId: number): Promise<boolean> {
  const [r] = await db.select({ channel: reservations.channel }).from(reservations).where(eq(reservations.id, reservationId));
  return r?.channel === "phone";
}

async function isCurrentPayment(db: Db, payment: Payment & { reservationId: number }): Promise<boolean> {
  const [newest] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.reservationId, payment.reservationId))
    .orderBy(desc(payments.id))
    .limit(1);
  return newest?.id === payment.id;
}

/**
 * Money that does not belong to its booking (wrong amount, currency or refno) goes back: all of
 * what the provider took, in its currency (the booking's own amount would refund too little, or be
 * refused by the provider, exactly when the two differ). Booking row, then payment, then the refund row.
 */
async function refundUnmatched(db: Db, provider: PaymentProvider, payment: Payment, info: TransactionInfo, now: Date) {
  const row = await transactionWithRetry(db, async (tx) => {
    await lockPaymentOwner(tx, payment);
    const [claimed] = await tx
      .update(payments)
      .set({ status: "refund_pending", providerStatus: info.status, updatedAt: now })
      .where(and(eq(payments.id, payment.id), eq(payments.status, payment.status)))
      .returning();
    if (!claimed) return null;
    return openRefund(tx, claimed, { amountRappen: info.amountRappen ?? payment.amountRappen, currency: info.currency ?? payment.currency, reason: "unmatched" }, now);
  });
  if (!row) return;
  if (payment.reservationId !== null) await releaseHold(db, payment.reservationId, now);
  await performRefund(db, provider, row.id, { now });
}

/**
 * The family came back through the cancel or error URL. The provider's word decides; a payment
 * that is not paid is given up at once (a late payment is still caught by `confirmPayment`).
 */
export async function abandonPayment(db: Db, transactionId: string, reason: "cancelled" | "failed"): Promise<ConfirmResult> {
  const result = await confirmPayment(db, transactionId);
  if (!result.payment || result.payment.status !== "pending") return result;
  const provider = getPaymentProvider();
  try {
    await provider.cancel(transactionId, result.payment.refno);
  } catch {
    // Nothing authorized to release (the usual case for an abandoned payment page).
  }
  await closePendingPayment(db, result.payment, reason, result.providerStatus ?? reason, new Date());
  return { ...result, payment: await findPayment(db, transactionId) };
}

export function specStatusOf(result: ConfirmResult): string | null {
  if (!result.payment) return null;
  if (result.payment.status === "settled") return "settled";
  return result.providerStatus ? toSpecStatus(result.providerStatus) : null;
}
