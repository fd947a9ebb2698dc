import { and, eq } from "drizzle-orm";
import { isQRReferenceValid, isSCORReferenceValid } from "swissqrbill/utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAmountRappen } from "~/domain/desk";
import { receiptsOf } from "~/server/accounting/receipts.server";
import { cancelInvoice, createInvoice, importBankFile, invoiceDocument, mailInvoice, markInvoicePaid, openInvoices } from "~/server/accounting/invoices.server";
import { CAMT_MSG } from "~/domain/camt";
import { camt054 } from "../setup/camt";
import { qrBillData } from "~/server/accounting/invoice-pdf.server";
import { reserveBirthday } from "~/server/booking/bookings.server";
import { invalidateVenueCache } from "~/server/booking/venue.server";
import { auditLog, invoices, mailOutbox, reservations, venueProfile } from "~/server/platform/schema";
import type { Staff } from "~/server/staff/auth.server";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
import { placePhoneBooking } from "~/server/staff/phone-booking.server";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";
import { pdfText } from "../setup/pdf-text";

/**
 * Invoices with a Swiss QR-bill (issue #31 §2) on both databases: the QR data is accepted by the
 * generator for an IBAN (creditor reference) and a QR-IBAN (QR reference), the PDF reads back, one
 * open invoice per booking, the payment is booked once under a race and gets its receipt.
 */

const COUNTS = { numChildren: 6, numActiveAdults: 1, numAccompanyingAdults: 1 };


