import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { addMonths, venueNow } from "~/domain/time";
import { parseVoucherOrder, parseVoucherSettings, VOUCHER_SALE_DEFAULTS, VOUCHER_SALE_MSG } from "~/domain/voucher-sale";
import { reserveBirthday } from "~/server/booking/bookings.server";
import { findOrderByToken, orderPage, orderPdf, orderVoucher, payOrderAgain, voucherOrderStarts } from "~/server/checkout/voucher-sale.server";
import { deliverDueMail } from "~/server/mail/mail.server";
import { createFileTransport } from "~/server/mail/mail-transport.server";
import { confirmPayment } from "~/server/payments/payments.server";
import { reconcilePayments } from "~/server/payments/reconcile.server";
import { mailOutbox, payments, refunds, simulatedTransactions, venueSettings, voucherOrders, vouchers } from "~/server/platform/schema";
import type { Staff } from "~/server/staff/auth.server";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
import { saveVoucherSaleSettings, voucherSaleOverview } from "~/server/staff/voucher-sale-admin.server";
import { validateVoucher } from "~/server/vouchers/vouchers.server";
import { pdfText } from "../setup/pdf-text";
import { drivers, scratchPostgres, type TestDatabase } from "./databases";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { inArray, like, ne } from "drizzle-orm";
import { runOnServer } from "../../scripts/scratch-postgres";
import { openDatabase, type Db } from "~/server/platform/db.server";
import { seed } from "~/server/platform/seed.server";
import { getPaymentProvider, setPaymentProvider } from "~/server/payments/payments.server";
import { createSimulatedProvider } from "~/server/payments/providers/simulated.server";
import { useFakeDatatrans } from "./fake-datatrans-env";
import { CONTACT, nextWeekday } from "./fixtures";

/**
 * Gift vouchers sold online (issue #31 §3) on both databases: the order, the voucher made exactly
 * once when (and only when) the payment settles — whichever of webhook, return and reconciliation
 * gets there first, also when they race — a second payment of a paid order refunded whole, money
 * that does not match refunded, the PDF and the e-mail with it, the limits and the settings.
 */

const run = promisify(execFile);
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const HMAC_KEY = "fedcba9876543210fedcba9876543210";
const datatrans = useFakeDatatrans({ label: "voucher-sale", hmacKey: HMAC_KEY, env: { PUBLIC_URL: "http://127.0.0.1:9" } });

function orderForm(fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  const values = { amount: "50", freeAmount: "", recipientName: "Léa Müller", message: "Alles Gute zum 7. Geburtstag!", buyerName: "Łukasz Đorđević", buyerEmail: "Gotti@Example.ch", terms: "on", ...fields };
  for (const [k, v] of Object.entries(values)) if (v !== "") form.set(k, v);
  return form;
}

function trxOf(url: string): string {
  return url.split("/").at(-1)!;
}

