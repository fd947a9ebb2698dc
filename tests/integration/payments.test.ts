import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { availableBirthdaySlots } from "~/server/booking/availability.server";
import { findReservationById, reserveBirthday, sweepExpiredHolds, type Reservation } from "~/server/booking/bookings.server";
import { mailOutbox, payments, vouchers } from "~/server/platform/schema";
import { getEnv, resetEnvForTests } from "~/server/platform/env.server";
import { abandonPayment, confirmPayment, findPayment, pendingPaymentOf, setPaymentProvider, startPayment } from "~/server/payments/payments.server";
import { createDatatransProvider } from "~/server/payments/providers/datatrans.server";
import type { PaymentProvider, TransactionInfo } from "~/server/payments/providers/provider.server";
import { verifyWebhookSignature } from "~/server/payments/providers/signature.server";
import { createVoucher, voucherLedgerOf } from "~/server/vouchers/vouchers.server";
import { startFakeDatatrans, type FakeDatatrans, type FakeTransaction } from "../fakes/datatrans";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";
import { log } from "~/server/platform/log.server";

/**
 * The payment flows end to end against the fake Datatrans server: the app's own Datatrans adapter
 * talks HTTP to it, and the fake delivers signed webhooks to a stand-in for the shop's webhook
 * route, so the "webhook path" below works on bodies exactly as Datatrans would send them.
 */

const MERCHANT_ID = "1100012345";
const PASSWORD = "fake-Pa55word";
const HMAC_KEY = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
const SATURDAY = 6;
const HOLD_MINUTES = 15;
/** A hold whose payment started lasts at least this long from the start (PAYMENT_SESSION_HOLD_MINUTES' default). */
const SESSION_HOLD_MINUTES = 20;
const MINUTE = 60_000;

/** Slot starts whose two-hour parties never overlap: each table can take all six on one day. */
const NON_OVERLAPPING_STARTS = [600, 720, 840, 960, 1080, 1200];

/** A party of n persons spread over the three counters (each at most 10). */
function party(n: number) {
  const numChildren = Math.min(n, 10);
  const numActiveAdults = Math.min(n - numChildren, 10);
  return { numChildren, numActiveAdults, numAccompanyingAdults: n - numChildren - numActiveAdults };
}

/** 25 persons fit only the 30-seat table, so one such booking makes its slot unavailable. */
const ONE_TABLE_PARTY = 25;

type Delivery = { signature: string | null; rawBody: string; transactionId: string };

