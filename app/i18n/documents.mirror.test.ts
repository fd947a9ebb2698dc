import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { INVOICE_TEXT } from "~/domain/invoices";
import { formatChf } from "~/domain/money";
import { formatRate, formatRateIn, partLabel, RECEIPT_TEXT, type ReceiptPart } from "~/domain/receipts";
import { documentWhenTexts, documentWords } from "~/server/accounting/document-words.server";
import { RECEIPT_LIMIT_TEXT, RECEIPT_MISSING_TEXT } from "~/server/accounting/receipt-pdf.server";
import { whenTexts } from "~/server/booking/confirmation-view.server";
import { LANGS } from "./locales";
import { documents } from "./messages/documents";

/** A German message formatted as the server formats it. */
const de = (key: keyof typeof documents.de, values: Record<string, string> = {}) => String(new IntlMessageFormat(documents.de[key], "de-CH").format(values));

/**
 * The PDFs' German (issue #33 §2) is a copy of RECEIPT_TEXT and INVOICE_TEXT, word for word: a
 * German document — and every document issued before, which has no language — reads exactly as it
 * always did (receipt-pdf.server.test.ts and invoice-pdf.server.test.ts compare the very bytes).
 */
describe("documents' German mirrors RECEIPT_TEXT and INVOICE_TEXT", () => {
  it("receipts and credit notes", () => {
    for (const key of ["receipt", "creditNote", "number", "date", "booking", "service", "customer", "bookingTotal", "documentTotal", "vatNone", "uid", "thanks", "creditNoteIntro", "receiptIntro"] as const) {
      expect(documents.de[key], key).toBe(RECEIPT_TEXT[key]);
    }
    expect(de("vatIncluded", { rate: "8.1 %", vat: "CHF 8.10", net: "CHF 91.90" })).toBe(RECEIPT_TEXT.vatIncluded("8.1 %", "CHF 8.10", "CHF 91.90"));
    const words = documentWords("de");
    for (const method of Object.keys(RECEIPT_TEXT.methods) as ReceiptPart["method"][]) {
      expect(words.method(method), method).toBe(RECEIPT_TEXT.methods[method]);
      expect(partLabel({ method, rappen: 1 }, "ABC123", words.method)).toBe(partLabel({ method, rappen: 1 }, "ABC123"));
    }
    expect([documents.de.missing, documents.de.tooMany]).toEqual([RECEIPT_MISSING_TEXT, RECEIPT_LIMIT_TEXT]);
  });

  it("invoices", () => {
    expect([documents.de.invoice, documents.de.invoiceIntro, documents.de.invoicePaid, documents.de.invoiceDue]).toEqual([INVOICE_TEXT.title, INVOICE_TEXT.intro, INVOICE_TEXT.paid, INVOICE_TEXT.due]);
    expect(de("invoiceDueBy", { day: "02.12.2026" })).toBe(INVOICE_TEXT.dueBy("02.12.2026"));
    expect(de("invoiceMessage", { number: "R-2026-000007", code: "FW-ABC123" })).toBe(INVOICE_TEXT.message("R-2026-000007", "FW-ABC123"));
    expect(de("invoiceVatIncluded", { rate: "8.1 %", vat: "CHF 8.10" })).toBe(INVOICE_TEXT.vatIncluded("8.1 %", "CHF 8.10"));
    // The invoice page's fixed labels were literals before.
    expect([documents.de.payableUntil, documents.de.total]).toEqual(["Zahlbar bis", "Total"]);
  });

  it("German dates, times, rates and amounts as before; the others per their Swiss locale", () => {
    const r = { date: "2026-12-12", startMin: 840, endMin: 960 };
    expect(documentWhenTexts(r, "de")).toEqual(whenTexts(r));
    expect(documentWhenTexts(r, "fr")).toEqual({ dateText: "12.12.2026", timeText: "14:00 - 16:00" });
    for (const bp of [810, 770, 260, 1234]) expect(formatRateIn(bp, "de")).toBe(formatRate(bp));
    expect(formatRateIn(810, "fr")).toMatch(/^8,1\s?%$/);
    expect(formatRateIn(1234, "fr")).toMatch(/^12,34\s?%$/);
    expect(documentWords("de").chf(123450)).toBe(formatChf(123450));
    for (const lang of LANGS) expect(documentWords(lang).date("2026-11-02")).toBe("02.11.2026");
    expect(LANGS.map((lang) => documentWords(lang).qrLanguage)).toEqual(["DE", "FR", "IT", "EN"]);
  });
});
