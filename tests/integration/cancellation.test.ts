import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { availableBirthdaySlots } from "~/server/booking/availability.server";
import { findReservationByCode, reserveBirthday } from "~/server/booking/bookings.server";
import { cancelReservation, previewCancellation, restoreVoucher, type Actor } from "~/server/staff/cancellation.server";
import { savePolicySettings } from "~/server/staff/venue-admin.server";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
import { venueToUtc } from "~/domain/time";
import { reservations } from "~/server/platform/schema";
import { cancelBooking } from "~/server/payments/cancellation.server";
import { auditLog, mailOutbox, payments, refunds, vouchers } from "~/server/platform/schema";
import { bookingDetail, markRefundDone } from "~/server/staff/booking-desk.server";
import { reconcilePayments } from "~/server/payments/reconcile.server";
import { confirmPayment, startPayment } from "~/server/payments/payments.server";
import { createVoucher, voucherLedgerOf } from "~/server/vouchers/vouchers.server";
import { useFakeDatatrans } from "./fake-datatrans-env";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

const HMAC_KEY = "0123456789abcdef0123456789abcdef";
const API: Actor = { staffId: null, name: "api-token" };
/** 25 persons fit only the 30-seat table: one booking makes its slot unavailable for another such party. */
const BIG = { numChildren: 10, numActiveAdults: 10, numAccompanyingAdults: 5 };

const datatrans = useFakeDatatrans({ label: "cancel", hmacKey: HMAC_KEY, env: { PUBLIC_URL: "http://127.0.0.1:9" } });

afterEach(() => {
  datatrans.fake.setDown(false);
  datatrans.fake.setCreditRefusal(null);
  datatrans.fake.setCreditDelay(0);
  vi.restoreAllMocks();
});