describe("order form rules", () => {
  it("presets, a free amount within the limits, the required fields and their German messages", () => {
    const s = VOUCHER_SALE_DEFAULTS;
    expect(parseVoucherOrder(orderForm(), s)).toMatchObject({ ok: true, value: { amountRappen: 5_000, buyerEmail: "gotti@example.ch" } });
    expect(parseVoucherOrder(orderForm({ amount: "frei", freeAmount: "75" }), s)).toMatchObject({ ok: true, value: { amountRappen: 7_500 } });
    expect(parseVoucherOrder(orderForm({ amount: "frei", freeAmount: "CHF 80.–" }), s)).toMatchObject({ ok: true, value: { amountRappen: 8_000 } });
    // Not a preset, below the minimum, above the maximum, francs and Rappen: refused with the limits named.
    const bads: Record<string, string>[] = [{ amount: "33" }, { amount: "frei", freeAmount: "5" }, { amount: "frei", freeAmount: "501" }, { amount: "frei", freeAmount: "20.50" }, { amount: "frei", freeAmount: "" }];
    for (const bad of bads) {
      const parsed = parseVoucherOrder(orderForm(bad), s);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.errors.amount).toBe(VOUCHER_SALE_MSG.amount(1_000, 50_000));
    }
    const empty = parseVoucherOrder(orderForm({ recipientName: "", buyerName: "", buyerEmail: "kein-mail", terms: "" }), s);
    expect(empty.ok).toBe(false);
    if (!empty.ok) {
      expect(empty.errors).toEqual({
        recipientName: VOUCHER_SALE_MSG.recipientName,
        buyerName: VOUCHER_SALE_MSG.buyerName,
        buyerEmail: VOUCHER_SALE_MSG.buyerEmail,
        terms: VOUCHER_SALE_MSG.terms,
      });
      expect(empty.values.recipientName).toBe("");
    }
    const long = parseVoucherOrder(orderForm({ message: "x".repeat(301), recipientName: "a\u0000b" }), s);
    expect(long.ok).toBe(false);
    if (!long.ok) expect(long.errors).toMatchObject({ message: "Nachricht: höchstens 300 Zeichen erlaubt.", recipientName: VOUCHER_SALE_MSG.control });
  });

  it("settings: a term under a year, limits the wrong way round and presets outside them are refused", () => {
    const form = (f: Record<string, string>) => {
      const d = new FormData();
      for (const [k, v] of Object.entries({ online: "on", validityMonths: "24", minChf: "10", maxChf: "300", presets: "25, 50,100", ...f })) d.set(k, v);
      return d;
    };
    expect(parseVoucherSettings(form({}))).toEqual({ ok: true, value: { online: true, validityMonths: 24, minRappen: 1_000, maxRappen: 30_000, presetsRappen: [2_500, 5_000, 10_000] } });
    expect(parseVoucherSettings(form({ validityMonths: "6" })).ok).toBe(false);
    expect(parseVoucherSettings(form({ minChf: "400" })).ok).toBe(false);
    expect(parseVoucherSettings(form({ presets: "500" })).ok).toBe(false);
  });
});

