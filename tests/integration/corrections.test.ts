import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { simpleParser, type ParsedMail } from "mailparser";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CHANGE_MSG } from "~/domain/booking-change";
import { openAmountRappen } from "~/domain/desk";
import { CORRECTION_MSG, type CorrectionRequest } from "~/domain/correction-form";
import type { PartyCounts } from "~/domain/pricing";
import { venueNow } from "~/domain/time";
import { reserveBirthday, type Reservation } from "~/server/booking/bookings.server";
import { createTransport, deliverDueMail } from "~/server/mail/mail.server";
import { cancelBooking } from "~/server/payments/cancellation.server";
import { confirmPayment, startPayment } from "~/server/payments/payments.server";
import { auditLog, payments, refunds, reservations, vouchers } from "~/server/platform/schema";
import { correctBooking } from "~/server/staff/booking-correction.server";
import { recordArrival, showPaymentLink } from "~/server/staff/booking-desk.server";
import { payByLink } from "~/server/payments/payment-link.server";
import { bookingsCsv, dayList } from "~/server/staff/export.server";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
import { createVoucher } from "~/server/vouchers/vouchers.server";
import { useFakeDatatrans } from "./fake-datatrans-env";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

/**
 * Staff correct a booking with its money (issue #29 §2): persons, package and a price adjustment,
 * more → at the venue (an open balance), less → back to the card or as a new voucher; the open
 * amount in the day list, cleared when paid at the counter; the family's e-mail with the updated
 * calendar entry, or none when staff untick it. On both databases.
 */

const datatrans = useFakeDatatrans({
  label: "corrections",
  hmacKey: "0123456789abcdef0123456789abcdef",
  env: { PUBLIC_URL: "https://buchung.funworld.test", HOLD_MINUTES: "15", PAYMENT_SESSION_HOLD_MINUTES: "0" },
});

afterEach(() => datatrans.fake.setDown(false));

const trxOf = (paymentUrl: string) => paymentUrl.split("/").at(-1)!;
/** 7 persons: 5 × CHF 29 + CHF 28 + CHF 5 = CHF 178. */
const SEVEN: PartyCounts = { numChildren: 5, numActiveAdults: 1, numAccompanyingAdults: 1 };

function request(over: Partial<CorrectionRequest>): CorrectionRequest {
  return {
    counts: null,
    offerId: null,
    adjust: { rappen: 0, reason: null },
    money: { increase: "venue", decrease: "refund" },
    notify: true,
    intent: "quote",
    expectedPriceRappen: undefined,
    ...over,
  };
}

