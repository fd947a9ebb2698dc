import { SwissQRBill } from "swissqrbill/pdf";
import type { Data } from "swissqrbill/types";
import { displayPhone } from "~/domain/phone";
import { vatIncluded } from "~/domain/receipts";
import { venueNow } from "~/domain/time";
import type { invoices } from "../platform/schema";
import { wordsOf } from "./document-words.server";
import { drawLogo, MARGIN, startDocument, type PdfLogo } from "./receipt-pdf.server";

type InvoiceRow = typeof invoices.$inferSelect;

/**
 * An invoice as an A4 PDF (issue #31 §2): the venue, the family's address where a window envelope
 * shows it, the booking's lines, what is still owed, and at the bottom the Swiss QR-bill payment part
 * drawn by `swissqrbill` (which also checks IBAN, reference and amount). Worded in the snapshot's
 * language, the payment part's headings too (the standard's own in German, French, Italian, English;
 * issue #33 §2); an invoice made before has none and stays German.
 */

/**
 * The payment part's texts: the standard allows only its fonts (Helvetica here) and the Latin
 * characters of the Swiss payment standard, so letters outside Windows-1252 lose their accents
 * («Łukasz» → «Lukasz»); the invoice page above keeps them.
 */
function slipText(text: string): string {
  const folded = text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[Łł]/g, (c) => (c === "Ł" ? "L" : "l")).replace(/[Đđ]/g, (c) => (c === "Đ" ? "D" : "d"));
  return folded.normalize("NFC").replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, "?");
}

/** The QR-bill's data (throws the generator's ValidationError when something is not payable). */
export function qrBillData(inv: Pick<InvoiceRow, "amountRappen" | "iban" | "reference" | "number" | "snapshot">): Data {
  const { creditor, debtor, booking } = inv.snapshot;
  const data: Data = {
    currency: "CHF",
    amount: inv.amountRappen / 100,
    creditor: { account: inv.iban, name: slipText(creditor.name), address: slipText(creditor.street), zip: creditor.zip, city: slipText(creditor.city), country: creditor.country },
    reference: inv.reference,
    message: slipText(wordsOf(inv.snapshot).say("invoiceMessage", { number: inv.number, code: booking.code })),
  };
  // A phone booking may have no address, or one abroad the form kept as «XX»: then the slip leaves it blank to fill in.
  if (debtor.street && debtor.zip && debtor.city && /^[A-Z]{2}$/.test(debtor.country) && debtor.country !== "XX") {
    data.debtor = { name: slipText(debtor.name), address: slipText(debtor.street), zip: debtor.zip, city: slipText(debtor.city), country: debtor.country };
  }
  // Constructed here so that a wrong IBAN or reference fails when the invoice is made, not when it is printed.
  new SwissQRBill(data);
  return data;
}


export function invoicePdf(inv: InvoiceRow, logo: PdfLogo | null = null): Promise<Buffer> {
  const s = inv.snapshot;
  const w = wordsOf(s);
  const { pdf, done } = startDocument({ Title: `${w.say("invoice")} ${inv.number}`, Author: s.creditor.name }, w.lang);
  const width = pdf.page.width - 2 * MARGIN;
  const right = MARGIN + width;
  const top = drawLogo(pdf, logo, 48);
  pdf.font("bold").fontSize(13).fillColor("black").text(s.creditor.name, MARGIN, top);
  pdf.font("regular").fontSize(9).fillColor("#444444");
  for (const line of [s.creditor.street, `${s.creditor.zip} ${s.creditor.city}`, [displayPhone(s.creditor.phone), s.creditor.email].filter(Boolean).join(" · "), s.creditor.uidNumber ? `${w.say("uid")} ${s.creditor.uidNumber}` : ""].filter(Boolean)) {
    pdf.text(line);
  }
  // The address where a C5 window envelope (right window) shows it.
  pdf.font("regular").fontSize(10).fillColor("black");
  pdf.text([s.debtor.name, s.debtor.street, `${s.debtor.zip} ${s.debtor.city}`.trim()].filter(Boolean).join("\n"), 320, 150, { width: 220 });

  pdf.font("bold").fontSize(18).text(w.say("invoice"), MARGIN, 240);
  pdf.font("regular").fontSize(10);
  const row = (label: string, value: string, strong = false) => {
    pdf.font(strong ? "bold" : "regular");
    const y = pdf.y;
    pdf.text(label, MARGIN, y, { width: width - 130 });
    const after = pdf.y;
    pdf.text(value, right - 120, y, { width: 120, align: "right" });
    pdf.y = Math.max(after, pdf.y);
  };
  row(w.say("number"), inv.number);
  row(w.say("date"), w.date(venueNow(inv.issuedAt).date));
  row(w.say("booking"), s.booking.code);
  row(w.say("payableUntil"), w.date(inv.dueDate));
  pdf.moveDown(0.8);
  pdf.font("regular").text(`${w.say("invoiceIntro")} ${s.booking.offerName}, ${s.booking.dateText}, ${s.booking.timeText}`, MARGIN, pdf.y, { width });
  pdf.moveDown(0.4);
  for (const line of s.lines) row(line.detail ? `${line.label} (${line.detail})` : line.label, w.chf(line.amountRappen));
  pdf.moveTo(MARGIN, pdf.y + 2).lineTo(right, pdf.y + 2).lineWidth(0.5).strokeColor("#888888").stroke();
  pdf.y += 6;
  row(w.say("total"), w.chf(s.priceRappen), true);
  if (s.paidRappen > 0) row(w.say("invoicePaid"), `− ${w.chf(s.paidRappen)}`);
  row(w.say("invoiceDue"), w.chf(inv.amountRappen), true);
  pdf.moveDown(0.6);
  pdf.font("regular").fontSize(9).fillColor("#444444");
  if (s.vat.rateBp !== null) pdf.text(w.say("invoiceVatIncluded", { rate: w.rate(s.vat.rateBp), vat: w.chf(vatIncluded(inv.amountRappen, s.vat.rateBp)) }), MARGIN, pdf.y, { width });
  pdf.fontSize(10).fillColor("black").text(w.say("invoiceDueBy", { day: w.date(inv.dueDate) }), MARGIN, pdf.y + 6, { width });

  new SwissQRBill(qrBillData(inv), { language: w.qrLanguage, fontName: "Helvetica", scissors: true }).attachTo(pdf, 0, pdf.page.height - SwissQRBill.height);
  pdf.end();
  return done;
}

/** `rechnung-R-2026-000042.pdf`; an invoice in another language is named in it (`facture-…`, `fattura-…`, `invoice-…`). */
export function invoiceFileName(inv: Pick<InvoiceRow, "number" | "snapshot">): string {
  return `${wordsOf(inv.snapshot).say("fileInvoice")}-${inv.number}.pdf`;
}
