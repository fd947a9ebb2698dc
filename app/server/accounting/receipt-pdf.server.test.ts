import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ReceiptSnapshot } from "~/domain/receipts";
import { pdfText } from "../../../tests/setup/pdf-text";
import { pdfResponse, receiptFileName, receiptPdf } from "./receipt-pdf.server";

describe("pdfResponse", () => {
  it("serves a file answer (with or without its kind) as a PDF download, a limited one as 429, none as 404", async () => {
    const body = Buffer.from("%PDF-1.7");
    for (const file of [{ body, fileName: "quittung-Q-2026-000001.pdf" }, { kind: "file" as const, body, fileName: "quittung-Q-2026-000001.pdf" }]) {
      const ok = pdfResponse(file, { "Cache-Control": "no-store" });
      expect(ok.status).toBe(200);
      expect(ok.headers.get("Content-Type")).toBe("application/pdf");
      expect(ok.headers.get("Content-Disposition")).toBe('attachment; filename="quittung-Q-2026-000001.pdf"');
      expect(Buffer.from(await ok.arrayBuffer()).toString()).toBe("%PDF-1.7");
    }
    const limited = pdfResponse({ kind: "limited", retryAfterSeconds: 42 }, {});
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("42");
    expect(await limited.text()).toContain("Zu viele Downloads");
    expect(pdfResponse(null, {}).status).toBe(404);
    expect(await pdfResponse(null, {}).text()).toBe("Diesen Beleg gibt es zu dieser Buchung nicht.");
  });

  it("answers a refusal in the words the family's route passes (its booking's language)", async () => {
    expect(await pdfResponse(null, {}, "Ce document n’existe pas pour cette réservation.").text()).toBe("Ce document n’existe pas pour cette réservation.");
    expect(await pdfResponse({ kind: "limited", retryAfterSeconds: 1 }, {}, "x", "Trop de téléchargements").text()).toBe("Trop de téléchargements");
  });
});

/**
 * Documents in the booking's language (issue #33 §2). The fixtures below are those the golden hashes
 * were taken from, with the code before the change (snapshots without `lang`): a document issued
 * before stays the same file, byte for byte. pdfkit writes the creation date into the file, so the
 * clock is fixed. Should an upgrade of pdfkit, swissqrbill or the DejaVu fonts change the bytes, the
 * text comparisons below still say whether the wording changed; renew the hashes only then.
 */
const VENUE = { name: "Fun World", street: "Industriestrasse 12", zip: "8604", city: "Volketswil", country: "CH", uidNumber: "CHE-123.456.789 MWST", email: "info@funworld.ch", phone: "+41445551234", website: "https://www.funworld.ch" };
const OLD: ReceiptSnapshot = {
  venue: VENUE,
  customer: { name: "Anna Muster", street: "Bahnhofstrasse 1", zip: "8001", city: "Zürich" },
  booking: { code: "FW-ABC123", offerName: "Party Classic", dateText: "12.12.2026", timeText: "14:00 - 16:00 Uhr" },
  lines: [
    { label: "Kinder", detail: "6 × CHF 25.00", amountRappen: 15000 },
    { label: "Aktive Erwachsene", detail: "1 × CHF 10.00", amountRappen: 1000 },
  ],
  priceRappen: 16000,
  parts: [{ method: "online", rappen: 16000, label: "Online bezahlt (Karte/TWINT)" }],
  vat: { mode: "included", rateBp: 810 },
};
const OLD_CREDIT: ReceiptSnapshot = {
  ...OLD,
  venue: { ...VENUE, country: "DE" },
  parts: [{ method: "refund", rappen: 5000, label: "Rückerstattung auf das Zahlungsmittel" }],
  vat: { mode: "none", rateBp: null },
};
const ISSUED_AT = new Date("2026-11-02T09:00:00Z");
const receipt = (snapshot: ReceiptSnapshot) => receiptPdf({ kind: "receipt", number: "Q-2026-000042", issuedAt: ISSUED_AT, totalRappen: 16000, vatRateBp: 810, vatRappen: 1199, snapshot });
const creditNote = (snapshot: ReceiptSnapshot) => receiptPdf({ kind: "credit_note", number: "G-2026-000043", issuedAt: ISSUED_AT, totalRappen: 5000, vatRateBp: null, vatRappen: 0, snapshot });
const sha256 = (body: Buffer) => createHash("sha256").update(body).digest("hex");

