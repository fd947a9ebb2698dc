import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import type { ReceiptSnapshot } from "~/domain/receipts";
import { venueNow } from "~/domain/time";
import { COUNTRIES, type LogoType } from "~/domain/venue-profile";
import { displayPhone } from "~/domain/phone";
import { LOCALE, type Lang } from "~/i18n/locales";
import type { receipts } from "../platform/schema";
import { wordsOf } from "./document-words.server";

type ReceiptRow = typeof receipts.$inferSelect;

/**
 * A receipt or credit note as an A4 PDF (issue #31 §1), drawn with pdfkit from the document's frozen
 * snapshot, so the same document downloads the same whenever and by whomever. DejaVu Sans is
 * embedded (subset) because pdfkit's built-in Helvetica only knows Windows-1252: a family called
 * Łukasiewicz or Çelik must read its own name. Worded in the snapshot's language (issue #33 §2; none:
 * German, as every document issued before it).
 */

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** The embedded fonts of every document the site draws (receipts, invoices). */
export function documentFonts() {
  fonts ??= {
    regular: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
    bold: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
  };
  return fonts;
}

export type PdfLogo = { bytes: Buffer; type: LogoType };

export const MARGIN = 56;
const GREY = "#444444";

/**
 * An A4 page with the embedded fonts registered as «regular» and «bold», and the finished file once
 * `pdf.end()` is called: the start every document of the site shares (receipts, invoices).
 * `lang`: the document's language (its `/Lang`, for readers and screen readers).
 */
export function startDocument(info: PDFKit.DocumentInfo, lang: Lang = "de"): { pdf: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const pdf = new PDFDocument({ size: "A4", margin: MARGIN, info, lang: LOCALE[lang], pdfVersion: "1.7", tagged: false });
  const { regular, bold } = documentFonts();
  pdf.registerFont("regular", regular);
  pdf.registerFont("bold", bold);
  const chunks: Buffer[] = [];
  pdf.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  return { pdf, done };
}

/** The venue's logo at the top left (PNG or JPEG; pdfkit draws no WebP); returns where the text below it starts. */
export function drawLogo(pdf: PDFKit.PDFDocument, logo: PdfLogo | null, height: number): number {
  if (!logo || logo.type === "image/webp") return MARGIN;
  try {
    pdf.image(logo.bytes, MARGIN, MARGIN, { fit: [140, height] });
    return MARGIN + height + 8;
  } catch {
    // A logo pdfkit cannot read leaves the name alone at the top.
    return MARGIN;
  }
}

