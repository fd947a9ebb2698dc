import { hasHeadcount, headcountOpen } from "~/domain/headcount";
import { and, eq } from "drizzle-orm";
import { CHANGE_MSG, type ChangeQuote, type MoneyChoice } from "~/domain/booking-change";

export type { ChangeQuote };
import { MSG } from "~/domain/messages";
import { localePath, type Lang } from "~/i18n/locales";
import { personCount } from "~/domain/pricing";
import { canSelfChange } from "~/domain/self-service";
import { reservationsChanged } from "../booking/availability.server";
import { expireHolds, findReservationById, lockDay, uniqueBookingCode, type Reservation } from "../booking/bookings.server";
import {
  applyChange,
  claimFor,
  countsOf,
  CUSTOMER_ACTOR,
  holdChange,
  pendingChangeRow,
  planChange,
  supersedePendingChanges,
  type AuditActor,
  type ChangePlan,
  type ChangeRefusal,
  type ChangeTarget,
  type PricePolicy,
} from "../booking/reschedule.server";
import { holdMinutes } from "../booking/venue.server";
import { createVoucher } from "../vouchers/vouchers.server";
import { kickMailer } from "../mail/mail.server";
import type { Db, Tx } from "../platform/db.server";
import { getEnv } from "../platform/env.server";
import { auditLog, payments, reservations } from "../platform/schema";
import { transactionWithRetry } from "../platform/retry.server";
import { lockPayments, openRefund, performRefunds, refundableRappen, type Refund } from "./refunds.server";
import {
  abandonPayment,
  confirmPayment,
  findPayment,
  getPaymentProvider,
  pendingPaymentOf,
  startPayment,
  type Payment,
  type ReturnUrls,
} from "./payments.server";

/**
 * Changing a confirmed booking with its money (issue #14 §4, issue #13 §2): a move, another number
 * of persons, another table or game location. The slot rules live in booking/reschedule.server.ts;
 * this module adds what the change does to payments:
 * - same price: changed at once;
 * - lower price: changed at once; the online part goes back as a partial credit at the provider,
 *   the voucher part to the voucher (owed amounts are written in the change's transaction, credited
 *   after commit);
 * - higher price, paid online: a held row claims the new slot and the family pays the difference
 *   through the normal payment; the booking stays valid where it is until the payment settles
 *   (`confirmPayment` applies it) — or the hold runs out and nothing changes;
 * - booked to be paid at the venue: changed at once, the open amount follows.
 */

export type ChangeInput = {
  reservationId: number;
  target: ChangeTarget;
  actor: AuditActor;
  pricing: PricePolicy;
  /** Checked under the row lock: a message refuses the change (the family's 48-hour rule). */
  guard?: (r: Reservation) => string | null;
  /** The person saw the quote and confirms it. Without, only a change that keeps the price goes through at once. */
  confirmed?: boolean;
  /** The new price they confirmed: a different price under the lock (a settings change meanwhile) asks again. */
  expectedPriceRappen?: number;
  /** Answer with a quote first even when the price stays (the persons page, staff). */
  alwaysQuote?: boolean;
  /** A higher price paid online (families only): where the provider sends the browser back. */
  paymentReturn?: ReturnUrls;
  /** Staff corrections: where the money goes, a party corrected where it is (also once begun), whether the family hears of it. */
  money?: MoneyChoice;
  staffCorrection?: boolean;
  notify?: boolean;
};

/** What happened to a lower price's money: see RefundOutcome in cancellation.server (pending = "in Bearbeitung"). */
export type ChangeRefund = "none" | "refunded" | "manual" | "pending";

export type ChangeOutcome =
  | { kind: "quote"; quote: ChangeQuote; message: string | null }
  | { kind: "changed"; reservation: Reservation; quote: ChangeQuote; refund: ChangeRefund; voucherCode?: string | null }
  | { kind: "payment"; paymentUrl: string; quote: ChangeQuote }
  | ChangeRefusal;

