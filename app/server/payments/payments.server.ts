import { and, desc, eq, getTableColumns, sql } from "drizzle-orm";
import { overlaps, pickTable } from "~/domain/availability";
import { paymentOutcome, toSpecStatus } from "~/domain/payment-status";
import { personCount } from "~/domain/pricing";
import { reservationsChanged, reservationsNotice, tableOccupations } from "../booking/availability.server";
import { lockDay, releaseHold, type Reservation } from "../booking/bookings.server";
import { locationOccupations } from "../booking/games.server";
import { completePendingChange } from "../booking/reschedule.server";
import { getDb, type Db, type Tx } from "../platform/db.server";
import { auditLog, payments, reservations } from "../platform/schema";
import { getEnv } from "../platform/env.server";
import { enqueueChangeRefundMail, enqueueConfirmationMail, enqueueLateRefundMail, kickMailer, venueContactFor } from "../mail/mail.server";
import { createDatatransProvider } from "./providers/datatrans.server";
import type { PaymentProvider, TransactionInfo } from "./providers/provider.server";
import { createSimulatedProvider } from "./providers/simulated.server";
import { prepared } from "../platform/prepared.server";
import { singleton } from "../platform/singleton.server";
import { debitVoucher, recordLedger } from "../vouchers/vouchers.server";
import { getVenue, holdMinutes } from "../booking/venue.server";

export type Payment = typeof payments.$inferSelect;
const paymentColumns = getTableColumns(payments);

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

/**
 * Opens a transaction at the provider for a held booking, for the booking's own amount. When the
 * provider refuses, the hold is released so the table is free again at once — except for a payment
 * link (`keepHold`): the family may try again later while its long hold lasts.
 */
