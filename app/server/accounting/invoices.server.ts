import { and, asc, eq, sql } from "drizzle-orm";
import { openAmountRappen } from "~/domain/desk";
import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import { CAMT_MAX_BYTES, CAMT_MSG, parseCamt054 } from "~/domain/camt";
import { INVOICE_NUMBER_RE, INVOICE_TEXT, invoiceNumber, isOverdue, parseDueDays, paymentReference, type InvoiceSnapshot } from "~/domain/invoices";
import { formatChf } from "~/domain/money";
import { vatRateOn } from "~/domain/receipts";
import { addDays, formatDateDE, venueNow } from "~/domain/time";
import { langOr } from "~/i18n/locales";
import { bookingPriceLinesIn } from "../booking/confirmation-view.server";
import { readVenueProfile } from "../booking/venue.server";
import { rowsOf, type Db } from "../platform/db.server";
import { auditLog, invoices, reservations, venueProfile } from "../platform/schema";
import { invoiceFileName, invoicePdf, qrBillData } from "./invoice-pdf.server";
import { documentWhenTexts } from "./document-words.server";
import { readVatSettings, receiptDownloads, type FamilyReceiptAnswer } from "./receipts.server";
import { enqueueInvoiceMail, kickMailer } from "../mail/mail.server";

/**
 * Invoices with a Swiss QR-bill (issue #31 §2): staff bill a confirmed booking's open amount (a school,
 * a company, a phone booking paid by transfer), the PDF carries the payment part, and staff book the
 * payment when it arrives; a paid invoice lowers the open amount and gets its receipt like any
 * payment. Lock order: the booking's row, then the invoice's.
 */

export type InvoiceRow = typeof invoices.$inferSelect;
type StaffRef = { id: number; email: string };
export type InvoiceResult = { ok: true; message: string; number: string } | { ok: false; message: string; status: 400 | 404 | 409 };

export async function createInvoice(db: Db, staff: StaffRef, code: string, dueDaysRaw: unknown, now: Date = new Date(), options: { mail?: boolean } = {}): Promise<InvoiceResult> {
  const created = await writeInvoice(db, staff, code, dueDaysRaw, now);
  if (!created.ok || !options.mail) return created;
  // The invoice stands whether or not the e-mail can go (no address: the page says so).
  const mailed = await mailInvoice(db, staff, code, created.number);
  return { ...created, message: `${created.message} ${mailed.message}` };
}

/**
 * The invoice by e-mail to the booking's address, the QR-bill PDF attached (drawn before the short
 * transaction that queues it). Only open invoices: a paid or cancelled one is not sent again.
 */
export async function mailInvoice(db: Db, staff: StaffRef, code: string, number: string): Promise<InvoiceResult> {
  if (!INVOICE_NUMBER_RE.test(number)) return { ok: false, status: 404, message: INVOICE_TEXT.notFound };
  const [r] = await db.select().from(reservations).where(eq(reservations.code, code.trim().toUpperCase()));
  if (!r) return { ok: false, status: 404, message: INVOICE_TEXT.notFound };
  const [inv] = await db.select().from(invoices).where(and(eq(invoices.reservationId, r.id), eq(invoices.number, number)));
  if (!inv) return { ok: false, status: 404, message: INVOICE_TEXT.notFound };
  if (inv.status !== "open") return { ok: false, status: 409, message: INVOICE_TEXT.notOpen(number) };
  if (r.email.trim() === "") return { ok: false, status: 409, message: INVOICE_TEXT.noEmail };
  const pdf = await invoiceDocument(db, r.id, number);
  if (!pdf) return { ok: false, status: 404, message: INVOICE_TEXT.notFound };
  await db.transaction(async (tx) => {
    await enqueueInvoiceMail(tx, r, { number, amountRappen: inv.amountRappen, dueDate: inv.dueDate, reference: inv.reference }, pdf);
    await tx.insert(auditLog).values({ staffId: staff.id, actor: `staff:${staff.email}`, action: "invoice.mail", reservationId: r.id, details: { number, to: r.email } });
  });
  kickMailer();
  return { ok: true, number, message: INVOICE_TEXT.mailed(number, r.email) };
}

