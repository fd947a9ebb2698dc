import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { paymentReference, type InvoiceSnapshot } from "~/domain/invoices";
import { pdfText } from "../../../tests/setup/pdf-text";
import { invoiceFileName, invoicePdf, qrBillData } from "./invoice-pdf.server";

/**
 * Invoices in the booking's language (issue #33 §2), the QR-bill's payment part included. The
 * German fixture is the one the golden hash was taken from with the code before the change (an
 * invoice without `lang`): an invoice made before stays the same file, byte for byte (the clock is
 * fixed: pdfkit writes the creation date into the file). Should an upgrade of pdfkit, swissqrbill or
 * the fonts change the bytes, the text comparison says whether the wording changed; renew the hash only then.
 */
const IBAN = "CH9300762011623852957";
const OLD: InvoiceSnapshot = {
  creditor: { name: "Fun World", street: "Industriestrasse 12", zip: "8604", city: "Volketswil", country: "CH", uidNumber: "CHE-123.456.789 MWST", email: "info@funworld.ch", phone: "+41445551234" },
  debtor: { name: "Anna Muster", street: "Bahnhofstrasse 1", zip: "8001", city: "Zürich", country: "CH" },
  booking: { code: "FW-ABC123", offerName: "Party Classic", dateText: "12.12.2026", timeText: "14:00 - 16:00 Uhr" },
  lines: [
    { label: "Kinder", detail: "6 × CHF 25.00", amountRappen: 15000 },
    { label: "Aktive Erwachsene", detail: "1 × CHF 10.00", amountRappen: 1000 },
  ],
  priceRappen: 16000,
  paidRappen: 4000,
  vat: { rateBp: 810 },
};
const FR: InvoiceSnapshot = {
  ...OLD,
  booking: { ...OLD.booking, timeText: "14:00 - 16:00" },
  lines: [
    { label: "Enfants", detail: "6 × 25.00 CHF", amountRappen: 15000 },
    { label: "Adultes actifs", detail: "1 × 10.00 CHF", amountRappen: 1000 },
  ],
  lang: "fr",
};
const IT: InvoiceSnapshot = {
  ...FR,
  lines: [
    { label: "Bambini", detail: "6 × CHF 25.00", amountRappen: 15000 },
    { label: "Adulti attivi", detail: "1 × CHF 10.00", amountRappen: 1000 },
  ],
  lang: "it",
};

function invoice(snapshot: InvoiceSnapshot) {
  return {
    id: 7,
    number: "R-2026-000007",
    reservationId: 1,
    amountRappen: 12000,
    issuedAt: new Date("2026-11-02T09:00:00Z"),
    dueDate: "2026-12-02",
    iban: IBAN,
    reference: paymentReference(IBAN, 7),
    status: "open" as const,
    paidAt: null,
    createdBy: 1,
    snapshot,
  };
}
const sha256 = (body: Buffer) => createHash("sha256").update(body).digest("hex");
const GOLDEN = "361100f2c0f1322d1ce428fea03e7a67ad8e8887627ae9f2142ea72cd10ae5ee";

/** German words that must not show on another language's invoice (the venue's own words left out). */
const GERMAN = ["Rechnung", "Datum", "Buchung", "Zahlbar", "Bereits", "bezahlt", "MWST", "Uhr", "Nr.", "Empfangsschein", "Zahlteil", "Konto", "Referenz", "Zusätzliche", "Währung", "Betrag", "Annahmestelle"];
const withoutVenueWords = (text: string) => text.replaceAll("CHE-123.456.789 MWST", "").replaceAll("Party Classic", "");