/** A French booking's receipt as `syncReceipts` freezes it: lines, day, time and parts worded in French. */
const FR: ReceiptSnapshot = {
  ...OLD,
  booking: { code: "FW-ABC123", offerName: "Party Classic", dateText: "12.12.2026", timeText: "14:00 - 16:00" },
  lines: [
    { label: "Enfants", detail: "6 × 25.00 CHF", amountRappen: 15000 },
    { label: "Adultes actifs", detail: "1 × 10.00 CHF", amountRappen: 1000 },
  ],
  parts: [{ method: "online", rappen: 16000, label: "Payé en ligne (carte/TWINT)" }],
  lang: "fr",
};
const IT: ReceiptSnapshot = {
  ...FR,
  lines: [
    { label: "Bambini", detail: "6 × CHF 25.00", amountRappen: 15000 },
    { label: "Adulti attivi", detail: "1 × CHF 10.00", amountRappen: 1000 },
  ],
  parts: [{ method: "online", rappen: 16000, label: "Pagato online (carta/TWINT)" }],
  lang: "it",
};

/** German words that must not show on a French or Italian document (the venue's own words left out). */
const GERMAN = ["Quittung", "Gutschrift", "Datum", "Buchung", "Leistung", "Kunde", "Total dieses", "MWST", "Vielen Dank", "Wir ", "bezahlt", "Uhr", "Nr.", "Zahlung", "Betrag"];
function withoutVenueWords(text: string): string {
  return text.replaceAll(VENUE.uidNumber, "").replaceAll("Party Classic", "");
}