/** Stands in for /api/payments/webhook: keeps every delivery as received and answers 200. */
async function startWebhookReceiver(): Promise<{ baseUrl: string; deliveries: Delivery[]; close(): Promise<void> }> {
  const deliveries: Delivery[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      const { transactionId } = JSON.parse(rawBody) as { transactionId: string };
      const signature = req.headers["datatrans-signature"];
      deliveries.push({ signature: typeof signature === "string" ? signature : null, rawBody, transactionId });
      res.writeHead(200, { "Content-Type": "application/json" }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deliveries,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let fake: FakeDatatrans;
/** The app's real Datatrans adapter, pointed at the fake. */
let datatrans: PaymentProvider;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let dataDir: string;
const ENV_KEYS = [
  "PUBLIC_URL",
  "DATA_DIR",
  "DATABASE_URL",
  "PAYMENT_PROVIDER",
  "DATATRANS_MERCHANT_ID",
  "DATATRANS_PASSWORD",
  "DATATRANS_HMAC_KEY",
  "DATATRANS_API_URL",
  "DATATRANS_PAY_URL",
] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));

beforeAll(async () => {
  fake = await startFakeDatatrans({ merchantId: MERCHANT_ID, password: PASSWORD, hmacKeyHex: HMAC_KEY });
  receiver = await startWebhookReceiver();
  dataDir = await mkdtemp(path.join(tmpdir(), "kidsindoor-payments-"));
  // startPayment builds the return and webhook URLs from PUBLIC_URL: point it at the receiver so
  // the fake's webhooks land there. getEnv() caches, hence the reset.
  Object.assign(process.env, {
    PUBLIC_URL: receiver.baseUrl,
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
  await receiver?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

afterEach(() => {
  // A test that broke the fake or swapped the provider must not take the next one down with it.
  fake.setDown(false);
  setPaymentProvider(datatrans);
  vi.restoreAllMocks();
});

/**
 * What the webhook route does with a delivery: verify the signature over the raw body, then read
 * the body as the provider's word. Taken from the last delivery the fake made for the transaction.
 */
function verifiedWebhookInfo(transactionId: string): TransactionInfo {
  const delivery = receiver.deliveries.filter((d) => d.transactionId === transactionId).at(-1);
  if (!delivery) throw new Error(`no webhook arrived for ${transactionId}`);
  expect(verifyWebhookSignature(delivery.signature, delivery.rawBody, getEnv().WEBHOOK_HMAC_KEY)).toBe(true);
  const body = JSON.parse(delivery.rawBody) as {
    transactionId: string;
    status: string;
    refno?: string;
    currency?: string;
    detail?: { settle?: { amount?: number }; authorize?: { amount?: number } };
  };
  return {
    transactionId: body.transactionId,
    status: body.status,
    refno: body.refno ?? null,
    currency: body.currency ?? null,
    amountRappen: body.detail?.settle?.amount ?? body.detail?.authorize?.amount ?? null,
  };
}

function fakeTransaction(transactionId: string): FakeTransaction {
  const transaction = fake.transactions.get(transactionId);
  if (!transaction) throw new Error(`the fake knows no transaction ${transactionId}`);
  return transaction;
}

/** The credit (refund) calls the app made at the fake for one transaction. */
function creditRequests(transactionId: string) {
  return fake.requests.filter((r) => r.method === "POST" && r.path === `/v1/transactions/${transactionId}/credit`);
}

describe.each(drivers)("payments against the fake Datatrans on $name", ({ open }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  // Every test books on Saturdays of its own, so no test finds another one's tables taken.
  let weeksAhead = 0;
  function freshSaturday(): string {
    return nextWeekday(SATURDAY, new Date(Date.now() + weeksAhead++ * 7 * 86_400_000));
  }

  async function hold(date: string, startMin: number, options: { persons?: number; couponCode?: string; now?: Date } = {}): Promise<Reservation> {
    const result = await reserveBirthday(
      database.db,
      { offerId: 1, date, startMin, counts: party(options.persons ?? 4), contact: CONTACT, couponCode: options.couponCode },
      { holdMinutes: HOLD_MINUTES, now: options.now },
    );
    if (!result.ok) throw new Error(`could not hold ${date} ${startMin}: ${result.message}`);
    expect(result.reservation.status).toBe("held");
    return result.reservation;
  }

  /** A held booking with its transaction opened at the fake; returns the transaction id. */
  async function holdAndStart(date: string, startMin: number, options: Parameters<typeof hold>[2] = {}) {
    const reservation = await hold(date, startMin, options);
    const started = await startPayment(database.db, reservation);
    expect(started.ok).toBe(true);
    const payment = await pendingPaymentOf(database.db, reservation.id);
    if (!payment) throw new Error(`no pending payment for ${reservation.code}`);
    return { reservation, transactionId: payment.transactionId };
  }

  const reservation = async (id: number) => (await findReservationById(database.db, id))!;

  const mailsOfKind = (kind: string, reservationIds: number[]) =>
    database.db
      .select()
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.reservationId, reservationIds), eq(mailOutbox.kind, kind)));
  const confirmationMails = (reservationIds: number[]) => mailsOfKind("confirmation", reservationIds);

  async function slotAvailable(date: string, startMin: number, persons: number): Promise<boolean> {
    const slots = await availableBirthdaySlots(database.db, { date, persons, offerId: 1 });
    const hh = String(startMin / 60).padStart(2, "0");
    const slot = slots.find((s) => s.startTime === `${hh}:00`);
    if (!slot) throw new Error(`no slot at ${hh}:00 on ${date}`);
    return slot.available;
  }

  it("confirms a held booking once the fake reports the payment settled", async () => {
    const { reservation: held, transactionId } = await holdAndStart(freshSaturday(), 600);
    expect(fakeTransaction(transactionId)).toMatchObject({ refno: held.code, amount: held.amountRappen, currency: "CHF" });

    await fake.pay(transactionId, "settled");
    const result = await confirmPayment(database.db, transactionId);

    expect(result).toMatchObject({ confirmedNow: true, providerStatus: "settled", payment: { status: "settled" } });
    expect(await reservation(held.id)).toMatchObject({ status: "confirmed", paymentStatus: "settled", holdExpiresAt: null });
    expect(await confirmationMails([held.id])).toHaveLength(1);
  });

  it("confirms each of 100 bookings exactly once when webhook and status poll race for all of them", async () => {
    // 100 bookings of 4 persons: six non-overlapping slots × six tables = 36 per Saturday.
    const dates = [freshSaturday(), freshSaturday(), freshSaturday()];
    const slots = dates.flatMap((date) => NON_OVERLAPPING_STARTS.flatMap((startMin) => Array.from({ length: 6 }, () => ({ date, startMin }))));
    const started: { reservation: Reservation; transactionId: string }[] = [];
    for (const { date, startMin } of slots.slice(0, 100)) started.push(await holdAndStart(date, startMin));

    // Every family pays; each payment sends its signed webhook to the receiver.
    await Promise.all(started.map(({ transactionId }) => fake.pay(transactionId, "settled")));

    // For every booking, the webhook (verified body as info) and the status poll (asks the fake)
    // run at the same time, and all 100 bookings at once.
    const results = await Promise.all(
      started.flatMap(({ transactionId }) => [
        confirmPayment(database.db, transactionId, { info: verifiedWebhookInfo(transactionId) }),
        confirmPayment(database.db, transactionId),
      ]),
    );

    expect(results.filter((r) => r.confirmedNow)).toHaveLength(100);
    const ids = started.map((s) => s.reservation.id);
    for (const id of ids) expect(await reservation(id)).toMatchObject({ status: "confirmed", paymentStatus: "settled" });
    // The losing call must change nothing: a second "winner" would find the booking already
    // confirmed, take it for a lost table and refund the money.
    const rows = await database.db.select().from(payments).where(inArray(payments.reservationId, ids));
    expect(rows.map((p) => p.status)).toEqual(Array.from({ length: 100 }, () => "settled"));
    expect(started.flatMap(({ transactionId }) => creditRequests(transactionId))).toHaveLength(0);
    const mails = await confirmationMails(ids);
    expect(mails).toHaveLength(100);
    expect(new Set(mails.map((m) => m.reservationId)).size).toBe(100);
  });

  it("releases the hold, frees the slot and gives the voucher part back when the payment is declined", async () => {
    const date = freshSaturday();
    const voucher = await createVoucher(database.db, { amountRappen: 2000 });
    const { reservation: held, transactionId } = await holdAndStart(date, 840, { persons: ONE_TABLE_PARTY, couponCode: voucher.code });
    expect(held).toMatchObject({ discountRappen: 2000, voucherId: voucher.id });
    expect(await slotAvailable(date, 840, ONE_TABLE_PARTY)).toBe(false);

    await fake.pay(transactionId, "failed");
    const result = await confirmPayment(database.db, transactionId, { info: verifiedWebhookInfo(transactionId) });

    expect(result).toMatchObject({ confirmedNow: false, providerStatus: "failed", payment: { status: "failed" } });
    expect(await reservation(held.id)).toMatchObject({ status: "expired", paymentStatus: "failed" });
    expect(await slotAvailable(date, 840, ONE_TABLE_PARTY)).toBe(true);
    const [after] = await database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(after!.remainingRappen).toBe(2000);
    const ledger = await voucherLedgerOf(database.db, voucher.id);
    expect(ledger.map((l) => [l.kind, l.amountRappen])).toEqual([
      ["redeem", 2000],
      ["hold-released", -2000],
    ]);
    expect(await confirmationMails([held.id])).toHaveLength(0);
  });

  it("releases the hold at once when the customer cancelled at the payment page", async () => {
    const date = freshSaturday();
    const { reservation: held, transactionId } = await holdAndStart(date, 960, { persons: ONE_TABLE_PARTY });
    await fake.pay(transactionId, "canceled");

    const result = await abandonPayment(database.db, transactionId, "cancelled");

    expect(result.payment?.status).toBe("cancelled");
    expect(await reservation(held.id)).toMatchObject({ status: "expired", paymentStatus: "failed" });
    expect(await slotAvailable(date, 960, ONE_TABLE_PARTY)).toBe(true);
  });

  it("cancels the open transaction at the provider when the customer comes back before paying", async () => {
    const date = freshSaturday();
    const { reservation: held, transactionId } = await holdAndStart(date, 960, { persons: ONE_TABLE_PARTY });

    const result = await abandonPayment(database.db, transactionId, "cancelled");

    expect(result.payment?.status).toBe("cancelled");
    // The transaction must not stay payable once the booking is given up.
    expect(fake.requests.some((r) => r.method === "POST" && r.path === `/v1/transactions/${transactionId}/cancel`)).toBe(true);
    expect(fakeTransaction(transactionId).status).toBe("canceled");
    expect(await reservation(held.id)).toMatchObject({ status: "expired", paymentStatus: "failed" });
    expect(await slotAvailable(date, 960, ONE_TABLE_PARTY)).toBe(true);
  });

  it.each([
    { tableTaken: false, outcome: "confirms the booking" },
    { tableTaken: true, outcome: "refunds it" },
  ])("catches a payment completed while the customer abandoned it and $outcome (table taken: $tableTaken)", async ({ tableTaken }) => {
    const date = freshSaturday();
    const { reservation: held, transactionId } = await holdAndStart(date, 1200, { persons: ONE_TABLE_PARTY });
    // TWINT completes in the phone app while the browser comes back through the cancel URL: by the
    // time the app asks Datatrans to cancel, the payment is settled and the cancel is refused.
    setPaymentProvider({
      ...datatrans,
      async cancel(id, refno) {
        await fake.pay(id, "settled");
        return datatrans.cancel(id, refno);
      },
    });
    await abandonPayment(database.db, transactionId, "cancelled");
    setPaymentProvider(datatrans);
    expect(fakeTransaction(transactionId).status).toBe("settled");
    // The hold was given up at once, as promised; the table may be gone by the time the webhook comes.
    expect((await reservation(held.id)).status).toBe("expired");
    if (tableTaken) await hold(date, 1200, { persons: ONE_TABLE_PARTY });

    const result = await confirmPayment(database.db, transactionId, { info: verifiedWebhookInfo(transactionId) });

    // Money taken must end as a booking or as a refund, never silently kept.
    if (tableTaken) {
      expect(result).toMatchObject({ confirmedNow: false, payment: { status: "refunded" } });
      expect(creditRequests(transactionId)).toHaveLength(1);
      expect(await reservation(held.id)).toMatchObject({ status: "expired", paymentStatus: "refunded" });
      expect(await confirmationMails([held.id])).toHaveLength(0);
    } else {
      expect(result).toMatchObject({ confirmedNow: true, payment: { status: "settled" } });
      expect(await reservation(held.id)).toMatchObject({ status: "confirmed", paymentStatus: "settled" });
      expect(await confirmationMails([held.id])).toHaveLength(1);
    }
  });

  // Each case changes the transaction at the fake before the customer pays, so what was paid differs
  // from the booking (CHF, the booking's own amount).
  it.each([
    { name: "less than the booking", path: "webhook", tamper: (t: FakeTransaction) => (t.amount = t.amount! - 500) },
    { name: "more than the booking", path: "status poll", tamper: (t: FakeTransaction) => (t.amount = t.amount! + 500) },
    { name: "in another currency", path: "webhook", tamper: (t: FakeTransaction) => (t.currency = "EUR") },
  ])("refunds what was paid and confirms nothing when the customer paid $name ($path)", async ({ path: via, tamper }) => {
    const date = freshSaturday();
    const { reservation: held, transactionId } = await holdAndStart(date, 1080, { persons: ONE_TABLE_PARTY });
    tamper(fakeTransaction(transactionId));
    await fake.pay(transactionId, "settled");
    const paid = fakeTransaction(transactionId);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});

    const info = via === "webhook" ? verifiedWebhookInfo(transactionId) : undefined;
    const result = await confirmPayment(database.db, transactionId, { info });

    expect(errors).toHaveBeenCalledWith(expect.stringContaining(`Payment ${transactionId} does not match booking ${held.code}`));
    expect(errors).toHaveBeenCalledTimes(1);
    expect(result.confirmedNow).toBe(false);
    // All of the money goes back, in the currency it came in, and the refund is on record.
    expect(creditRequests(transactionId).map((r) => r.body)).toEqual([{ amount: paid.settledAmount, currency: paid.currency, refno: held.code }]);
    expect(fakeTransaction(transactionId).creditedAmount).toBe(paid.settledAmount);
    expect(result.payment).toMatchObject({ status: "refunded", refundTransactionId: expect.any(String) });
    expect(await reservation(held.id)).toMatchObject({ status: "expired", paymentStatus: "refunded" });
    expect(await slotAvailable(date, 1080, ONE_TABLE_PARTY)).toBe(true);
    expect(await confirmationMails([held.id])).toHaveLength(0);
  });

  it("confirms a payment that arrives after the hold expired while its table is still free", async () => {
    const date = freshSaturday();
    const now = new Date();
    const voucher = await createVoucher(database.db, { amountRappen: 1500 });
    const { reservation: held, transactionId } = await holdAndStart(date, 600, { persons: ONE_TABLE_PARTY, couponCode: voucher.code, now });
    const later = new Date(now.getTime() + (SESSION_HOLD_MINUTES + 1) * MINUTE);
    await sweepExpiredHolds(database.db, later);
    expect((await reservation(held.id)).status).toBe("expired");

    await fake.pay(transactionId, "settled");
    const result = await confirmPayment(database.db, transactionId, { now: later });

    expect(result).toMatchObject({ confirmedNow: true, payment: { status: "settled" } });
    expect(await reservation(held.id)).toMatchObject({ status: "confirmed", paymentStatus: "settled", tableId: held.tableId });
    expect(await confirmationMails([held.id])).toHaveLength(1);
    // The expired hold gave the voucher part back; the late confirmation takes it again.
    const ledger = await voucherLedgerOf(database.db, voucher.id);
    expect(ledger.map((l) => [l.kind, l.amountRappen])).toEqual([
      ["redeem", 1500],
      ["hold-expired", -1500],
      ["redeem-late", 1500],
    ]);
    expect(creditRequests(transactionId)).toHaveLength(0);
  });

  it("refunds a payment that arrives after the hold expired and another family took the table", async () => {
    const date = freshSaturday();
    const now = new Date();
    const { reservation: held, transactionId } = await holdAndStart(date, 720, { persons: ONE_TABLE_PARTY, now });
    const later = new Date(now.getTime() + (SESSION_HOLD_MINUTES + 1) * MINUTE);
    await sweepExpiredHolds(database.db, later);
    const other = await hold(date, 720, { persons: ONE_TABLE_PARTY, now: later });
    expect(other.tableId).toBe(held.tableId);

    await fake.pay(transactionId, "settled");
    const result = await confirmPayment(database.db, transactionId, { info: verifiedWebhookInfo(transactionId), now: later });

    expect(result.confirmedNow).toBe(false);
    // Went refund_pending inside the confirmation, then refunded by a credit at the provider.
    expect(creditRequests(transactionId).map((r) => r.body)).toEqual([{ amount: held.amountRappen, currency: "CHF", refno: held.code }]);
    expect(result.payment).toMatchObject({ status: "refunded", refundTransactionId: expect.any(String) });
    expect(fakeTransaction(result.payment!.refundTransactionId!)).toMatchObject({ type: "credit", amount: held.amountRappen });
    expect(await reservation(held.id)).toMatchObject({ status: "expired", paymentStatus: "refunded" });
    expect(await reservation(other.id)).toMatchObject({ status: "held", tableId: held.tableId });
    expect(await confirmationMails([held.id])).toHaveLength(0);

    // The family hears about it once, even when the browser's return confirms after the webhook.
    await confirmPayment(database.db, transactionId, { now: later });
    const refundMails = await mailsOfKind("late-refund", [held.id]);
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]).toMatchObject({ to: held.email, ics: null });
    expect(refundMails[0]!.text).toContain(`bezahlten Betrag von CHF`);
  });

  it("a hold whose payment started outlives the provider's 15-minute payment page (TWINT) by 5 minutes", async () => {
    const date = freshSaturday();
    // Made 10 minutes ago with a 15-minute hold: without the floor it would end 5 minutes from now.
    const createdAt = new Date(Date.now() - 10 * MINUTE);
    const { reservation: held } = await holdAndStart(date, 960, { persons: ONE_TABLE_PARTY, now: createdAt });
    const startedAt = Date.now();
    const after = await reservation(held.id);
    expect(after.holdExpiresAt!.getTime()).toBeGreaterThanOrEqual(startedAt - 1_000 + SESSION_HOLD_MINUTES * MINUTE);
    // The sweep 19 minutes after the start, while the family may still be on the TWINT page, keeps it.
    await sweepExpiredHolds(database.db, new Date(startedAt + 19 * MINUTE));
    expect((await reservation(held.id)).status).toBe("held");
    await sweepExpiredHolds(database.db, new Date(startedAt + (SESSION_HOLD_MINUTES + 1) * MINUTE));
    expect((await reservation(held.id)).status).toBe("expired");
  });

  it("releases the hold and reports the error when the provider is down at the start", async () => {
    const date = freshSaturday();
    const held = await hold(date, 1200, { persons: ONE_TABLE_PARTY });
    fake.setDown(true);
    const warnings = vi.spyOn(log, "warn").mockImplementation(() => {});

    const started = await startPayment(database.db, held);
    const calls = [...warnings.mock.calls];
    warnings.mockRestore();

    expect(started).toEqual({ ok: false });
    expect(calls).toEqual([[{ booking: held.code, cause: expect.stringMatching(/503/) }, "payment could not be started"]]);
    expect(await reservation(held.id)).toMatchObject({ status: "expired", paymentStatus: "failed" });
    expect(await database.db.select().from(payments).where(eq(payments.reservationId, held.id))).toHaveLength(0);
    expect(await slotAvailable(date, 1200, ONE_TABLE_PARTY)).toBe(true);
  });

  it("answers a duplicate webhook without confirming or mailing twice", async () => {
    const { reservation: held, transactionId } = await holdAndStart(freshSaturday(), 600);
    await fake.pay(transactionId, "settled");
    const info = verifiedWebhookInfo(transactionId);

    const first = await confirmPayment(database.db, transactionId, { info });
    const second = await confirmPayment(database.db, transactionId, { info });
    // Datatrans retries: the same body delivered once more.
    const redelivered = await fake.sendWebhook(transactionId);
    expect(redelivered.status).toBe(200);
    await redelivered.arrayBuffer();
    const third = await confirmPayment(database.db, transactionId, { info: verifiedWebhookInfo(transactionId) });

    expect([first.confirmedNow, second.confirmedNow, third.confirmedNow]).toEqual([true, false, false]);
    expect(second.payment?.status).toBe("settled");
    expect(await confirmationMails([held.id])).toHaveLength(1);
    expect((await findPayment(database.db, transactionId))?.status).toBe("settled");
  });
});