describe.each(drivers)("staff correct bookings on $name", ({ open }) => {
  let database: TestDatabase;
  let staff: { id: number; email: string };
  let week = 0;
  beforeAll(async () => {
    database = await open();
    staff = await createStaffAccount(database.db, "lea@funworld.ch", "lea-password-1", "staff");
  });
  afterAll(async () => {
    await database?.close();
  });

  function nextSaturday() {
    week += 1;
    return nextWeekday(6, new Date(Date.now() + week * 7 * 86400_000));
  }

  async function book(options: { date: string; counts?: PartyCounts; couponCode?: string; pay?: "online" | "venue" }) {
    const held = await reserveBirthday(
      database.db,
      { offerId: 1, date: options.date, startMin: 600, counts: options.counts ?? SEVEN, contact: CONTACT, couponCode: options.couponCode },
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

  /** Quote first, then save with the quoted price (as the page does). */
  async function correct(r: Reservation, over: Partial<CorrectionRequest>) {
    const quote = await correctBooking(database.db, r.code, request(over), staff);
    if (!quote.ok || quote.kind !== "quote") return quote;
    return correctBooking(database.db, r.code, request({ ...over, intent: "save", expectedPriceRappen: quote.quote.after.priceRappen }), staff);
  }

  async function mailsOf(code: string): Promise<ParsedMail[]> {
    const dir = await mkdtemp(path.join(tmpdir(), "kidsindoor-corrections-mail-"));
    try {
      await deliverDueMail(database.db, { transport: createTransport({ DATA_DIR: dir }), from: "Fun World <buchung@funworld.ch>" });
      const files = (await readdir(path.join(dir, "outbox")).catch(() => [] as string[])).filter((f) => f.includes(code)).sort();
      return Promise.all(files.map(async (f) => simpleParser(await readFile(path.join(dir, "outbox", f)))));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it("adds two children to a party paid online as an open amount at the venue, shown in the day list and cleared when paid", async () => {
    const date = nextSaturday();
    const r = await book({ date });
    const uidOf = (m: ParsedMail) => /^UID:(.+)$/m.exec(m.attachments.find((a) => a.filename?.endsWith(".ics"))!.content.toString())![1]!.trim();
    const [confirmation] = await mailsOf(r.code);
    const more = { ...SEVEN, numChildren: 7 };
    const quote = await correctBooking(database.db, r.code, request({ counts: more }), staff);
    expect(quote).toMatchObject({ ok: true, kind: "quote", quote: { before: { priceRappen: 17_800 }, after: { priceRappen: 23_600, openBalanceRappen: 5_800 }, settlement: { openBalanceDeltaRappen: 5_800, payOnlineRappen: 0 } } });
    // The quote changed nothing.
    expect(await reload(r.id)).toMatchObject({ numChildren: 5, priceRappen: 17_800, openBalanceRappen: 0 });

    const saved = await correct(r, { counts: more });
    expect(saved).toMatchObject({ ok: true, kind: "corrected", refund: "none" });
    const after = await reload(r.id);
    expect(after).toMatchObject({ numChildren: 7, priceRappen: 23_600, amountRappen: 23_600, paymentStatus: "settled", openBalanceRappen: 5_800, sequence: 1 });
    expect(openAmountRappen(after)).toBe(5_800);
    const [day] = await dayList(database.db, { from: date, to: date });
    expect(day!.groups.flatMap((g) => g.bookings).find((b) => b.code === r.code)).toMatchObject({ openRappen: 5_800 });
    // The CSV's «Offen CHF» column too.
    const { csv } = await bookingsCsv(database.db, { from: date, to: date }, staff);
    const [header, ...lines] = csv.replace(/^\uFEFF/, "").trim().split("\r\n");
    const openColumn = header!.split(";").indexOf("Offen CHF");
    expect(lines.find((l) => l.includes(r.code))!.split(";")[openColumn]).toBe("58.00");

    // The family's e-mail: the new persons and price, the difference at the desk, the calendar entry's next revision.
    const [mail] = (await mailsOf(r.code)).filter((m) => m.subject?.startsWith("Änderung"));
    expect(mail!.text).toContain("neu 9 statt 7 Personen");
    expect(mail!.text).toContain("Die Differenz von CHF 58.00 bezahlen Sie bei uns am Empfang.");
    expect(mail!.text).toMatch(/Am Empfang zu bezahlen:?\s+CHF 58\.00/);
    const ics = mail!.attachments.find((a) => a.filename?.endsWith(".ics"))!.content.toString();
    expect(ics).toContain("SEQUENCE:1");
    expect(uidOf(mail!)).toBe(uidOf(confirmation!));

    // Paid at the counter on the day: nothing is open any more.
    const today = venueNow().date;
    if (date >= today) {
      await database.db.update(reservations).set({ paidAtVenueRappen: 5_800 }).where(eq(reservations.id, r.id));
      expect(openAmountRappen(await reload(r.id))).toBe(0);
    }
  });

  it("gives a lower price back to the card or as a new voucher that cannot be refunded again on cancellation", async () => {
    const date = nextSaturday();
    const toCard = await book({ date });
    const fewer = { ...SEVEN, numChildren: 4 };
    expect(await correct(toCard, { counts: fewer })).toMatchObject({ ok: true, kind: "corrected", refund: "refunded" });
    const [paid] = await database.db.select().from(payments).where(eq(payments.reservationId, toCard.id));
    expect(paid).toMatchObject({ refundedRappen: 2_900, voucherCreditedRappen: 0, status: "settled" });

    const date2 = nextSaturday();
    const asVoucher = await book({ date: date2 });
    const result = await correct(asVoucher, { counts: fewer, money: { increase: "venue", decrease: "voucher" } });
    expect(result).toMatchObject({ ok: true, kind: "corrected", refund: "none" });
    const code = result.ok && result.kind === "corrected" ? result.voucherCode : null;
    expect(code).toMatch(/^[A-Z0-9]{12}$/);
    const [voucher] = await database.db.select().from(vouchers).where(eq(vouchers.code, code!));
    expect(voucher).toMatchObject({ initialRappen: 2_900, remainingRappen: 2_900 });
    const [payment] = await database.db.select().from(payments).where(eq(payments.reservationId, asVoucher.id));
    expect(payment).toMatchObject({ voucherCreditedRappen: 2_900, refundedRappen: 0, status: "settled" });
    expect(await database.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id))).toHaveLength(0);
    const [mail] = (await mailsOf(asVoucher.code)).filter((m) => m.subject?.startsWith("Änderung"));
    expect(mail!.text).toContain(`CHF 29.00 erhalten Sie als Gutschein: Code ${code}`);

    // Cancelled afterwards with a full refund: what is left of the payment, not the voucher's part again.
    const cancelled = await cancelBooking(database.db, { where: { code: asVoucher.code }, reason: null, actor: { staffId: staff.id, label: `staff:${staff.email}` }, creditVoucher: true });
    expect(cancelled).toMatchObject({ kind: "cancelled", refundRappen: 14_900 });
    const refundRows = await database.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id));
    expect(refundRows.map((row) => row.amountRappen)).toEqual([14_900]);
    const [closed] = await database.db.select().from(payments).where(eq(payments.id, payment!.id));
    expect(closed!.refundedRappen + closed!.voucherCreditedRappen).toBe(17_800);
  });

  it("changes the package with its price, duration and rules, and applies a discount with its reason", async () => {
    const date = nextSaturday();
    const r = await book({ date, pay: "venue" });
    // Deluxe: 5 × CHF 39 + 28 + 5 = CHF 228, 180 minutes; a CHF 20 discount: CHF 208, all at the counter.
    const saved = await correct(r, { offerId: 2, adjust: { rappen: -2_000, reason: "Stammkunde" } });
    expect(saved).toMatchObject({ ok: true, kind: "corrected" });
    const after = await reload(r.id);
    expect(after).toMatchObject({ offerId: 2, offerName: "Geburtstag Deluxe", endMin: 780, priceRappen: 20_800, amountRappen: 20_800, priceAdjustRappen: -2_000, priceAdjustReason: "Stammkunde" });
    expect(openAmountRappen(after)).toBe(20_800);
    const [mail] = (await mailsOf(r.code)).filter((m) => m.subject?.startsWith("Änderung"));
    expect(mail!.text).toContain("Neues Paket: Geburtstag Deluxe (bisher Geburtstag Classic).");
    expect(mail!.text).toContain("Im Preis enthalten: Rabatt von CHF 20.00 (Stammkunde).");
    // Later persons changes keep the discount: one child more costs the package's CHF 39.
    expect(await correct(after, { counts: { ...SEVEN, numChildren: 6 }, offerId: 2, adjust: { rappen: -2_000, reason: "Stammkunde" } })).toMatchObject({ ok: true });
    expect(await reload(r.id)).toMatchObject({ priceRappen: 24_700, priceAdjustRappen: -2_000 });
    // A discount larger than the price, a surcharge without reason, nothing changed: German refusals, nothing written.
    expect(await correctBooking(database.db, r.code, request({ adjust: { rappen: -30_000, reason: "zu viel" } }), staff)).toMatchObject({ ok: false, status: 400, message: CHANGE_MSG.adjustTooLow });
    expect(await correctBooking(database.db, r.code, request({ offerId: 2, adjust: { rappen: -2_000, reason: "Stammkunde" } }), staff)).toMatchObject({
      ok: false,
      message: CHANGE_MSG.correctionUnchanged,
    });
    expect(await reload(r.id)).toMatchObject({ priceRappen: 24_700, sequence: 2 });
  });

  it("corrects silently when staff untick the notice, and refuses a held booking and a stale price", async () => {
    const date = nextSaturday();
    const r = await book({ date, pay: "venue" });
    await mailsOf(r.code);
    expect(await correct(r, { counts: { ...SEVEN, numAccompanyingAdults: 2 }, notify: false })).toMatchObject({ ok: true, kind: "corrected" });
    expect((await mailsOf(r.code)).filter((m) => m.subject?.startsWith("Änderung"))).toHaveLength(0);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.reservationId, r.id)).orderBy(asc(auditLog.id));
    expect(audit.at(-1)).toMatchObject({ action: "change", actor: "staff:lea@funworld.ch", details: { notified: false } });
    // The price staff saw is checked under the lock: another one answers with a new quote.
    const stale = await correctBooking(database.db, r.code, request({ counts: SEVEN, intent: "save", expectedPriceRappen: 1 }), staff);
    expect(stale).toMatchObject({ ok: true, kind: "quote", message: CHANGE_MSG.priceChanged });
    const held = await reserveBirthday(database.db, { offerId: 1, date, startMin: 840, counts: SEVEN, contact: CONTACT }, { holdMinutes: 15 });
    if (!held.ok) throw new Error(held.message);
    expect(await correctBooking(database.db, held.reservation.code, request({ counts: SEVEN }), staff)).toMatchObject({ ok: false, status: 409, message: CORRECTION_MSG.notActive });
  });

  it("corrects a party that has already begun (children added on the day)", async () => {
    const today = venueNow().date;
    // Booked for today at a time already past (written directly: the booking flow refuses past slots).
    const r = await book({ date: nextSaturday() });
    await database.db.update(reservations).set({ date: today, startMin: 0, endMin: 120 }).where(eq(reservations.id, r.id));
    const result = await correct(await reload(r.id), { counts: { ...SEVEN, numChildren: 6 } });
    expect(result).toMatchObject({ ok: true, kind: "corrected" });
    expect(await reload(r.id)).toMatchObject({ numChildren: 6, openBalanceRappen: 2_900, date: today });
    expect(await recordArrival(database.db, { code: r.code, intent: "arrived", paid: "29.00" }, staff)).toMatchObject({ ok: true });
    expect(openAmountRappen(await reload(r.id))).toBe(0);
  });

  it("takes a price back first from the open balance, and exactly one of two parallel corrections wins", async () => {
    const date = nextSaturday();
    const voucher = await createVoucher(database.db, { amountRappen: 5_000 });
    const r = await book({ date, couponCode: voucher.code });
    expect(r).toMatchObject({ priceRappen: 17_800, discountRappen: 5_000, amountRappen: 12_800 });
    await correct(r, { counts: { ...SEVEN, numChildren: 7 } });
    expect(await reload(r.id)).toMatchObject({ openBalanceRappen: 5_800, amountRappen: 18_600 });
    // One child fewer: CHF 29 less open at the venue, nothing refunded.
    expect(await correct(await reload(r.id), { counts: { ...SEVEN, numChildren: 6 } })).toMatchObject({ ok: true, refund: "none" });
    expect(await reload(r.id)).toMatchObject({ openBalanceRappen: 2_900, amountRappen: 15_700 });

    const current = await reload(r.id);
    const quote = await correctBooking(database.db, r.code, request({ counts: { ...SEVEN, numChildren: 8 } }), staff);
    if (!quote.ok || quote.kind !== "quote") throw new Error("no quote");
    const save = () =>
      correctBooking(database.db, current.code, request({ counts: { ...SEVEN, numChildren: 8 }, intent: "save", expectedPriceRappen: quote.quote.after.priceRappen }), staff);
    const results = await Promise.all([save(), save()]);
    expect(results.filter((x) => x.ok && x.kind === "corrected")).toHaveLength(1);
    expect(await reload(r.id)).toMatchObject({ numChildren: 8, openBalanceRappen: 8_700, sequence: current.sequence + 1 });
  });

  it("pays an open balance online through its payment link exactly once (webhook ∥ return), and refunds a balance paid twice", async () => {
    const date = nextSaturday();
    const r = await book({ date });
    await correct(r, { counts: { ...SEVEN, numChildren: 7 } });
    expect(await reload(r.id)).toMatchObject({ openBalanceRappen: 5_800 });
    const shown = await showPaymentLink(database.db, r.code, staff, new Date(), { email: true });
    if (!shown.ok) throw new Error(shown.message);
    expect(shown).toMatchObject({ amountRappen: 5_800, emailed: true });
    const token = shown.url.split("/").at(-1)!;
    const started = await payByLink(database.db, { token, clientKey: "balance-1" });
    if (!started.ok || !("redirect" in started)) throw new Error("no payment started");
    const trx = trxOf(started.redirect);
    const [pending] = await database.db.select().from(payments).where(eq(payments.transactionId, trx));
    expect(pending).toMatchObject({ kind: "balance", amountRappen: 5_800, status: "pending", reservationId: r.id });
    // The booking itself did not change state while its balance is being paid.
    expect(await reload(r.id)).toMatchObject({ status: "confirmed", paymentStatus: "settled" });
    await datatrans.fake.pay(trx, "settled");
    const results = await Promise.all([confirmPayment(database.db, trx), confirmPayment(database.db, trx), confirmPayment(database.db, trx)]);
    expect(results.filter((x) => x.confirmedNow)).toHaveLength(1);
    expect(await reload(r.id)).toMatchObject({ openBalanceRappen: 0, status: "confirmed", paymentStatus: "settled" });
    expect(openAmountRappen(await reload(r.id))).toBe(0);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.reservationId, r.id));
    expect(audit.filter((a) => a.action === "balance-paid")).toHaveLength(1);
    // Nothing open any more: no link.
    expect(await showPaymentLink(database.db, r.code, staff)).toMatchObject({ ok: false, status: 409 });

    // A second balance, paid at the venue while its online payment was open: the online money goes back whole.
    await correct(await reload(r.id), { counts: { ...SEVEN, numChildren: 8 } });
    const again = await showPaymentLink(database.db, r.code, staff);
    if (!again.ok) throw new Error(again.message);
    const second = await payByLink(database.db, { token: again.url.split("/").at(-1)!, clientKey: "balance-2" });
    if (!second.ok || !("redirect" in second)) throw new Error("no payment started");
    await database.db.update(reservations).set({ paidAtVenueRappen: 2_900 }).where(eq(reservations.id, r.id));
    await datatrans.fake.pay(trxOf(second.redirect), "settled");
    await confirmPayment(database.db, trxOf(second.redirect));
    const [twice] = await database.db.select().from(payments).where(eq(payments.transactionId, trxOf(second.redirect)));
    expect(["refund_pending", "refunded"]).toContain(twice!.status);
    expect(await reload(r.id)).toMatchObject({ openBalanceRappen: 2_900, paymentStatus: "settled" });

    // Cancelled in full afterwards: both the booking's payment and the paid balance go back.
    const cancelled = await cancelBooking(database.db, { where: { code: r.code }, reason: null, actor: { staffId: staff.id, label: `staff:${staff.email}` }, creditVoucher: true });
    expect(cancelled).toMatchObject({ kind: "cancelled", refundRappen: 17_800 + 5_800 });
  });
});
