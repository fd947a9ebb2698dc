import { PARTY_MSG } from "~/domain/party-rules";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { simpleParser, type ParsedMail } from "mailparser";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CHANGE_MSG } from "~/domain/booking-change";
import { MSG } from "~/domain/messages";
import type { PartyCounts } from "~/domain/pricing";
import { reserveBirthday, sweepExpiredHolds, type Reservation } from "~/server/booking/bookings.server";
import { reserveGame } from "~/server/booking/games.server";
import { moveCalendar, moveOptions, type ChangeTarget } from "~/server/booking/reschedule.server";
import { createTransport, deliverDueMail } from "~/server/mail/mail.server";
import { abandonChangePayment, changeByFamily, changePaymentReturn, pendingChangeOf, type ChangeOutcome } from "~/server/payments/booking-change.server";
import { cancelByFamily } from "~/server/payments/cancellation.server";
import { confirmPayment, startPayment } from "~/server/payments/payments.server";
import { auditLog, mailOutbox, payments, reservations, vouchers } from "~/server/platform/schema";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
import { moveByStaff } from "~/server/staff/staff-move.server";
import { searchBookings } from "~/server/staff/booking-desk.server";
import { parseSearch } from "~/domain/booking-search";
import { createClosure, deleteClosure, saveGeneralSettings, saveLocation, saveOffer, saveOpeningHours } from "~/server/staff/venue-admin.server";
import { createVoucher } from "~/server/vouchers/vouchers.server";
import { SEED_GAME_LOCATIONS, SEED_OFFERS, SEED_OPENING_HOURS } from "~/server/platform/seed.server";
import { closures } from "~/server/platform/schema";
import { useFakeDatatrans } from "./fake-datatrans-env";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

const HMAC_KEY = "0123456789abcdef0123456789abcdef";
const PUBLIC_URL = "https://buchung.funworld.test";
const TOKEN = "t".repeat(43);
/** 7 persons: 5 × CHF 29 + CHF 28 + CHF 5 = CHF 178 on a 10-seat table. */
const SEVEN: PartyCounts = { numChildren: 5, numActiveAdults: 1, numAccompanyingAdults: 1 };

const datatrans = useFakeDatatrans({
  label: "changes",
  hmacKey: HMAC_KEY,
  env: {
    PUBLIC_URL,
    SELF_SERVICE_HOURS: "48",
    HOLD_MINUTES: "15",
    // The clock moves through a hold's end by `now`; the provider-session floor counts from the real start.
    PAYMENT_SESSION_HOLD_MINUTES: "0",
  },
});

afterEach(() => datatrans.fake.setDown(false));

const trxOf = (paymentUrl: string) => paymentUrl.split("/").at(-1)!;

