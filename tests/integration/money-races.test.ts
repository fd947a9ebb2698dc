import { and, asc, eq, inArray, or } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { PartyCounts } from "~/domain/pricing";
import { reserveBirthday, type Reservation } from "~/server/booking/bookings.server";
import { changeByFamily, changePaymentReturn, type ChangeOutcome } from "~/server/payments/booking-change.server";
import { cancelByFamily } from "~/server/payments/cancellation.server";
import { confirmPayment, startPayment } from "~/server/payments/payments.server";
import { createDatatransProvider } from "~/server/payments/providers/datatrans.server";
import { reconcilePayments } from "~/server/payments/reconcile.server";
import { performRefund, reconcileRefunds, REFUND_POLICY } from "~/server/payments/refunds.server";
import { auditLog, mailOutbox, payments, refunds, reservations } from "~/server/platform/schema";
import type { ChangeTarget } from "~/server/booking/reschedule.server";
import { useFakeDatatrans } from "./fake-datatrans-env";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

/**
 * Money under races and crashes (issue #27 §3, §4): the one lock order of bookings, payments and
 * refunds, deadlock retries, and refunds written before the provider call with a stored key.
 * On PostgreSQL the racing calls really run at once (a pool of connections); on the embedded
 * database they queue, and the same outcomes must hold.
 */
const HMAC_KEY = "00aa11bb22cc33dd44ee55ff66778899";
const TOKEN = "r".repeat(43);
/** 7 persons: 5 × CHF 29 + CHF 28 + CHF 5 = CHF 178 on a 10-seat table. */
const SEVEN: PartyCounts = { numChildren: 5, numActiveAdults: 1, numAccompanyingAdults: 1 };
const NINE: PartyCounts = { numChildren: 7, numActiveAdults: 1, numAccompanyingAdults: 1 };
const FOUR: PartyCounts = { numChildren: 2, numActiveAdults: 1, numAccompanyingAdults: 1 };

const datatrans = useFakeDatatrans({
  label: "money-races",
  hmacKey: HMAC_KEY,
  // Webhooks go to a closed port: the races below are between the calls the test makes.
  env: { PUBLIC_URL: "http://127.0.0.1:9", SELF_SERVICE_HOURS: "48", HOLD_MINUTES: "15" },
});

afterEach(() => {
  datatrans.fake.setCreditDelay(0);
  datatrans.fake.setCreditRefusal(null);
  datatrans.fake.setDown(false);
  vi.restoreAllMocks();
});

const trxOf = (paymentUrl: string) => paymentUrl.split("/").at(-1)!;