async function writeInvoice(db: Db, staff: StaffRef, code: string, dueDaysRaw: unknown, now: Date): Promise<InvoiceResult> {
  const days = parseDueDays(dueDaysRaw);
  if (days === null) return { ok: false, status: 400, message: INVOICE_TEXT.dueDays };
  const profile = await readVenueProfile(db);
  if (!profile.iban) return { ok: false, status: 409, message: INVOICE_TEXT.noIban };
  const vat = await readVatSettings(db);
  return db.transaction(async (tx): Promise<InvoiceResult> => {
    const [r] = await tx.select().from(reservations).where(eq(reservations.code, code.trim().toUpperCase())).for("update");
    if (!r) return { ok: false, status: 404, message: INVOICE_TEXT.notFound };
    if (r.status !== "confirmed") return { ok: false, status: 409, message: INVOICE_TEXT.notBookable };
    const [open] = await tx.select({ number: invoices.number }).from(invoices).where(and(eq(invoices.reservationId, r.id), eq(invoices.status, "open")));
    if (open) return { ok: false, status: 409, message: INVOICE_TEXT.alreadyOpen(open.number) };
    const amount = openAmountRappen(r);
    if (amount <= 0) return { ok: false, status: 409, message: INVOICE_TEXT.nothingOpen };
    const [next] = rowsOf<{ id: number }>(await tx.execute(sql`select nextval(pg_get_serial_sequence('invoices', 'id'))::int as id`));
    const id = Number(next!.id);
    const today = venueNow(now).date;
    const number = invoiceNumber(id, Number(today.slice(0, 4)));
    // Worded in the booking's language now (issue #33 §2): lines, day and time frozen in it.
    const lang = langOr(r.lang);
    const snapshot: InvoiceSnapshot = {
      creditor: { name: profile.name, street: profile.street, zip: profile.zip, city: profile.city, country: profile.country, uidNumber: profile.uidNumber, email: profile.email, phone: profile.phone },
      debtor: { name: `${r.firstName} ${r.lastName}`.trim(), street: r.street, zip: r.zip, city: r.city, country: r.country },
      booking: { code: r.code, offerName: r.offerName, ...documentWhenTexts(r, lang) },
      lines: await bookingPriceLinesIn(tx, r, lang),
      priceRappen: r.priceRappen,
      paidRappen: Math.max(0, r.priceRappen - amount),
      vat: { rateBp: vat.mode === "none" ? null : vatRateOn(vat.rates, r.date) },
      lang,
    };
    const row: InvoiceRow = {
      id,
      number,
      reservationId: r.id,
      amountRappen: amount,
      issuedAt: now,
      dueDate: addDays(today, days),
      iban: profile.iban,
      reference: paymentReference(profile.iban, id),
      status: "open",
      paidAt: null,
      snapshot,
      createdBy: staff.id,
    };
    // The generator checks IBAN, reference, amount and addresses before anything is stored.
    try {
      qrBillData(row);
    } catch (error) {
      return { ok: false, status: 409, message: `Die QR-Rechnung ist ungültig: ${(error as Error).message}` };
    }
    await tx.insert(invoices).values(row);
    await tx.insert(auditLog).values({ staffId: staff.id, actor: `staff:${staff.email}`, action: "invoice.create", reservationId: r.id, details: { number, amountRappen: amount, dueDate: row.dueDate, reference: row.reference } });
    return { ok: true, number, message: INVOICE_TEXT.created(number, formatDateDE(row.dueDate)) };
  });
}

/**
 * Books the bank transfer: open → paid once (a second press, or two staff at once, finds it paid);
 * the booking's `paid_by_invoice_rappen` grows by the invoice's amount in the same transaction.
 */
export async function markInvoicePaid(db: Db, staff: StaffRef, number: string, now: Date = new Date()): Promise<InvoiceResult> {
  return settleInvoice(db, staff, number, "paid", now);
}

/** An open invoice no longer owed (paid otherwise, billed wrongly): cancelled, the booking unchanged. */
export async function cancelInvoice(db: Db, staff: StaffRef, number: string, now: Date = new Date()): Promise<InvoiceResult> {
  return settleInvoice(db, staff, number, "cancelled", now);
}

/**
 * `bank`: a credit from a bank file (camt.054) books the invoice only for exactly its amount; a
 * different amount leaves it open for staff (a partial payment, a typo at the bank).
 */
