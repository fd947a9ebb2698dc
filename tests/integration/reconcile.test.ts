import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { action as webhookAction } from "~/routes/api.payments.webhook";
import { findReservationById, reserveBirthday, sweepExpiredHolds, type Reservation } from "~/server/booking/bookings.server";
import { closeDatabase } from "~/server/platform/db.server";
import { mailOutbox, payments, simulatedTransactions } from "~/server/platform/schema";
import { resetEnvForTests } from "~/server/platform/env.server";
import { abandonPayment, confirmPayment, findPayment, pendingPaymentOf, setPaymentProvider, startPayment } from "~/server/payments/payments.server";
import { createDatatransProvider } from "~/server/payments/providers/datatrans.server";
import type { PaymentProvider } from "~/server/payments/providers/provider.server";
import { signWebhook } from "~/server/payments/providers/signature.server";
import { createSimulatedProvider, completeSimulatedPayment, deliverSimulatedWebhooks } from "~/server/payments/providers/simulated.server";
import { RECONCILE_POLICY, reconcilePayments, reconcileThenSweep } from "~/server/payments/reconcile.server";
import { startFakeDatatrans, type FakeDatatrans } from "../fakes/datatrans";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

/**
 * Reconciliation: a payment settled at the provider whose webhook never arrived (the server was
 * down) and whose family never came back still becomes a booking or a refund — exactly once, also
 * when several processes run the job at the same time.
 */

const MERCHANT_ID = "1100012345";
const PASSWORD = "fake-Pa55word";
const HMAC_KEY = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
const HOLD_MINUTES = 15;
const MINUTE = 60_000;
const SATURDAY = 6;

let fake: FakeDatatrans;
let datatrans: PaymentProvider;
let dataDir: string;
const ENV_KEYS = ["PAYMENT_SESSION_HOLD_MINUTES", "PUBLIC_URL", "DATA_DIR", "DATABASE_URL", "PAYMENT_PROVIDER", "DATATRANS_MERCHANT_ID", "DATATRANS_PASSWORD", "DATATRANS_HMAC_KEY", "DATATRANS_API_URL", "DATATRANS_PAY_URL"] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));

beforeAll(async () => {
  fake = await startFakeDatatrans({ merchantId: MERCHANT_ID, password: PASSWORD, hmacKeyHex: HMAC_KEY });
  dataDir = await mkdtemp(path.join(tmpdir(), "kidsindoor-reconcile-"));
  // The webhook URL points at a closed port: every webhook is lost, as when the server was down.
  Object.assign(process.env, {
    PUBLIC_URL: "http://127.0.0.1:9",
    // These tests move the clock through a hold's end by `now`; the floor from the real payment
    // start (tested in payments.test.ts) would keep every hold past it.
    PAYMENT_SESSION_HOLD_MINUTES: "0",
    DATA_DIR: dataDir,
    PAYMENT_PROVIDER: "datatrans",
    DATATRANS_MERCHANT_ID: MERCHANT_ID,
    DATATRANS_PASSWORD: PASSWORD,
    DATATRANS_HMAC_KEY: HMAC_KEY,
    DATATRANS_API_URL: fake.apiUrl,
    DATATRANS_PAY_URL: fake.payUrl,
  });
  delete process.env.DATABASE_URL;
  resetEnvForTests();
  datatrans = createDatatransProvider({ merchantId: MERCHANT_ID, password: PASSWORD, apiUrl: fake.apiUrl, payUrl: fake.payUrl });
  setPaymentProvider(datatrans);
});

