import { eq } from "drizzle-orm";
import { shortDateLabel } from "~/domain/calendar";
import { formatChf } from "~/domain/money";
import { formatDateDE } from "~/domain/time";
import type { VenueContact } from "~/domain/venue-contact";
import type { Lang } from "~/i18n/locales";
import { t, texts } from "../i18n/texts.server";
import { drawLogo, MARGIN, startDocument, type PdfLogo } from "./receipt-pdf.server";
import { loadVenueContact } from "../booking/venue.server";
import type { Executor } from "../platform/db.server";
import { venueProfile, voucherOrders, vouchers } from "../platform/schema";

export type VoucherPrint = {
  code: string;
  amountRappen: number;
  validUntil: string;
  recipientName: string;
  message: string;
  buyerName: string;
};

/**
 * A sold gift voucher as a printable A4 page (issue #31 §3): black on white inside a frame, the
 * value and the code large, the venue's identity at the foot. Drawn on demand from the order and
 * the voucher (nothing to keep in step: the voucher row is the truth about code and validity).
 * `lang`: the order's (issue #33); the fixed words are `voucherShop`'s, German as before. What the
 * buyer and the venue typed (names, message, address) is printed as typed.
 */
export function voucherPdf(v: VoucherPrint, venue: VenueContact, logo: PdfLogo | null = null, lang: Lang = "de"): Promise<Buffer> {
  const T = texts(lang, "voucherShop");
  const say = (key: "pdfValidUntil" | "pdfFrom" | "pdfPhone", args: Record<string, string>) => t(lang, "voucherShop", key, args);
  const { pdf, done } = startDocument({ Title: `${T.pdfTitle} ${v.code}`, Author: venue.name, Subject: T.pdfTitle });
  const width = pdf.page.width - 2 * MARGIN;
  const frameTop = MARGIN - 16;
  const y = drawLogo(pdf, logo, 60);
  pdf.font("bold").fontSize(34).fillColor("#000000").text(T.pdfTitle, MARGIN, y + 8, { width, align: "center" });
  pdf.font("regular").fontSize(14).text(venue.name, { width, align: "center" });
  pdf.moveDown(1.2);
  pdf.font("regular").fontSize(12).text(T.pdfFor, { width, align: "center" });
  pdf.font("bold").fontSize(20).text(v.recipientName, { width, align: "center" });
  if (v.message) {
    pdf.moveDown(0.6);
    pdf.font("regular").fontSize(12).text(`«${v.message}»`, MARGIN + 30, pdf.y, { width: width - 60, align: "center" });
    pdf.x = MARGIN;
  }
  pdf.moveDown(1);
  pdf.font("bold").fontSize(30).text(formatChf(v.amountRappen, lang), { width, align: "center" });
  pdf.moveDown(0.6);
  pdf.font("regular").fontSize(11).text(T.code, { width, align: "center" });
  // No extra letter spacing: text readers (and copy-paste from the PDF) would split the code at wide glyph pairs ("T T").
  pdf.font("bold").fontSize(24).text(v.code, { width, align: "center" });
  pdf.moveDown(0.4);
  const date = lang === "de" ? formatDateDE(v.validUntil) : shortDateLabel(v.validUntil, lang);
  pdf.font("regular").fontSize(12).text(say("pdfValidUntil", { date }), { width, align: "center" });
  pdf.moveDown(0.4);
  pdf.fontSize(11).text(say("pdfFrom", { name: v.buyerName }), { width, align: "center" });
  // The frame around what a child unwraps: drawn last, as tall as its content (a long message included).
  const frameBottom = pdf.y + 24;
  pdf.rect(MARGIN - 16, frameTop, width + 32, frameBottom - frameTop).lineWidth(2).strokeColor("#000000").stroke();
  pdf.font("regular").fontSize(10).fillColor("#222222").text(`${T.pdfRedeem} ${T.pdfNoCash}`, MARGIN, frameBottom + 24, { width });
  pdf.moveDown(0.8);
  const contact = [venue.name, venue.street, `${venue.zip} ${venue.city}`, venue.phone ? say("pdfPhone", { phone: venue.phone }) : "", venue.email, venue.website.replace(/^https?:\/\//, "")].filter(Boolean);
  pdf.text(contact.join(" · "), { width });
  if (venue.uid) pdf.text(venue.uid, { width });
  pdf.end();
  return done;
}

/** `gutschein-ABCD-EFGH.pdf` (`bon-cadeau-…` in French). */
export function voucherFileName(code: string, lang: Lang = "de"): string {
  return `${texts(lang, "voucherShop").pdfFileName}-${code.replace(/[^A-Za-z0-9-]+/g, "-")}.pdf`;
}

/** The PDF of a paid order (the e-mail's attachment, the order page's download) in the order's language; null while unpaid. */
export async function voucherPdfOfOrder(db: Executor, orderId: number): Promise<{ body: Buffer; fileName: string } | null> {
  const [row] = await db
    .select({ order: voucherOrders, voucher: vouchers })
    .from(voucherOrders)
    .innerJoin(vouchers, eq(vouchers.id, voucherOrders.voucherId))
    .where(eq(voucherOrders.id, orderId));
  if (!row) return null;
  const [logo] = await db.select({ bytes: venueProfile.logo, type: venueProfile.logoType }).from(venueProfile).where(eq(venueProfile.id, 1));
  const venue = await loadVenueContact(db);
  const body = await voucherPdf(
    {
      code: row.voucher.code,
      amountRappen: row.voucher.initialRappen,
      validUntil: row.voucher.validUntil,
      recipientName: row.order.recipientName,
      message: row.order.message,
      buyerName: row.order.buyerName,
    },
    venue,
    logo?.bytes && logo.type ? { bytes: Buffer.from(logo.bytes), type: logo.type } : null,
    row.order.lang,
  );
  return { body, fileName: voucherFileName(row.voucher.code, row.order.lang) };
}