describe("invoicePdf in the invoice's language (issue #33 §2)", () => {
  beforeEach(() => {
    // Only the clock: pdf.js (reading the text back) needs real timers.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-02T10:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("draws an invoice made before (no `lang`) byte for byte as it was made, and a new German one the same", async () => {
    expect(sha256(await invoicePdf(invoice(OLD)))).toBe(GOLDEN);
    expect(sha256(await invoicePdf(invoice({ ...OLD, lang: "de" })))).toBe(GOLDEN);
    expect(qrBillData(invoice(OLD)).message).toBe("Rechnung R-2026-000007, Buchung FW-ABC123");
    expect(invoiceFileName(invoice(OLD))).toBe("rechnung-R-2026-000007.pdf");
    expect(invoiceFileName(invoice({ ...OLD, lang: "de" }))).toBe("rechnung-R-2026-000007.pdf");
  });

  it("reads as the German invoice it always was, the payment part in German", async () => {
    const text = await pdfText(await invoicePdf(invoice(OLD)));
    for (const expected of [
      "UID/MWST-Nr. CHE-123.456.789 MWST",
      "Rechnung Nr. R-2026-000007 Datum 02.11.2026 Buchung FW-ABC123 Zahlbar bis 02.12.2026",
      "Für Ihre Buchung stellen wir Ihnen in Rechnung: Party Classic, 12.12.2026, 14:00 - 16:00 Uhr",
      "Kinder (6 × CHF 25.00) CHF 150.00",
      "Total CHF 160.00 Bereits bezahlt − CHF 40.00 Zu bezahlen CHF 120.00",
      "Im Betrag enthaltene MWST 8.1 %: CHF 8.99",
      "Zahlbar bis 02.12.2026 mit dem Einzahlungsschein unten (QR-Rechnung).",
      "Empfangsschein",
      "Zahlteil",
      "Konto / Zahlbar an",
      "Referenz",
      "Zusätzliche Informationen",
      "Rechnung R-2026-000007, Buchung FW-ABC123",
      "Zahlbar durch",
      "Währung",
      "Betrag",
      "Annahmestelle",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("words a French booking's invoice in French, the QR-bill with the standard's French headings", async () => {
    const body = await invoicePdf(invoice(FR));
    if (process.env.LOOK) writeFileSync("/tmp/invoice-fr.pdf", body);
    const text = await pdfText(body);
    for (const expected of [
      "N° IDE/TVA CHE-123.456.789 MWST",
      "Facture N° R-2026-000007 Date 02.11.2026 Réservation FW-ABC123 Payable jusqu’au 02.12.2026",
      "Pour votre réservation, nous vous facturons : Party Classic, 12.12.2026, 14:00 - 16:00",
      "Enfants (6 × 25.00 CHF) 150.00 CHF",
      "Total 160.00 CHF Déjà payé − 40.00 CHF À payer 120.00 CHF",
      "comprise dans le montant : 8.99 CHF",
      "Payable jusqu’au 02.12.2026 avec le bulletin de versement ci-dessous (QR-facture).",
      // The payment part (Swiss QR-bill standard, French).
      "Récépissé",
      "Section paiement",
      "Compte / Payable à",
      "Référence",
      "Informations supplémentaires",
      "Facture R-2026-000007, reservation FW-ABC123",
      "Payable par",
      "Monnaie",
      "Montant",
      "Point de dépôt",
    ]) {
      expect(text).toContain(expected);
    }
    const rest = withoutVenueWords(text);
    for (const word of GERMAN) expect(rest, word).not.toContain(word);
    expect(qrBillData(invoice(FR)).message).toBe("Facture R-2026-000007, reservation FW-ABC123");
    expect(invoiceFileName(invoice(FR))).toBe("facture-R-2026-000007.pdf");
    expect(body.toString("latin1")).toContain("/Lang (fr-CH)");
  });

  it("words an Italian booking's invoice in Italian, the QR-bill with the standard's Italian headings", async () => {
    const text = await pdfText(await invoicePdf(invoice(IT)));
    for (const expected of [
      "N. IDI/IVA CHE-123.456.789 MWST",
      "Fattura N. R-2026-000007 Data 02.11.2026 Prenotazione FW-ABC123 Pagabile entro il 02.12.2026",
      "Per la Sua prenotazione Le fatturiamo: Party Classic",
      "Bambini (6 × CHF 25.00) CHF 150.00",
      "Totale CHF 160.00 Già pagato − CHF 40.00 Da pagare CHF 120.00",
      "inclusa nell’importo: CHF 8.99",
      "Pagabile entro il 02.12.2026 con la polizza di versamento qui sotto (QR-fattura).",
      "Ricevuta",
      "Sezione pagamento",
      "Conto / Pagabile a",
      "Riferimento",
      "Informazioni supplementari",
      "Fattura R-2026-000007, prenotazione FW-ABC123",
      "Pagabile da",
      "Valuta",
      "Importo",
      "Punto di accettazione",
    ]) {
      expect(text).toContain(expected);
    }
    const rest = withoutVenueWords(text);
    for (const word of GERMAN) expect(rest, word).not.toContain(word);
    expect(invoiceFileName(invoice(IT))).toBe("fattura-R-2026-000007.pdf");
  });

  it("words an English booking's invoice in English, the QR-bill's headings too", async () => {
    const text = await pdfText(await invoicePdf(invoice({ ...FR, lang: "en" })));
    for (const expected of ["Invoice", "No. R-2026-000007", "Payable by 02.12.2026", "Already paid", "Amount due", "Receipt", "Payment part", "Account / Payable to", "Reference", "Additional information", "Payable by", "Currency", "Amount", "Acceptance point"]) {
      expect(text).toContain(expected);
    }
    expect(invoiceFileName(invoice({ ...FR, lang: "en" }))).toBe("invoice-R-2026-000007.pdf");
  });
});
