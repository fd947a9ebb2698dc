import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Lang } from "~/i18n/locales";
import { createInvoice, invoiceDocument, staffInvoiceDocument } from "~/server/accounting/invoices.server";
import { familyReceiptDocument, receiptDocument, receiptsOf, staffReceiptDocument } from "~/server/accounting/receipts.server";
import { reserveBirthday } from "~/server/booking/bookings.server";
import { invalidateVenueCache } from "~/server/booking/venue.server";
import { invoices, mailOutbox, receipts, reservations, venueProfile } from "~/server/platform/schema";
import type { Staff } from "~/server/staff/auth.server";
import { recordArrival } from "~/server/staff/booking-desk.server";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";
import { pdfText } from "../setup/pdf-text";

/**
 * Receipts and invoices in the booking's language (issue #33 §2), through the real server functions:
 * a new document stores the booking's language in its snapshot and freezes its lines, day and time
 * in it; its PDF (family's, staff's, the e-mail's attachment) is worded in it; a document issued
 * before (no language in its snapshot) stays German, whatever the booking's language is now.
 */

const COUNTS = { numChildren: 6, numActiveAdults: 1, numAccompanyingAdults: 1 };

describe.each(drivers)("documents in the booking's language on $name", ({ open }) => {
  let database: TestDatabase;
  let manager: Staff;
  let week = 0;
  beforeAll(async () => {
    database = await open();
    manager = (await createStaffAccount(database.db, "chef@funworld.ch", "chef-password-1", "manager")) as Staff;
    await database.db.update(venueProfile).set({ iban: "CH9300762011623852957" }).where(eq(venueProfile.id, 1));
    invalidateVenueCache(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A phone booking paid at the venue (confirmed at once, nothing paid yet) in a language. */
  async function phoneBooking(lang: Lang, contact = CONTACT) {
    const date = nextWeekday(6, new Date(Date.now() + (week += 1) * 7 * 86_400_000));
    const held = await reserveBirthday(database.db, { offerId: 1, date, startMin: 14 * 60, counts: COUNTS, contact }, { holdMinutes: 15, channel: "phone", payAtVenue: true, lang });
    if (!held.ok) throw new Error(held.message);
    return held.reservation;
  }

  /** The booking paid in full at the desk: its receipt, issued by the real sync. */
  async function paidAtDesk(lang: Lang) {
    const r = await phoneBooking(lang);
    const dayOf = new Date(`${r.date}T12:00:00Z`);
    expect(await recordArrival(database.db, { code: r.code, intent: "paid", paid: (r.amountRappen / 100).toFixed(2) }, manager, dayOf)).toMatchObject({ ok: true });
    const docs = await receiptsOf(database.db, r.id);
    expect(docs).toHaveLength(1);
    return { r, doc: docs[0]! };
  }

  it("a French booking's receipt stores lang 'fr', is frozen and drawn in French, for the family and for staff", async () => {
    const { r, doc } = await paidAtDesk("fr");
    expect(doc.snapshot.lang).toBe("fr");
    expect(doc.snapshot.parts.map((p) => p.label)).toEqual(["Payé à l’accueil"]);
    expect(doc.snapshot.lines.map((l) => l.label)).toContain("Enfants");
    expect(doc.snapshot.booking.timeText).toBe("14:00 - 16:00");
    const file = await receiptDocument(database.db, r.id, doc.number);
    expect(file!.fileName).toBe(`quittance-${doc.number}.pdf`);
    const text = await pdfText(file!.body);
    for (const expected of ["Quittance", `N° ${doc.number}`, `Réservation ${r.code}`, "Client", "Prestation", "Enfants", "Total de la réservation", "Nous confirmons avoir reçu le paiement suivant", "Payé à l’accueil", "TVA 8,1", "Merci beaucoup de votre visite."]) {
      expect(text).toContain(expected);
    }
    for (const german of ["Quittung", "Buchung", "Kinder", "Uhr", "MWST 8.1", "Vielen Dank"]) expect(text).not.toContain(german);
    // The family's download and the staff's are the same document, as issued.
    const family = await familyReceiptDocument(database.db, r.id, doc.number);
    expect(family).toMatchObject({ kind: "file", fileName: `quittance-${doc.number}.pdf` });
    const staff = await staffReceiptDocument(database.db, r.code, doc.number);
    expect(staff!.fileName).toBe(`quittance-${doc.number}.pdf`);
    expect(await pdfText(staff!.body)).toBe(text);
  });

  it("a German booking's receipt stores lang 'de' and reads exactly as before", async () => {
    const { r, doc } = await paidAtDesk("de");
    expect(doc.snapshot.lang).toBe("de");
    expect(doc.snapshot.parts.map((p) => p.label)).toEqual(["Bezahlt am Empfang"]);
    expect(doc.snapshot.lines.map((l) => l.label)).toContain("Kinder");
    expect(doc.snapshot.booking.timeText).toBe("14:00 - 16:00 Uhr");
    const file = await receiptDocument(database.db, r.id, doc.number);
    expect(file!.fileName).toBe(`quittung-${doc.number}.pdf`);
    const text = await pdfText(file!.body);
    for (const expected of ["Quittung", `Nr. ${doc.number}`, `Buchung ${r.code}`, "Kunde", "Leistung", "Total Buchung", "Wir bestätigen den Erhalt folgender Zahlung:", "Bezahlt am Empfang", "Im Betrag enthaltene MWST 8.1 %", "Vielen Dank für Ihren Besuch."]) {
      expect(text).toContain(expected);
    }
    // A snapshot from before issue #33 (no `lang`) is the same German document.
    const { lang: _lang, ...before } = doc.snapshot;
    await database.db.update(receipts).set({ snapshot: before }).where(eq(receipts.id, doc.id));
    expect(await pdfText((await receiptDocument(database.db, r.id, doc.number))!.body)).toBe(text);
  });

  it("a document stays as issued when the booking's language changes later", async () => {
    const { r, doc } = await paidAtDesk("de");
    const { lang: _lang, ...before } = doc.snapshot;
    await database.db.update(receipts).set({ snapshot: before }).where(eq(receipts.id, doc.id));
    const german = await pdfText((await receiptDocument(database.db, r.id, doc.number))!.body);
    await database.db.update(reservations).set({ lang: "it" }).where(eq(reservations.id, r.id));
    const file = await receiptDocument(database.db, r.id, doc.number);
    expect(file!.fileName).toBe(`quittung-${doc.number}.pdf`);
    expect(await pdfText(file!.body)).toBe(german);
  });

  it("a French booking's invoice: French words, French QR-bill, a French file name on the e-mail too", async () => {
    const r = await phoneBooking("fr", { ...CONTACT, email: "ecole@example.ch" });
    const made = await createInvoice(database.db, manager, r.code, "30", undefined, { mail: true });
    if (!made.ok) throw new Error(made.message);
    const [inv] = await database.db.select().from(invoices).where(eq(invoices.number, made.number));
    expect(inv!.snapshot.lang).toBe("fr");
    expect(inv!.snapshot.lines.map((l) => l.label)).toContain("Enfants");
    const file = await invoiceDocument(database.db, r.id, made.number);
    expect(file!.fileName).toBe(`facture-${made.number}.pdf`);
    const text = await pdfText(file!.body);
    for (const expected of ["Facture", `Réservation ${r.code}`, "Payable jusqu’au", "Pour votre réservation, nous vous facturons", "À payer", "Récépissé", "Section paiement", "Compte / Payable à", "Référence", "Informations supplémentaires", `Facture ${made.number}, reservation ${r.code}`, "Payable par", "Monnaie", "Montant", "Point de dépôt"]) {
      expect(text).toContain(expected);
    }
    for (const german of ["Rechnung", "Zahlteil", "Empfangsschein", "Zahlbar", "Buchung"]) expect(text).not.toContain(german);
    expect((await staffInvoiceDocument(database.db, r.code, made.number))!.fileName).toBe(`facture-${made.number}.pdf`);
    // The e-mail (owned by the mail code) attaches the PDF as the invoice reads it: French.
    const [mail] = await database.db.select().from(mailOutbox).where(and(eq(mailOutbox.reservationId, r.id), eq(mailOutbox.kind, "invoice")));
    expect(mail!.attachments![0]!.filename).toBe(`facture-${made.number}.pdf`);
    expect(await pdfText(Buffer.from(mail!.attachments![0]!.base64, "base64"))).toContain("Section paiement");
  });

  it("an Italian booking's invoice is Italian, a German one German as before", async () => {
    const it = await phoneBooking("it");
    const made = await createInvoice(database.db, manager, it.code, "30");
    if (!made.ok) throw new Error(made.message);
    const file = await invoiceDocument(database.db, it.id, made.number);
    expect(file!.fileName).toBe(`fattura-${made.number}.pdf`);
    const text = await pdfText(file!.body);
    for (const expected of ["Fattura", `Prenotazione ${it.code}`, "Pagabile entro il", "Sezione pagamento", "Ricevuta", "Conto / Pagabile a", "Riferimento", "Punto di accettazione"]) expect(text).toContain(expected);

    const de = await phoneBooking("de");
    const german = await createInvoice(database.db, manager, de.code, "30");
    if (!german.ok) throw new Error(german.message);
    const [inv] = await database.db.select().from(invoices).where(eq(invoices.number, german.number));
    expect(inv!.snapshot.lang).toBe("de");
    const deFile = await invoiceDocument(database.db, de.id, german.number);
    expect(deFile!.fileName).toBe(`rechnung-${german.number}.pdf`);
    const deText = await pdfText(deFile!.body);
    for (const expected of ["Rechnung", "Zahlbar bis", "Für Ihre Buchung stellen wir Ihnen in Rechnung:", "14:00 - 16:00 Uhr", "Zahlteil", "Empfangsschein", `Rechnung ${german.number}, Buchung ${de.code}`]) expect(deText).toContain(expected);
    // Made before issue #33 (no `lang`): the same German invoice.
    const { lang: _lang, ...before } = inv!.snapshot;
    await database.db.update(invoices).set({ snapshot: before }).where(eq(invoices.id, inv!.id));
    expect(await pdfText((await invoiceDocument(database.db, de.id, german.number))!.body)).toBe(deText);
  });
});
