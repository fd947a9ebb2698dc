import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vatIncluded } from "~/domain/receipts";
import { reserveBirthday } from "~/server/booking/bookings.server";
import { bookingsOwedReceipts, familyReceiptDocument, issueOwedReceipts, receiptDocument, receiptDownloads, receiptsOf, syncReceipts } from "~/server/accounting/receipts.server";
import { confirmPayment, startPayment } from "~/server/payments/payments.server";
import { receipts, reservations } from "~/server/platform/schema";
import { recordArrival } from "~/server/staff/booking-desk.server";
import { cancelReservation, type Actor } from "~/server/staff/cancellation.server";
import { createVoucher } from "~/server/vouchers/vouchers.server";
import type { Staff } from "~/server/staff/auth.server";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
import { addVatRate, deleteVatRate, saveVatMode, vatOverview } from "~/server/staff/vat-admin.server";
import { useFakeDatatrans } from "./fake-datatrans-env";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";
import { pdfText } from "../setup/pdf-text";

/**
 * Receipts and credit notes (issue #31 §1) on both databases: every way money comes in (online,
 * voucher, at the venue) and goes back (refund, venue correction) gets its document exactly once,
 * with MWST to the Rappen at the rate of the party's day; the PDF reads back as text.
 */

const HMAC_KEY = "0123456789abcdef0123456789abcdef";
const API: Actor = { staffId: null, name: "api-token" };
const COUNTS = { numChildren: 6, numActiveAdults: 1, numAccompanyingAdults: 1 };

const datatrans = useFakeDatatrans({ label: "receipts", hmacKey: HMAC_KEY, env: { PUBLIC_URL: "http://127.0.0.1:9" } });