describe.each(drivers)("gift vouchers sold online on $name", ({ open }) => {
  let database: TestDatabase;
  let manager: Staff;
  let client = 0;
  beforeAll(async () => {
    database = await open();
    manager = (await createStaffAccount(database.db, "chef@funworld.ch", "chef-password-1", "manager")) as Staff;
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(() => {
    client += 1;
  });

  async function order(fields: Record<string, string> = {}, who = `client-${client}`) {
    const answer = await orderVoucher(database.db, orderForm(fields), who);
    if (answer.kind !== "pay") throw new Error(`not ordered: ${JSON.stringify(answer)}`);
    const [payment] = await database.db.select().from(payments).where(eq(payments.transactionId, trxOf(answer.url)));
    const [row] = await database.db.select().from(voucherOrders).where(eq(voucherOrders.id, payment!.voucherOrderId!));
    // The order's link is in the provider's return URL (the first link, made with the order).
    const successUrl = datatrans.fake.transactions.get(payment!.transactionId)!.redirect!.successUrl!;
    return { order: row!, payment: payment!, token: successUrl.split("/").at(-1)! };
  }

  it("an order pays through the provider; the voucher exists only once the payment settled", async () => {
    const before = (await database.db.select().from(vouchers)).length;
    const { order: o, payment, token } = await order();
    expect(o).toMatchObject({ amountRappen: 5_000, status: "open", voucherId: null, validityMonths: 36, buyerEmail: "gotti@example.ch" });
    expect(payment).toMatchObject({ kind: "voucher", reservationId: null, voucherOrderId: o.id, amountRappen: 5_000, refno: `GS-${o.id}`, status: "pending" });
    expect(datatrans.fake.transactions.get(payment.transactionId)).toMatchObject({ amount: 5_000, refno: `GS-${o.id}` });
    expect(await findOrderByToken(database.db, token)).toMatchObject({ id: o.id });

    // Returned but not paid: nothing is made, the page says so.
    expect(await orderPage(database.db, token)).toMatchObject({ state: "pending", voucher: null });
    expect(await orderPdf(database.db, token)).toBeNull();
    expect((await database.db.select().from(vouchers)).length).toBe(before);

    await datatrans.fake.pay(payment.transactionId, "settled");
    const view = await orderPage(database.db, token);
    expect(view).toMatchObject({ state: "paid", amountRappen: 5_000, recipientName: "Léa Müller" });
    const code = (view as { voucher: { code: string } }).voucher.code;
    const [voucher] = await database.db.select().from(vouchers).where(eq(vouchers.code, code));
    expect(voucher).toMatchObject({ initialRappen: 5_000, remainingRappen: 5_000, validUntil: addMonths(venueNow().date, 36) });
    expect(await validateVoucher(database.db, code)).toMatchObject({ valid: true, remainingRappen: 5_000 });

    const file = await orderPdf(database.db, token);
    expect(file).toMatchObject({ kind: "file", fileName: `gutschein-${code}.pdf` });
    const text = await pdfText((file as { body: Buffer }).body);
    for (const part of ["Gutschein", "Léa Müller", "Łukasz Đorđević", "CHF 50.00", code, "Alles Gute zum 7. Geburtstag!", "Keine Barauszahlung."]) expect(text).toContain(part);
  });

  it("webhook, return and status polls racing make exactly one voucher and one e-mail", async () => {
    const { order: o, payment } = await order({ amount: "frei", freeAmount: "120" });
    await datatrans.fake.pay(payment.transactionId, "settled");
    const webhookBody = { transactionId: payment.transactionId, status: "settled", refno: payment.refno, currency: "CHF", amountRappen: 12_000 };
    const results = await Promise.all([
      confirmPayment(database.db, payment.transactionId, { info: webhookBody }),
      confirmPayment(database.db, payment.transactionId, { info: webhookBody }),
      ...Array.from({ length: 4 }, () => confirmPayment(database.db, payment.transactionId)),
    ]);
    expect(results.filter((r) => r.confirmedNow)).toHaveLength(1);
    const [paid] = await database.db.select().from(voucherOrders).where(eq(voucherOrders.id, o.id));
    expect(paid).toMatchObject({ status: "paid" });
    expect(paid!.voucherId).not.toBeNull();
    expect(await database.db.select().from(vouchers).where(eq(vouchers.id, paid!.voucherId!))).toHaveLength(1);
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.voucherOrderId, o.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "voucher-sold", to: "gotti@example.ch", reservationId: null });
    expect(mails[0]!.attachments).toHaveLength(1);
    expect(await pdfText(Buffer.from(mails[0]!.attachments![0]!.base64, "base64"))).toContain("CHF 120.00");
    // A repeat later changes nothing.
    expect((await confirmPayment(database.db, payment.transactionId)).confirmedNow).toBe(false);
  });

  it("the e-mail goes out with the PDF attached and a link to the order", async () => {
    const { payment } = await order({ recipientName: "Mia" });
    await datatrans.fake.pay(payment.transactionId, "settled");
    await confirmPayment(database.db, payment.transactionId);
    const dir = await mkdtemp(path.join(tmpdir(), "voucher-mail-"));
    try {
      const transport = createFileTransport(dir);
      const sent = await deliverDueMail(database.db, { transport, from: "Fun World <info@funworld.ch>", limit: 500 });
      expect(sent.failed).toBe(0);
      const files = (await readdir(dir)).filter((f) => f.includes("gutschein-"));
      const eml = (await Promise.all(files.map((f) => readFile(path.join(dir, f), "utf8")))).find((t) => t.includes("Mia"));
      expect(eml).toBeDefined();
      expect(eml).toContain("Content-Type: application/pdf");
      expect(eml).toMatch(/filename=.?gutschein-/);
      expect(eml).toContain("/gutschein/bestellung/");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("an order paid in two tabs gets one voucher; the second payment goes back whole", async () => {
    const { order: o, payment: first, token } = await order();
    const again = await payOrderAgain(database.db, token, `client-${client}`);
    expect(again?.kind).toBe("pay");
    const second = trxOf((again as { url: string }).url);
    await datatrans.fake.pay(first.transactionId, "settled");
    await datatrans.fake.pay(second, "settled");
    await Promise.all([confirmPayment(database.db, first.transactionId), confirmPayment(database.db, second)]);
    const rows = await database.db.select().from(payments).where(eq(payments.voucherOrderId, o.id));
    expect(rows.map((p) => p.status).sort()).toEqual(["refunded", "settled"]);
    const refunded = rows.find((p) => p.status === "refunded")!;
    expect(refunded.refundedRappen).toBe(5_000);
    expect(await database.db.select().from(refunds).where(eq(refunds.paymentId, refunded.id))).toMatchObject([{ reason: "duplicate", status: "succeeded", amountRappen: 5_000 }]);
    const [paid] = await database.db.select().from(voucherOrders).where(eq(voucherOrders.id, o.id));
    expect(paid!.status).toBe("paid");
    expect(await payOrderAgain(database.db, token, `client-${client}`)).toBeNull();
  });

  it("money that does not match the order goes back and makes no voucher", async () => {
    const { order: o, payment } = await order();
    await datatrans.fake.pay(payment.transactionId, "settled");
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    // A verified webhook body that names another amount (as if the amount had been tampered with).
    await confirmPayment(database.db, payment.transactionId, { info: { transactionId: payment.transactionId, status: "settled", refno: payment.refno, currency: "CHF", amountRappen: 500 } });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(`does not match booking GS-${o.id}`));
    logged.mockRestore();
    const [after] = await database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after!.status).toBe("refunded");
    const [still] = await database.db.select().from(voucherOrders).where(eq(voucherOrders.id, o.id));
    expect(still).toMatchObject({ status: "open", voucherId: null });
  });

  it("a cancelled payment leaves the order open to pay again; a lost webhook is caught by the reconciliation", async () => {
    const { order: o, payment, token } = await order();
    await datatrans.fake.pay(payment.transactionId, "canceled");
    expect(await orderPage(database.db, token)).toMatchObject({ state: "open", voucher: null });
    const again = await payOrderAgain(database.db, token, `client-${client}`);
    const trx = trxOf((again as { url: string }).url);
    await datatrans.fake.pay(trx, "settled");
    // Nobody comes back and the webhook is lost: the reconciliation asks and makes the voucher.
    const report = await reconcilePayments(database.db, { mode: "all" });
    expect(report.confirmed).toBeGreaterThanOrEqual(1);
    const [paid] = await database.db.select().from(voucherOrders).where(eq(voucherOrders.id, o.id));
    expect(paid!.status).toBe("paid");
  });

  it("a sold voucher pays a birthday like any voucher", async () => {
    const { payment, token } = await order({ amount: "20" });
    await datatrans.fake.pay(payment.transactionId, "settled");
    const view = (await orderPage(database.db, token)) as { voucher: { code: string } };
    const date = nextWeekday(6, new Date(Date.now() + 40 * 86_400_000));
    const held = await reserveBirthday(database.db, { offerId: 1, date, startMin: 600, counts: { numChildren: 6, numActiveAdults: 0, numAccompanyingAdults: 0 }, contact: CONTACT, couponCode: view.voucher.code }, { holdMinutes: 15 });
    expect(held.ok).toBe(true);
    expect(await validateVoucher(database.db, view.voucher.code)).toMatchObject({ valid: false });
  });

  it("ten orders an hour per client; a stopped sale takes none; a wrong link finds nothing", async () => {
    await voucherOrderStarts.reset(database.db, `client-${client}`);
    for (let i = 0; i < 10; i++) expect((await orderVoucher(database.db, orderForm(), `client-${client}`)).kind).toBe("pay");
    expect((await orderVoucher(database.db, orderForm(), `client-${client}`)).kind).toBe("limited");
    // An invalid form is answered before it counts.
    expect((await orderVoucher(database.db, orderForm({ amount: "7" }), `client-${client}`)).kind).toBe("invalid");

    const form = new FormData();
    for (const [k, v] of Object.entries({ validityMonths: "24", minChf: "10", maxChf: "300", presets: "25, 50" })) form.set(k, v);
    expect(await saveVoucherSaleSettings(database.db, manager, form)).toMatchObject({ ok: true });
    expect((await orderVoucher(database.db, orderForm({ amount: "25" }), `other-${client}`)).kind).toBe("closed");
    form.set("online", "on");
    await saveVoucherSaleSettings(database.db, manager, form);
    const [settings] = await database.db.select({ s: venueSettings.voucherSale }).from(venueSettings);
    expect(settings!.s).toMatchObject({ online: true, validityMonths: 24, presetsRappen: [2_500, 5_000] });
    const { order: o } = await order({ amount: "25" }, `other-${client}`);
    expect(o.validityMonths).toBe(24);
    expect((await voucherSaleOverview(database.db)).orders[0]).toMatchObject({ id: o.id, status: "open", amountRappen: 2_500 });

    expect(await findOrderByToken(database.db, "x".repeat(43))).toBeNull();
    expect(await orderPage(database.db, "../../etc")).toBeNull();
    expect(await orderPdf(database.db, "A".repeat(43))).toBeNull();
  });
});

/**
 * 20 orders on a seeded database, each paid in two tabs (a second payment through «Jetzt bezahlen»),
 * both settled at the simulated provider and not yet told to the shop: the two transaction ids per order.
 */
async function ordersPaidTwice(db: Db, client: string): Promise<string[]> {
  await seed(db);
  const ids: string[] = [];
  for (let i = 0; i < 20; i++) {
    const answer = await orderVoucher(db, orderForm({ recipientName: `Kind ${i}` }), `${client}-${i}`);
    if (answer.kind !== "pay") throw new Error(JSON.stringify(answer));
    ids.push(trxOf(answer.url));
    const [transaction] = await db.select().from(simulatedTransactions).where(eq(simulatedTransactions.transactionId, trxOf(answer.url)));
    const again = await payOrderAgain(db, transaction!.successUrl.split("/").at(-1)!, `${client}-${i}`);
    ids.push(trxOf((again as { url: string }).url));
  }
  await db.update(simulatedTransactions).set({ status: "settled" }).where(inArray(simulatedTransactions.transactionId, ids));
  return ids;
}

describe("gift vouchers settled by two processes on PostgreSQL", () => {
  it("20 orders each paid twice (two tabs), every payment confirmed twice from each of two processes: 20 vouchers, 20 refunds", async () => {
    const scratch = await scratchPostgres();
    if (!scratch) return;
    const database = await openDatabase({ url: scratch.url });
    const provider = createSimulatedProvider({ db: async () => database.db, publicUrl: "http://127.0.0.1:9" });
    const before = getPaymentProvider();
    setPaymentProvider(provider);
    try {
      const ids = await ordersPaidTwice(database.db, "racer");
      const racer = (part: string[]) =>
        run(process.execPath, ["--import", "tsx", "tests/integration/processes/voucher-settler.ts", scratch.url, JSON.stringify(part)], { env: { ...process.env, VITEST: "" }, maxBuffer: 1 << 20 }).then(
          ({ stdout }) => (JSON.parse(stdout.trim().split("\n").at(-1)!) as { confirmed: number }).confirmed,
        );
      // One process starts from the first tabs, the other from the second ones.
      const [a, b] = await Promise.all([racer(ids), racer([...ids].reverse())]);
      expect(a + b).toBe(20);
      const orders = await database.db.select().from(voucherOrders);
      expect(orders.filter((o) => o.status === "paid")).toHaveLength(20);
      expect(new Set(orders.map((o) => o.voucherId)).size).toBe(20);
      expect(await database.db.select().from(vouchers)).toHaveLength(20);
      expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "voucher-sold"))).toHaveLength(20);
      const rows = await database.db.select().from(payments);
      expect(rows.filter((p) => p.status === "settled")).toHaveLength(20);
      expect(rows.filter((p) => p.status === "refunded" || p.status === "refund_pending")).toHaveLength(20);
      expect(await database.db.select().from(refunds)).toHaveLength(20);
    } finally {
      setPaymentProvider(before);
      await database.close();
      await scratch.drop();
    }
  }, 120_000);

  it("sessions terminated while two processes settle: after the reconciliation every order has one voucher, one e-mail, one refund for its second payment", async () => {
    const scratch = await scratchPostgres();
    if (!scratch) return;
    const name = new URL(scratch.url).pathname.slice(1);
    const database = await openDatabase({ url: scratch.url });
    const provider = createSimulatedProvider({ db: async () => database.db, publicUrl: "http://127.0.0.1:9" });
    const before = getPaymentProvider();
    setPaymentProvider(provider);
    try {
      const ids = await ordersPaidTwice(database.db, "cut");
      // Both settlers may die of a terminated session (their confirmPayment throws): that is the point.
      const racer = (part: string[]) =>
        run(process.execPath, ["--import", "tsx", "tests/integration/processes/voucher-settler.ts", scratch.url, JSON.stringify(part)], { env: { ...process.env, VITEST: "" }, maxBuffer: 1 << 20 }).then(
          () => "done",
          () => "died",
        );
      let racing = true;
      const racers = Promise.all([racer(ids), racer([...ids].reverse())]).finally(() => {
        racing = false;
      });
      // Cut every session as soon as the settlers are at work (some payments settled, others not), and again a little later.
      let cuts = 0;
      let lastCutAt = 0;
      while (racing && cuts < 3) {
        await new Promise((r) => setTimeout(r, 15));
        const done = await database.db
          .select({ id: payments.id })
          .from(payments)
          .where(ne(payments.status, "pending"))
          .then((rows) => rows.length, () => lastCutAt);
        if (done > lastCutAt) {
          await runOnServer(ADMIN_URL, `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`);
          cuts += 1;
          lastCutAt = done + 4;
        }
      }
      const outcomes = await racers;
      if (process.env.SHOW_CUTS) console.info({ cuts, outcomes, settledBeforeReconciliation: (await database.db.select().from(payments)).filter((p) => p.status !== "pending").length });
      expect(cuts).toBeGreaterThan(0);
      // What a restarted server does first: ask the provider about every payment, then the refunds.
      await reconcilePayments(database.db, { mode: "all", provider });
      await reconcilePayments(database.db, { mode: "all", provider });
      const orders = await database.db.select().from(voucherOrders);
      expect(orders.filter((o) => o.status === "paid")).toHaveLength(20);
      expect(new Set(orders.map((o) => o.voucherId)).size).toBe(20);
      expect(await database.db.select().from(vouchers)).toHaveLength(20);
      expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "voucher-sold"))).toHaveLength(20);
      const rows = await database.db.select().from(payments);
      expect(rows.filter((p) => p.status === "settled")).toHaveLength(20);
      expect(rows.filter((p) => p.status === "refunded")).toHaveLength(20);
      const refundRows = await database.db.select().from(refunds);
      expect(refundRows).toHaveLength(20);
      expect(refundRows.every((r) => r.status === "succeeded")).toBe(true);
      // The provider credited each second payment once (the idempotency key held across the cuts).
      expect(await database.db.select().from(simulatedTransactions).where(like(simulatedTransactions.transactionId, "SIMCR%"))).toHaveLength(20);
    } finally {
      setPaymentProvider(before);
      await database.close();
      await scratch.drop();
    }
  }, 120_000);
});

