import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PAYMENT_LINK_MSG } from "~/domain/payment-link";
import { sweepExpiredHolds } from "~/server/booking/bookings.server";
import { cancelBooking, CUSTOMER_ACTOR } from "~/server/payments/cancellation.server";
import { payByLink, paymentLinkPage } from "~/server/payments/payment-link.server";
import { confirmPayment } from "~/server/payments/payments.server";
import { resetEnvForTests } from "~/server/platform/env.server";
import { hashManageToken } from "~/server/platform/manage-token.server";
import { auditLog, mailOutbox, payments, paymentTokens, reservations } from "~/server/platform/schema";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
import { placePhoneBooking } from "~/server/staff/phone-booking.server";
import { useFakeDatatrans } from "./fake-datatrans-env";
import { drivers, type TestDatabase } from "./databases";
import { nextWeekday } from "./fixtures";

const HMAC_KEY = "00112233445566778899aabbccddeeff";
const PUBLIC_URL = "https://buchung.funworld.test";
const LINK = /https:\/\/buchung\.funworld\.test\/zahlung\/([A-Za-z0-9_-]{43})/;
const CALLER = { firstName: "Petra", lastName: "Phone", street: "Gasse 3", zip: "8400", city: "Winterthur", phone: "052 111 22 33", email: "petra@example.ch", message: "" };

const datatrans = useFakeDatatrans({
  label: "paylink",
  hmacKey: HMAC_KEY,
  env: {
    PUBLIC_URL,
    PHONE_HOLD_MINUTES: "1440",
    LOOKUP_LIMIT_PER_MINUTE: "1000",
  },
});

afterEach(() => {
  datatrans.fake.setDown(false);
  vi.restoreAllMocks();
});

