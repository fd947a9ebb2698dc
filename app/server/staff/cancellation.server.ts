import { and, eq, inArray } from "drizzle-orm";
import { refundOptions, type CancellationSplit, type RefundChoice, type RefundOption } from "~/domain/cancellation-terms";
import { formatChf } from "~/domain/money";
import { canSelfChange, formatVenueInstant, selfServiceDeadline } from "~/domain/self-service";
import { formatDateDE, formatTime } from "~/domain/time";
import type { Reservation } from "../booking/bookings.server";
import { loadVenuePolicy } from "../booking/venue.server";
import type { Db } from "../platform/db.server";
import { auditLog, payments, reservations, voucherLedger } from "../platform/schema";
import { cancelBooking, cancellationMoney, type AuditActor, type RefundOutcome } from "../payments/cancellation.server";
import { creditVoucher } from "../vouchers/vouchers.server";

/** Who acts: a signed-in staff member, or a machine client with the API token. */
export type Actor = { staffId: number; name: string } | { staffId: null; name: "api-token" };

export type { RefundOutcome };

function auditActor(actor: Actor): AuditActor {
  return { staffId: actor.staffId, label: actor.staffId === null ? "api-token" : `staff:${actor.name}` };
}

/** Spec §3's cancel response, plus what happened to the money. */
export type CancelResponse = {
  success: boolean;
  message: string;
  bookingCode: string;
  reservationType?: string;
  customerName?: string;
  customerEmail?: string;
  hasCoupon: boolean;
  couponCode?: string | null;
  couponAmount?: number;
  refund?: RefundOutcome;
  refundAmount?: number;
  couponRestored?: boolean;
  /** CHF kept as the AGB's cancellation fee (issue #29 §1), when staff chose to keep any. */
  feeKept?: number;
  /** CHF credited back onto the voucher at the cancellation. */
  couponCredited?: number;
  /** The first step's answer: whose booking it is and what each choice gives back. Nothing changed. */
  preview?: CancelPreview;
};

/** What the storno page shows before anything happens (issue #29 §1). */
export type CancelPreview = {
  date: string;
  time: string;
  persons: string;
  offerName: string;
  paidOnlineRappen: number;
  voucherRappen: number;
  voucherCode: string | null;
  /** Before the self-service deadline: free cancellation (AGB §4). */
  free: boolean;
  deadline: string;
  feePercent: number;
  options: RefundOption[];
  recommended: RefundChoice;
};

const CHANGED_MESSAGE = "Die Beträge dieser Buchung haben sich inzwischen geändert. Bitte prüfen Sie die Stornierung erneut.";

function notFound(code: string): { status: number; body: CancelResponse } {
  return { status: 404, body: { success: false, message: `Keine Reservierung mit dem Buchungscode ${code} gefunden.`, bookingCode: code, hasCoupon: false } };
}

function personsText(r: Reservation): string {
  if (r.players !== null) return `${r.players} Spieler`;
  const adults = r.numActiveAdults + r.numAccompanyingAdults;
  return `${r.numChildren} ${r.numChildren === 1 ? "Kind" : "Kinder"}, ${adults} ${adults === 1 ? "Erwachsene/r" : "Erwachsene"}`;
}

function customer(r: Reservation) {
  const hasCoupon = r.voucherId !== null && r.discountRappen > 0;
  return {
    bookingCode: r.code,
    reservationType: r.type,
    customerName: `${r.firstName} ${r.lastName}`,
    customerEmail: r.email,
    hasCoupon,
    couponCode: hasCoupon ? r.voucherCode : null,
    couponAmount: hasCoupon ? r.discountRappen / 100 : 0,
  };
}

/**
 * Cancels a booking by its code in one transaction: status, reason, who and when, the audit row,
 * the voucher part credited back (AGB §5: "Bei einer Stornierung wird der eingelöste Betrag dem
 * Gutschein wieder gutgeschrieben" — whoever cancels; the cancellation e-mail says so too), the
 * family's cancellation e-mail. The table is free again the moment it commits. Money: a settled
 * payment is refunded through the provider after commit (or marked for a manual refund when the
 * provider refuses); an open one is released. `restoreVoucher` stays for bookings cancelled before
 * the credit was automatic (the result card then still shows the spec's "restore manually" warning).
 */