function quoteOf(r: Reservation, plan: ChangePlan): ChangeQuote {
  return {
    code: r.code,
    voucherCode: r.voucherCode,
    paid: plan.paid,
    before: {
      date: r.date,
      startMin: r.startMin,
      endMin: r.endMin,
      counts: countsOf(r),
      persons: personCount(r),
      priceRappen: r.priceRappen,
      offerName: r.offerName,
      priceAdjustRappen: r.priceAdjustRappen,
      openBalanceRappen: r.openBalanceRappen,
    },
    after: {
      date: plan.date,
      startMin: plan.slot.startMin,
      endMin: plan.slot.endMin,
      counts: plan.counts,
      persons: personCount(plan.counts),
      priceRappen: plan.newPriceRappen,
      offerName: plan.offer?.name ?? r.offerName,
      priceAdjustRappen: plan.priceAdjust.rappen,
      openBalanceRappen: r.openBalanceRappen + plan.settlement.openBalanceDeltaRappen,
    },
    settlement: plan.settlement,
  };
}

function isExclusionViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23P01") return true;
  }
  return false;
}

/**
 * Spreads an owed refund over the booking's settled payments, newest first (a paid difference before
 * the original payment), as refund rows written in the change's transaction (the booking row is
 * locked; the payments are locked here, in id order): what is left of a payment counts every refund
 * of it made or in flight, so a cancellation a moment later cannot refund the same money again.
 */
async function oweRefund(tx: Tx, reservationId: number, amountRappen: number, now: Date): Promise<{ owed: Refund[]; unallocated: number }> {
  const ids = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.reservationId, reservationId), eq(payments.status, "settled")));
  const rows = (await lockPayments(tx, ids.map((p) => p.id))).filter((p) => p.status === "settled").sort((a, b) => b.id - a.id);
  const owed: Refund[] = [];
  let left = amountRappen;
  for (const p of rows) {
    const take = Math.min(left, await refundableRappen(tx, p));
    if (take <= 0) continue;
    const row = await openRefund(tx, p, { amountRappen: take, reason: "change" }, now);
    if (row) owed.push(row);
    left -= take;
    if (left === 0) break;
  }
  return { owed, unallocated: left };
}

/**
 * A lower price given back as a new voucher instead of to the card (staff's choice): the amount is
 * taken off the booking's settled payments, newest first, as `voucher_credited_rappen`, so no later
 * refund or cancellation can pay it out a second time; then the voucher is created (payments before
 * vouchers: the lock order). What no payment covers is left for staff, like an unallocated refund.
 */
async function creditAsVoucher(tx: Tx, reservationId: number, amountRappen: number, now: Date) {
  const ids = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.reservationId, reservationId), eq(payments.status, "settled")));
  const rows = (await lockPayments(tx, ids.map((p) => p.id))).filter((p) => p.status === "settled").sort((a, b) => b.id - a.id);
  let left = amountRappen;
  for (const p of rows) {
    const take = Math.min(left, await refundableRappen(tx, p));
    if (take <= 0) continue;
    await tx.update(payments).set({ voucherCreditedRappen: p.voucherCreditedRappen + take, updatedAt: now }).where(eq(payments.id, p.id));
    left -= take;
    if (left === 0) break;
  }
  const issued = amountRappen - left;
  if (issued === 0) return { voucher: null, unallocated: left };
  const voucher = await createVoucher(tx, { amountRappen: issued }, now);
  return { voucher: { code: voucher.code, amountRappen: issued, validUntil: voucher.validUntil }, unallocated: left };
}

type TxResult =
  | ChangeRefusal
  | { kind: "quote"; quote: ChangeQuote }
  | { kind: "changed"; reservation: Reservation; quote: ChangeQuote; owed: Refund[]; unallocated: number; released: Payment[]; voucherCode: string | null }
  | { kind: "pending"; held: Reservation; quote: ChangeQuote; released: Payment[] };

/**
 * One change of a confirmed booking, in one transaction under the same guarantees as a new booking:
 * the target day's lock, expired holds swept, the booking's row locked, the change planned again
 * with what is current, the new slot claimed before the old one is given up — so a lost race leaves
 * the booking as it was (`slot_taken`, the spec's message). Money moves after commit.
 */
