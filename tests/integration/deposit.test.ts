import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PartyCounts } from "~/domain/pricing";
import { reserveBirthday, type Reservation } from "~/server/booking/bookings.server";
import { balancePage } from "~/server/booking/deposit.server";
import { manageView } from "~/server/booking/manage.server";
import { changeByFamily, changePaymentReturn } from "~/server/payments/booking-change.server";
import { settlementLines } from "~/domain/booking-change";
import { cancelBooking, CUSTOMER_ACTOR } from "~/server/payments/cancellation.server";
import { payBalance } from "~/server/payments/payment-link.server";
import { confirmPayment, startPayment } from "~/server/payments/payments.server";
import { auditLog, mailOutbox, payments, reservations } from "~/server/platform/schema";
import { reconcilePayments } from "~/server/payments/reconcile.server";
import { SEED_OFFERS } from "~/server/platform/seed.server";
import type { Staff } from "~/server/staff/auth.server";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
import { saveOffer, savePolicySettings } from "~/server/staff/venue-admin.server";
import { createVoucher } from "~/server/vouchers/vouchers.server";
import type { DepositRule } from "~/domain/deposit";
import { useFakeDatatrans } from "./fake-datatrans-env";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

/**
 * Deposits (issue #30 §3) on both databases: an offer with a deposit charges only the deposit at
 * booking (a voucher pays the deposit first), the booking is confirmed with the rest open; the
 * balance is paid through the manage link exactly once (the return and the webhook racing), a
 * cancellation refunds only what was paid, and the e-mail names the state and the balance link.
 */

const HMAC_KEY = "0fedcba9876543210fedcba987654321";
const PUBLIC_URL = "https://buchung.funworld.test";
const TOKEN = "d".repeat(43);
/** 6 children × CHF 29 + 1 × CHF 28 + 1 × CHF 5 = CHF 207. */
const COUNTS: PartyCounts = { numChildren: 6, numActiveAdults: 1, numAccompanyingAdults: 1 };
const PRICE = 6 * 2900 + 2800 + 500;

const datatrans = useFakeDatatrans({ label: "deposit", hmacKey: HMAC_KEY, env: { PUBLIC_URL, LOOKUP_LIMIT_PER_MINUTE: "1000" } });
afterEach(() => datatrans.fake.setDown(false));
const trxOf = (url: string) => url.split("/").at(-1)!;