export async function cancelReservation(
  db: Db,
  input: {
    code: string;
    reason: string | null;
    actor: Actor;
    /** Staff's choice from the preview; absent: everything goes back (the spec's JSON API). */
    refund?: { choice: RefundChoice; expect?: CancellationSplit };
    note?: string | null;
  },
  now: Date = new Date(),
): Promise<{ status: number; body: CancelResponse }> {
  const code = input.code.trim().toUpperCase();
  const terms = input.refund ? { ...input.refund, feePercent: (await loadVenuePolicy(db)).lateCancelFeePercent } : undefined;
  const outcome = await cancelBooking(
    db,
    { where: { code }, reason: input.reason, actor: auditActor(input.actor), creditVoucher: true, terms, note: input.note ?? null },
    now,
  );

  if (outcome.kind === "missing") return notFound(code);
  const closed = await notCancellable(db, code, outcome);
  if (closed) return closed;
  if (outcome.kind === "changed") {
    const again = await previewCancellation(db, code, now);
    return { status: 409, body: { ...again.body, success: false, message: CHANGED_MESSAGE } };
  }
  if (outcome.kind !== "cancelled") return notFound(code);

  const refundOutcome = outcome.refund;
  const moneyNote =
    refundOutcome === "refunded"
      ? ` Die Zahlung von ${formatChf(outcome.refundRappen)} wurde zurückerstattet.`
      : refundOutcome === "manual"
        ? ` Die Rückerstattung von ${formatChf(outcome.refundRappen)} ist fehlgeschlagen und muss manuell erfolgen.`
        : refundOutcome === "pending"
          ? ` Die Rückerstattung von ${formatChf(outcome.refundRappen)} ist in Bearbeitung und wird automatisch erneut angefragt.`
          : "";
  return {
    status: 200,
    body: {
      success: true,
      message: `Die Reservierung ${code} wurde storniert.${moneyNote}`,
      ...customer(outcome.r),
      refund: refundOutcome,
      refundAmount: outcome.refundRappen / 100,
      ...(outcome.voucherCreditedRappen > 0 ? { couponRestored: true, couponCredited: outcome.voucherCreditedRappen / 100 } : {}),
      ...(outcome.keptRappen > 0 ? { feeKept: outcome.keptRappen / 100 } : {}),
    },
  };
}

/** The spec's answers for a booking that cannot be cancelled (again); null when it can. */
async function notCancellable(db: Db, code: string, outcome: { kind: string; r?: Reservation }): Promise<{ status: number; body: CancelResponse } | null> {
  const r = outcome.r;
  if (!r) return null;
  if (outcome.kind === "already") {
    const restored = await voucherCredited(db, r.id);
    return { status: 409, body: { success: false, message: `Die Reservierung ${code} ist bereits storniert.`, ...customer(r), ...(restored ? { couponRestored: true } : {}) } };
  }
  if (outcome.kind === "expired" || outcome.kind === "refused") {
    return { status: 409, body: { success: false, message: `Die Reservierung ${code} wurde nie bestätigt (Zahlung nicht abgeschlossen) und ist bereits freigegeben.`, ...customer(r) } };
  }
  return null;
}

/**
 * The storno page's first step (issue #29 §1): the booking a code names and what each refund choice
 * would give back, computed from the cancellation policy; reads only. A mistyped code gets the
 * spec's not-found answer, a cancelled or never confirmed booking the same answers as cancelling.
 */