describe.each(drivers)("receipts on $name", ({ open }) => {
  let database: TestDatabase;
  let week = 0;
  let manager: Staff;
  beforeAll(async () => {
    database = await open();
    manager = (await createStaffAccount(database.db, "chef@funworld.ch", "chef-password-1", "manager")) as Staff;
  });
  afterAll(async () => {
    await database?.close();
  });

  function saturday() {
    week += 1;
    return nextWeekday(6, new Date(Date.now() + (week + 1) * 7 * 86_400_000));
  }

  async function paidOnline(options: { couponCode?: string; contact?: typeof CONTACT } = {}) {
    const date = saturday();
    const held = await reserveBirthday(database.db, { offerId: 1, date, startMin: 600, counts: COUNTS, contact: options.contact ?? CONTACT, couponCode: options.couponCode }, { holdMinutes: 15 });
    if (!held.ok) throw new Error(held.message);
    const started = await startPayment(database.db, held.reservation);
    if (!started.ok) throw new Error("payment not started");
    const trx = started.paymentUrl.split("/").at(-1)!;
    await datatrans.fake.pay(trx, "settled");
    await confirmPayment(database.db, trx);
    return (await database.db.select().from(reservations).where(eq(reservations.id, held.reservation.id)))[0]!;
  }

  it("an online payment with a voucher part gets one receipt with both, MWST to the Rappen, and no second one", async () => {
    const voucher = await createVoucher(database.db, { amountRappen: 5_000 });
    const r = await paidOnline({ couponCode: voucher.code });
    expect(r.status).toBe("confirmed");
    expect(await bookingsOwedReceipts(database.db)).toContain(r.id);

    const docs = await receiptsOf(database.db, r.id);
    expect(docs).toHaveLength(1);
    const [doc] = docs;
    expect(doc).toMatchObject({ kind: "receipt", totalRappen: r.priceRappen, vatRateBp: 810, onlineRappen: r.amountRappen, voucherRappen: 5_000 });
    expect(doc!.vatRappen).toBe(vatIncluded(r.priceRappen, 810));
    expect(doc!.number).toMatch(/^Q-\d{4}-\d{6}$/);
    expect(doc!.snapshot.parts.map((p) => p.label)).toEqual(["Online bezahlt (Karte/TWINT)", `Bezahlt mit Gutschein ${voucher.code}`]);
    expect(doc!.snapshot.lines.reduce((s, l) => s + l.amountRappen, 0)).toBe(r.priceRappen);

    expect(await syncReceipts(database.db, r.id)).toBe(0);
    expect(await bookingsOwedReceipts(database.db)).not.toContain(r.id);
    expect(await database.db.select().from(receipts).where(eq(receipts.reservationId, r.id))).toHaveLength(1);
  });

  it("racing syncs issue each document once", async () => {
    const r = await paidOnline();
    const issued = await Promise.all(Array.from({ length: 6 }, () => syncReceipts(database.db, r.id)));
    expect(issued.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await database.db.select().from(receipts).where(eq(receipts.reservationId, r.id))).toHaveLength(1);
  });

  it("a refund after a cancellation gets a credit note for what went back; the sums match the money rows", async () => {
    const r = await paidOnline();
    await syncReceipts(database.db, r.id);
    const cancelled = await cancelReservation(database.db, { code: r.code, reason: "Kind ist krank", actor: API });
    expect(cancelled.body).toMatchObject({ success: true, refund: "refunded" });
    expect(await issueOwedReceipts(database.db)).toBeGreaterThanOrEqual(1);
    const docs = await receiptsOf(database.db, r.id);
    expect(docs.map((d) => d.kind)).toEqual(["receipt", "credit_note"]);
    const note = docs[1]!;
    expect(note).toMatchObject({ totalRappen: r.amountRappen, refundRappen: r.amountRappen, vatRappen: vatIncluded(r.amountRappen, 810) });
    expect(note.number).toMatch(/^G-/);
    expect(note.snapshot.parts).toEqual([{ method: "refund", rappen: r.amountRappen, label: "Rückerstattung auf das Zahlungsmittel" }]);
    expect(await bookingsOwedReceipts(database.db)).not.toContain(r.id);
  });

  it("money paid at the venue gets a receipt when staff record it, and a correction down a credit note", async () => {
    const date = saturday();
    const held = await reserveBirthday(
      database.db,
      { offerId: 1, date, startMin: 14 * 60, counts: COUNTS, contact: CONTACT },
      { holdMinutes: 15, channel: "phone", payAtVenue: true },
    );
    if (!held.ok) throw new Error(held.message);
    const id = held.reservation.id;
    expect(await receiptsOf(database.db, id)).toEqual([]);
    // The desk records payments from the party's day on; the total is what counts.
    const dayOf = new Date(`${date}T12:00:00Z`);
    expect(await recordArrival(database.db, { code: held.reservation.code, intent: "paid", paid: "300.00" }, manager, dayOf)).toMatchObject({ ok: true });
    expect(await recordArrival(database.db, { code: held.reservation.code, intent: "paid", paid: "280.50" }, manager, dayOf)).toMatchObject({ ok: true });
    // Both changes before a sync: one receipt for what stands.
    let docs = await receiptsOf(database.db, id);
    expect(docs.map((d) => [d.kind, d.totalRappen, d.venueRappen])).toEqual([["receipt", 28_050, 28_050]]);
    expect(docs[0]!.snapshot.parts[0]!.label).toBe("Bezahlt am Empfang");
    expect(await recordArrival(database.db, { code: held.reservation.code, intent: "paid", paid: "250" }, manager, dayOf)).toMatchObject({ ok: true });
    docs = await receiptsOf(database.db, id);
    expect(docs.map((d) => [d.kind, d.totalRappen, d.venueRappen])).toEqual([
      ["receipt", 28_050, 28_050],
      ["credit_note", 3_050, -3_050],
    ]);
    expect(docs[1]!.snapshot.parts[0]!.label).toBe("Korrektur der Zahlung am Empfang");
  });

  it("takes the rate of the party's day and none while the venue is not liable", async () => {
    const r = await paidOnline();
    // A new rate from the party's day on (e.g. a raise decided by the people): the party's rate.
    expect(await addVatRate(database.db, manager, { validFrom: r.date, rate: "8,8" })).toMatchObject({ ok: true });
    expect(await addVatRate(database.db, manager, { validFrom: r.date, rate: "9" })).toMatchObject({ ok: false });
    expect(await addVatRate(database.db, manager, { validFrom: "morgen", rate: "120" })).toMatchObject({ ok: false, errors: { validFrom: expect.any(String), rate: expect.any(String) } });
    try {
      const [doc] = await receiptsOf(database.db, r.id);
      expect(doc).toMatchObject({ vatRateBp: 880, vatRappen: vatIncluded(r.priceRappen, 880) });
      expect((await vatOverview(database.db)).rates.map((x) => [x.rate, x.current, x.removable])).toEqual([
        ["7.7 %", false, false],
        ["8.1 %", true, false],
        ["8.8 %", false, true],
      ]);
      // A rate in force stays.
      expect(await deleteVatRate(database.db, manager, "2024-01-01")).toMatchObject({ ok: false });
    } finally {
      expect(await deleteVatRate(database.db, manager, r.date)).toMatchObject({ ok: true });
    }
    expect(await saveVatMode(database.db, manager, "none")).toMatchObject({ ok: true });
    try {
      const other = await paidOnline();
      const [doc] = await receiptsOf(database.db, other.id);
      expect(doc).toMatchObject({ vatRateBp: null, vatRappen: 0 });
      const file = await receiptDocument(database.db, other.id, doc!.number);
      expect(await pdfText(file!.body)).toContain("nicht MWST-pflichtig");
    } finally {
      expect(await saveVatMode(database.db, manager, "included")).toMatchObject({ ok: true });
    }
  });

  it("nothing for a hold that never became a booking", async () => {
    const held = await reserveBirthday(database.db, { offerId: 1, date: saturday(), startMin: 600, counts: COUNTS, contact: CONTACT }, { holdMinutes: 15 });
    if (!held.ok) throw new Error(held.message);
    expect(await receiptsOf(database.db, held.reservation.id)).toEqual([]);
    expect(await bookingsOwedReceipts(database.db)).not.toContain(held.reservation.id);
  });

  it("the PDF reads back: venue, number, the family's name in any Latin script, lines, total and MWST", async () => {
    const r = await paidOnline({ contact: { ...CONTACT, firstName: "Łukasz", lastName: "Çelik-Đorđević" } });
    const [doc] = await receiptsOf(database.db, r.id);
    const file = await receiptDocument(database.db, r.id, doc!.number);
    expect(file!.fileName).toBe(`quittung-${doc!.number}.pdf`);
    expect(file!.body.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(file!.body);
    for (const expected of [
      "Fun World",
      "Quittung",
      doc!.number,
      r.code,
      "Łukasz Çelik-Đorđević",
      "Total Buchung",
      `CHF ${(r.priceRappen / 100).toFixed(2)}`,
      `Im Betrag enthaltene MWST 8.1 %: CHF ${(vatIncluded(r.priceRappen, 810) / 100).toFixed(2)}`,
    ]) {
      expect(text).toContain(expected);
    }
    // Another booking's number is not found through this booking.
    const other = await paidOnline();
    const [otherDoc] = await receiptsOf(database.db, other.id);
    expect(await receiptDocument(database.db, r.id, otherDoc!.number)).toBeNull();
    expect(await receiptDocument(database.db, r.id, "../../etc/passwd")).toBeNull();
  });

  it("a manage link draws a bounded number of PDFs, counted in the database", async () => {
    const r = await paidOnline();
    const [doc] = await receiptsOf(database.db, r.id);
    expect(await familyReceiptDocument(database.db, r.id, doc!.number)).toMatchObject({ kind: "file" });
    expect(await familyReceiptDocument(database.db, r.id, "Q-2000-000001")).toEqual({ kind: "missing" });
    // The rest of the window's points, as other requests (any process) would have used them.
    await receiptDownloads.consume(database.db, String(r.id), 29);
    expect(await familyReceiptDocument(database.db, r.id, doc!.number)).toMatchObject({ kind: "limited", retryAfterSeconds: expect.any(Number) });
  });
});