export async function startPayment(
  db: Db,
  reservation: Reservation,
  options: { keepHold?: boolean; urls?: ReturnUrls } = {},
): Promise<{ ok: true; paymentUrl: string } | { ok: false }> {
  const env = getEnv();
  const provider = getPaymentProvider();
  // Read before the transaction (the embedded database has one connection).
  const fullHoldMinutes = await holdMinutes(db);
  try {
    const { transactionId, paymentUrl } = await provider.initTransaction({
      refno: reservation.code,
      amountRappen: reservation.amountRappen,
      currency: "CHF",
      successUrl: `${env.PUBLIC_URL}/payment/success`,
      cancelUrl: `${env.PUBLIC_URL}/payment/cancel`,
      errorUrl: `${env.PUBLIC_URL}/payment/error`,
      ...options.urls,
      webhookUrl: `${env.PUBLIC_URL}/api/payments/webhook`,
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
      refno: reservation.code,
      amountRappen: reservation.amountRappen,
      paymentUrl,
      fullHoldMinutes,
      sessionHoldMinutes: env.PAYMENT_SESSION_HOLD_MINUTES,
      now: new Date().toISOString(),
    });
    return { ok: true, paymentUrl };
  } catch (error) {
    console.error(`Failed to initiate payment for ${reservation.code}: ${(error as Error).message}`);
    if (!options.keepHold) await releaseHold(db, reservation.id);
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

  // The confirmation e-mail's opening hours come from the venue cache (renewed on every change).
  const contact = venueContactFor((await getVenue(db)).rules);
  const result = await db.transaction(async (tx) => {
    // The booking's row is only looked at here (not locked), to learn whether it is a change: the
    // update's FROM saves a statement on every confirmation.
    // Built once (see `prepared`), as is the booking's update below: every paid booking runs both.
    const claim = prepared(tx, "settle_payment", (d) =>
      d
        .update(payments)
        .set({ status: "settled", providerStatus: sql`${sql.placeholder("providerStatus")}`, updatedAt: sql`${sql.placeholder("now")}` })
        .from(reservations)
        .where(and(eq(payments.id, sql.placeholder("id")), eq(payments.status, sql.placeholder("status")), eq(reservations.id, payments.reservationId)))
        .returning({ payment: paymentColumns, peek: { id: reservations.id, status: reservations.status, date: reservations.date, locationId: reservations.locationId, movesReservationId: reservations.movesReservationId } })
        .prepare("settle_payment"),
    );
    const [claimed] = await claim.execute({ providerStatus: info.status, now: now.toISOString(), id: payment.id, status: payment.status });
    if (!claimed) return { kind: "lost" as const };
    const { payment: won, peek } = claimed;
    const settled = { kind: "confirmed" as const, payment: won };
    // A held change row (a booking's difference): lock in the order every change takes — the day
    // (when its hold ran out and its slot may be taken again), the booking, then the row.
    if (peek.movesReservationId !== null) {
      const change = await settleChangePayment(tx, payment, peek, now);
      return change.kind === "confirmed" ? { ...settled, payment: { ...won, reservationId: change.reservationId } } : change;
    }
    const confirmation = { status: "confirmed", paymentStatus: "settled", holdExpiresAt: null, confirmedAt: now, updatedAt: now } as const;
    if (peek.status === "held") {
      // The usual case, in one statement: the update locks the row and re-checks that it is still
      // held, and carries the other processes' NOTIFY (sent at COMMIT, see reservationsNotice).
      const notice = reservationsNotice(db);
      const confirm = prepared(tx, "confirm_held_booking", (d) =>
        d
          .update(reservations)
          .set({ ...confirmation, confirmedAt: sql`${sql.placeholder("now")}`, updatedAt: sql`${sql.placeholder("now")}` })
          .where(and(eq(reservations.id, sql.placeholder("id")), eq(reservations.status, "held")))
          .returning({ ...getTableColumns(reservations), changeNotice: notice.column })
          .prepare("confirm_held_booking"),
      );
      const [updated] = await confirm.execute({ now: now.toISOString(), id: payment.reservationId });
      if (updated) {
        const { changeNotice: _notified, ...confirmed } = updated;
        await enqueueConfirmationMail(tx, confirmed, contact);
        return { ...settled, noticeSent: notice.sent };
      }
    }
    const [reservation] = await tx.select().from(reservations).where(eq(reservations.id, payment.reservationId)).for("update");
    if (!reservation) throw new Error(`payment ${transactionId} without reservation`);
    if (reservation.status === "confirmed" && reservation.paymentStatus === "settled") {
      // Paid a second time (a payment link used in two tabs, both paid): the booking stands on the
      // first payment; only this one goes back, and the booking's own payment state stays `settled`.
      await tx.update(payments).set({ status: "refund_pending", updatedAt: now }).where(eq(payments.id, payment.id));
      await tx.insert(auditLog).values({
        actor: "system",
        action: "duplicate-payment",
        reservationId: reservation.id,
        details: { transactionId, amountRappen: payment.amountRappen },
      });
      return { kind: "duplicate" as const };
    }
    if (reservation.status === "held" || (reservation.status === "expired" && (await retake(tx, reservation, now)))) {
      const [confirmed] = await tx.update(reservations).set(confirmation).where(eq(reservations.id, reservation.id)).returning();
      await enqueueConfirmationMail(tx, confirmed!);
      return settled;
    }
    // Paid, but the table went to someone else after the hold ran out (or staff cancelled): refund.
    await tx.update(payments).set({ status: "refund_pending", updatedAt: now }).where(eq(payments.id, payment.id));
    const [lost] = await tx
      .update(reservations)
      .set({ paymentStatus: "refund_pending", updatedAt: now })
      .where(eq(reservations.id, reservation.id))
      .returning();
    await enqueueLateRefundMail(tx, lost!);
    return { kind: "refund" as const };
  });

  if (result.kind === "confirmed" || result.kind === "refund") reservationsChanged(db, { noticeSent: "noticeSent" in result && result.noticeSent });
  if (result.kind === "confirmed" || result.kind === "refund") kickMailer();
  if (result.kind === "refund") await refund(db, provider, payment, now);
  if (result.kind === "duplicate") await refund(db, provider, payment, now, { bookingPaid: true });
  // The winner's row is what the update returned; every other outcome re-reads what was written.
  if (result.kind === "confirmed") return { payment: result.payment, providerStatus: info.status, confirmedNow: true };
  return { payment: await findPayment(db, transactionId), providerStatus: info.status, confirmedNow: false };
}

/**
 * The paid difference of a change (see booking/reschedule.server.ts): the booking takes the held
 * row's slot and persons, and the payment moves over to the booking (so cancelling it later refunds
 * this payment too). When the change can no longer be applied the booking stays as it was and the
 * difference is refunded, with an e-mail saying so.
 */
async function settleChangePayment(tx: Tx, payment: Payment, peek: Pick<Reservation, "id" | "status" | "date" | "locationId" | "movesReservationId">, now: Date) {
  if (peek.status === "expired") await lockDay(tx, peek.locationId !== null ? "location" : "table", peek.date);
  const [original] = await tx.select().from(reservations).where(eq(reservations.id, peek.movesReservationId!)).for("update");
  const [held] = await tx.select().from(reservations).where(eq(reservations.id, peek.id)).for("update");
  const changed = await completePendingChange(tx, held!, original ?? null, now);
  if (changed) {
    await tx.update(payments).set({ reservationId: changed.id, updatedAt: now }).where(eq(payments.id, payment.id));
    return { kind: "confirmed" as const, reservationId: changed.id };
  }
  await tx.update(payments).set({ status: "refund_pending", updatedAt: now }).where(eq(payments.id, payment.id));
  await tx
    .update(reservations)
    .set({ status: held!.status === "held" ? "cancelled" : held!.status, holdExpiresAt: null, paymentStatus: "refund_pending", updatedAt: now })
    .where(eq(reservations.id, held!.id));
  if (original) await enqueueChangeRefundMail(tx, original, payment.amountRappen);
  return { kind: "refund" as const };
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
    const sameTable = venue.tables.find((t) => t.id === reservation.tableId);
    const table = sameTable && pickTable(slot, persons, [sameTable], occupied) ? sameTable : pickTable(slot, persons, venue.tables, occupied);
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
  if (closed && (await isCurrentPayment(db, closed)) && !(await paysByLink(db, closed.reservationId))) await releaseHold(db, payment.reservationId, now);
  return closed ?? null;
}

async function paysByLink(db: Db, reservationId: number): Promise<boolean> {
  const [r] = await db.select({ channel: reservations.channel }).from(reservations).where(eq(reservations.id, reservationId));
  return r?.channel === "phone";
}

async function isCurrentPayment(db: Db, payment: Payment): Promise<boolean> {
  const [newest] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.reservationId, payment.reservationId))
    .orderBy(desc(payments.id))
    .limit(1);
  return newest?.id === payment.id;
}