async function settleInvoice(
  db: Db,
  staff: StaffRef,
  number: string,
  to: "paid" | "cancelled",
  now: Date,
  bank?: { amountRappen: number; details: Record<string, unknown> },
): Promise<InvoiceResult> {
  if (!INVOICE_NUMBER_RE.test(number)) return { ok: false, status: 404, message: INVOICE_TEXT.notFound };
  const [peek] = await db.select({ reservationId: invoices.reservationId }).from(invoices).where(eq(invoices.number, number));
  if (!peek) return { ok: false, status: 404, message: INVOICE_TEXT.notFound };
  return db.transaction(async (tx): Promise<InvoiceResult> => {
    await tx.select({ id: reservations.id }).from(reservations).where(eq(reservations.id, peek.reservationId)).for("update");
    const [inv] = await tx.select().from(invoices).where(eq(invoices.number, number)).for("update");
    if (!inv) return { ok: false, status: 404, message: INVOICE_TEXT.notFound };
    if (inv.status !== "open") return { ok: false, status: 409, message: inv.status === "paid" ? INVOICE_TEXT.alreadyPaid(number) : INVOICE_TEXT.notOpen(number) };
    if (bank && bank.amountRappen !== inv.amountRappen) return { ok: false, status: 400, message: INVOICE_TEXT.otherAmount(number, formatChf(inv.amountRappen)) };
    await tx.update(invoices).set({ status: to, paidAt: to === "paid" ? now : null }).where(eq(invoices.id, inv.id));
    if (to === "paid") {
      await tx
        .update(reservations)
        .set({ paidByInvoiceRappen: sql`${reservations.paidByInvoiceRappen} + ${inv.amountRappen}`, updatedAt: now })
        .where(eq(reservations.id, inv.reservationId));
    }
    await tx.insert(auditLog).values({
      staffId: staff.id,
      actor: `staff:${staff.email}`,
      action: to === "paid" ? "invoice.paid" : "invoice.cancel",
      reservationId: inv.reservationId,
      details: { number, amountRappen: inv.amountRappen, before: "open", after: to, ...(bank ? { source: "camt.054", ...bank.details } : {}) },
    });
    return { ok: true, number, message: to === "paid" ? INVOICE_TEXT.markedPaid(number) : INVOICE_TEXT.cancelled(number) };
  });
}

export type InvoiceListItem = { number: string; code: string; name: string; amount: string; issued: string; due: string; status: InvoiceRow["status"]; overdue: boolean };

function listItem(inv: InvoiceRow, today: string): InvoiceListItem {
  return {
    number: inv.number,
    code: inv.snapshot.booking.code,
    name: inv.snapshot.debtor.name,
    amount: formatChf(inv.amountRappen),
    issued: formatDateDE(venueNow(inv.issuedAt).date),
    due: formatDateDE(inv.dueDate),
    status: inv.status,
    overdue: isOverdue(inv, today),
  };
}

export async function invoicesOf(db: Db, reservationId: number, now: Date = new Date()): Promise<InvoiceListItem[]> {
  const rows = await db.select().from(invoices).where(eq(invoices.reservationId, reservationId)).orderBy(asc(invoices.id));
  return rows.map((inv) => listItem(inv, venueNow(now).date));
}

/** Every open invoice, the oldest due date first (overdue ones on top). */
export async function openInvoices(db: Db, now: Date = new Date()): Promise<InvoiceListItem[]> {
  const rows = await db.select().from(invoices).where(eq(invoices.status, "open")).orderBy(asc(invoices.dueDate), asc(invoices.id));
  return rows.map((inv) => listItem(inv, venueNow(now).date));
}

/**
 * An invoice of a booking as PDF (with the venue's current logo), or null: worded as it was made
 * (its snapshot's language), for the family, staff and the e-mail alike.
 */
export async function invoiceDocument(db: Db, reservationId: number, number: string): Promise<{ body: Buffer; fileName: string } | null> {
  if (!INVOICE_NUMBER_RE.test(number)) return null;
  const [inv] = await db.select().from(invoices).where(and(eq(invoices.reservationId, reservationId), eq(invoices.number, number)));
  if (!inv) return null;
  const [logo] = await db.select({ bytes: venueProfile.logo, type: venueProfile.logoType }).from(venueProfile).where(eq(venueProfile.id, 1));
  return { body: await invoicePdf(inv, logo?.bytes && logo.type ? { bytes: Buffer.from(logo.bytes), type: logo.type } : null), fileName: invoiceFileName(inv) };
}