export async function changeBooking(db: Db, input: ChangeInput, now: Date = new Date()): Promise<ChangeOutcome> {
  const current = await findReservationById(db, input.reservationId);
  if (!current) return { ok: false, reason: "missing", message: CHANGE_MSG.notActive };
  // Read before any lock: a booking that is not confirmed never takes the day's lock here.
  if (current.status !== "confirmed") return { ok: false, reason: "refused", message: CHANGE_MSG.notActive };
  const early = input.guard?.(current) ?? null;
  if (early) return { ok: false, reason: "refused", message: early };
  const planOptions = { money: input.money, staffCorrection: input.staffCorrection, family: input.actor.label === CUSTOMER_ACTOR.label };
  const quoted = await planChange(db, current, input.target, input.pricing, now, planOptions);
  if (!quoted.ok) return quoted;
  const quote = quoteOf(current, quoted.plan);
  // Whether it fits at all is told with the quote already (decided again under the lock below).
  const fits = await claimFor(db, current, quoted.plan, quoted.plan.settlement.payOnlineRappen > 0 ? "alongside" : "replace", now);
  if ("ok" in fits) return fits;
  const priceStays = quoted.plan.newPriceRappen === current.priceRappen;
  if (!input.confirmed && (input.alwaysQuote || !priceStays)) return { kind: "quote", quote, message: null };
  if (input.expectedPriceRappen !== undefined && input.expectedPriceRappen !== quoted.plan.newPriceRappen) {
    return { kind: "quote", quote, message: CHANGE_MSG.priceChanged };
  }
  if (quoted.plan.settlement.payOnlineRappen > 0 && !input.paymentReturn) return { ok: false, reason: "refused", message: CHANGE_MSG.staffNoOnlineIncrease };
  const agreedPrice = quoted.plan.newPriceRappen;
  const heldMinutes = await holdMinutes(db);

  let result: TxResult;
  try {
    // Lock order (docs/architecture.md "Money: lock order"): the day, the booking, its payments,
    // the voucher; retried on a deadlock all the same.
    result = await transactionWithRetry(db, async (tx): Promise<TxResult> => {
      await lockDay(tx, quoted.plan.kind, input.target.date);
      await expireHolds(tx, now);
      const [r] = await tx.select().from(reservations).where(eq(reservations.id, input.reservationId)).for("update");
      if (!r || r.status !== "confirmed") return { ok: false, reason: "refused", message: CHANGE_MSG.notActive };
      const refusal = input.guard?.(r) ?? null;
      if (refusal) return { ok: false, reason: "refused", message: refusal };
      const planned = await planChange(tx, r, input.target, input.pricing, now, planOptions);
      if (!planned.ok) return planned;
      const { plan } = planned;
      if (plan.newPriceRappen !== agreedPrice) return { kind: "quote", quote: quoteOf(r, plan) };
      // A change still waiting for its payment is replaced by this one (its slot given back now).
      const replaced = await supersedePendingChanges(tx, r.id, now);
      const released: Payment[] = [];
      for (const id of replaced) {
        released.push(...(await tx.update(payments).set({ status: "cancelled", updatedAt: now }).where(and(eq(payments.reservationId, id), eq(payments.status, "pending"))).returning()));
      }
      if (plan.settlement.payOnlineRappen > 0) {
        const claim = await claimFor(tx, r, plan, "alongside", now);
        if ("ok" in claim) return claim;
        const held = await holdChange(tx, r, plan, claim, await uniqueBookingCode(tx), heldMinutes, now);
        await tx.insert(auditLog).values({
          staffId: input.actor.staffId,
          actor: input.actor.label,
          action: "change-pending",
          reservationId: r.id,
          details: { heldCode: held.code, after: { date: held.date, startMin: held.startMin, endMin: held.endMin, tableId: held.tableId, locationId: held.locationId, ...plan.counts }, payOnlineRappen: plan.settlement.payOnlineRappen, newPriceRappen: plan.newPriceRappen },
        });
        return { kind: "pending", held, quote: quoteOf(r, plan), released };
      }
      const claim = await claimFor(tx, r, plan, "replace", now);
      if ("ok" in claim) return claim;
      const { settlement } = plan;
      // Payments (and their refund rows) before the voucher that applyChange credits: the lock order.
      const refunded = settlement.refundRappen > 0 ? await oweRefund(tx, r.id, settlement.refundRappen, now) : { owed: [], unallocated: 0 };
      const asVoucher = settlement.voucherIssueRappen > 0 ? await creditAsVoucher(tx, r.id, settlement.voucherIssueRappen, now) : { voucher: null, unallocated: 0 };
      const changed = await applyChange(
        tx,
        r,
        {
          plan,
          claim,
          after: settlement.after,
          money: {
            refundRappen: settlement.refundRappen,
            voucherCreditRappen: settlement.voucherCreditRappen,
            paidRappen: 0,
            venueDeltaRappen: settlement.venueDeltaRappen,
            openBalanceDeltaRappen: settlement.openBalanceDeltaRappen,
            voucherIssue: asVoucher.voucher,
          },
          notify: input.notify,
        },
        input.actor,
        now,
      );
      const unallocated = refunded.unallocated + asVoucher.unallocated;
      return { kind: "changed", reservation: changed, quote: quoteOf(r, plan), owed: refunded.owed, unallocated, released, voucherCode: asVoucher.voucher?.code ?? null };
    });
  } catch (error) {
    // The exclusion constraint is the last line: a claim that slipped past the check still fails.
    if (isExclusionViolation(error)) return { ok: false, reason: "slot_taken", message: slotTakenMessage(quoted.plan) };
    throw error;
  }

  if ("ok" in result) return result;
  if (result.kind === "quote") return { kind: "quote", quote: result.quote, message: CHANGE_MSG.priceChanged };
  reservationsChanged(db);
  kickMailer();
  const provider = getPaymentProvider();
  for (const p of result.released) await provider.cancel(p.transactionId, p.refno).catch(() => undefined);

  if (result.kind === "pending") {
    // The provider's page and its records name the family's booking code, not the internal row's (issue #30 §3).
    const started = await startPayment(db, result.held, { urls: input.paymentReturn, refno: current.code });
    // startPayment gave the held slot back; the booking itself never changed.
    if (!started.ok) return { ok: false, reason: "payment_failed", message: CHANGE_MSG.paymentFailed };
    return { kind: "payment", paymentUrl: started.paymentUrl, quote: result.quote };
  }

  // Each refund was written (with its idempotency key) in the change's transaction; a refusal is
  // recorded for staff (refund-manual) by performRefund, no answer stays "in Bearbeitung".
  const performed = await performRefunds(db, provider, result.owed, now);
  let refund: ChangeRefund = performed.result === "refused" ? "manual" : performed.result;
  if (result.unallocated > 0) {
    refund = "manual";
    await db.insert(auditLog).values({ staffId: null, actor: "system", action: "refund-manual", reservationId: result.reservation.id, details: { amountRappen: result.unallocated } });
  }
  return { kind: "changed", reservation: result.reservation, quote: result.quote, refund, voucherCode: result.voucherCode };
}