describe.each(drivers)("money under races and crashes on $name", ({ open }) => {
  let database: TestDatabase;
  let week = 0;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  function nextSaturday() {
    week += 1;
    return nextWeekday(6, new Date(Date.now() + week * 7 * 86400_000));
  }

  async function paidBooking(date: string, startMin = 600): Promise<Reservation> {
    const held = await reserveBirthday(database.db, { offerId: 1, date, startMin, counts: SEVEN, contact: CONTACT }, { holdMinutes: 15 });
    if (!held.ok) throw new Error(held.message);
    const started = await startPayment(database.db, held.reservation);
    if (!started.ok) throw new Error("payment not started");
    await datatrans.fake.pay(trxOf(started.paymentUrl), "settled");
    await confirmPayment(database.db, trxOf(started.paymentUrl));
    return reload(held.reservation.id);
  }

  async function reload(id: number): Promise<Reservation> {
    const [r] = await database.db.select().from(reservations).where(eq(reservations.id, id));
    return r!;
  }

  const options = { token: TOKEN, hours: 48, closedMessage: "geschlossen" };
  async function quoteThenConfirm(r: Reservation, target: ChangeTarget): Promise<() => Promise<ChangeOutcome>> {
    const first = await changeByFamily(database.db, r, target, { ...options, alwaysQuote: true });
    if (!("kind" in first) || first.kind !== "quote") throw new Error(`no quote: ${JSON.stringify(first)}`);
    return () => changeByFamily(database.db, r, target, { ...options, confirmed: true, expectedPriceRappen: first.quote.after.priceRappen });
  }

  /** Every payment of a booking and of its change rows. */
  async function moneyOf(bookingId: number) {
    const rows = await database.db.select({ id: reservations.id }).from(reservations).where(or(eq(reservations.id, bookingId), eq(reservations.movesReservationId, bookingId)));
    return database.db.select().from(payments).where(inArray(payments.reservationId, rows.map((r) => r.id))).orderBy(asc(payments.id));
  }

  const creditsFor = (refnos: string[]) => datatrans.fake.credits().filter((c) => refnos.includes(c.refno));

  it("a cancellation racing the payment of a price difference: no deadlock, never 'abgebrochen', every franc paid goes back once", async () => {
    const bookings: { r: Reservation; trx: string }[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await paidBooking(nextSaturday());
      const outcome = await (await quoteThenConfirm(r, { date: r.date, startMin: r.startMin, counts: NINE }))();
      if (!("kind" in outcome) || outcome.kind !== "payment") throw new Error(`no payment step: ${JSON.stringify(outcome)}`);
      const trx = trxOf(outcome.paymentUrl);
      // The family paid the difference at the provider; its return and its cancellation now race.
      await datatrans.fake.pay(trx, "settled");
      bookings.push({ r, trx });
    }
    const webhookInfo = (trx: string) => {
      const t = datatrans.fake.transactions.get(trx)!;
      return { transactionId: trx, status: t.status, refno: t.refno, currency: t.currency, amountRappen: t.settledAmount };
    };
    const races = bookings.map(({ r, trx }, i) =>
      Promise.all([
        // Half through the return page (asks the provider first), half through a verified webhook (no call).
        i % 2 === 0 ? changePaymentReturn(database.db, r, trx) : confirmPayment(database.db, trx, { info: webhookInfo(trx) }).then((c) => (c.payment?.status === "cancelled" ? "cancelled" : "ok")),
        cancelByFamily(database.db, { reservationId: r.id, allowed: () => true, closedMessage: "" }),
      ]),
    );
    const settled = await Promise.allSettled(races);
    // Today's code: 40P01 "deadlock detected" on PostgreSQL for some of them.
    expect(settled.filter((s) => s.status === "rejected").map((s) => String((s as PromiseRejectedResult).reason))).toEqual([]);

    for (const [i, result] of settled.entries()) {
      const [returned, cancelled] = (result as PromiseFulfilledResult<[string, Awaited<ReturnType<typeof cancelByFamily>>]>).value;
      const { r, trx } = bookings[i]!;
      expect(returned, `booking ${i}`).not.toBe("cancelled");
      expect(cancelled.kind).toBe("cancelled");
      expect(await reload(r.id)).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
      const money = await moneyOf(r.id);
      expect(money.map((p) => p.status), `booking ${i}`).toEqual(["refunded", "refunded"]);
      const paid = money.reduce((sum, p) => sum + p.amountRappen, 0);
      const credits = creditsFor(money.map((p) => p.refno));
      expect(credits.reduce((sum, c) => sum + (c.amount ?? 0), 0), `booking ${i}`).toBe(paid);
      expect(money.find((p) => p.transactionId === trx)!.refundedRappen).toBe(datatrans.fake.transactions.get(trx)!.settledAmount);
    }
  });

  it("staff cancelling a held booking while its payment's webhook confirms it: no deadlock, and paid money goes back once", async () => {
    const date = nextSaturday();
    const held: { r: Reservation; trx: string }[] = [];
    for (const startMin of [600, 720, 840, 960, 1080, 1200]) {
      for (let table = 0; table < 3; table++) {
        const result = await reserveBirthday(database.db, { offerId: 1, date, startMin, counts: FOUR, contact: CONTACT }, { holdMinutes: 15 });
        if (!result.ok) throw new Error(result.message);
        const started = await startPayment(database.db, result.reservation);
        if (!started.ok) throw new Error("payment not started");
        const trx = trxOf(started.paymentUrl);
        await datatrans.fake.pay(trx, "settled");
        held.push({ r: result.reservation, trx });
      }
    }
    const info = (trx: string) => {
      const t = datatrans.fake.transactions.get(trx)!;
      return { transactionId: trx, status: t.status, refno: t.refno, currency: t.currency, amountRappen: t.settledAmount };
    };
    const settled = await Promise.allSettled(
      held.map(({ r, trx }) =>
        Promise.all([confirmPayment(database.db, trx, { info: info(trx) }), cancelByFamily(database.db, { reservationId: r.id, allowed: () => true, closedMessage: "" })]),
      ),
    );
    // Today's code: the confirmation locks the payment, then the booking; the cancellation the other way round.
    expect(settled.filter((s) => s.status === "rejected").map((s) => String((s as PromiseRejectedResult).reason))).toEqual([]);
    for (const { r, trx } of held) {
      expect(await reload(r.id)).toMatchObject({ status: "cancelled" });
      const [payment] = await moneyOf(r.id);
      expect(payment, r.code).toMatchObject({ transactionId: trx, status: "refunded" });
      expect(creditsFor([r.code]).map((c) => c.amount)).toEqual([r.amountRappen]);
    }
  });

  it("a persons decrease and a cancellation a few ms apart with a slow provider: each refunds its own part, once, and the e-mail states what is refunded", async () => {
    const r = await paidBooking(nextSaturday());
    const confirmChange = await quoteThenConfirm(r, { date: r.date, startMin: r.startMin, counts: FOUR });
    datatrans.fake.setCreditDelay(400);
    const change = confirmChange();
    // The decrease's credit is at the provider, its answer not back yet: now the family cancels.
    await vi.waitFor(() => expect(datatrans.fake.credits().filter((c) => c.refno === r.code)).toHaveLength(1), { timeout: 5_000, interval: 5 });
    const cancel = cancelByFamily(database.db, { reservationId: r.id, allowed: () => true, closedMessage: "" });
    const [changed, cancelled] = await Promise.all([change, cancel]);

    expect(changed).toMatchObject({ kind: "changed", refund: "refunded" });
    const decrease = r.priceRappen - (await reload(r.id)).priceRappen;
    expect(decrease).toBeGreaterThan(0);
    // Today's code: the cancellation asked for the whole CHF 178, the provider refused the excess,
    // the refund went to staff and the e-mail promised CHF 178.
    expect(cancelled).toMatchObject({ kind: "cancelled", refund: "refunded", refundRappen: r.amountRappen - decrease });
    const credits = datatrans.fake.credits().filter((c) => c.refno === r.code);
    expect(credits.map((c) => c.amount).sort((a, b) => a! - b!)).toEqual([decrease, r.amountRappen - decrease].sort((a, b) => a - b));
    const [payment] = await moneyOf(r.id);
    expect(payment).toMatchObject({ status: "refunded", refundedRappen: r.amountRappen, refundDueRappen: 0 });
    expect(await reload(r.id)).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    const [mail] = await database.db.select().from(mailOutbox).where(and(eq(mailOutbox.reservationId, r.id), eq(mailOutbox.kind, "cancellation")));
    expect(mail!.text).toContain(`Der bezahlte Betrag von CHF ${((r.amountRappen - decrease) / 100).toFixed(2)} wird Ihnen zurückerstattet`);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.reservationId, r.id));
    expect(audit.filter((a) => a.action === "refund")).toHaveLength(2);
    expect(audit.filter((a) => a.action === "refund-manual")).toHaveLength(0);
  });

  it("a refund whose answer never came (timeout, a crash) is repeated with its stored key: one credit at the provider, recorded once", async () => {
    const r = await paidBooking(nextSaturday());
    // A process that gives up after 100 ms while the provider takes 600 ms to answer: the credit is
    // made at the provider, the process never learns its id.
    const impatient = createDatatransProvider({ merchantId: "m1", password: "pw", apiUrl: datatrans.fake.apiUrl, payUrl: datatrans.fake.payUrl, timeoutMs: 100 });
    datatrans.fake.setCreditDelay(600);
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    const [payment] = await moneyOf(r.id);
    const [row] = await database.db.transaction(async (tx) => {
      const { openRefund } = await import("~/server/payments/refunds.server");
      await tx.update(payments).set({ status: "refund_pending" }).where(eq(payments.id, payment!.id));
      return [await openRefund(tx, payment!, { amountRappen: payment!.amountRappen, reason: "cancel" }, new Date())];
    });
    expect(await performRefund(database.db, impatient, row!.id)).toBe("pending");
    expect(warnings).toHaveBeenCalledWith(expect.stringContaining("retried by reconciliation"));
    expect(datatrans.fake.credits().filter((c) => c.refno === r.code)).toHaveLength(1);

    // Repeated while the first is still being answered: 409 from the provider, still pending, no second credit.
    expect(await performRefund(database.db, impatient, row!.id)).toBe("pending");
    await new Promise((resolve) => setTimeout(resolve, 700));
    datatrans.fake.setCreditDelay(0);
    const report = await reconcileRefunds(database.db, impatient, { mode: "all" });
    expect(report).toMatchObject({ asked: 1, refunded: 1 });
    expect(datatrans.fake.credits().filter((c) => c.refno === r.code)).toHaveLength(1);
    const [refund] = await database.db.select().from(refunds).where(eq(refunds.id, row!.id));
    expect(refund).toMatchObject({ status: "succeeded", creditTransactionId: datatrans.fake.credits().find((c) => c.refno === r.code)!.transactionId });
    // Reconciled: asked about the credit's own status too.
    expect(datatrans.fake.requests.some((q) => q.method === "GET" && q.path === `/v1/transactions/${refund!.creditTransactionId}`)).toBe(true);
    expect(await reconcilePayments(database.db, { mode: "all" })).toMatchObject({ refunds: { asked: 0 } });
    const keys = new Set(datatrans.fake.requests.filter((q) => q.path.endsWith(`/${payment!.transactionId}/credit`)).map((q) => q.headers["idempotency-key"]));
    expect([...keys]).toEqual([refund!.idempotencyKey]);
    expect(await reload(r.id)).toMatchObject({ paymentStatus: "refunded" });
  });

  it("a refund without an answer while its key lasted is not repeated: staff check the provider (ungeklärt)", async () => {
    const r = await paidBooking(nextSaturday());
    const [payment] = await moneyOf(r.id);
    const longAgo = new Date(Date.now() - REFUND_POLICY.keyLifetimeMs - 60_000);
    const [row] = await database.db
      .insert(refunds)
      .values({ paymentId: payment!.id, amountRappen: payment!.amountRappen, currency: "CHF", reason: "cancel", idempotencyKey: `old-${r.code}`, attempts: 1, attemptedAt: longAgo, createdAt: longAgo })
      .returning();
    await database.db.update(payments).set({ status: "refund_pending" }).where(eq(payments.id, payment!.id));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const before = datatrans.fake.requests.length;
    expect(await reconcileRefunds(database.db, createDatatransProvider({ merchantId: "m1", password: "pw", apiUrl: datatrans.fake.apiUrl, payUrl: datatrans.fake.payUrl }))).toMatchObject({ unknown: 1, asked: 0 });
    expect(datatrans.fake.requests.length).toBe(before);
    const [after] = await database.db.select().from(refunds).where(eq(refunds.id, row!.id));
    expect(after!.status).toBe("unknown");
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.reservationId, r.id));
    expect(audit.map((a) => a.action)).toContain("refund-unknown");
  });
});