/** Money that does not belong to its booking (wrong amount, currency or refno) goes back. */
async function refundUnmatched(db: Db, provider: PaymentProvider, payment: Payment, info: TransactionInfo, now: Date) {
  const [claimed] = await db
    .update(payments)
    .set({ status: "refund_pending", providerStatus: info.status, updatedAt: now })
    .where(and(eq(payments.id, payment.id), eq(payments.status, payment.status)))
    .returning();
  if (!claimed) return;
  await releaseHold(db, payment.reservationId, now);
  // All of what the provider took goes back, in its currency: the booking's own amount would refund
  // too little (or be refused by the provider) exactly when the two differ.
  const paid = { amountRappen: info.amountRappen ?? payment.amountRappen, currency: info.currency ?? payment.currency };
  await refund(db, provider, { ...payment, ...paid }, now);
}

/**
 * Gives the money back (what was not refunded in part before); when the provider refuses, the
 * payment stays `refund_pending` for staff. A refund that went through is in the audit log (who:
 * the system; the provider's refund id).
 * `bookingPaid`: a duplicate payment of a booking that stays paid — the booking's state is kept.
 */
export async function refund(db: Db, provider: PaymentProvider, payment: Payment, now: Date = new Date(), options: { bookingPaid?: boolean } = {}): Promise<boolean> {
  const [current] = await db.select().from(payments).where(eq(payments.id, payment.id));
  const left = payment.amountRappen - (current?.refundedRappen ?? payment.refundedRappen);
  try {
    const credit = left > 0 ? await provider.credit(payment.transactionId, { amountRappen: left, currency: payment.currency, refno: payment.refno }) : null;
    await db.transaction(async (tx) => {
      const [paymentBefore] = await tx.select({ status: payments.status }).from(payments).where(eq(payments.id, payment.id));
      const [before] = await tx.select({ paymentStatus: reservations.paymentStatus }).from(reservations).where(eq(reservations.id, payment.reservationId));
      const refundTransactionId = credit?.transactionId ?? current?.refundTransactionId ?? null;
      await tx
        .update(payments)
        // Its own amount in full (an unmatched payment credits what the provider took, which may differ).
        .set({ status: "refunded", refundTransactionId, refundDueRappen: 0, refundedRappen: sql`${payments.amountRappen}`, updatedAt: now })
        .where(eq(payments.id, payment.id));
      if (!options.bookingPaid) await tx.update(reservations).set({ paymentStatus: "refunded", updatedAt: now }).where(eq(reservations.id, payment.reservationId));
      await tx.insert(auditLog).values({
        actor: "system",
        action: "refund",
        reservationId: payment.reservationId,
        details: {
          transactionId: payment.transactionId,
          refundTransactionId,
          amountRappen: left,
          before: { payment: paymentBefore?.status ?? null, booking: before?.paymentStatus ?? null },
          after: { payment: "refunded", booking: options.bookingPaid ? (before?.paymentStatus ?? null) : "refunded" },
        },
      });
    });
    return true;
  } catch (error) {
    console.error(`Refund of ${payment.transactionId} (${payment.refno}) failed, manual refund needed: ${(error as Error).message}`);
    return false;
  }
}

/**
 * Credits what a change made owed (`refund_due_rappen`, written in the change's transaction) at the
 * provider. A refusal leaves it owed, for staff (the caller writes the `refund-manual` audit row).
 */
export async function creditDue(db: Db, provider: PaymentProvider, payment: Payment, amountRappen: number, now: Date = new Date()): Promise<boolean> {
  try {
    const credit = await provider.credit(payment.transactionId, { amountRappen, currency: payment.currency, refno: payment.refno });
    await db
      .update(payments)
      .set({
        refundDueRappen: sql`${payments.refundDueRappen} - ${amountRappen}`,
        refundedRappen: sql`${payments.refundedRappen} + ${amountRappen}`,
        refundTransactionId: credit.transactionId,
        updatedAt: now,
      })
      .where(eq(payments.id, payment.id));
    return true;
  } catch (error) {
    console.error(`Partial refund of ${amountRappen} on ${payment.transactionId} (${payment.refno}) failed, manual refund needed: ${(error as Error).message}`);
    return false;
  }
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