export function receiptPdf(doc: Pick<ReceiptRow, "kind" | "number" | "issuedAt" | "totalRappen" | "vatRateBp" | "vatRappen" | "snapshot">, logo: PdfLogo | null = null): Promise<Buffer> {
  const s: ReceiptSnapshot = doc.snapshot;
  const w = wordsOf(s);
  const title = w.say(doc.kind === "receipt" ? "receipt" : "creditNote");
  const { pdf, done } = startDocument({ Title: `${title} ${doc.number}`, Author: s.venue.name, Subject: `${w.say("booking")} ${s.booking.code}` }, w.lang);
  const width = pdf.page.width - 2 * MARGIN;
  const right = MARGIN + width;

  // The venue: logo, name, address, contact, UID.
  const top = drawLogo(pdf, logo, 56);
  pdf.font("bold").fontSize(14).fillColor("black").text(s.venue.name, MARGIN, top);
  pdf.font("regular").fontSize(9).fillColor(GREY);
  const venueLines = [
    s.venue.street,
    `${s.venue.zip} ${s.venue.city}${s.venue.country === "CH" ? "" : `, ${COUNTRIES[s.venue.country as keyof typeof COUNTRIES] ?? s.venue.country}`}`,
    [displayPhone(s.venue.phone), s.venue.email].filter(Boolean).join(" · "),
    s.venue.website,
    s.venue.uidNumber ? `${w.say("uid")} ${s.venue.uidNumber}` : "",
  ].filter(Boolean);
  for (const line of venueLines) pdf.text(line);

  // Title and the document's facts.
  pdf.moveDown(1.5);
  pdf.font("bold").fontSize(20).fillColor("black").text(title, MARGIN);
  pdf.moveDown(0.3);
  pdf.font("regular").fontSize(10);
  const facts: [string, string][] = [
    [w.say("number"), doc.number],
    [w.say("date"), w.date(venueNow(doc.issuedAt).date)],
    [w.say("booking"), s.booking.code],
  ];
  for (const [label, value] of facts) row(label, value, false);

  // The family and the service.
  pdf.moveDown(0.8);
  pdf.font("bold").text(w.say("customer"), MARGIN);
  pdf.font("regular");
  for (const line of [s.customer.name, s.customer.street, `${s.customer.zip} ${s.customer.city}`.trim()].filter(Boolean)) pdf.text(line);
  pdf.moveDown(0.8);
  pdf.font("bold").text(w.say("service"), MARGIN);
  pdf.font("regular").text(`${s.booking.offerName}, ${s.booking.dateText}, ${s.booking.timeText}`);
  pdf.moveDown(0.5);
  for (const line of s.lines) row(line.detail ? `${line.label} (${line.detail})` : line.label, w.chf(line.amountRappen), false);
  rule();
  row(w.say("bookingTotal"), w.chf(s.priceRappen), true);

  // What this document records.
  pdf.moveDown(1);
  pdf.font("regular").text(w.say(doc.kind === "receipt" ? "receiptIntro" : "creditNoteIntro"), MARGIN);
  pdf.moveDown(0.3);
  for (const part of s.parts) row(part.label, w.chf(part.rappen), false);
  rule();
  row(w.say("documentTotal"), w.chf(doc.totalRappen), true);
  pdf.moveDown(0.8);
  pdf.font("regular").fontSize(9).fillColor(GREY);
  if (doc.vatRateBp !== null) {
    pdf.text(w.say("vatIncluded", { rate: w.rate(doc.vatRateBp), vat: w.chf(doc.vatRappen), net: w.chf(doc.totalRappen - doc.vatRappen) }), MARGIN, undefined, { width });
  } else {
    pdf.text(w.say("vatNone"), MARGIN, undefined, { width });
  }
  pdf.moveDown(1.5);
  pdf.fontSize(10).fillColor("black").text(w.say("thanks"), MARGIN);
  pdf.end();
  return done;

  /** A label on the left and an amount on the right, on one line (the label wraps, the amount stays). */
  function row(label: string, value: string, strong: boolean) {
    pdf.font(strong ? "bold" : "regular").fontSize(10).fillColor("black");
    const y = pdf.y;
    const valueWidth = 120;
    pdf.text(label, MARGIN, y, { width: width - valueWidth - 10 });
    const after = pdf.y;
    pdf.text(value, right - valueWidth, y, { width: valueWidth, align: "right" });
    pdf.y = Math.max(after, pdf.y);
    pdf.x = MARGIN;
  }

  function rule() {
    pdf.moveTo(MARGIN, pdf.y + 2).lineTo(right, pdf.y + 2).lineWidth(0.5).strokeColor("#888888").stroke();
    pdf.y += 6;
  }
}

/**
 * `quittung-Q-2026-000042.pdf` / `gutschrift-G-2026-000043.pdf`; a document in another language is
 * named in it (`quittance-…`, `ricevuta-…`, `receipt-…`): the family saves it under that name.
 */
export function receiptFileName(doc: Pick<ReceiptRow, "kind" | "number"> & { snapshot?: { lang?: unknown } }): string {
  const w = wordsOf(doc.snapshot ?? {});
  return `${w.say(doc.kind === "receipt" ? "fileReceipt" : "fileCreditNote")}-${doc.number}.pdf`;
}

/** German answers of the downloads (copies of `documents`' German, documents.mirror.test.ts). */
export const RECEIPT_LIMIT_TEXT = "Zu viele Downloads in kurzer Zeit. Bitte versuchen Sie es in einigen Minuten wieder.";
export const RECEIPT_MISSING_TEXT = "Diesen Beleg gibt es zu dieser Buchung nicht.";

/**
 * The PDF as a download; 404 with a line when the booking has no such document, 429 when limited
 * (German unless the family's route passes its booking's language).
 */
export function pdfResponse(
  file: { body: Buffer; fileName: string; kind?: "file" } | { kind: "limited"; retryAfterSeconds: number } | null,
  headers: Record<string, string>,
  missingText: string = RECEIPT_MISSING_TEXT,
  limitText: string = RECEIPT_LIMIT_TEXT,
): Response {
  if (file && "kind" in file && file.kind === "limited") {
    return new Response(limitText, {
      status: 429,
      headers: { ...headers, "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(file.retryAfterSeconds) },
    });
  }
  if (!file) {
    return new Response(missingText, { status: 404, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(new Uint8Array(file.body), {
    headers: {
      ...headers,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Content-Length": String(file.body.length),
    },
  });
}
