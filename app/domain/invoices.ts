import { calculateQRReferenceChecksum, calculateSCORReferenceChecksum, isQRIBAN } from "swissqrbill/utils";
import type { Lang } from "~/i18n/locales";
import type { SummaryLine } from "./pricing";

/**
 * Invoices with a Swiss QR-bill (issue #31 §2): the pure rules — the payment reference a bank
 * matches, the number, the due date and what an invoice shows.
 */

/** `R-2026-000042`: unique by the id, the year for people. */
export function invoiceNumber(id: number, year: number): string {
  return `R-${year}-${String(id).padStart(6, "0")}`;
}

export const INVOICE_NUMBER_RE = /^R-\d{4}-\d{6,}$/;

/**
 * The reference the bank reports back with the payment: with a QR-IBAN a QR reference (27 digits,
 * the invoice id and a mod-10 check digit), with an ordinary IBAN an ISO 11649 creditor reference
 * (`RF` + check digits + `FW` + the invoice id). Both identify the invoice alone.
 */
export function paymentReference(iban: string, invoiceId: number): string {
  if (isQRIBAN(iban)) {
    const body = String(invoiceId).padStart(26, "0");
    return `${body}${calculateQRReferenceChecksum(body)}`;
  }
  const body = `FW${invoiceId}`;
  return `RF${calculateSCORReferenceChecksum(body)}${body}`;
}

/** Days to pay, 5 to 90 (30 by default, the Swiss habit). */
export const INVOICE_DUE_DAYS = { min: 5, max: 90, default: 30 } as const;

export function parseDueDays(value: unknown): number | null {
  const text = typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,2}$/.test(text)) return null;
  const days = Number(text);
  return days >= INVOICE_DUE_DAYS.min && days <= INVOICE_DUE_DAYS.max ? days : null;
}

export function isOverdue(invoice: { status: string; dueDate: string }, today: string): boolean {
  return invoice.status === "open" && invoice.dueDate < today;
}

/** What an invoice shows, frozen when it is made. */
export type InvoiceSnapshot = {
  creditor: { name: string; street: string; zip: string; city: string; country: string; uidNumber: string; email: string; phone: string };
  debtor: { name: string; street: string; zip: string; city: string; country: string };
  booking: { code: string; offerName: string; dateText: string; timeText: string };
  lines: SummaryLine[];
  priceRappen: number;
  /** Paid already (online, voucher, at the venue) before this invoice. */
  paidRappen: number;
  vat: { rateBp: number | null };
  /**
   * The language the invoice and its QR-bill are worded in (issue #33 §2): the booking's when it was
   * made, its price lines frozen in it. Absent on invoices made before: those are German, as issued.
   */
  lang?: Lang;
};

/**
 * The words of invoices in German, the source: the PDF takes its words from the `documents`
 * namespace in the invoice's language (its German a copy of these, documents.mirror.test.ts); staff
 * messages stay these.
 */
export const INVOICE_TEXT = {
  title: "Rechnung",
  intro: "Für Ihre Buchung stellen wir Ihnen in Rechnung:",
  paid: "Bereits bezahlt",
  due: "Zu bezahlen",
  dueBy: (day: string) => `Zahlbar bis ${day} mit dem Einzahlungsschein unten (QR-Rechnung).`,
  message: (number: string, code: string) => `Rechnung ${number}, Buchung ${code}`,
  vatIncluded: (rate: string, vat: string) => `Im Betrag enthaltene MWST ${rate}: ${vat}`,
  noIban: "Im Betriebsprofil fehlt die IBAN: Ohne sie kann keine QR-Rechnung erstellt werden.",
  nothingOpen: "Für diese Buchung ist nichts offen: Es gibt nichts in Rechnung zu stellen.",
  alreadyOpen: (number: string) => `Für diese Buchung ist bereits die Rechnung ${number} offen.`,
  dueDays: `Bitte geben Sie eine Zahlungsfrist von ${INVOICE_DUE_DAYS.min} bis ${INVOICE_DUE_DAYS.max} Tagen ein.`,
  notBookable: "Rechnungen gibt es nur für bestätigte Buchungen.",
  created: (number: string, due: string) => `Rechnung ${number} erstellt, zahlbar bis ${due}.`,
  markedPaid: (number: string) => `Rechnung ${number} als bezahlt verbucht.`,
  alreadyPaid: (number: string) => `Rechnung ${number} ist bereits bezahlt.`,
  cancelled: (number: string) => `Rechnung ${number} storniert.`,
  notFound: "Diese Rechnung gibt es nicht.",
  notOpen: (number: string) => `Rechnung ${number} ist nicht mehr offen.`,
  otherAmount: (number: string, amount: string) => `Betrag weicht ab: Rechnung ${number} lautet auf ${amount}. Nicht verbucht – bitte prüfen.`,
  unknownReference: "Keine Rechnung mit dieser Referenz.",
  mailed: (number: string, email: string) => `Rechnung ${number} per E-Mail an ${email} gesendet.`,
  noEmail: "Diese Buchung hat keine E-Mail-Adresse: Bitte drucken Sie die Rechnung aus oder senden Sie sie selbst.",
  sendByMail: (email: string) => `Rechnung per E-Mail an ${email} senden`,
} as const;