afterAll(async () => {
  setPaymentProvider(undefined);
  for (const key of ENV_KEYS) {
    const value = savedEnv[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
  await fake?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

afterEach(() => {
  fake.setDown(false);
  setPaymentProvider(datatrans);
  vi.restoreAllMocks();
});

const statusCalls = (transactionId: string) => fake.requests.filter((r) => r.method === "GET" && r.path === `/v1/transactions/${transactionId}`).length;
const creditCalls = (transactionId: string) => fake.requests.filter((r) => r.method === "POST" && r.path === `/v1/transactions/${transactionId}/credit`).length;

describe.each(drivers)("reconciliation on $name", ({ open }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  let weeksAhead = 0;
  const freshSaturday = () => nextWeekday(SATURDAY, new Date(Date.now() + weeksAhead++ * 7 * 86_400_000));

  /** A held booking of `persons` (25 fit only the 30-seat table) with its payment opened at the fake. */
  async function holdAndStart(date: string, startMin: number, options: { persons?: number; now?: Date } = {}) {
    const persons = options.persons ?? 4;
    const counts = { numChildren: Math.min(persons, 10), numActiveAdults: Math.min(Math.max(persons - 10, 0), 10), numAccompanyingAdults: Math.max(persons - 20, 0) };
    const result = await reserveBirthday(database.db, { offerId: 1, date, startMin, counts, contact: CONTACT }, { holdMinutes: HOLD_MINUTES, now: options.now });
    if (!result.ok) throw new Error(result.message);
    expect((await startPayment(database.db, result.reservation)).ok).toBe(true);
    const payment = await pendingPaymentOf(database.db, result.reservation.id);
    return { reservation: result.reservation, transactionId: payment!.transactionId };
  }

  const reservation = async (id: number): Promise<Reservation> => (await findReservationById(database.db, id))!;
  const mails = (reservationId: number, kind: string) =>
    database.db.select().from(mailOutbox).where(and(eq(mailOutbox.reservationId, reservationId), eq(mailOutbox.kind, kind)));
  /** Makes the payment old enough for the periodic round (created a while ago). */
  const age = (transactionId: string, ms: number) =>
    database.db.update(payments).set({ createdAt: new Date(Date.now() - ms) }).where(eq(payments.transactionId, transactionId));

  it("after a restart, confirms a payment settled at the provider whose webhook was lost, with one e-mail", async () => {
    const { reservation: held, transactionId } = await holdAndStart(freshSaturday(), 600);
    await fake.pay(transactionId, "settled");
    expect(fake.webhooks.at(-1)).toMatchObject({ transactionId, responseStatus: null });
    expect((await reservation(held.id)).status).toBe("held");

    const report = await reconcilePayments(database.db, { mode: "all" });
    expect(report.confirmed).toBeGreaterThanOrEqual(1);
    expect(await reservation(held.id)).toMatchObject({ status: "confirmed", paymentStatus: "settled" });

    // A second round (or the late webhook) changes nothing.
    await reconcilePayments(database.db, { mode: "all", now: new Date(Date.now() + MINUTE) });
    expect(await mails(held.id, "confirmation")).toHaveLength(1);
  });

  it("asks the provider about a hold before expiring it, so a payment made in its last minute confirms", async () => {
    const { reservation: held, transactionId } = await holdAndStart(freshSaturday(), 720);
    await fake.pay(transactionId, "settled");
    const afterExpiry = new Date(held.holdExpiresAt!.getTime() + 1000);

    const round = await reconcileThenSweep(database.db, { now: afterExpiry });
    expect(round.confirmed).toBe(1);
    expect(await reservation(held.id)).toMatchObject({ status: "confirmed" });
    expect(await mails(held.id, "confirmation")).toHaveLength(1);
  });

  it("asks once in the two minutes before a hold ends, and once more after it ended", async () => {
    const { reservation: held, transactionId } = await holdAndStart(freshSaturday(), 840);
    const expiry = held.holdExpiresAt!.getTime();
    const before = statusCalls(transactionId);
    const at = (ms: number) => reconcileThenSweep(database.db, { now: new Date(expiry + ms) });
    await at(-RECONCILE_POLICY.holdLeadMs - 1000); // periodic: older than a minute, never asked
    expect(statusCalls(transactionId)).toBe(before + 1);
    await at(-100_000); // entered the lead window since
    expect(statusCalls(transactionId)).toBe(before + 2);
    await at(-30_000); // neither due periodically nor newly in the window
    expect(statusCalls(transactionId)).toBe(before + 2);
    const round = await at(1000); // ended: asked once more before the sweep
    expect(statusCalls(transactionId)).toBe(before + 3);
    // Still unpaid at the provider: the hold ends as before.
    expect(round.expired).toBeGreaterThanOrEqual(1);
    expect((await reservation(held.id)).status).toBe("expired");
  });

  it("keeps a hold whose provider cannot be asked for the grace period, then expires it", async () => {
    const { reservation: held } = await holdAndStart(freshSaturday(), 960);
    const expiry = held.holdExpiresAt!.getTime();
    fake.setDown(true);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const first = await reconcileThenSweep(database.db, { now: new Date(expiry + 1000) });
    expect(first.failedToAsk).toBeGreaterThanOrEqual(1);
    expect((await reservation(held.id)).status).toBe("held");
    await reconcileThenSweep(database.db, { now: new Date(expiry + RECONCILE_POLICY.expiryGraceMs + 1000) });
    expect((await reservation(held.id)).status).toBe("expired");
  });

  it("refunds a payment settled after its table went to another family, with one refund e-mail", async () => {
    const date = freshSaturday();
    const longAgo = new Date(Date.now() - (HOLD_MINUTES + 5) * MINUTE);
    const { reservation: late, transactionId } = await holdAndStart(date, 600, { persons: 25, now: longAgo });
    await sweepExpiredHolds(database.db);
    expect((await reservation(late.id)).status).toBe("expired");
    // Another family takes the only table that fits.
    const other = await holdAndStart(date, 600, { persons: 25 });
    await fake.pay(other.transactionId, "settled");
    await fake.pay(transactionId, "settled");

    await age(transactionId, 10 * MINUTE);
    await reconcilePayments(database.db);
    await reconcilePayments(database.db, { mode: "all", now: new Date(Date.now() + MINUTE) });

    const [payment] = await database.db.select().from(payments).where(eq(payments.transactionId, transactionId));
    expect(payment).toMatchObject({ status: "refunded" });
    expect(creditCalls(transactionId)).toBe(1);
    expect(await mails(late.id, "late-refund")).toHaveLength(1);
    expect(await mails(late.id, "confirmation")).toHaveLength(0);
  });

  it("two processes reconciling at once ask about each payment once and confirm each once", async () => {
    const date = freshSaturday();
    const started = [];
    for (const startMin of [600, 720, 840, 960, 1080, 1200]) started.push(await holdAndStart(date, startMin));
    for (const s of started) {
      await fake.pay(s.transactionId, "settled");
      await age(s.transactionId, 5 * MINUTE);
    }
    const before = started.map((s) => statusCalls(s.transactionId));
    const [a, b] = await Promise.all([reconcilePayments(database.db), reconcilePayments(database.db)]);
    expect(a.confirmed + b.confirmed).toBe(6);
    expect(started.map((s, i) => statusCalls(s.transactionId) - before[i]!)).toEqual([1, 1, 1, 1, 1, 1]);
    const ids = started.map((s) => s.reservation.id);
    const confirmations = await database.db.select().from(mailOutbox).where(and(inArray(mailOutbox.reservationId, ids), eq(mailOutbox.kind, "confirmation")));
    expect(confirmations).toHaveLength(6);
  });

  it("asks about an old unpaid payment less and less often", async () => {
    const { reservation: held, transactionId } = await holdAndStart(freshSaturday(), 1080, { now: new Date(Date.now() - 5 * 60 * MINUTE) });
    await sweepExpiredHolds(database.db);
    expect((await reservation(held.id)).status).toBe("expired");
    await age(transactionId, 5 * 60 * MINUTE); // five hours old: a tenth of that is 30 minutes
    const before = statusCalls(transactionId);
    await reconcilePayments(database.db);
    await reconcilePayments(database.db, { now: new Date(Date.now() + 20 * MINUTE) });
    expect(statusCalls(transactionId)).toBe(before + 1);
    await reconcilePayments(database.db, { now: new Date(Date.now() + 40 * MINUTE) });
    expect(statusCalls(transactionId)).toBe(before + 2);
  });

  /**
   * The family came back through the cancel URL, so the payment was given up here and the table
   * freed, but the provider did not take the cancel (TWINT finished in the app a moment later):
   * the money arrives, and its webhook is lost.
   */
  async function givenUpThenPaid(date: string, startMin: number, persons?: number) {
    const started = await holdAndStart(date, startMin, { persons });
    setPaymentProvider({ ...datatrans, cancel: () => Promise.reject(new Error("cancel not possible any more")) });
    await abandonPayment(database.db, started.transactionId, "cancelled");
    setPaymentProvider(datatrans);
    expect(await findPayment(database.db, started.transactionId)).toMatchObject({ status: "cancelled" });
    expect((await reservation(started.reservation.id)).status).toBe("expired");
    await fake.pay(started.transactionId, "settled");
    expect(fake.webhooks.at(-1)).toMatchObject({ transactionId: started.transactionId, responseStatus: null });
    return started;
  }

  it("a payment given up here but completed at the provider later is confirmed when its table is still free", async () => {
    const { reservation: held, transactionId } = await givenUpThenPaid(freshSaturday(), 600);
    const before = statusCalls(transactionId);
    // Not at once (the family's return has just asked), but within the next rounds.
    await reconcilePayments(database.db);
    expect(statusCalls(transactionId)).toBe(before);
    const report = await reconcilePayments(database.db, { now: new Date(Date.now() + 2 * MINUTE) });
    expect(report.confirmed).toBe(1);
    expect(await reservation(held.id)).toMatchObject({ status: "confirmed", paymentStatus: "settled" });
    expect(await findPayment(database.db, transactionId)).toMatchObject({ status: "settled" });
    expect(await mails(held.id, "confirmation")).toHaveLength(1);
    // Settled: never asked again, never mailed again (also not by a late webhook, settled the same way).
    await reconcilePayments(database.db, { now: new Date(Date.now() + 10 * MINUTE) });
    expect(statusCalls(transactionId)).toBe(before + 1);
    expect((await confirmPayment(database.db, transactionId)).confirmedNow).toBe(false);
    expect(await mails(held.id, "confirmation")).toHaveLength(1);
  });

  it("a payment given up here, completed later while its table went to another family, is refunded once (also after a restart)", async () => {
    const date = freshSaturday();
    const { reservation: late, transactionId } = await givenUpThenPaid(date, 600, 25);
    // The freed table (the only one for 25) is taken by the next family.
    const other = await holdAndStart(date, 600, { persons: 25 });

    await reconcilePayments(database.db, { mode: "all", now: new Date(Date.now() + 2 * MINUTE) });
    expect(await findPayment(database.db, transactionId)).toMatchObject({ status: "refunded" });
    expect(creditCalls(transactionId)).toBe(1);
    expect(await mails(late.id, "late-refund")).toHaveLength(1);
    expect(await mails(late.id, "confirmation")).toHaveLength(0);
    expect((await reservation(late.id)).status).toBe("expired");
    expect((await reservation(other.reservation.id)).status).toBe("held");
    await reconcilePayments(database.db, { now: new Date(Date.now() + 10 * MINUTE) });
    expect(creditCalls(transactionId)).toBe(1);
  });

  it("stops asking about a given-up payment once the provider calls it cancelled, and after 30 minutes", async () => {
    // The provider took the cancel: asked once more, then never again.
    const cancelled = await holdAndStart(freshSaturday(), 720);
    await abandonPayment(database.db, cancelled.transactionId, "cancelled");
    expect(fake.transactions.get(cancelled.transactionId)!.status).toBe("canceled");
    const before = statusCalls(cancelled.transactionId);
    await reconcilePayments(database.db, { now: new Date(Date.now() + 2 * MINUTE) });
    expect(statusCalls(cancelled.transactionId)).toBe(before + 1);
    expect(await findPayment(database.db, cancelled.transactionId)).toMatchObject({ status: "cancelled", providerStatus: "canceled" });
    await reconcilePayments(database.db, { now: new Date(Date.now() + 10 * MINUTE) });
    expect(statusCalls(cancelled.transactionId)).toBe(before + 1);

    // Still open at the provider: asked every few minutes, until the provider can no longer complete it.
    const open = await holdAndStart(freshSaturday(), 840);
    setPaymentProvider({ ...datatrans, cancel: () => Promise.reject(new Error("provider busy")) });
    await abandonPayment(database.db, open.transactionId, "failed");
    setPaymentProvider(datatrans);
    const asked = statusCalls(open.transactionId);
    const at = (minutes: number) => reconcilePayments(database.db, { now: new Date(Date.now() + minutes * MINUTE) });
    await at(2);
    await at(4); // within the gap
    expect(statusCalls(open.transactionId)).toBe(asked + 1);
    await at(8);
    expect(statusCalls(open.transactionId)).toBe(asked + 2);
    await at(RECONCILE_POLICY.givenUpWindowMs / MINUTE + 1);
    expect(statusCalls(open.transactionId)).toBe(asked + 2);
    expect(await findPayment(database.db, open.transactionId)).toMatchObject({ status: "failed" });
  });

  it("the simulated provider retries its webhook with back-off until the shop answers, also after a restart", async () => {
    let answers = [503, 503, 200];
    const received: string[] = [];
    const shop: Server = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString("utf8")));
      req.on("end", () => {
        received.push(body);
        res.writeHead(answers.shift() ?? 200).end();
      });
    });
    await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
    const publicUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
    try {
      const simulated = createSimulatedProvider({ db: async () => database.db, publicUrl });
      const { transactionId } = await simulated.initTransaction({
        refno: "SIMTEST1",
        amountRappen: 1000,
        currency: "CHF",
        successUrl: `${publicUrl}/payment/success`,
        cancelUrl: `${publicUrl}/payment/cancel`,
        errorUrl: `${publicUrl}/payment/error`,
        webhookUrl: `${publicUrl}/api/payments/webhook`,
      });
      vi.spyOn(console, "warn").mockImplementation(() => {});
      answers = [503, 503, 200];
      const t0 = Date.now();
      await completeSimulatedPayment(database.db, transactionId, "settled", HMAC_KEY);
      await vi.waitFor(() => expect(received).toHaveLength(1));
      const row = async () => (await database.db.select().from(simulatedTransactions).where(eq(simulatedTransactions.transactionId, transactionId)))[0]!;
      await vi.waitFor(async () => expect((await row()).webhookAttempts).toBe(1));
      // Not due again before the back-off (5 s), then due: a fresh process finds it in the table.
      expect(await deliverSimulatedWebhooks(database.db, HMAC_KEY, new Date(t0 + 1000))).toBe(0);
      expect(received).toHaveLength(1);
      expect(await deliverSimulatedWebhooks(database.db, HMAC_KEY, new Date(t0 + 6000))).toBe(0); // 503 again
      expect((await row()).webhookDueAt!.getTime()).toBeGreaterThanOrEqual(t0 + 6000 + 10_000);
      expect(await deliverSimulatedWebhooks(database.db, HMAC_KEY, new Date(t0 + 17_000))).toBe(1);
      expect(received).toHaveLength(3);
      expect(JSON.parse(received[2]!)).toMatchObject({ transactionId, status: "settled" });
      expect((await row()).webhookDueAt).toBeNull();
      expect(await deliverSimulatedWebhooks(database.db, HMAC_KEY, new Date(t0 + 3_600_000))).toBe(0);
    } finally {
      shop.closeAllConnections();
      await new Promise<void>((resolve) => shop.close(() => resolve()));
    }
  });
});

describe("the webhook route", () => {
  afterAll(closeDatabase);
  const body = JSON.stringify({ transactionId: "unknown-trx", status: "settled" });
  const post = (signature: string) =>
    webhookAction({
      request: new Request("http://localhost/api/payments/webhook", { method: "POST", headers: { "Datatrans-Signature": signature, "Content-Type": "application/json" }, body }),
      params: {},
      context: {},
    });

  it("refuses a signature older than 5 minutes with 401", async () => {
    const old = await post(signWebhook(HMAC_KEY, body, Date.now() - 5 * MINUTE - 5000));
    expect(old.status).toBe(401);
  });

  it("accepts a fresh one (an unknown transaction is acknowledged)", async () => {
    const fresh = await post(signWebhook(HMAC_KEY, body, Date.now() - 4 * MINUTE));
    expect(fresh.status).toBe(200);
  });
});