describe.each(drivers)("phone booking payment link on $name", ({ open }) => {
  let database: TestDatabase;
  let staff: { id: number; email: string };
  let slot = 0;
  let client = 0;
  beforeAll(async () => {
    database = await open();
    staff = await createStaffAccount(database.db, "telefon@funworld.ch", "ein-langes-passwort");
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A game phone booking to be paid by link: each call its own start time (one group at a time). */
  async function linkBooking(now = new Date()) {
    slot += 1;
    const date = nextWeekday(6, new Date(Date.now() + Math.floor(slot / 20) * 7 * 86_400_000));
    const startMin = 600 + (slot % 20) * 20;
    const result = await placePhoneBooking(
      database.db,
      { slot: { kind: "game", locationId: 1, gameType: 1, date, startMin, rounds: 1, players: 2 }, contact: CALLER, couponCode: null, payment: "link" },
      staff,
      now,
    );
    if (!result.ok) throw new Error(result.message);
    const [r] = await database.db.select().from(reservations).where(eq(reservations.code, result.code));
    const [mail] = await database.db.select().from(mailOutbox).where(and(eq(mailOutbox.reservationId, r!.id), eq(mailOutbox.kind, "payment-link")));
    const token = LINK.exec(mail!.text)![1]!;
    return { r: r!, token, mail: mail! };
  }

  const reload = async (id: number) => (await database.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;
  const paymentsOf = (id: number) => database.db.select().from(payments).where(eq(payments.reservationId, id)).orderBy(payments.id);
  const key = () => `10.1.0.${++client}`;
  const trxOf = (url: string) => url.split("/").at(-1)!;

  it("e-mails the site's link (hash stored, audit row with the booking) and shows what is owed without personal data", async () => {
    const { r, token, mail } = await linkBooking();
    expect(mail.text).toContain(`${PUBLIC_URL}/zahlung/${token}`);
    expect(mail.text).not.toContain(datatrans.fake.payUrl);
    const stored = await database.db.select().from(paymentTokens).where(eq(paymentTokens.reservationId, r.id));
    expect(stored.map((t) => t.tokenHash)).toEqual([hashManageToken(token)]);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.reservationId, r.id));
    expect(audit).toEqual([expect.objectContaining({ action: "phone-booking", actor: "staff:telefon@funworld.ch", details: expect.objectContaining({ outcome: "payment-link" }) })]);

    const shown = await paymentLinkPage(database.db, { token, clientKey: key() });
    expect(shown).toMatchObject({ ok: true, page: { status: "open", code: r.code, amount: `CHF ${(r.amountRappen / 100).toFixed(2)}`, party: "2 Spieler, 1 Runden" } });
    const text = JSON.stringify(shown);
    for (const secret of [CALLER.lastName, CALLER.email, CALLER.phone, CALLER.street]) expect(text).not.toContain(secret);
    // Looking changes nothing: no payment is opened by a GET (mail scanners open links).
    expect(await paymentsOf(r.id)).toEqual([]);

    // The booking code, another shape, or one changed character: nothing.
    expect(await paymentLinkPage(database.db, { token: r.code, clientKey: key() })).toMatchObject({ ok: false, status: 404 });
    const flipped = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    expect(await paymentLinkPage(database.db, { token: flipped, clientKey: key() })).toMatchObject({ ok: false, status: 404 });
  });

  it("opens a payment for the stored amount, reuses it while fresh, opens a new one later; paying confirms the booking", async () => {
    const { r, token } = await linkBooking();
    const first = await payByLink(database.db, { token, clientKey: key() });
    if (!first.ok || !("redirect" in first)) throw new Error("no redirect");
    expect(first.redirect.startsWith(datatrans.fake.payUrl)).toBe(true);
    const [p1] = await paymentsOf(r.id);
    expect(p1).toMatchObject({ status: "pending", amountRappen: r.amountRappen, refno: r.code });
    expect(datatrans.fake.transactions.get(trxOf(first.redirect))?.amount).toBe(r.amountRappen);
    // The hold is the phone hold, untouched by starting the payment.
    expect((await reload(r.id)).holdExpiresAt?.getTime()).toBe(r.holdExpiresAt!.getTime());

    const again = await payByLink(database.db, { token, clientKey: key() });
    expect(again).toEqual({ ok: true, redirect: first.redirect });
    // The provider's page has expired by now (30 minutes at Datatrans): a fresh payment.
    const later = await payByLink(database.db, { token, clientKey: key() }, new Date(Date.now() + 25 * 60_000));
    if (!later.ok || !("redirect" in later)) throw new Error("no redirect");
    expect(later.redirect).not.toBe(first.redirect);
    expect(await paymentsOf(r.id)).toHaveLength(2);

    await datatrans.fake.pay(trxOf(later.redirect), "settled");
    expect((await confirmPayment(database.db, trxOf(later.redirect))).confirmedNow).toBe(true);
    expect(await reload(r.id)).toMatchObject({ status: "confirmed", paymentStatus: "settled" });
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, r.id));
    expect(mails.map((m) => m.kind)).toEqual(["payment-link", "confirmation"]);
    expect(await paymentLinkPage(database.db, { token, clientKey: key() })).toMatchObject({ ok: true, page: { status: "paid", message: PAYMENT_LINK_MSG.paid } });
    // Pressing the button again opens nothing.
    expect(await payByLink(database.db, { token, clientKey: key() })).toMatchObject({ ok: true, page: { status: "paid" } });
    expect(await paymentsOf(r.id)).toHaveLength(2);
  });

  it("keeps the phone hold when a payment is cancelled at the provider or cannot be opened", async () => {
    const { r, token } = await linkBooking();
    const started = await payByLink(database.db, { token, clientKey: key() });
    if (!started.ok || !("redirect" in started)) throw new Error("no redirect");
    await datatrans.fake.pay(trxOf(started.redirect), "canceled");
    await confirmPayment(database.db, trxOf(started.redirect));
    expect((await paymentsOf(r.id))[0]!.status).toBe("cancelled");
    expect((await reload(r.id)).status).toBe("held");

    datatrans.fake.setDown(true);
    vi.spyOn(console, "error").mockImplementation(() => {});
    const down = await payByLink(database.db, { token, clientKey: key() });
    expect(down).toEqual({ ok: false, status: 503, message: PAYMENT_LINK_MSG.startFailed, retryAfterSeconds: 60 });
    expect((await reload(r.id)).status).toBe("held");
    datatrans.fake.setDown(false);
    const retried = await payByLink(database.db, { token, clientKey: key() });
    expect(retried.ok && "redirect" in retried).toBe(true);
  });

  it("refunds a second payment of an already paid booking, which stays paid", async () => {
    const { r, token } = await linkBooking();
    const a = await payByLink(database.db, { token, clientKey: key() });
    const b = await payByLink(database.db, { token, clientKey: key() }, new Date(Date.now() + 25 * 60_000));
    if (!a.ok || !("redirect" in a) || !b.ok || !("redirect" in b)) throw new Error("no redirect");
    await datatrans.fake.pay(trxOf(a.redirect), "settled");
    await datatrans.fake.pay(trxOf(b.redirect), "settled");
    await confirmPayment(database.db, trxOf(a.redirect));
    await confirmPayment(database.db, trxOf(b.redirect));
    expect(await reload(r.id)).toMatchObject({ status: "confirmed", paymentStatus: "settled" });
    expect((await paymentsOf(r.id)).map((p) => p.status)).toEqual(["settled", "refunded"]);
    expect(datatrans.fake.requests.filter((q) => q.path.endsWith(`/${trxOf(b.redirect)}/credit`))).toHaveLength(1);
    const actions = (await database.db.select().from(auditLog).where(eq(auditLog.reservationId, r.id))).map((x) => x.action);
    expect(actions).toEqual(["phone-booking", "duplicate-payment", "refund"]);
    // No "your booking did not happen" e-mail: it did.
    const kinds = (await database.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, r.id))).map((m) => m.kind);
    expect(kinds).toEqual(["payment-link", "confirmation"]);
  });

  it("says so when the hold ran out or the booking was cancelled (410 pages), and 404 for unknown links, rate-limited", async () => {
    const expired = await linkBooking();
    const after = new Date(expired.r.holdExpiresAt!.getTime() + 1000);
    expect(await paymentLinkPage(database.db, { token: expired.token, clientKey: key() }, after)).toMatchObject({ ok: true, page: { status: "expired", phone: true } });
    await sweepExpiredHolds(database.db, after);
    expect(await payByLink(database.db, { token: expired.token, clientKey: key() }, after)).toMatchObject({ ok: true, page: { status: "expired", message: PAYMENT_LINK_MSG.expired } });

    const cancelled = await linkBooking();
    await cancelBooking(database.db, { where: { id: cancelled.r.id }, reason: null, actor: CUSTOMER_ACTOR, creditVoucher: true });
    expect(await paymentLinkPage(database.db, { token: cancelled.token, clientKey: key() })).toMatchObject({ ok: true, page: { status: "cancelled", message: PAYMENT_LINK_MSG.cancelled } });

    process.env.LOOKUP_LIMIT_PER_MINUTE = "3";
    resetEnvForTests();
    try {
      const guesser = "10.9.9.9";
      const guesses = [];
      for (let i = 0; i < 4; i++) guesses.push(await paymentLinkPage(database.db, { token: `${"x".repeat(42)}${i}`, clientKey: guesser }));
      expect(guesses.map((g) => (g.ok ? 200 : g.status))).toEqual([404, 404, 404, 429]);
      // Refused before the look-up: a real link does not help a client over its limit.
      expect(await paymentLinkPage(database.db, { token: cancelled.token, clientKey: guesser })).toMatchObject({ ok: false, status: 429 });
      // Every press of the button counts.
      const presser = "10.9.9.8";
      const presses = [];
      for (let i = 0; i < 4; i++) presses.push(await payByLink(database.db, { token: cancelled.token, clientKey: presser }));
      expect(presses.map((g) => (g.ok ? 200 : g.status))).toEqual([200, 200, 200, 429]);
    } finally {
      process.env.LOOKUP_LIMIT_PER_MINUTE = "1000";
      resetEnvForTests();
    }
  });
});