describe.each(drivers)("booking changes with a price difference on $name", ({ open }) => {
  let database: TestDatabase;
  let manager: { id: number; email: string; role: "staff" | "manager" };
  let week = 0;
  beforeAll(async () => {
    database = await open();
    manager = await createStaffAccount(database.db, "chef@funworld.ch", "chef-password-1", "manager");
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A Saturday of its own (weeks apart), so no two tests share a table. */
  function nextSaturday() {
    week += 1;
    return nextWeekday(6, new Date(Date.now() + week * 7 * 86400_000));
  }

  async function book(options: { date: string; startMin?: number; counts?: PartyCounts; couponCode?: string; pay?: "online" | "venue" }) {
    const held = await reserveBirthday(
      database.db,
      { offerId: 1, date: options.date, startMin: options.startMin ?? 600, counts: options.counts ?? SEVEN, contact: CONTACT, couponCode: options.couponCode },
      { holdMinutes: 15, payAtVenue: options.pay === "venue" },
    );
    if (!held.ok) throw new Error(held.message);
    if (held.requiresPayment && options.pay !== "venue") {
      const started = await startPayment(database.db, held.reservation);
      if (!started.ok) throw new Error("payment not started");
      await datatrans.fake.pay(trxOf(started.paymentUrl), "settled");
      await confirmPayment(database.db, trxOf(started.paymentUrl));
    }
    return reload(held.reservation.id);
  }

  async function reload(id: number): Promise<Reservation> {
    const [r] = await database.db.select().from(reservations).where(eq(reservations.id, id));
    return r!;
  }

  async function paymentsOf(id: number) {
    return database.db.select().from(payments).where(eq(payments.reservationId, id)).orderBy(asc(payments.id));
  }

  /** Codes the staff search lists for a text. */
  async function listed(text: string) {
    const parsed = parseSearch(new URLSearchParams({ q: text }));
    if (!parsed.ok) throw new Error("bad search");
    return (await searchBookings(database.db, parsed.filters)).rows.map((row) => row.code);
  }

  async function auditOf(id: number) {
    return database.db.select().from(auditLog).where(eq(auditLog.reservationId, id)).orderBy(asc(auditLog.id));
  }

  /** The family's page: first the quote, then the confirmation with the price it showed. */
  async function familyChange(r: Reservation, target: ChangeTarget, now?: Date): Promise<ChangeOutcome> {
    const options = { token: TOKEN, hours: 48, closedMessage: "geschlossen" };
    const first = await changeByFamily(database.db, r, target, { ...options, alwaysQuote: true }, now);
    if (!("kind" in first) || first.kind !== "quote") return first;
    return changeByFamily(database.db, r, target, { ...options, confirmed: true, expectedPriceRappen: first.quote.after.priceRappen }, now);
  }

  async function changeMail(code: string): Promise<ParsedMail> {
    const dir = await mkdtemp(path.join(tmpdir(), "kidsindoor-changes-mail-"));
    try {
      await deliverDueMail(database.db, { transport: createTransport({ DATA_DIR: dir }), from: "Fun World <buchung@funworld.ch>" });
      const files = (await readdir(path.join(dir, "outbox"))).filter((f) => f.includes(code)).sort();
      const mails = await Promise.all(files.map(async (f) => simpleParser(await readFile(path.join(dir, "outbox", f)))));
      const found = mails.filter((m) => m.subject?.startsWith("Änderung")).at(-1);
      if (!found) throw new Error(`no change e-mail for ${code}`);
      return found;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it("keeps the stored price after a price-list change, and moves a booking of a deactivated, changed offer with its own duration", async () => {
    const date = nextSaturday();
    const r = await book({ date });
    expect(r.priceRappen).toBe(17_800);
    const offer = SEED_OFFERS.find((o) => o.id === 1)!;
    const items = offer.items.map((i) => i.desc);
    await saveOffer(database.db, manager, 1, { name: offer.name, basePriceRappen: 3_500, slotMinutes: 180, items, position: 0, active: false, leadHours: 24, minChildren: 0, maxChildren: 10, maxAdults: 10 });
    await saveGeneralSettings(database.db, manager, { activeAdultPriceRappen: 3_200, accompanyingAdultPriceRappen: 800, holdMinutes: 15 });
    try {
      // No confirmation step: the price stays, so the move goes through at once.
      const moved = await changeByFamily(database.db, r, { date, startMin: 840 }, { token: TOKEN, hours: 48, closedMessage: "" });
      expect(moved).toMatchObject({ kind: "changed", refund: "none" });
      expect(await reload(r.id)).toMatchObject({ startMin: 840, endMin: 960, priceRappen: 17_800, amountRappen: 17_800, sequence: 1 });
      expect(await paymentsOf(r.id)).toMatchObject([{ status: "settled", refundedRappen: 0, refundDueRappen: 0 }]);
      // A real difference (one child more) is priced with the booking's own list: CHF 29, not 35.
      const quote = await changeByFamily(database.db, await reload(r.id), { date, startMin: 840, counts: { ...SEVEN, numChildren: 6 } }, { token: TOKEN, hours: 48, closedMessage: "", alwaysQuote: true });
      expect(quote).toMatchObject({ kind: "quote", quote: { after: { priceRappen: 20_700 }, settlement: { differenceRappen: 2_900, payOnlineRappen: 2_900 } } });
    } finally {
      await saveOffer(database.db, manager, 1, { name: offer.name, basePriceRappen: offer.basePriceRappen, slotMinutes: offer.slotMinutes, items, position: 0, active: true, leadHours: 24, minChildren: 0, maxChildren: 10, maxAdults: 10 });
      await saveGeneralSettings(database.db, manager, { activeAdultPriceRappen: 2_800, accompanyingAdultPriceRappen: 500, holdMinutes: 15 });
    }
  });

  it("moves a game booking whose location was deactivated, at its own location", async () => {
    const date = nextWeekday(4, new Date(Date.now() + 40 * 86400_000));
    const held = await reserveGame(
      database.db,
      { locationId: 2, gameType: 1, date, startMin: 600, rounds: 2, players: 3, contact: CONTACT, couponCode: (await createVoucher(database.db, { amountRappen: 100_000 })).code },
      { holdMinutes: 15 },
    );
    if (!held.ok) throw new Error(held.message);
    const location = SEED_GAME_LOCATIONS.find((l) => l.id === 2)!;
    const { id: _id, position: _position, ...input } = location;
    await saveLocation(database.db, manager, 2, { ...input, description: input.description ?? "", pricePerPlayerRoundRappen: 5_000, active: false });
    try {
      const moved = await changeByFamily(database.db, await reload(held.reservation.id), { date, startMin: 720 }, { token: TOKEN, hours: 48, closedMessage: "" });
      expect(moved).toMatchObject({ kind: "changed" });
      expect(await reload(held.reservation.id)).toMatchObject({ locationId: 2, startMin: 720, endMin: 760, priceRappen: held.reservation.priceRappen });
    } finally {
      await saveLocation(database.db, manager, 2, { ...input, description: input.description ?? "", active: true });
    }
  });

  it("marks the move calendar with the game days for a game and the closures that apply to the booking", async () => {
    const date = nextWeekday(4, new Date(Date.now() + 50 * 86400_000));
    const game = await reserveGame(
      database.db,
      { locationId: 2, gameType: 1, date, startMin: 600, rounds: 1, players: 2, contact: CONTACT, couponCode: (await createVoucher(database.db, { amountRappen: 100_000 })).code },
      { holdMinutes: 15 },
    );
    if (!game.ok) throw new Error(game.message);
    const party = await book({ date: nextSaturday() });
    const seed = SEED_OPENING_HOURS.map((d) => ({ weekday: d.weekday, openMin: d.openMin, closeMin: d.closeMin, birthdays: d.birthdays === 1, games: d.games === 1 }));
    // Wednesdays: birthdays only. A closure of the game's location on its own date.
    await saveOpeningHours(database.db, manager, seed.map((d) => (d.weekday === 3 ? { ...d, games: false } : d)));
    const closed = await createClosure(database.db, manager, { startDate: date, endDate: date, scope: "location", locationId: 2, reason: "Umbau" }, true);
    expect(closed.ok).toBe(true);
    try {
      const month = date.slice(0, 7);
      const forGame = await moveCalendar(database.db, await reload(game.reservation.id), month);
      expect(forGame.closed).toContain(3);
      expect(forGame.closedDates).toEqual([date]);
      const forParty = await moveCalendar(database.db, party, month);
      expect(forParty.closed).not.toContain(3);
      expect(forParty.closedDates).toEqual([]);
      expect(await moveOptions(database.db, await reload(game.reservation.id), date)).toEqual([]);
      // Another location (staff) is not closed that day.
      expect((await moveCalendar(database.db, await reload(game.reservation.id), month, { locationId: 3 })).closedDates).toEqual([]);
    } finally {
      await saveOpeningHours(database.db, manager, seed);
      const [row] = await database.db.select().from(closures).where(eq(closures.reason, "Umbau"));
      if (row) await deleteClosure(database.db, manager, row.id);
    }
  });

  it("releases a change waiting for its payment when the family cancels the booking", async () => {
    const date = nextSaturday();
    const r = await book({ date });
    const outcome = await familyChange(r, { date, startMin: 600, counts: { numChildren: 9, numActiveAdults: 2, numAccompanyingAdults: 1 } });
    if (!("kind" in outcome) || outcome.kind !== "payment") throw new Error("no payment");
    const cancelled = await cancelByFamily(database.db, { reservationId: r.id, allowed: () => true, closedMessage: "" });
    expect(cancelled).toMatchObject({ kind: "cancelled", refundRappen: 17_800 });
    const [held] = await database.db.select().from(reservations).where(eq(reservations.movesReservationId, r.id));
    expect(held!.status).toBe("cancelled");
    const [difference] = await database.db.select().from(payments).where(eq(payments.transactionId, trxOf(outcome.paymentUrl)));
    expect(difference!.status).toBe("cancelled");
    expect(datatrans.fake.transactions.get(trxOf(outcome.paymentUrl))!.status).toBe("canceled");
  });

  it("refunds a lower price online first, then credits the voucher part back", async () => {
    const date = nextSaturday();
    const voucher = await createVoucher(database.db, { amountRappen: 5_000 });
    const r = await book({ date, couponCode: voucher.code });
    expect(r).toMatchObject({ priceRappen: 17_800, discountRappen: 5_000, amountRappen: 12_800, paymentStatus: "settled" });
    const [payment] = await paymentsOf(r.id);

    // 3 children and 1 accompanying adult: CHF 92; the voucher still pays its CHF 50, CHF 86 go back.
    const fewer = await familyChange(r, { date, startMin: 600, counts: { numChildren: 3, numActiveAdults: 0, numAccompanyingAdults: 1 } });
    expect(fewer).toMatchObject({ kind: "changed", refund: "refunded", quote: { settlement: { refundRappen: 8_600, voucherCreditRappen: 0 } } });
    expect(await reload(r.id)).toMatchObject({ priceRappen: 9_200, discountRappen: 5_000, amountRappen: 4_200, numChildren: 3, sequence: 1, tableId: r.tableId });
    expect(datatrans.fake.transactions.get(payment!.transactionId)!.creditedAmount).toBe(8_600);
    expect(await paymentsOf(r.id)).toMatchObject([{ status: "settled", refundedRappen: 8_600, refundDueRappen: 0 }]);
    const mail = await changeMail(r.code);
    expect(mail.text).toContain("Neuer Preis: CHF 92.00 (bisher CHF 178.00).");
    expect(mail.text).toContain("CHF 86.00 werden Ihnen zurückerstattet");
    expect(mail.attachments.find((a) => a.contentType.startsWith("text/calendar"))!.content.toString()).toContain("SEQUENCE:1");

    // One child: CHF 29 — the voucher pays all of it, its other CHF 21 go back onto it, the last CHF 42 online.
    const one = await familyChange(await reload(r.id), { date, startMin: 600, counts: { numChildren: 1, numActiveAdults: 0, numAccompanyingAdults: 0 } });
    expect(one).toMatchObject({ kind: "changed", quote: { settlement: { refundRappen: 4_200, voucherCreditRappen: 2_100 } } });
    expect(await reload(r.id)).toMatchObject({ priceRappen: 2_900, discountRappen: 2_900, amountRappen: 0 });
    const [v] = await database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(v!.remainingRappen).toBe(2_100);
    expect(datatrans.fake.transactions.get(payment!.transactionId)!.creditedAmount).toBe(12_800);
    const actions = (await auditOf(r.id)).map((a) => a.action);
    expect(actions.filter((a) => a === "change")).toHaveLength(2);
    expect(actions.filter((a) => a === "refund")).toHaveLength(2);
    const change = (await auditOf(r.id)).find((a) => a.action === "change")!;
    expect(change.details).toMatchObject({ before: { priceRappen: 17_800, numChildren: 5 }, after: { priceRappen: 9_200, numChildren: 3 }, money: { refundRappen: 8_600 } });

    // Cancelling now: nothing left online, the voucher gets its remaining CHF 29 back.
    const cancelled = await cancelByFamily(database.db, { reservationId: r.id, allowed: () => true, closedMessage: "" });
    expect(cancelled).toMatchObject({ kind: "cancelled", refundRappen: 0, voucherCreditedRappen: 2_900 });
    const [after] = await database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(after!.remainingRappen).toBe(5_000);
  });

  it("takes a higher price online first, holding the new table meanwhile; then applies it, and a cancellation refunds both payments", async () => {
    const date = nextSaturday();
    const r = await book({ date });
    // 12 persons no longer fit the 10-seat table: the difference row claims a 16-seat one at the same time.
    const bigger = { numChildren: 9, numActiveAdults: 2, numAccompanyingAdults: 1 };
    const outcome = await familyChange(r, { date, startMin: 600, counts: bigger });
    expect(outcome).toMatchObject({ kind: "payment", quote: { after: { priceRappen: 32_200 }, settlement: { payOnlineRappen: 14_400 } } });
    if (!("kind" in outcome) || outcome.kind !== "payment") throw new Error("no payment");
    expect(outcome.paymentUrl).toContain(datatrans.fake.payUrl);
    const trx = trxOf(outcome.paymentUrl);

    // Until paid nothing changes, and the new table is taken.
    expect(await reload(r.id)).toMatchObject({ numChildren: 5, priceRappen: 17_800, sequence: 0, tableId: r.tableId });
    const [held] = await database.db.select().from(reservations).where(eq(reservations.movesReservationId, r.id));
    expect(held).toMatchObject({ status: "held", amountRappen: 14_400, tableId: 3, numChildren: 9 });
    expect(await pendingChangeOf(database.db, r)).toMatchObject({ amountRappen: 14_400 });
    // Staff see the held row while it holds the table.
    expect(await listed(held!.code)).toEqual([held!.code]);
    // The provider's page names the family's booking code, not the internal row's (issue #30 §3).
    expect(datatrans.fake.requests.some((q) => q.method === "POST" && q.path === "/v1/transactions" && (q.body as { refno: string }).refno === held!.code)).toBe(false);
    const request = datatrans.fake.requests.find((q) => q.method === "POST" && q.path === "/v1/transactions" && (q.body as { amount: number; refno: string }).refno === r.code && (q.body as { amount: number }).amount === 14_400);
    expect((await database.db.select().from(payments).where(eq(payments.transactionId, trx)))[0]).toMatchObject({ refno: r.code, reservationId: held!.id });
    expect((request!.body as { amount: number; redirect: { successUrl: string } }).amount).toBe(14_400);
    expect((request!.body as { redirect: { successUrl: string } }).redirect.successUrl).toBe(`${PUBLIC_URL}/buchung/${TOKEN}/zahlung?r=ok`);
    const rival = await reserveBirthday(database.db, { offerId: 1, date, startMin: 600, counts: { numChildren: 10, numActiveAdults: 3, numAccompanyingAdults: 0 }, contact: CONTACT }, { holdMinutes: 15 });
    expect(rival.ok && rival.reservation.tableId).toBe(4);

    await datatrans.fake.pay(trx, "settled");
    expect(await changePaymentReturn(database.db, r, trx)).toBe("changed");
    // A second return (or the webhook) changes nothing more.
    expect(await changePaymentReturn(database.db, r, trx)).toBe("changed");
    expect(await reload(r.id)).toMatchObject({ numChildren: 9, numActiveAdults: 2, tableId: 3, priceRappen: 32_200, amountRappen: 32_200, sequence: 1, status: "confirmed" });
    expect((await reload(held!.id)).status).toBe("cancelled");
    expect(await listed(held!.code)).toEqual([]);
    const paid = await paymentsOf(r.id);
    expect(paid.map((p) => [p.amountRappen, p.status])).toEqual([
      [17_800, "settled"],
      [14_400, "settled"],
    ]);
    const mail = await changeMail(r.code);
    expect(mail.text).toContain("neu 12 statt 7 Personen");
    expect(mail.text).toContain("Die Differenz von CHF 144.00 haben Sie online bezahlt.");
    const ics = mail.attachments.find((a) => a.contentType.startsWith("text/calendar"))!.content.toString();
    expect(ics).toContain(`UID:${r.code}@funworld.ch`);
    expect(ics).toContain("SEQUENCE:1");

    const cancelled = await cancelByFamily(database.db, { reservationId: r.id, allowed: () => true, closedMessage: "" });
    expect(cancelled).toMatchObject({ kind: "cancelled", refund: "refunded", refundRappen: 32_200 });
    for (const p of paid) expect(datatrans.fake.transactions.get(p.transactionId)!.creditedAmount).toBe(p.amountRappen);
  });

  it("keeps the old booking when the difference is not paid in time, and refunds a payment arriving after its table was taken", async () => {
    const date = nextSaturday();
    const r = await book({ date });
    const outcome = await familyChange(r, { date, startMin: 600, counts: { numChildren: 9, numActiveAdults: 2, numAccompanyingAdults: 1 } });
    if (!("kind" in outcome) || outcome.kind !== "payment") throw new Error("no payment");
    const trx = trxOf(outcome.paymentUrl);

    const later = new Date(Date.now() + 16 * 60_000);
    await sweepExpiredHolds(database.db, later);
    const [held] = await database.db.select().from(reservations).where(eq(reservations.movesReservationId, r.id));
    expect(held!.status).toBe("expired");
    expect(await reload(r.id)).toMatchObject({ numChildren: 5, priceRappen: 17_800, status: "confirmed", sequence: 0 });
    expect(await pendingChangeOf(database.db, r, later)).toBeNull();
    // Every table for 12 goes to other families meanwhile.
    for (const counts of [
      { numChildren: 10, numActiveAdults: 3, numAccompanyingAdults: 0 },
      { numChildren: 10, numActiveAdults: 3, numAccompanyingAdults: 0 },
      { numChildren: 10, numActiveAdults: 10, numAccompanyingAdults: 0 },
      { numChildren: 10, numActiveAdults: 10, numAccompanyingAdults: 5 },
    ]) {
      const other = await reserveBirthday(database.db, { offerId: 1, date, startMin: 600, counts, contact: CONTACT }, { holdMinutes: 15, now: later });
      expect(other.ok).toBe(true);
    }

    await datatrans.fake.pay(trx, "settled");
    expect(await changePaymentReturn(database.db, r, trx)).toBe("refunded");
    expect(await reload(r.id)).toMatchObject({ numChildren: 5, priceRappen: 17_800, status: "confirmed", sequence: 0 });
    const [payment] = await database.db.select().from(payments).where(eq(payments.transactionId, trx));
    expect(payment).toMatchObject({ status: "refunded", reservationId: held!.id });
    expect(datatrans.fake.transactions.get(trx)!.creditedAmount).toBe(14_400);
    const mails = await database.db.select().from(mailOutbox).where(and(eq(mailOutbox.reservationId, r.id), eq(mailOutbox.kind, "change-refund")));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Ihre Buchung bleibt unverändert");
  });

  it("gives the held table back at once when the family abandons the payment", async () => {
    const date = nextSaturday();
    const r = await book({ date });
    const outcome = await familyChange(r, { date, startMin: 600, counts: { numChildren: 9, numActiveAdults: 2, numAccompanyingAdults: 1 } });
    if (!("kind" in outcome) || outcome.kind !== "payment") throw new Error("no payment");
    const trx = trxOf(outcome.paymentUrl);
    // A GET of the cancel return (a link, a prefetch) while the provider still has the payment open gives nothing up.
    expect(await changePaymentReturn(database.db, r, trx)).toBe("pending");
    const [open] = await database.db.select().from(reservations).where(eq(reservations.movesReservationId, r.id));
    expect(open!.status).toBe("held");
    // Someone else's booking cannot end it.
    const stranger = await book({ date, startMin: 840 });
    expect(await abandonChangePayment(database.db, stranger, trx)).toBe("unknown");
    expect(await changePaymentReturn(database.db, stranger, trx)).toBe("unknown");
    // The family's POST does.
    expect(await abandonChangePayment(database.db, r, trx)).toBe("cancelled");
    const [held] = await database.db.select().from(reservations).where(eq(reservations.movesReservationId, r.id));
    expect(held!.status).toBe("expired");
    expect(await reload(r.id)).toMatchObject({ numChildren: 5, sequence: 0 });
  });

  it("gives the held table back on the cancel return when the provider reports the payment cancelled", async () => {
    const date = nextSaturday();
    const r = await book({ date });
    const outcome = await familyChange(r, { date, startMin: 600, counts: { numChildren: 9, numActiveAdults: 2, numAccompanyingAdults: 1 } });
    if (!("kind" in outcome) || outcome.kind !== "payment") throw new Error("no payment");
    const trx = trxOf(outcome.paymentUrl);
    await datatrans.fake.pay(trx, "canceled");
    expect(await changePaymentReturn(database.db, r, trx)).toBe("cancelled");
    const [held] = await database.db.select().from(reservations).where(eq(reservations.movesReservationId, r.id));
    expect(held!.status).toBe("expired");
  });

  it("changes persons while a table fits: the same table, another one, or a clear refusal when none is free", async () => {
    const date = nextSaturday();
    // Paid at the venue: a higher price only raises the open amount, so the change applies at once.
    const r = await book({ date, pay: "venue" });
    expect(r).toMatchObject({ paymentStatus: "none", tableId: 1 });
    const ten = await familyChange(r, { date, startMin: 600, counts: { numChildren: 8, numActiveAdults: 1, numAccompanyingAdults: 1 } });
    expect(ten).toMatchObject({ kind: "changed", quote: { settlement: { venueDeltaRappen: 8_700, payOnlineRappen: 0 } } });
    expect(await reload(r.id)).toMatchObject({ tableId: 1, numChildren: 8, amountRappen: 26_500 });

    // The tables with 16 seats and more are all taken at 10:00.
    for (const counts of [
      { numChildren: 10, numActiveAdults: 4, numAccompanyingAdults: 0 },
      { numChildren: 10, numActiveAdults: 4, numAccompanyingAdults: 0 },
      { numChildren: 10, numActiveAdults: 10, numAccompanyingAdults: 0 },
      { numChildren: 10, numActiveAdults: 10, numAccompanyingAdults: 5 },
    ]) {
      const other = await reserveBirthday(database.db, { offerId: 1, date, startMin: 600, counts, contact: CONTACT }, { holdMinutes: 15 });
      if (!other.ok) throw new Error(other.message);
    }
    const crowded = await familyChange(await reload(r.id), { date, startMin: 600, counts: { numChildren: 10, numActiveAdults: 1, numAccompanyingAdults: 1 } });
    expect(crowded).toMatchObject({ ok: false, reason: "slot_taken", message: CHANGE_MSG.noTable });
    expect(await reload(r.id)).toMatchObject({ tableId: 1, numChildren: 8, sequence: 1 });
    // Unchanged persons and out-of-range counters are refused with German messages.
    expect(await familyChange(await reload(r.id), { date, startMin: 600, counts: { numChildren: 8, numActiveAdults: 1, numAccompanyingAdults: 1 } })).toMatchObject({ ok: false, message: CHANGE_MSG.personsUnchanged });
    // Beyond the offer's rules (the spec's 0–10), and beyond any counter at all.
    expect(await familyChange(await reload(r.id), { date, startMin: 600, counts: { numChildren: 11, numActiveAdults: 0, numAccompanyingAdults: 0 } })).toMatchObject({ ok: false, message: PARTY_MSG.tooManyChildren(10) });
    expect(await familyChange(await reload(r.id), { date, startMin: 600, counts: { numChildren: 51, numActiveAdults: 0, numAccompanyingAdults: 0 } })).toMatchObject({ ok: false, message: CHANGE_MSG.countsRange });

    // One 16-seat table frees up: 12 persons move there at the same time.
    const [blocker] = await database.db.select().from(reservations).where(and(eq(reservations.date, date), eq(reservations.tableId, 3)));
    await database.db.update(reservations).set({ status: "cancelled" }).where(eq(reservations.id, blocker!.id));
    const twelve = await familyChange(await reload(r.id), { date, startMin: 600, counts: { numChildren: 10, numActiveAdults: 1, numAccompanyingAdults: 1 } });
    expect(twelve).toMatchObject({ kind: "changed" });
    expect(await reload(r.id)).toMatchObject({ tableId: 3, numChildren: 10, startMin: 600, sequence: 2 });
  });

  it("lets staff move a party to another table at the same time, showing the price first and keeping it", async () => {
    const date = nextSaturday();
    const r = await book({ date });
    const quote = await moveByStaff(database.db, r.code, { target: { date, startMin: 600, tableId: 2 }, pricing: "difference", confirmed: false }, manager);
    expect(quote).toMatchObject({ ok: true, kind: "quote", quote: { before: { priceRappen: 17_800 }, after: { priceRappen: 17_800 }, settlement: { differenceRappen: 0 } } });
    const moved = await moveByStaff(database.db, r.code, { target: { date, startMin: 600, tableId: 2 }, pricing: "keep", confirmed: true }, manager);
    expect(moved).toMatchObject({ ok: true, kind: "moved" });
    expect(await reload(r.id)).toMatchObject({ tableId: 2, startMin: 600, priceRappen: 17_800, sequence: 1 });
    const audit = (await auditOf(r.id)).find((a) => a.action === "move")!;
    expect(audit).toMatchObject({ actor: "staff:chef@funworld.ch", staffId: manager.id, details: { before: { tableId: 1 }, after: { tableId: 2 } } });
    // The same table again is no move; a table already taken is refused with its own message.
    expect(await moveByStaff(database.db, r.code, { target: { date, startMin: 600, tableId: 2 }, pricing: "keep", confirmed: true }, manager)).toMatchObject({ ok: false, status: 400 });
    await book({ date, startMin: 600 });
    expect(await moveByStaff(database.db, r.code, { target: { date, startMin: 600, tableId: 1 }, pricing: "keep", confirmed: true }, manager)).toMatchObject({ ok: false, status: 409, message: CHANGE_MSG.tableTaken });
  });

  it("lets staff move a game to a dearer location keeping the agreed price, and refuses collecting more of an online payment", async () => {
    const date = nextWeekday(5, new Date(Date.now() + 60 * 86400_000));
    const held = await reserveGame(database.db, { locationId: 3, gameType: 1, date, startMin: 600, rounds: 2, players: 4, contact: CONTACT }, { holdMinutes: 15 });
    if (!held.ok) throw new Error(held.message);
    const started = await startPayment(database.db, held.reservation);
    if (!started.ok) throw new Error("payment not started");
    await datatrans.fake.pay(trxOf(started.paymentUrl), "settled");
    await confirmPayment(database.db, trxOf(started.paymentUrl));
    // Location 1: CHF 12 per player and round instead of 7: CHF 96 instead of 56.
    const quote = await moveByStaff(database.db, held.reservation.code, { target: { date, startMin: 600, locationId: 1 }, pricing: "difference", confirmed: false }, manager);
    expect(quote).toMatchObject({ ok: true, kind: "quote", quote: { after: { priceRappen: 9_600 }, settlement: { differenceRappen: 4_000, payOnlineRappen: 4_000 } } });
    expect(await moveByStaff(database.db, held.reservation.code, { target: { date, startMin: 600, locationId: 1 }, pricing: "difference", confirmed: true, expectedPriceRappen: 9_600 }, manager)).toMatchObject({
      ok: false,
      message: CHANGE_MSG.staffNoOnlineIncrease,
    });
    expect(await moveByStaff(database.db, held.reservation.code, { target: { date, startMin: 600, locationId: 1 }, pricing: "keep", confirmed: true }, manager)).toMatchObject({ ok: true, kind: "moved" });
    expect(await reload(held.reservation.id)).toMatchObject({ locationId: 1, priceRappen: 5_600, offerName: "Normales Spiel – Escape Room «Das Labor»", type: "ESCAPE_ROOM_ADULT" });
  });

  it("lets exactly one of a held persons change and a rival move take the last big table; the loser keeps its booking", async () => {
    const date = nextSaturday();
    const a = await book({ date, startMin: 600 });
    const b = await book({ date, startMin: 840, counts: { numChildren: 10, numActiveAdults: 3, numAccompanyingAdults: 0 } });
    // Only one table with 16+ seats is left at 10:00 (table 4).
    for (const counts of [
      { numChildren: 10, numActiveAdults: 4, numAccompanyingAdults: 0 },
      { numChildren: 10, numActiveAdults: 10, numAccompanyingAdults: 0 },
      { numChildren: 10, numActiveAdults: 10, numAccompanyingAdults: 5 },
    ]) {
      const other = await reserveBirthday(database.db, { offerId: 1, date, startMin: 600, counts, contact: CONTACT }, { holdMinutes: 15 });
      if (!other.ok) throw new Error(other.message);
    }
    const bigger = { numChildren: 9, numActiveAdults: 2, numAccompanyingAdults: 1 };
    const [quoteA] = await Promise.all([changeByFamily(database.db, a, { date, startMin: 600, counts: bigger }, { token: TOKEN, hours: 48, closedMessage: "", alwaysQuote: true })]);
    if (!("kind" in quoteA) || quoteA.kind !== "quote") throw new Error("no quote");
    const [resultA, resultB] = await Promise.all([
      changeByFamily(database.db, a, { date, startMin: 600, counts: bigger }, { token: TOKEN, hours: 48, closedMessage: "", confirmed: true, expectedPriceRappen: quoteA.quote.after.priceRappen }),
      changeByFamily(database.db, b, { date, startMin: 600 }, { token: TOKEN, hours: 48, closedMessage: "" }),
    ]);
    const won = [resultA, resultB].filter((r) => "kind" in r);
    expect(won).toHaveLength(1);
    if ("ok" in resultA) expect(resultA).toMatchObject({ reason: "slot_taken", message: CHANGE_MSG.noTable });
    if ("ok" in resultB) expect(resultB).toMatchObject({ reason: "slot_taken", message: MSG.slotTaken });
    // The losers are untouched; the winner holds (A, until paid) or sits at (B) the big table.
    expect(await reload(a.id)).toMatchObject({ numChildren: 5, tableId: a.tableId, startMin: 600 });
    expect((await reload(b.id)).startMin).toBe("ok" in resultB ? 840 : 600);
  });
});
