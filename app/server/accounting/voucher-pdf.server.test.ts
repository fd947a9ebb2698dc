import { writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { VenueContact } from "~/domain/venue-contact";
import { pdfText } from "../../../tests/setup/pdf-text";
import { voucherFileName, voucherPdf } from "./voucher-pdf.server";

const VENUE: VenueContact = {
  name: "Fun World",
  street: "Industriestrasse 12",
  zip: "8604",
  city: "Volketswil",
  phone: "+41 44 555 12 34",
  phoneHref: "tel:+41445551234",
  email: "info@funworld.ch",
  website: "https://www.funworld.ch",
  openingHours: "Mo–So 10:00–22:00",
  domain: "funworld.ch",
  arrivalNote: "",
  about: "",
  logoUrl: null,
  uid: "CHE-123.456.789 MWST",
};

describe("voucherPdf", () => {
  it("keeps the code one word for text readers and copy-paste, whatever its letters (wide pairs such as «TT», «AV», «LT»)", async () => {
    for (const code of ["DDCTTESR2D34", "TTTTAVAVWAWA", "LTLT7T7TYAYA", "FJTJVYVYKYKY"]) {
      const text = await pdfText(await voucherPdf({ code, amountRappen: 5_000, validUntil: "2029-11-29", recipientName: "Mia", message: "", buyerName: "Beat" }, VENUE));
      expect(text).toContain(code);
    }
  });

  it("prints value, code, validity, names in any script and a long message on one page", async () => {
    const message = "Alles Liebe zum Geburtstag! ".repeat(10).trim();
    const body = await voucherPdf(
      { code: "6CURY4MXAFNF", amountRappen: 12_000, validUntil: "2029-11-29", recipientName: "Łucja Ğül-Đorđević", message, buyerName: "Götti Beat" },
      VENUE,
    );
    // LOOK=1 keeps the file to look at (pdftoppm -png).
    if (process.env.LOOK) writeFileSync("/tmp/voucher-look.pdf", body);
    const text = await pdfText(body);
    for (const part of ["Gutschein", "Fun World", "Łucja Ğül-Đorđević", "CHF 120.00", "6CURY4MXAFNF", "Gültig bis 29.11.2029", "Von: Götti Beat", "Keine Barauszahlung.", "CHE-123.456.789 MWST"]) {
      expect(text).toContain(part);
    }
    expect(text).toContain("Alles Liebe zum Geburtstag!");
    expect(body.toString("latin1").match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(voucherFileName("6CUR Y4/MX")).toBe("gutschein-6CUR-Y4-MX.pdf");
  });

  it("speaks the order's language (issue #33): French words, amount and date; the buyer's text as typed", async () => {
    const body = await voucherPdf(
      { code: "6CURY4MXAFNF", amountRappen: 12_000, validUntil: "2029-11-29", recipientName: "Léa Dubois", message: "Joyeux anniversaire !", buyerName: "Parrain Marc" },
      VENUE,
      null,
      "fr",
    );
    const text = await pdfText(body);
    for (const part of ["Bon cadeau", "Pour", "Léa Dubois", "Joyeux anniversaire", "120.00 CHF", "6CURY4MXAFNF", "Valable jusqu’au 29.11.2029", "De la part de", "Parrain Marc", "Non remboursable en espèces.", "Téléphone +41 44 555 12 34"]) {
      expect(text).toContain(part);
    }
    for (const german of ["Gutschein", "Gültig", "Von:", "Barauszahlung", "Telefon", "Kasse"]) expect(text).not.toContain(german);
    expect(voucherFileName("6CURY4MXAFNF", "fr")).toBe("bon-cadeau-6CURY4MXAFNF.pdf");
    expect(voucherFileName("6CURY4MXAFNF", "it")).toBe("buono-regalo-6CURY4MXAFNF.pdf");
  });
});