function slotTakenMessage(plan: ChangePlan): string {
  return plan.sameSlot && plan.kind === "table" ? CHANGE_MSG.noTable : MSG.slotTaken;
}

// ---------------------------------------------------------------------------------------------
// The family's changes through its manage link

export type FamilyChangeOptions = {
  token: string;
  confirmed?: boolean;
  expectedPriceRappen?: number;
  alwaysQuote?: boolean;
  /** SELF_SERVICE_HOURS, passed by the caller (booking/manage.server's policy). */
  hours: number;
  closedMessage: string;
  /** The headcount deadline (`balanceDays` before the party) and what the family reads after it. */
  headcount?: { days: number; lockedMessage: string };
  /** The page's language: the provider sends the family back to the payment step in it. */
  lang?: Lang;
};

/**
 * Where the provider returns a family paying a difference: its own manage page's payment step. The
 * link's token travels to the provider in these URLs (it is our payment processor, and the page only
 * ever shows this booking); the token's page sends no Referer onwards. In the page's language.
 */
export function changeReturnUrls(token: string, lang: Lang = "de"): ReturnUrls {
  const base = `${getEnv().PUBLIC_URL}${localePath(lang, `/buchung/${token}/zahlung`)}`;
  return { successUrl: `${base}?r=ok`, cancelUrl: `${base}?r=abbruch`, errorUrl: `${base}?r=fehler` };
}