describe.each(drivers)("cancelling bookings on $name", ({ open }) => {
  let database: TestDatabase;
  let week = 0;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A paid, confirmed booking of the only table that fits 25, on a Saturday of its own. */
  async function paidBooking(couponCode?: string) {
    week += 1;
    const date = nextWeekday(6, new Date(Date.now() + week * 7 * 86400_000));
    const held = await reserveBirthday(database.db, { offerId: 1, date, startMin: 600, counts: BIG, contact: CONTACT, couponCode }, { holdMinutes: 15 });
    if (!held.ok) throw new Error(held.message);
    const started = await startPayment(database.db, held.reservation);
    if (!started.ok) throw new Error("payment not started");
    const trx = started.paymentUrl.split("/").at(-1)!;
    await datatrans.fake.pay(trx, "settled");
    await confirmPayment(database.db, trx);
    return { date, code: held.reservation.code, trx };
  }

  it("frees the table at once, refunds once, writes the audit row and the cancellation e-mail", async () => {
    const { date, code, trx } = await paidBooking();
    expect((await availableBirthdaySlots(database.db, { date, persons: 25, offerId: 1 }))[0]!.available).toBe(false);

    const first = await cancelReservation(database.db, { code: code.toLowerCase(), reason: "Kind ist krank", actor: API });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      bookingCode: code,
      reservationType: "BIRTHDAY_PARTY",
      customerName: "Anna Muster",
      customerEmail: "anna@example.ch",
      hasCoupon: false,
      refund: "refunded",
    });
    expect((await availableBirthdaySlots(database.db, { date, persons: 25, offerId: 1 }))[0]!.available).toBe(true);

    const reservation = await findReservationByCode(database.db, code);
    expect(reservation).toMatchObject({ status: "cancelled", cancelReason: "Kind ist krank", paymentStatus: "refunded" });
    const credits = datatrans.fake.requests.filter((r) => r.path.endsWith(`/${trx}/credit`));
    expect(credits).toHaveLength(1);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.reservationId, reservation!.id));
    expect(audit.map((a) => a.action)).toEqual(["cancel", "refund"]);
    expect(audit[0]!.details).toMatchObject({
      reason: "Kind ist krank",
      before: { status: "confirmed", paymentStatus: "settled" },
      after: { status: "cancelled", paymentStatus: "refund_pending" },
    });
    expect(audit[1]!).toMatchObject({
      actor: "system",
      details: { transactionId: trx, amountRappen: reservation!.amountRappen, before: { payment: "refund_pending", booking: "refund_pending" }, after: { payment: "refunded", booking: "refunded" } },
    });
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, reservation!.id));
    expect(mails.map((m) => m.kind).sort()).toEqual(["cancellation", "confirmation"]);
    expect(mails.find((m) => m.kind === "cancellation")!.ics).toContain("METHOD:CANCEL");
    expect(mails.find((m) => m.kind === "cancellation")!.text).toContain(
      `Der bezahlte Betrag von CHF ${(reservation!.amountRappen / 100).toFixed(2)} wird Ihnen zurückerstattet`,
    );

    const second = await cancelReservation(database.db, { code, reason: null, actor: API });
    expect(second.status).toBe(409);
    expect(second.body.success).toBe(false);
    expect(second.body.message).toContain("bereits storniert");
    expect(datatrans.fake.requests.filter((r) => r.path.endsWith(`/${trx}/credit`))).toHaveLength(1);
    // The second attempt wrote nothing: still the one cancellation and its refund.
    expect(await database.db.select().from(auditLog).where(eq(auditLog.reservationId, reservation!.id))).toHaveLength(2);
  });

  it("answers 404 for an unknown code", async () => {
    const result = await cancelReservation(database.db, { code: "FW-NOPE00", reason: null, actor: API });
    expect(result.status).toBe(404);
    expect(result.body).toMatchObject({ success: false, bookingCode: "FW-NOPE00" });
  });

  it("marks the refund for manual handling when the provider refuses", async () => {
    const { code } = await paidBooking();
    datatrans.fake.setCreditRefusal("DECLINED");
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await cancelReservation(database.db, { code, reason: null, actor: API });
    expect(result.body).toMatchObject({ success: true, refund: "manual" });
    expect(errors).toHaveBeenCalledTimes(1);
    const reservation = await findReservationByCode(database.db, code);
    expect(reservation!.paymentStatus).toBe("refund_pending");
    const [payment] = await database.db.select().from(payments).where(eq(payments.reservationId, reservation!.id));
    expect(payment!.status).toBe("refund_pending");
    expect((await database.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id))).map((r) => r.status)).toEqual(["refused"]);
    const detail = await bookingDetail(database.db, code);
    expect(detail).toMatchObject({ refundOpen: true, refundState: "refused" });
  });

  it("a refund the provider did not answer (down, timeout) is in progress, never 'refused', and the reconciliation completes it once", async () => {
    const { code, trx } = await paidBooking();
    datatrans.fake.setDown(true);
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    const result = await cancelReservation(database.db, { code, reason: null, actor: API });
    expect(result.body).toMatchObject({ success: true, refund: "pending" });
    expect(result.body.message).toContain("in Bearbeitung");
    expect(warnings).toHaveBeenCalled();
    const reservation = await findReservationByCode(database.db, code);
    expect(reservation!.paymentStatus).toBe("refund_pending");
    expect(await bookingDetail(database.db, code)).toMatchObject({ refundOpen: true, refundState: "in-progress" });
    // Staff cannot mark it done by hand while it is in flight: that would pay twice.
    expect(await markRefundDone(database.db, { code }, { id: 0, email: "desk@funworld.ch" })).toMatchObject({ ok: false, status: 409 });

    datatrans.fake.setDown(false);
    const report = await reconcilePayments(database.db, { mode: "all" });
    expect(report.refunds).toMatchObject({ asked: 1, refunded: 1 });
    // Asked again: nothing left in flight, no second credit.
    await reconcilePayments(database.db, { mode: "all" });
    expect(datatrans.fake.credits().filter((c) => c.refno === code)).toHaveLength(1);
    expect(await findReservationByCode(database.db, code)).toMatchObject({ paymentStatus: "refunded" });
    const [payment] = await database.db.select().from(payments).where(eq(payments.reservationId, reservation!.id));
    expect(payment).toMatchObject({ status: "refunded", refundedRappen: payment!.amountRappen });
    expect(await bookingDetail(database.db, code)).toMatchObject({ refundOpen: false, refundState: null });
    // Every attempt carried the refund's one stored key.
    const keys = new Set(datatrans.fake.requests.filter((r) => r.path.endsWith(`/${trx}/credit`)).map((r) => r.headers["idempotency-key"]));
    expect(keys.size).toBe(1);
  });

  it("credits the voucher part back when staff cancel (AGB §5), once; a second restore is refused", async () => {
    const voucher = await createVoucher(database.db, { amountRappen: 5000 });
    const { code } = await paidBooking(voucher.code);
    const cancelled = await cancelReservation(database.db, { code, reason: null, actor: { staffId: null, name: "api-token" } });
    expect(cancelled.body).toMatchObject({ success: true, hasCoupon: true, couponCode: voucher.code, couponAmount: 50, couponRestored: true });
    const [afterCancel] = await database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(afterCancel!.remainingRappen).toBe(5000);
    expect((await voucherLedgerOf(database.db, voucher.id)).map((l) => [l.kind, l.amountRappen])).toEqual([
      ["redeem", 5000],
      ["cancel-credit", -5000],
    ]);
    expect((await restoreVoucher(database.db, { code, actor: API })).status).toBe(409);
    // Asked again, the card knows the voucher is back (no "restore manually" warning).
    expect((await cancelReservation(database.db, { code, reason: null, actor: API })).body).toMatchObject({ success: false, couponRestored: true });
  });

  it("restores the voucher of a booking cancelled without the credit exactly once, even when staff click twice at the same time", async () => {
    const voucher = await createVoucher(database.db, { amountRappen: 5000 });
    const { code } = await paidBooking(voucher.code);
    // As bookings cancelled before the credit became automatic were.
    await cancelBooking(database.db, { where: { code }, reason: null, actor: { staffId: null, label: "api-token" }, creditVoucher: false });
    const results = await Promise.all([restoreVoucher(database.db, { code, actor: API }), restoreVoucher(database.db, { code, actor: API })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const [after] = await database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(after!.remainingRappen).toBe(5000);
    const ledger = await voucherLedgerOf(database.db, voucher.id);
    expect(ledger.map((l) => [l.kind, l.amountRappen])).toEqual([
      ["redeem", 5000],
      ["staff-restore", -5000],
    ]);
  });

  it("cancels a held booking and releases its open payment", async () => {
    week += 1;
    const date = nextWeekday(6, new Date(Date.now() + week * 7 * 86400_000));
    const held = await reserveBirthday(database.db, { offerId: 1, date, startMin: 720, counts: BIG, contact: CONTACT }, { holdMinutes: 15 });
    if (!held.ok) throw new Error(held.message);
    const started = await startPayment(database.db, held.reservation);
    expect(started.ok).toBe(true);
    const result = await cancelReservation(database.db, { code: held.reservation.code, reason: null, actor: API });
    expect(result.body).toMatchObject({ success: true, refund: "released" });
    const slots = await availableBirthdaySlots(database.db, { date, persons: 25, offerId: 1 });
    expect(slots.find((s) => s.startTime === "12:00")!.available).toBe(true);
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, held.reservation.id));
    expect(mails).toHaveLength(0);
  });

  describe("with the AGB's fee (issue #29 §1)", () => {
    beforeAll(async () => {
      const manager = await createStaffAccount(database.db, `storno-${process.pid}@funworld.ch`, "richtig-und-lang-genug", "manager");
      expect((await savePolicySettings(database.db, manager, { selfServiceHours: 48, lateCancelFeePercent: 20, reminderHours: 48, gameLeadHours: 1 })).ok).toBe(true);
    });

    /** An hour before the party: past the free deadline. */
    const late = (date: string) => new Date(venueToUtc(date, 600).getTime() - 3_600_000);

    it("a preview changes nothing: a mistyped code is not found, a real one shows whose party it is and the choices", async () => {
      const voucher = await createVoucher(database.db, { amountRappen: 5000 });
      const { code, date } = await paidBooking(voucher.code);
      const before = await findReservationByCode(database.db, code);
      const auditBefore = await database.db.select().from(auditLog).where(eq(auditLog.reservationId, before!.id));

      const mistyped = await previewCancellation(database.db, code.slice(0, -1) + (code.endsWith("A") ? "B" : "A"));
      expect(mistyped.status).toBe(404);
      expect(mistyped.body.message).toMatch(/^Keine Reservierung mit dem Buchungscode .* gefunden\.$/);

      const early = await previewCancellation(database.db, code.toLowerCase());
      expect(early.status).toBe(200);
      const paid = before!.amountRappen;
      expect(early.body).toMatchObject({ bookingCode: code, customerName: "Anna Muster", hasCoupon: true, couponCode: voucher.code });
      expect(early.body.preview).toMatchObject({ free: true, recommended: "full", feePercent: 20, paidOnlineRappen: paid, voucherRappen: 5000, persons: "10 Kinder, 15 Erwachsene" });
      expect(early.body.preview!.options.map((o) => [o.choice, o.refundRappen, o.voucherCreditRappen, o.keptRappen])).toEqual([
        ["full", paid, 5000, 0],
        ["fee", paid - Math.round(paid * 0.2), 4000, Math.round(paid * 0.2) + 1000],
        ["none", 0, 0, paid + 5000],
      ]);
      const afterHours = await previewCancellation(database.db, code, late(date));
      expect(afterHours.body.preview).toMatchObject({ free: false, recommended: "fee" });

      // Nothing changed: the booking, its audit, the provider, the voucher.
      expect(await findReservationByCode(database.db, code)).toMatchObject({ status: "confirmed", paymentStatus: "settled" });
      expect(await database.db.select().from(auditLog).where(eq(auditLog.reservationId, before!.id))).toHaveLength(auditBefore.length);
      expect(datatrans.fake.credits().filter((c) => c.refno === code)).toHaveLength(0);
      expect((await database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id)))[0]!.remainingRappen).toBe(0);
    });

    it("refunds less the fee, credits the voucher less the fee, once under a double submit; the e-mail says what is kept", async () => {
      const voucher = await createVoucher(database.db, { amountRappen: 5000 });
      const { code, date } = await paidBooking(voucher.code);
      const r = (await findReservationByCode(database.db, code))!;
      const paid = r.amountRappen;
      const fee = Math.round(paid * 0.2);
      const expect_ = { choice: "fee" as const, expect: { refundRappen: paid - fee, voucherCreditRappen: 4000, keptRappen: fee + 1000 } };
      const input = { code, reason: "Kind krank", actor: API, refund: expect_, note: "Mutter hat angerufen" };
      const results = await Promise.all([cancelReservation(database.db, input, late(date)), cancelReservation(database.db, input, late(date))]);
      expect(results.map((x) => x.status).sort()).toEqual([200, 409]);
      const ok = results.find((x) => x.status === 200)!.body;
      expect(ok).toMatchObject({ success: true, refund: "refunded", refundAmount: (paid - fee) / 100, couponCredited: 40, feeKept: (fee + 1000) / 100 });

      const credits = datatrans.fake.credits().filter((c) => c.refno === code);
      expect(credits.map((c) => c.amount)).toEqual([paid - fee]);
      const [payment] = await database.db.select().from(payments).where(eq(payments.reservationId, r.id));
      // The rest stays with the venue: the payment is done, not on the worklist of refunds owed.
      expect(payment).toMatchObject({ status: "refunded", refundedRappen: paid - fee, refundDueRappen: 0 });
      expect(await findReservationByCode(database.db, code)).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
      expect(await bookingDetail(database.db, code)).toMatchObject({ refundOpen: false });
      expect((await database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id)))[0]!.remainingRappen).toBe(4000);

      const audit = await database.db.select().from(auditLog).where(eq(auditLog.reservationId, r.id));
      const cancel = audit.filter((a) => a.action === "cancel");
      expect(cancel).toHaveLength(1);
      expect(cancel[0]!.details).toMatchObject({ refundChoice: "fee", keptRappen: fee + 1000, voucherCreditedRappen: 4000, note: "Mutter hat angerufen" });
      const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, r.id)).then((m) => m.filter((x) => x.kind === "cancellation"));
      expect(mail!.text).toContain(`Der bezahlte Betrag von CHF ${((paid - fee) / 100).toFixed(2)} wird Ihnen zurückerstattet`);
      expect(mail!.text).toContain(`bezahlte Betrag von CHF 40.00 wird dem Gutschein wieder gutgeschrieben.`);
      expect(mail!.text).toContain(`behalten wir CHF ${((fee + 1000) / 100).toFixed(2)} als Stornogebühr ein.`);
      // The internal note never reaches the family.
      expect(mail!.text).not.toContain("Mutter hat angerufen");
      expect(mail!.text).toContain("Grund: Kind krank");
    });

    it("no refund: nothing goes to the provider or the voucher, the payment stays the venue's", async () => {
      const voucher = await createVoucher(database.db, { amountRappen: 5000 });
      const { code, date } = await paidBooking(voucher.code);
      const r = (await findReservationByCode(database.db, code))!;
      const result = await cancelReservation(
        database.db,
        { code, reason: null, actor: API, refund: { choice: "none", expect: { refundRappen: 0, voucherCreditRappen: 0, keptRappen: r.amountRappen + 5000 } } },
        late(date),
      );
      expect(result.body).toMatchObject({ success: true, refund: "none", feeKept: (r.amountRappen + 5000) / 100 });
      expect(result.body.couponRestored).toBeUndefined();
      expect(datatrans.fake.credits().filter((c) => c.refno === code)).toHaveLength(0);
      const [payment] = await database.db.select().from(payments).where(eq(payments.reservationId, r.id));
      expect(payment).toMatchObject({ status: "settled", refundedRappen: 0 });
      expect(await findReservationByCode(database.db, code)).toMatchObject({ status: "cancelled", paymentStatus: "settled" });
      expect((await database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id)))[0]!.remainingRappen).toBe(0);
      const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, r.id)).then((m) => m.filter((x) => x.kind === "cancellation"));
      expect(mail!.text).not.toContain("zurückerstattet");
      expect(mail!.text).toContain("als Stornogebühr ein.");
    });

    it("does not cancel when the figures the preview showed no longer hold, and shows the new preview", async () => {
      const { code } = await paidBooking();
      const r = (await findReservationByCode(database.db, code))!;
      const stale = { refundRappen: r.amountRappen - 100, voucherCreditRappen: 0, keptRappen: 0 };
      const result = await cancelReservation(database.db, { code, reason: null, actor: API, refund: { choice: "full", expect: stale } });
      expect(result.status).toBe(409);
      expect(result.body).toMatchObject({ success: false, message: "Die Beträge dieser Buchung haben sich inzwischen geändert. Bitte prüfen Sie die Stornierung erneut." });
      expect(result.body.preview!.paidOnlineRappen).toBe(r.amountRappen);
      expect(await findReservationByCode(database.db, code)).toMatchObject({ status: "confirmed", paymentStatus: "settled" });
      expect(await database.db.select().from(refunds)).not.toContainEqual(expect.objectContaining({ reason: "cancel", amountRappen: r.amountRappen - 100 }));
      expect((await database.db.select().from(auditLog).where(eq(auditLog.reservationId, r.id))).filter((a) => a.action === "cancel")).toHaveLength(0);
      await database.db.update(reservations).set({ status: "cancelled" }).where(eq(reservations.id, r.id));
    });
  });
});