describe.each(drivers)("invoices on $name", ({ open }) => {
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

  async function setIban(iban: string) {
    await database.db.update(venueProfile).set({ iban }).where(eq(venueProfile.id, 1));
    invalidateVenueCache(database.db);
  }

  async function phoneBooking(contact = CONTACT) {
    const date = nextWeekday(6, new Date(Date.now() + (week += 1) * 7 * 86_400_000));
    const r = await reserveBirthday(database.db, { offerId: 1, date, startMin: 600, counts: COUNTS, contact }, { holdMinutes: 15, channel: "phone", payAtVenue: true });
    if (!r.ok) throw new Error(r.message);
    return r.reservation;
  }

  it("needs the venue's IBAN, bills the open amount once, and the PDF carries the payment part", async () => {
    await setIban("");
    const r = await phoneBooking({ ...CONTACT, firstName: "Łukasz", lastName: "Đorđević" });
    expect(await createInvoice(database.db, manager, r.code, "30")).toMatchObject({ ok: false, message: "Im Betriebsprofil fehlt die IBAN: Ohne sie kann keine QR-Rechnung erstellt werden." });
    await setIban("CH9300762011623852957");
    expect(await createInvoice(database.db, manager, r.code, "3")).toMatchObject({ ok: false, status: 400 });
    const made = await createInvoice(database.db, manager, r.code, "30");
    expect(made).toMatchObject({ ok: true });
    if (!made.ok) throw new Error(made.message);
    expect(await createInvoice(database.db, manager, r.code, "30")).toMatchObject({ ok: false, message: `Für diese Buchung ist bereits die Rechnung ${made.number} offen.` });
    const [inv] = await database.db.select().from(invoices).where(eq(invoices.number, made.number));
    expect(inv).toMatchObject({ amountRappen: r.amountRappen, status: "open", iban: "CH9300762011623852957" });
    expect(isSCORReferenceValid(inv!.reference)).toBe(true);
    const data = qrBillData(inv!);
    expect(data).toMatchObject({ amount: r.amountRappen / 100, currency: "CHF", debtor: { name: "Lukasz Dordevic" } });

    const file = await invoiceDocument(database.db, r.id, made.number);
    const text = await pdfText(file!.body);
    for (const expected of ["Rechnung", made.number, r.code, "Łukasz Đorđević", "Zahlteil", "Empfangsschein", `${(r.amountRappen / 100).toFixed(2)}`, "Zahlbar bis"]) expect(text).toContain(expected);
    expect((await openInvoices(database.db)).map((i) => i.number)).toContain(made.number);
  });

  it("with a QR-IBAN the reference is a QR reference", async () => {
    await setIban("CH4431999123000889012");
    const r = await phoneBooking();
    const made = await createInvoice(database.db, manager, r.code, "10");
    if (!made.ok) throw new Error(made.message);
    const [inv] = await database.db.select().from(invoices).where(eq(invoices.number, made.number));
    expect(inv!.reference).toMatch(/^\d{27}$/);
    expect(isQRReferenceValid(inv!.reference)).toBe(true);
    expect(() => qrBillData(inv!)).not.toThrow();
  });

  it("books the payment once under a race; the open amount goes to zero and a receipt follows", async () => {
    await setIban("CH9300762011623852957");
    const r = await phoneBooking();
    const made = await createInvoice(database.db, manager, r.code, "30");
    if (!made.ok) throw new Error(made.message);
    const results = await Promise.all([markInvoicePaid(database.db, manager, made.number), markInvoicePaid(database.db, manager, made.number), markInvoicePaid(database.db, manager, made.number)]);
    expect(results.filter((x) => x.ok)).toHaveLength(1);
    const [after] = await database.db.select().from(reservations).where(eq(reservations.id, r.id));
    expect(after!.paidByInvoiceRappen).toBe(r.amountRappen);
    expect(openAmountRappen(after!)).toBe(0);
    expect(await cancelInvoice(database.db, manager, made.number)).toMatchObject({ ok: false, status: 409 });
    const docs = await receiptsOf(database.db, r.id);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ kind: "receipt", bankRappen: r.amountRappen, totalRappen: r.amountRappen });
    expect(docs[0]!.snapshot.parts[0]!.label).toBe("Bezahlt per Rechnung (Überweisung)");
    // Nothing open any more: no second invoice.
    expect(await createInvoice(database.db, manager, r.code, "30")).toMatchObject({ ok: false, message: "Für diese Buchung ist nichts offen: Es gibt nichts in Rechnung zu stellen." });
    expect((await openInvoices(database.db)).map((i) => i.number)).not.toContain(made.number);
  });

  it("e-mails an open invoice with its QR-bill attached, once per press; a booking without address cannot", async () => {
    await setIban("CH9300762011623852957");
    const r = await phoneBooking({ ...CONTACT, email: "schule@example.ch" });
    const made = await createInvoice(database.db, manager, r.code, "30", undefined, { mail: true });
    expect(made).toMatchObject({ ok: true });
    if (!made.ok) throw new Error(made.message);
    expect(made.message).toContain(`per E-Mail an schule@example.ch gesendet`);
    const mails = await database.db.select().from(mailOutbox).where(and(eq(mailOutbox.reservationId, r.id), eq(mailOutbox.kind, "invoice")));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Rechnung ${made.number} – Buchung ${r.code}, Fun World`);
    expect(mails[0]!.text).toContain(`/buchung/`);
    const [inv] = await database.db.select().from(invoices).where(eq(invoices.number, made.number));
    expect(mails[0]!.text).toContain(inv!.reference);
    const attached = Buffer.from(mails[0]!.attachments![0]!.base64, "base64");
    expect(mails[0]!.attachments![0]!.filename).toBe(`rechnung-${made.number}.pdf`);
    expect(await pdfText(attached)).toContain("Zahlteil");
    expect(await mailInvoice(database.db, manager, r.code, made.number)).toMatchObject({ ok: true });
    expect(await database.db.select().from(mailOutbox).where(and(eq(mailOutbox.reservationId, r.id), eq(mailOutbox.kind, "invoice")))).toHaveLength(2);
    // Another booking's code with this number, a paid invoice, no address: refused.
    const other = await phoneBooking({ ...CONTACT, email: "" });
    expect(await mailInvoice(database.db, manager, other.code, made.number)).toMatchObject({ ok: false, status: 404 });
    const second = await createInvoice(database.db, manager, other.code, "30");
    if (!second.ok) throw new Error(second.message);
    expect(await mailInvoice(database.db, manager, other.code, second.number)).toMatchObject({ ok: false, message: "Diese Buchung hat keine E-Mail-Adresse: Bitte drucken Sie die Rechnung aus oder senden Sie sie selbst." });
    await markInvoicePaid(database.db, manager, made.number);
    expect(await mailInvoice(database.db, manager, r.code, made.number)).toMatchObject({ ok: false, status: 409 });
  });

  it("a camt.054 bank file books each matching invoice once, for its exact amount only", async () => {
    await setIban("CH4431999123000889012");
    const [a, b, c] = [await phoneBooking(), await phoneBooking(), await phoneBooking()];
    const made = [] as { number: string; reference: string; amountRappen: number }[];
    for (const r of [a, b, c]) {
      const result = await createInvoice(database.db, manager, r.code, "30");
      if (!result.ok) throw new Error(result.message);
      const [inv] = await database.db.select().from(invoices).where(eq(invoices.number, result.number));
      made.push({ number: inv!.number, reference: inv!.reference, amountRappen: inv!.amountRappen });
    }
    await cancelInvoice(database.db, manager, made[2]!.number);
    const chf = (rappen: number) => (rappen / 100).toFixed(2);
    // The reference as printed on the slip (groups of five) — banks pass on both forms.
    const spaced = made[0]!.reference.replace(/^(\d{2})(\d{5})(\d{5})(\d{5})(\d{5})(\d{5})$/, "$1 $2 $3 $4 $5 $6");
    const file = camt054([
      { txs: [{ reference: spaced, amount: chf(made[0]!.amountRappen), debtor: "Schule Buchholz" }, { reference: made[1]!.reference, amount: chf(made[1]!.amountRappen - 1_000), debtor: "Firma Muster" }] },
      { txs: [{ reference: made[2]!.reference, amount: chf(made[2]!.amountRappen) }, { reference: "000000000000000000000000000", amount: "50.00" }] },
      { credit: false, txs: [{ reference: made[1]!.reference, amount: "10.00" }] },
    ]);
    const first = await importBankFile(database.db, manager, file);
    expect(first).toMatchObject({ ok: true, booked: 1, skipped: 1 });
    if (!first.ok) throw new Error(first.message);
    expect(first.rows.map((row) => [row.number, row.outcome])).toEqual([
      [made[0]!.number, "booked"],
      [made[1]!.number, "amount"],
      [made[2]!.number, "closed"],
      [null, "unknown"],
    ]);
    expect(first.rows[1]!.message).toContain("Betrag weicht ab");
    const [paid] = await database.db.select().from(reservations).where(eq(reservations.id, a.id));
    expect(paid!.paidByInvoiceRappen).toBe(made[0]!.amountRappen);
    const [audit] = await database.db.select().from(auditLog).where(and(eq(auditLog.reservationId, a.id), eq(auditLog.action, "invoice.paid")));
    expect(audit!.details).toMatchObject({ source: "camt.054", bookingDate: "2026-11-27" });
    // The same file again (and racing itself) books nothing twice.
    const again = await Promise.all([importBankFile(database.db, manager, file), importBankFile(database.db, manager, file)]);
    for (const result of again) expect(result).toMatchObject({ ok: true, booked: 0 });
    const [still] = await database.db.select().from(reservations).where(eq(reservations.id, a.id));
    expect(still!.paidByInvoiceRappen).toBe(made[0]!.amountRappen);
    expect((await database.db.select().from(invoices).where(eq(invoices.number, made[1]!.number)))[0]!.status).toBe("open");
    expect(await importBankFile(database.db, manager, "<html/>")).toEqual({ ok: false, message: CAMT_MSG.notCamt });
  });

  it("a phone booking «per Rechnung» is confirmed and billed at once; without an IBAN nothing is booked", async () => {
    const date = nextWeekday(6, new Date(Date.now() + (week += 1) * 7 * 86_400_000));
    const slot = { kind: "birthday" as const, offerId: 1, date, startMin: 600, numChildren: 6, numActiveAdults: 1, numAccompanyingAdults: 1 };
    const caller = { firstName: "Schulhaus", lastName: "Buchholz", street: "Schulweg 3", zip: "8400", city: "Winterthur", phone: "052 222 33 44", email: "sekretariat@example.ch", message: "" };
    await setIban("");
    expect(await placePhoneBooking(database.db, { slot, contact: caller, couponCode: null, payment: "invoice" }, manager)).toEqual({
      ok: false,
      status: 409,
      message: "Im Betriebsprofil fehlt die IBAN: Ohne sie kann keine QR-Rechnung erstellt werden.",
    });
    expect(await database.db.select().from(reservations).where(and(eq(reservations.date, date), eq(reservations.lastName, "Buchholz")))).toHaveLength(0);
    await setIban("CH9300762011623852957");
    const booked = await placePhoneBooking(database.db, { slot, contact: caller, couponCode: null, payment: "invoice" }, manager);
    expect(booked).toMatchObject({ ok: true, outcome: "phone-invoice-mailed" });
    if (!booked.ok) throw new Error(booked.message);
    const [r] = await database.db.select().from(reservations).where(eq(reservations.code, booked.code));
    expect(r).toMatchObject({ status: "confirmed", channel: "phone" });
    const [inv] = await database.db.select().from(invoices).where(eq(invoices.reservationId, r!.id));
    expect(inv).toMatchObject({ status: "open", amountRappen: r!.amountRappen });
    expect(booked.message).toContain(inv!.number);
    expect(await database.db.select().from(mailOutbox).where(and(eq(mailOutbox.reservationId, r!.id), eq(mailOutbox.kind, "invoice")))).toHaveLength(1);
    // Without an address: billed for printing, no e-mail.
    const silent = await placePhoneBooking(database.db, { slot: { ...slot, startMin: 840 }, contact: { ...caller, email: "" }, couponCode: null, payment: "invoice" }, manager);
    expect(silent).toMatchObject({ ok: true, outcome: "phone-invoice" });
  });
});