/** The family moves its booking or changes its persons: only while `canSelfChange` holds (checked under the row lock). */
export function changeByFamily(db: Db, r: Reservation, target: ChangeTarget, options: FamilyChangeOptions, now: Date = new Date()): Promise<ChangeOutcome> {
  return changeBooking(
    db,
    {
      reservationId: r.id,
      target,
      actor: CUSTOMER_ACTOR,
      pricing: "difference",
      guard: (locked) => {
        if (!canSelfChange(locked, now, options.hours)) return options.closedMessage;
        // After the headcount deadline the numbers are locked for the family (issue #30 §4).
        if (target.counts && options.headcount && hasHeadcount(locked) && !headcountOpen(locked, options.headcount.days, now)) return options.headcount.lockedMessage;
        return null;
      },
      confirmed: options.confirmed,
      expectedPriceRappen: options.expectedPriceRappen,
      alwaysQuote: options.alwaysQuote,
      paymentReturn: changeReturnUrls(options.token, options.lang),
    },
    now,
  );
}

/** A change of this booking waiting for its payment: amount, until when, and the payment page. */
export async function pendingChangeOf(db: Db, r: Reservation, now: Date = new Date()) {
  const held = await pendingChangeRow(db, r.id, now);
  if (!held) return null;
  const payment = await pendingPaymentOf(db, held.id);
  if (!payment) return null;
  return {
    amountRappen: held.amountRappen,
    until: held.holdExpiresAt!,
    paymentUrl: payment.paymentUrl,
    date: held.date,
    startMin: held.startMin,
    endMin: held.endMin,
    persons: personCount(held),
  };
}

/** `balance-paid`: the payment was a deposit booking's balance (issue #30 §3), not a change. */
export type ChangeReturn = "changed" | "balance-paid" | "pending" | "cancelled" | "refunded" | "unknown";

/**
 * The browser comes back from paying a difference (`/buchung/<token>/zahlung`, a GET). The payment
 * must be this booking's (its held change row's, or already moved over to the booking). The
 * provider's word decides, through the same exactly-once `confirmPayment`: a transaction the
 * provider reports cancelled or failed gives the held slot back at once; one still open there stays
 * open — only the family's POST (`abandonChangePayment`) gives it up. A GET changes no state of the
 * family's own choosing (issue #27 §6).
 */
export async function changePaymentReturn(db: Db, r: Reservation, transactionId: string | null): Promise<ChangeReturn> {
  const payment = await changePaymentOf(db, r, transactionId);
  if (!payment) return "unknown";
  return changeReturnOf(r, (await confirmPayment(db, payment.transactionId)).payment);
}

/** The family's «Zahlung abbrechen» (a POST on the same page): cancelled at the provider, the held slot given back. */
export async function abandonChangePayment(db: Db, r: Reservation, transactionId: string | null): Promise<ChangeReturn> {
  const payment = await changePaymentOf(db, r, transactionId);
  if (!payment) return "unknown";
  return changeReturnOf(r, (await abandonPayment(db, payment.transactionId, "cancelled")).payment);
}

/** The payment behind a return link, when it is this booking's. */
async function changePaymentOf(db: Db, r: Reservation, transactionId: string | null) {
  if (!transactionId) return null;
  const payment = await findPayment(db, transactionId);
  // A gift voucher's payment has no booking: never this page's.
  if (!payment || payment.reservationId === null) return null;
  const owner = payment.reservationId === r.id ? r : await findReservationById(db, payment.reservationId);
  if (!owner || (owner.id !== r.id && owner.movesReservationId !== r.id)) return null;
  return payment;
}

function changeReturnOf(r: Reservation, now: { status: string; reservationId: number | null; kind?: string } | null): ChangeReturn {
  if (!now) return "unknown";
  if (now.status === "settled" && now.kind === "balance") return "balance-paid";
  if (now.status === "settled") return now.reservationId === r.id ? "changed" : "pending";
  if (now.status === "refund_pending" || now.status === "refunded") return "refunded";
  if (now.status === "pending") return "pending";
  return "cancelled";
}