/** Staff: an invoice by booking code and number. */
export async function staffInvoiceDocument(db: Db, code: string, number: string): Promise<{ body: Buffer; fileName: string } | null> {
  const normalized = code.trim().toUpperCase();
  if (!normalized || normalized.length > 40) return null;
  const [r] = await db.select({ id: reservations.id }).from(reservations).where(eq(reservations.code, normalized));
  return r ? invoiceDocument(db, r.id, number) : null;
}

/** The family's download through the manage link: counted with the receipts' downloads (30 PDFs in ten minutes per booking). */
export async function familyInvoiceDocument(db: Db, reservationId: number, number: string): Promise<FamilyReceiptAnswer> {
  if (!INVOICE_NUMBER_RE.test(number)) return { kind: "missing" };
  const [exists] = await db.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.reservationId, reservationId), eq(invoices.number, number)));
  if (!exists) return { kind: "missing" };
  const verdict = await receiptDownloads.consume(db, String(reservationId));
  if (!verdict.allowed) return { kind: "limited", retryAfterSeconds: verdict.retryAfterSeconds };
  const file = await invoiceDocument(db, reservationId, number);
  return file ? { kind: "file", ...file } : { kind: "missing" };
}

export type BankImportRow = {
  reference: string;
  amount: string;
  date: string;
  debtor: string;
  /** booked: paid now; already: paid before (the same file twice); amount: another amount, left open; unknown: no invoice of ours; closed: cancelled. */
  outcome: "booked" | "already" | "amount" | "unknown" | "closed";
  number: string | null;
  code: string | null;
  message: string;
};

export type BankImportResult = { ok: true; rows: BankImportRow[]; booked: number; skipped: number } | { ok: false; message: string };

/**
 * A camt.054 file from the bank (issue #31 §2): each credit with a reference is matched to the
 * invoice carrying it and booked exactly as «Als bezahlt verbuchen» does — once (reading the same
 * file again finds the invoices paid), and only for the invoice's exact amount.
 */
export async function importBankFile(db: Db, staff: StaffRef, xml: string, now: Date = new Date()): Promise<BankImportResult> {
  const parsed = parseCamt054(xml);
  if (!parsed.ok) return parsed;
  const rows: BankImportRow[] = [];
  for (const credit of parsed.credits) {
    const [inv] = await db.select({ number: invoices.number, status: invoices.status, snapshot: invoices.snapshot }).from(invoices).where(eq(invoices.reference, credit.reference));
    const base = {
      reference: credit.reference,
      amount: formatChf(credit.amountRappen),
      date: credit.bookingDate ? formatDateDE(credit.bookingDate) : "–",
      debtor: credit.debtorName ?? "–",
      number: inv?.number ?? null,
      code: inv?.snapshot.booking.code ?? null,
    };
    if (!inv) {
      rows.push({ ...base, outcome: "unknown", message: INVOICE_TEXT.unknownReference });
      continue;
    }
    const result = await settleInvoice(db, staff, inv.number, "paid", now, {
      amountRappen: credit.amountRappen,
      details: { bankReference: credit.bankReference, bookingDate: credit.bookingDate },
    });
    const outcome: BankImportRow["outcome"] = result.ok ? "booked" : result.status === 400 ? "amount" : inv.status === "cancelled" ? "closed" : "already";
    rows.push({ ...base, outcome, message: result.message });
  }
  return { ok: true, rows, booked: rows.filter((r) => r.outcome === "booked").length, skipped: parsed.skipped };
}

/** The uploaded bank file as text, within CAMT_MAX_BYTES (the HTTP edge already bounded the whole post). */
export async function readBankFile(request: Request): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  try {
    const form = await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: CAMT_MAX_BYTES }));
    const file = form.get("file");
    if (!file || typeof file === "string" || file.size === 0) return { ok: false, message: CAMT_MSG.noFile };
    return { ok: true, text: new TextDecoder("utf-8").decode(await file.arrayBuffer()) };
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { ok: false, message: CAMT_MSG.tooLarge };
    return { ok: false, message: CAMT_MSG.notCamt };
  }
}
