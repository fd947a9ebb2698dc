import { eq } from "drizzle-orm";
import { isQRReferenceValid, isSCORReferenceValid } from "swissqrbill/utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAmountRappen } from "~/domain/desk";
import { receiptsOf } from "~/server/accounting/receipts.server";
import { cancelInvoice, createInvoice, invoiceDocument, markInvoicePaid, openInvoices } from "~/server/accounting/invoices.server";
import { qrBillData } from "~/server/accounting/invoice-pdf.server";
import { reserveBirthday } from "~/server/booking/bookings.server";
import { invalidateVenueCache } from "~/server/booking/venue.server";
import { invoices, reservations, venueProfile } from "~/server/platform/schema";
import type { Staff } from "~/server/staff/auth.server";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
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
});
