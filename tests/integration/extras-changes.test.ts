import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXTRAS_MSG, type ExtraPick } from "~/domain/extras";
import { addDays, venueToUtc } from "~/domain/time";
import { reserveBirthday, type Reservation } from "~/server/booking/bookings.server";
import { extrasOf } from "~/server/booking/extras.server";
import { changePaymentReturn } from "~/server/payments/booking-change.server";
import { cancelByFamily } from "~/server/payments/cancellation.server";
import { familyMayChooseExtras, submitFamilyExtras, type FamilyExtrasResult } from "~/server/payments/extras-change.server";
import { confirmPayment, startPayment } from "~/server/payments/payments.server";
import { auditLog, payments, reservations } from "~/server/platform/schema";
import { createTransport, deliverDueMail } from "~/server/mail/mail.server";
import { prepSheet } from "~/server/staff/export.server";
import { auditSentence } from "~/domain/audit-text";
import { useFakeDatatrans } from "./fake-datatrans-env";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

/**
 * Extras changed through the manage link (issue #30 §2) on both databases: a dearer choice is paid
 * online before it takes effect (the held row carries it), a cheaper one goes back to the card, the
 * package's meals change at once; each extra only until its own deadline; audited as a sentence.
 */

const HMAC_KEY = "0123456789abcdef0123456789abcdef";
const TOKEN = "x".repeat(43);
const COUNTS = { numChildren: 6, numActiveAdults: 1, numAccompanyingAdults: 2 };

const datatrans = useFakeDatatrans({
  label: "extras-changes",
  hmacKey: HMAC_KEY,
  env: { PUBLIC_URL: "https://buchung.funworld.test", SELF_SERVICE_HOURS: "48", HOLD_MINUTES: "15", PAYMENT_SESSION_HOLD_MINUTES: "0" },
});

const trxOf = (paymentUrl: string) => paymentUrl.split("/").at(-1)!;