describe("receiptPdf in the document's language (issue #33 §2)", () => {
  beforeEach(() => {
    // Only the clock: pdf.js (reading the text back) needs real timers.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-02T10:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("draws a document issued before (no `lang`) byte for byte as it was issued, and a new German one the same", async () => {
    expect(sha256(await receipt(OLD))).toBe("e7e77d822bbca1baf1303749deb0d8f82e612f4ee535f21ebf956a8005072d7a");
    expect(sha256(await creditNote(OLD_CREDIT))).toBe("ebf2034f5bf39f44ad29560f7559d90d04a16e734fa8f86e0de789857404327a");
    // A German booking's new document names its language and is the same file.
    expect(sha256(await receipt({ ...OLD, lang: "de" }))).toBe("e7e77d822bbca1baf1303749deb0d8f82e612f4ee535f21ebf956a8005072d7a");
    expect(receiptFileName({ kind: "receipt", number: "Q-2026-000042", snapshot: OLD })).toBe("quittung-Q-2026-000042.pdf");
    expect(receiptFileName({ kind: "credit_note", number: "G-2026-000043", snapshot: { ...OLD, lang: "de" } })).toBe("gutschrift-G-2026-000043.pdf");
    expect(receiptFileName({ kind: "receipt", number: "Q-2026-000042" })).toBe("quittung-Q-2026-000042.pdf");
  });

  it("reads as the German document it always was", async () => {
    const text = await pdfText(await receipt(OLD));
    expect(text).toBe(
      "Fun World Industriestrasse 12 8604 Volketswil 044 555 12 34 · info@funworld.ch https://www.funworld.ch UID/MWST-Nr. CHE-123.456.789 MWST " +
        "Quittung Nr. Q-2026-000042 Datum 02.11.2026 Buchung FW-ABC123 Kunde Anna Muster Bahnhofstrasse 1 8001 Zürich " +
        "Leistung Party Classic, 12.12.2026, 14:00 - 16:00 Uhr Kinder (6 × CHF 25.00) CHF 150.00 Aktive Erwachsene (1 × CHF 10.00) CHF 10.00 Total Buchung CHF 160.00 " +
        "Wir bestätigen den Erhalt folgender Zahlung: Online bezahlt (Karte/TWINT) CHF 160.00 Total dieses Belegs CHF 160.00 " +
        "Im Betrag enthaltene MWST 8.1 %: CHF 11.99 (ohne MWST: CHF 148.01) Vielen Dank für Ihren Besuch.",
    );
    const credit = await pdfText(await creditNote(OLD_CREDIT));
    for (const expected of ["Gutschrift", "Wir haben Ihnen folgenden Betrag zurückerstattet:", "Rückerstattung auf das Zahlungsmittel CHF 50.00", "Die Leistung ist nicht MWST-pflichtig; es wird keine MWST ausgewiesen."]) {
      expect(credit).toContain(expected);
    }
  });

  it("words a French booking's receipt in French: title, facts, columns, MWST line, CHF and the frozen lines", async () => {
    const body = await receipt(FR);
    if (process.env.LOOK) writeFileSync("/tmp/receipt-fr.pdf", body);
    const text = await pdfText(body);
    expect(text).toContain("N° IDE/TVA CHE-123.456.789 MWST");
    for (const expected of [
      "Quittance",
      "N° Q-2026-000042",
      "Date 02.11.2026",
      "Réservation FW-ABC123",
      "Client Anna Muster",
      "Prestation Party Classic, 12.12.2026, 14:00 - 16:00",
      "Enfants (6 × 25.00 CHF) 150.00 CHF",
      "Total de la réservation 160.00 CHF",
      "Nous confirmons avoir reçu le paiement suivant :",
      "Payé en ligne (carte/TWINT) 160.00 CHF",
      "Total de ce document 160.00 CHF",
      "TVA 8,1",
      "comprise dans le montant : 11.99 CHF (hors TVA : 148.01 CHF)",
      "Merci beaucoup de votre visite.",
    ]) {
      expect(text).toContain(expected);
    }
    const rest = withoutVenueWords(text);
    for (const word of GERMAN) expect(rest, word).not.toContain(word);
    expect(receiptFileName({ kind: "receipt", number: "Q-2026-000042", snapshot: FR })).toBe("quittance-Q-2026-000042.pdf");
    expect(receiptFileName({ kind: "credit_note", number: "G-2026-000043", snapshot: FR })).toBe("note-de-credit-G-2026-000043.pdf");
    // The PDF says its language to readers.
    expect(body.toString("latin1")).toContain("/Lang (fr-CH)");
  });

  it("words an Italian booking's credit note in Italian", async () => {
    const text = await pdfText(await creditNote({ ...IT, parts: [{ method: "refund", rappen: 5000, label: "Rimborso sul mezzo di pagamento" }], vat: { mode: "none", rateBp: null } }));
    for (const expected of [
      "Nota di accredito",
      "N. G-2026-000043",
      "Data 02.11.2026",
      "Prenotazione FW-ABC123",
      "Cliente Anna Muster",
      "Prestazione Party Classic",
      "Totale prenotazione",
      "Le abbiamo rimborsato il seguente importo:",
      "Rimborso sul mezzo di pagamento",
      "Totale di questo documento",
      "La prestazione non è soggetta all’IVA",
      "Grazie mille per la Sua visita.",
    ]) {
      expect(text).toContain(expected);
    }
    const rest = withoutVenueWords(text);
    for (const word of GERMAN) expect(rest, word).not.toContain(word);
    expect(receiptFileName({ kind: "credit_note", number: "G-2026-000043", snapshot: IT })).toBe("nota-di-accredito-G-2026-000043.pdf");
  });

  it("words an English receipt in English", async () => {
    const text = await pdfText(await receipt({ ...FR, lang: "en" }));
    for (const expected of ["Receipt", "No. Q-2026-000042", "Booking FW-ABC123", "Customer", "Service", "Booking total", "We confirm receipt of the following payment:", "VAT 8.1", "Thank you very much for your visit."]) {
      expect(text).toContain(expected);
    }
  });
});