export async function previewCancellation(db: Db, rawCode: string, now: Date = new Date()): Promise<{ status: number; body: CancelResponse }> {
  const code = rawCode.trim().toUpperCase();
  const [r] = await db.select().from(reservations).where(eq(reservations.code, code));
  if (!r) return notFound(code);
  const closed = await notCancellable(db, code, { kind: r.status === "cancelled" ? "already" : r.status === "expired" ? "expired" : "active", r });
  if (closed) return closed;
  const policy = await loadVenuePolicy(db);
  const settled = await db.select().from(payments).where(and(eq(payments.reservationId, r.id), eq(payments.status, "settled")));
  const money = await cancellationMoney(db, r, settled);
  const free = r.status !== "confirmed" || canSelfChange(r, now, policy.cancelFreeHours);
  const { options, recommended } = refundOptions(money, policy.lateCancelFeePercent, free);
  return {
    status: 200,
    body: {
      success: true,
      message: `Bitte prüfen Sie die Reservierung ${code} und bestätigen Sie die Stornierung.`,
      ...customer(r),
      preview: {
        date: formatDateDE(r.date),
        time: `${formatTime(r.startMin)}–${formatTime(r.endMin)}`,
        persons: personsText(r),
        offerName: r.offerName,
        paidOnlineRappen: money.onlineRappen,
        voucherRappen: money.voucherRappen,
        voucherCode: money.voucherRappen > 0 ? r.voucherCode : null,
        free,
        deadline: formatVenueInstant(selfServiceDeadline(r, policy.cancelFreeHours)),
        feePercent: policy.lateCancelFeePercent,
        options,
        recommended,
      },
    },
  };
}

/** Whether a cancelled booking's voucher part is back on the voucher (credited at cancellation or restored later). */
async function voucherCredited(db: Db, reservationId: number): Promise<boolean> {
  const [done] = await db
    .select({ id: voucherLedger.id })
    .from(voucherLedger)
    .where(and(eq(voucherLedger.reservationId, reservationId), inArray(voucherLedger.kind, ["staff-restore", "cancel-credit"])));
  return done !== undefined;
}

/**
 * Gives a cancelled booking's voucher amount back, once (a ledger row; a unique index backs the
 * check, should two clicks race).
 */
export async function restoreVoucher(
  db: Db,
  input: { code: string; actor: Actor },
): Promise<{ status: number; body: CancelResponse }> {
  const code = input.code.trim().toUpperCase();
  const result = await db.transaction(async (tx) => {
    const [r] = await tx.select().from(reservations).where(eq(reservations.code, code)).for("update");
    if (!r) return { kind: "missing" as const };
    if (r.status !== "cancelled" || r.voucherId === null || r.discountRappen <= 0) return { kind: "not-applicable" as const, r };
    const [done] = await tx
      .select({ id: voucherLedger.id })
      .from(voucherLedger)
      .where(and(eq(voucherLedger.reservationId, r.id), inArray(voucherLedger.kind, ["staff-restore", "cancel-credit"])));
    if (done) return { kind: "already" as const, r };
    await creditVoucher(tx, { voucherId: r.voucherId, reservationId: r.id, amountRappen: r.discountRappen, kind: "staff-restore" });
    await tx.insert(auditLog).values({
      staffId: input.actor.staffId,
      actor: input.actor.staffId === null ? "api-token" : `staff:${input.actor.name}`,
      action: "voucher-restore",
      reservationId: r.id,
      details: { voucherCode: r.voucherCode, amountRappen: r.discountRappen },
    });
    return { kind: "restored" as const, r };
  });
  if (result.kind === "missing") {
    return { status: 404, body: { success: false, message: `Keine Reservierung mit dem Buchungscode ${code} gefunden.`, bookingCode: code, hasCoupon: false } };
  }
  const base = customer(result.r);
  if (result.kind === "not-applicable") {
    return { status: 409, body: { success: false, message: "Für diese Reservierung gibt es keinen Gutschein wiederherzustellen.", ...base } };
  }
  if (result.kind === "already") {
    return { status: 409, body: { success: false, message: `Der Gutschein ${base.couponCode} wurde bereits wiederhergestellt.`, ...base, couponRestored: true } };
  }
  return {
    status: 200,
    body: {
      success: true,
      message: `Der Gutschein ${base.couponCode} wurde um ${formatChf(result.r.discountRappen)} wiederhergestellt.`,
      ...base,
      couponRestored: true,
    },
  };
}