describe.each(drivers)("deposits on $name", ({ open }) => {
  let database: TestDatabase;
  let manager: Staff;
  let week = 0;
  beforeAll(async () => {
    database = await open();
    manager = (await createStaffAccount(database.db, "chef@funworld.ch", "chef-password-1", "manager")) as Staff;
  });
  afterAll(async () => {
    await database?.close();
  });

  async function setDeposit(deposit: DepositRule, minChargedChildren = 0) {
    const o = SEED_OFFERS[0]!;
    const saved = await saveOffer(database.db, manager, 1, {
      name: o.name,
      basePriceRappen: o.basePriceRappen,
      slotMinutes: o.slotMinutes,
      items: o.items.map((i) => i.desc),
      position: o.position,
      active: true,
      leadHours: 24,
      minChildren: 0,
      maxChildren: 10,
      maxAdults: 10,
      minChargedChildren,
      deposit,
    });
    expect(saved.ok).toBe(true);
  }
  const reload = async (id: number): Promise<Reservation> => (await database.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;
  const paymentsOf = (id: number) => database.db.select().from(payments).where(eq(payments.reservationId, id)).orderBy(asc(payments.id));
  const policy = { hours: 48, readableDays: 30, lateCancelFeePercent: 100, balanceDays: 3, balanceAtVenue: false };

  async function bookAndPayDeposit(couponCode?: string) {
    week += 1;
    const date = nextWeekday(6, new Date(Date.now() + week * 7 * 86_400_000));
    const held = await reserveBirthday(database.db, { offerId: 1, date, startMin: 600, counts: COUNTS, contact: CONTACT, couponCode }, { holdMinutes: 15 });
    if (!held.ok) throw new Error(held.message);
    if (held.requiresPayment) {
      const started = await startPayment(database.db, held.reservation);
      if (!started.ok) throw new Error("not started");
      await datatrans.fake.pay(trxOf(started.paymentUrl), "settled");
      await confirmPayment(database.db, trxOf(started.paymentUrl));
    }
    return { held, r: await reload(held.reservation.id) };
  }

  it("charges only the deposit (30 %, rounded to 5 Rappen), confirms with the rest open and says so on the manage page and in the e-mail", async () => {
    await setDeposit({ depositKind: "percent", depositValue: 30 });
    const { held, r } = await bookAndPayDeposit();
    const deposit = Math.round((PRICE * 0.3) / 5) * 5;
    expect(held.reservation).toMatchObject({ status: "held", depositRappen: deposit, openBalanceRappen: PRICE - deposit, amountRappen: PRICE });
    const [paid] = await paymentsOf(r.id);
    expect(paid).toMatchObject({ amountRappen: deposit, status: "settled", kind: "booking" });
    expect(r).toMatchObject({ status: "confirmed", paymentStatus: "settled", openBalanceRappen: PRICE - deposit });

    const view = manageView(r, policy);
    expect(view.paidOnline).toBeNull();
    expect(view.deposit).toMatchObject({ payable: true, openRappen: PRICE - deposit });
    expect(view.deposit!.lines[0]).toBe(`Anzahlung bezahlt: CHF ${(deposit / 100).toFixed(2)}`);
    expect(view.deposit!.lines[1]).toMatch(/^Restbetrag offen: CHF \d+\.\d{2}, fällig bis \d{2}\.\d{2}\.\d{4}$/);

    const [mail] = await database.db.select().from(mailOutbox).where(and(eq(mailOutbox.reservationId, r.id), eq(mailOutbox.kind, "confirmation")));
    expect(mail!.text).toMatch(new RegExp(`Anzahlung bezahlt:\\s+CHF ${(deposit / 100).toFixed(2)}`));
    expect(mail!.text).toMatch(/Restbetrag offen:\s+CHF \d+\.\d{2}, fällig bis/);
    expect(mail!.text).toMatch(/Restbetrag bezahlen \(TWINT oder Kreditkarte\): https:\/\/buchung\.funworld\.test\/buchung\/[A-Za-z0-9_-]{43}\/restbetrag/);
    expect(mail!.text).not.toContain("Am Empfang zu bezahlen");
  });

  it("pays the balance once when the return and the webhook arrive together; a second payment of it goes back", async () => {
    await setDeposit({ depositKind: "fixed", depositValue: 5000 });
    const { r } = await bookAndPayDeposit();
    expect(r.openBalanceRappen).toBe(PRICE - 5000);
    expect(balancePage(r, policy)).toMatchObject({ code: r.code, amount: `CHF ${((PRICE - 5000) / 100).toFixed(2)}`, payable: true });

    const first = await payBalance(database.db, r, { token: TOKEN, atVenue: false });
    if (!first.ok) throw new Error(first.message);
    // Pressed again a moment later: the same page, no second transaction.
    expect(await payBalance(database.db, r, { token: TOKEN, atVenue: false })).toEqual(first);
    const trx = trxOf(first.redirect);
    const [balance] = (await paymentsOf(r.id)).filter((p) => p.kind === "balance");
    expect(balance).toMatchObject({ amountRappen: PRICE - 5000, refno: r.code, status: "pending" });

    await datatrans.fake.pay(trx, "settled");
    // The webhook hands over what the provider says (as the webhook route does).
    const t = datatrans.fake.transactions.get(trx)!;
    const webhook = () => confirmPayment(database.db, trx, { info: { transactionId: trx, status: t.status, refno: t.refno, currency: t.currency, amountRappen: t.settledAmount } });
    const [ret] = await Promise.all([changePaymentReturn(database.db, r, trx), webhook(), confirmPayment(database.db, trx)]);
    expect(["balance-paid", "pending"]).toContain(ret);
    expect(await changePaymentReturn(database.db, await reload(r.id), trx)).toBe("balance-paid");
    const after = await reload(r.id);
    expect(after).toMatchObject({ status: "confirmed", openBalanceRappen: 0 });
    expect(manageView(after, policy).deposit!.lines).toEqual([`bezahlt: CHF ${(PRICE / 100).toFixed(2)}`]);
    expect(balancePage(after, policy)).toBeNull();
    expect(await payBalance(database.db, after, { token: TOKEN, atVenue: false })).toMatchObject({ ok: false, status: 409 });
  });

  it("a balance paid while both the webhook and the return are lost is settled once by the reconciliation", async () => {
    await setDeposit({ depositKind: "fixed", depositValue: 5000 });
    const { r } = await bookAndPayDeposit();
    const started = await payBalance(database.db, r, { token: TOKEN, atVenue: false });
    if (!started.ok) throw new Error(started.message);
    await datatrans.fake.pay(trxOf(started.redirect), "settled");
    // Two processes' reconciliation runs at once: one settles it, the other finds nothing left to do.
    await Promise.all([reconcilePayments(database.db, { mode: "all" }), reconcilePayments(database.db, { mode: "all" })]);
    await reconcilePayments(database.db, { mode: "all", now: new Date(Date.now() + 60_000) });
    expect(await reload(r.id)).toMatchObject({ status: "confirmed", openBalanceRappen: 0 });
    const balance = (await paymentsOf(r.id)).filter((p) => p.kind === "balance");
    expect(balance.map((p) => [p.status, p.refundDueRappen + p.refundedRappen])).toEqual([["settled", 0]]);
    const paidRows = await database.db.select().from(auditLog).where(and(eq(auditLog.reservationId, r.id), eq(auditLog.action, "balance-paid")));
    expect(paidRows).toHaveLength(1);
  });

  it("a voucher pays the deposit first, then the balance; a voucher covering the deposit confirms without a payment", async () => {
    await setDeposit({ depositKind: "fixed", depositValue: 5000 });
    const small = await createVoucher(database.db, { amountRappen: 2000 });
    const { r: partly } = await bookAndPayDeposit(small.code);
    expect(partly).toMatchObject({ discountRappen: 2000, amountRappen: PRICE - 2000, openBalanceRappen: PRICE - 5000, depositRappen: 5000 });
    expect((await paymentsOf(partly.id)).map((p) => p.amountRappen)).toEqual([3000]);

    const big = await createVoucher(database.db, { amountRappen: 8000 });
    const { held, r: covered } = await bookAndPayDeposit(big.code);
    expect(held.requiresPayment).toBe(false);
    expect(covered).toMatchObject({ status: "confirmed", paymentStatus: "settled", discountRappen: 8000, openBalanceRappen: PRICE - 8000 });
    expect(await paymentsOf(covered.id)).toEqual([]);
    expect(manageView(covered, policy).deposit!.lines[1]).toContain(`Restbetrag offen: CHF ${((PRICE - 8000) / 100).toFixed(2)}`);
  });

  it("with the balance taken at the venue: «vor Ort zu bezahlen», no online payment of it", async () => {
    await setDeposit({ depositKind: "percent", depositValue: 50 });
    expect((await savePolicySettings(database.db, manager, { selfServiceHours: 48, lateCancelFeePercent: 100, reminderHours: 48, gameLeadHours: 1, balanceDays: 5, balanceAtVenue: true })).ok).toBe(true);
    try {
      const { r } = await bookAndPayDeposit();
      const venuePolicy = { ...policy, balanceAtVenue: true };
      expect(manageView(r, venuePolicy).deposit).toMatchObject({ payable: false });
      expect(manageView(r, venuePolicy).deposit!.lines[1]).toMatch(/^Restbetrag vor Ort zu bezahlen: CHF/);
      expect(await payBalance(database.db, r, { token: TOKEN, atVenue: true })).toMatchObject({ ok: false, status: 409 });
      const [mail] = await database.db.select().from(mailOutbox).where(and(eq(mailOutbox.reservationId, r.id), eq(mailOutbox.kind, "confirmation")));
      expect(mail!.text).toMatch(/Restbetrag vor Ort zu bezahlen:\s+CHF/);
      expect(mail!.text).not.toContain("/restbetrag");
    } finally {
      await savePolicySettings(database.db, manager, { selfServiceHours: 48, lateCancelFeePercent: 100, reminderHours: 48, gameLeadHours: 1, balanceDays: 3, balanceAtVenue: false });
    }
  });

  it("a family's change of the numbers moves the open balance, not the card: more children raise it, fewer lower it down to the minimum charged (issue #30 §4)", async () => {
    // The venue charges at least 6 children (the offer's rule): fewer pay for 6.
    await setDeposit({ depositKind: "fixed", depositValue: 5000 }, 6);
    const { r } = await bookAndPayDeposit();
    const change = (counts: PartyCounts, at: Reservation) =>
      changeByFamily(database.db, at, { date: at.date, startMin: at.startMin, counts }, { token: TOKEN, confirmed: true, hours: 48, closedMessage: "zu spät", headcount: { days: 3, lockedMessage: "gesperrt" } });
    const more = await change({ ...COUNTS, numChildren: 8 }, r);
    if ("ok" in more || more.kind !== "changed") throw new Error(`not changed: ${JSON.stringify(more)}`);
    // No payment now: the difference is part of the balance, due with it.
    expect(more.quote.settlement).toMatchObject({ payOnlineRappen: 0, openBalanceDeltaRappen: 2 * 2900, toBalance: true });
    expect(settlementLines(more.quote.settlement, null)).toContain("Der Restbetrag steigt um CHF 58.00; Sie bezahlen ihn mit dem Rest bis zur Frist.");
    expect((await paymentsOf(r.id)).map((p) => p.amountRappen)).toEqual([5000]);
    const raised = await reload(r.id);
    expect(raised).toMatchObject({ numChildren: 8, priceRappen: PRICE + 5800, amountRappen: PRICE + 5800, openBalanceRappen: PRICE + 5800 - 5000 });
    const [changeMail] = await database.db.select().from(mailOutbox).where(and(eq(mailOutbox.reservationId, r.id), eq(mailOutbox.kind, "change")));
    expect(changeMail!.text).toContain("Der Restbetrag steigt um CHF 58.00.");

    // Fewer children: the balance goes down first; nothing goes back to the card while it covers the difference.
    const fewer = await change({ ...COUNTS, numChildren: 4 }, raised);
    expect("kind" in fewer && fewer.kind).toBe("changed");
    expect((await paymentsOf(r.id)).map((p) => [p.amountRappen, p.refundDueRappen + p.refundedRappen])).toEqual([[5000, 0]]);
    expect(await reload(r.id)).toMatchObject({ numChildren: 4, priceRappen: PRICE, openBalanceRappen: PRICE - 5000 });
    await setDeposit({ depositKind: "none", depositValue: 0 });
  });

  it("a cancellation refunds what was paid (the deposit), never the open balance", async () => {
    await setDeposit({ depositKind: "fixed", depositValue: 6000 });
    const { r } = await bookAndPayDeposit();
    const outcome = await cancelBooking(database.db, { where: { id: r.id }, actor: CUSTOMER_ACTOR, reason: "Test", creditVoucher: true });
    expect(outcome.kind).toBe("cancelled");
    const [paid] = await paymentsOf(r.id);
    expect(paid!.refundedRappen + paid!.refundDueRappen).toBeLessThanOrEqual(6000);
    expect((await reload(r.id)).status).toBe("cancelled");
    expect(manageView(await reload(r.id), policy).deposit).toBeNull();
    await setDeposit({ depositKind: "none", depositValue: 0 });
  });
});