describe.each(drivers)("extras changed by the family on $name", ({ open }) => {
  let database: TestDatabase;
  let week = 0;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  function nextFriday() {
    week += 1;
    return nextWeekday(5, new Date(Date.now() + (week + 2) * 7 * 86400_000));
  }

  /** A party booked and paid online, with the meal chosen (and what else is given). */
  async function paidParty(date: string, extras: ExtraPick[] = [{ extraId: 1, choice: "Hot Dog", quantity: 6 }]): Promise<Reservation> {
    const held = await reserveBirthday(database.db, { offerId: 1, date, startMin: 600, counts: COUNTS, contact: CONTACT, extras }, { holdMinutes: 15 });
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

  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(fields)) data.set(k, v);
    return data;
  };

  /** The page's two steps: «Weiter» (a quote when the price changes), then «Änderung bestätigen». */
  async function choose(r: Reservation, fields: Record<string, string>, now?: Date): Promise<FamilyExtrasResult> {
    const first = await submitFamilyExtras(database.db, r, form(fields), { token: TOKEN, confirmed: false }, now);
    if (first.kind !== "outcome" || !("kind" in first.outcome) || first.outcome.kind !== "quote") return first;
    return submitFamilyExtras(database.db, r, form(fields), { token: TOKEN, confirmed: true, expectedPriceRappen: first.outcome.quote.after.priceRappen }, now);
  }

  const MEAL_HOT_DOGS = { "extra-1-1": "6" };

  it("a dearer choice is paid online before it counts; a cancellation then refunds both payments", async () => {
    const date = nextFriday();
    const r = await paidParty(date);
    expect(await familyMayChooseExtras(database.db, r)).toBe(true);
    const outcome = await choose(r, { ...MEAL_HOT_DOGS, "extra-2": "1", "extra-3": "6" });
    if (outcome.kind !== "outcome" || !("kind" in outcome.outcome) || outcome.outcome.kind !== "payment") throw new Error(JSON.stringify(outcome));
    expect(outcome.outcome.quote.settlement.payOnlineRappen).toBe(3500 + 2700);
    // Nothing changes until paid.
    expect(await reload(r.id)).toMatchObject({ extrasRappen: 0, priceRappen: r.priceRappen });
    expect(await extrasOf(database.db, r.id)).toHaveLength(1);
    // The kitchen sees one party with what is booked, not the change waiting for its payment.
    const sheet = await prepSheet(database.db, date);
    expect(sheet.parties.map((p) => p.code)).toEqual([r.code]);
    expect(sheet.extras).toEqual([{ label: "Menü: Hot Dog", quantity: 6 }]);

    const trx = trxOf(outcome.outcome.paymentUrl);
    await datatrans.fake.pay(trx, "settled");
    expect(await changePaymentReturn(database.db, r, trx)).toBe("changed");
    expect(await changePaymentReturn(database.db, r, trx)).toBe("changed");
    const changed = await reload(r.id);
    expect(changed).toMatchObject({ extrasRappen: 6200, priceRappen: r.priceRappen + 6200, amountRappen: r.amountRappen + 6200, sequence: 1 });
    expect((await extrasOf(database.db, r.id)).map((b) => [b.name, b.choice, b.quantity])).toEqual([
      ["Menü", "Hot Dog", 6],
      ["Geburtstagstorte", "", 1],
      ["Goodie-Bag", "", 6],
    ]);
    const [change] = await database.db.select().from(auditLog).where(eq(auditLog.reservationId, r.id)).orderBy(asc(auditLog.id)).then((rows) => rows.filter((a) => a.action === "change"));
    expect(auditSentence(change!, { tables: {}, locations: {} })).toContain("Zusatzleistungen Geburtstagstorte 0 → 1, Goodie-Bag 0 → 6");

    const cancelled = await cancelByFamily(database.db, { reservationId: r.id, allowed: () => true, closedMessage: "" });
    expect(cancelled).toMatchObject({ kind: "cancelled", refundRappen: r.amountRappen + 6200 });
    const paid = await database.db.select().from(payments).where(eq(payments.reservationId, r.id));
    for (const p of paid) expect(datatrans.fake.transactions.get(p.transactionId)!.creditedAmount).toBe(p.amountRappen);
  });

  it("a cheaper choice goes back to the card, other meals change at once, and an unchanged choice says so", async () => {
    const r = await paidParty(nextFriday(), [
      { extraId: 3, choice: "", quantity: 6 },
      { extraId: 1, choice: "Hot Dog", quantity: 6 },
    ]);
    const [payment] = await database.db.select().from(payments).where(eq(payments.reservationId, r.id));

    const fewer = await choose(r, { ...MEAL_HOT_DOGS, "extra-3": "2" });
    expect(fewer.kind === "outcome" && fewer.outcome).toMatchObject({ kind: "changed", refund: "refunded", quote: { settlement: { refundRappen: 4 * 450 } } });
    expect(await reload(r.id)).toMatchObject({ extrasRappen: 900, priceRappen: r.priceRappen - 1800 });
    expect(datatrans.fake.transactions.get(payment!.transactionId)!.creditedAmount).toBe(1800);
    // The change e-mail lists the price again, extras included.
    const dir = await mkdtemp(path.join(tmpdir(), "kidsindoor-extras-change-mail-"));
    try {
      await deliverDueMail(database.db, { transport: createTransport({ DATA_DIR: dir }), from: "Fun World <buchung@funworld.ch>" });
      const files = (await readdir(path.join(dir, "outbox"))).filter((f) => f.includes(r.code));
      const mails = await Promise.all(files.map(async (f) => simpleParser(await readFile(path.join(dir, "outbox", f)))));
      const change = mails.find((m) => m.subject?.startsWith("Änderung"))!;
      expect(change.text).toMatch(/Goodie-Bag:\s+2 × CHF 4\.50 = CHF 9\.00/);
      expect(change.text).toContain("CHF 18.00 werden Ihnen zurückerstattet");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    // Other meals cost the same: saved at once, no quote, no money.
    const meals = await submitFamilyExtras(database.db, await reload(r.id), form({ "extra-1-0": "3", "extra-1-2": "3", "extra-3": "2" }), { token: TOKEN, confirmed: false });
    expect(meals.kind === "outcome" && meals.outcome).toMatchObject({ kind: "changed", refund: "none" });
    expect((await extrasOf(database.db, r.id)).filter((b) => b.extraId === 1).map((b) => [b.choice, b.quantity])).toEqual([
      ["Pizza Margherita", 3],
      ["Vegetarisch", 3],
    ]);
    const same = await submitFamilyExtras(database.db, await reload(r.id), form({ "extra-1-0": "3", "extra-1-2": "3", "extra-3": "2" }), { token: TOKEN, confirmed: false });
    expect(same.kind === "outcome" && same.outcome).toMatchObject({ ok: false, message: EXTRAS_MSG.unchanged });

    // Too many meals for six children: the field's problem, nothing stored.
    const tooMany = await submitFamilyExtras(database.db, await reload(r.id), form({ "extra-1-0": "5", "extra-1-2": "3" }), { token: TOKEN, confirmed: false });
    expect(tooMany).toMatchObject({ kind: "problems", problems: [{ field: "extra-1-0" }] });
  });

  it("each extra only until its own deadline: the cake is fixed three days before, the goodie bags are not", async () => {
    const date = nextFriday();
    const r = await paidParty(date);
    const added = await choose(r, { ...MEAL_HOT_DOGS, "extra-2": "1" });
    if (added.kind !== "outcome" || !("kind" in added.outcome) || added.outcome.kind !== "payment") throw new Error("no payment");
    await datatrans.fake.pay(trxOf(added.outcome.paymentUrl), "settled");
    await changePaymentReturn(database.db, r, trxOf(added.outcome.paymentUrl));

    // Two days before the party: the cake (3 days) can neither be removed nor added, the bags (1 day) can.
    const now = venueToUtc(addDays(date, -2), 9 * 60);
    const current = await reload(r.id);
    const late = await choose(current, { ...MEAL_HOT_DOGS, "extra-2": "0", "extra-3": "6" }, now);
    // The cake's field is not offered any more: what is posted for it is ignored and it stays.
    expect(late.kind === "outcome" && late.outcome).toMatchObject({ kind: "payment", quote: { settlement: { payOnlineRappen: 2700 } } });
    // The day of the party, after it began: nothing can be changed.
    const begun = await submitFamilyExtras(database.db, current, form({ ...MEAL_HOT_DOGS, "extra-3": "6" }), { token: TOKEN, confirmed: false }, venueToUtc(date, 11 * 60));
    expect(begun.kind === "outcome" && "ok" in begun.outcome).toBe(true);
    expect(await familyMayChooseExtras(database.db, current, venueToUtc(date, 11 * 60))).toBe(false);
  });

  it("a dearer choice paid after its hold ran out and past the extra's deadline is refunded, not applied", async () => {
    const date = nextFriday();
    const r = await paidParty(date);
    // The last evening the cake can be ordered; the payment only arrives after midnight.
    const evening = venueToUtc(addDays(date, -3), 23 * 60 + 50);
    const added = await choose(r, { ...MEAL_HOT_DOGS, "extra-2": "1" }, evening);
    if (added.kind !== "outcome" || !("kind" in added.outcome) || added.outcome.kind !== "payment") throw new Error(JSON.stringify(added));
    const trx = trxOf(added.outcome.paymentUrl);
    await datatrans.fake.pay(trx, "settled");
    const result = await confirmPayment(database.db, trx, { now: venueToUtc(addDays(date, -2), 30) });
    expect(result.payment).toMatchObject({ status: "refunded" });
    expect(await reload(r.id)).toMatchObject({ extrasRappen: 0, priceRappen: r.priceRappen, sequence: 0 });
    expect((await extrasOf(database.db, r.id)).map((b) => b.name)).toEqual(["Menü"]);
    expect(datatrans.fake.transactions.get(trx)!.creditedAmount).toBe(3500);
  });

  it("two saves at the same moment: each applied whole, one after the other, never mixed", async () => {
    const r = await paidParty(nextFriday());
    const a = { "extra-1-0": "6" };
    const b = { "extra-1-2": "6" };
    const [first, second] = await Promise.all([
      submitFamilyExtras(database.db, r, form(a), { token: TOKEN, confirmed: false }),
      submitFamilyExtras(database.db, r, form(b), { token: TOKEN, confirmed: false }),
    ]);
    const outcomes = [first, second].map((o) => (o.kind === "outcome" && "kind" in o.outcome ? o.outcome.kind : "refused"));
    expect(outcomes.filter((o) => o === "changed").length).toBeGreaterThanOrEqual(1);
    const meals = (await extrasOf(database.db, r.id)).filter((x) => x.extraId === 1);
    expect(meals).toHaveLength(1);
    expect(meals[0]!.quantity).toBe(6);
    expect(["Pizza Margherita", "Vegetarisch"]).toContain(meals[0]!.choice);
    const changes = (await database.db.select().from(auditLog).where(eq(auditLog.reservationId, r.id))).filter((x) => x.action === "change");
    expect(changes).toHaveLength(outcomes.filter((o) => o === "changed").length);
    expect((await reload(r.id)).sequence).toBe(changes.length);
  });
});
