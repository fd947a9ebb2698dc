import { describe, expect, it } from "vitest";
import { confirmationEmail, paymentLinkEmail } from "./booking-email";
import { GERMAN_EMAIL_WORDS as DE } from "./email-words";
import { DEFAULT_EMAIL_TEXTS, EMAIL_TEXT_KINDS, EMAIL_TEXT_SLUGS, emailParagraphs, emailTextKindOf, isDefaultEmailText, validateEmailText } from "./email-texts";
import { previewEmail, sampleBooking } from "./email-preview";
import { DEFAULT_VENUE_PROFILE, venueContactOf } from "./venue-profile";

const venue = venueContactOf(DEFAULT_VENUE_PROFILE, []);

describe("e-mail texts", () => {
  it("splits paragraphs at blank lines, keeps single line breaks and drops the space an empty last name leaves", () => {
    expect(emailParagraphs("Guten Tag {vorname} {nachname}\r\n\r\n  \nZeile 1\nZeile 2\n\n\n", { vorname: "Anna", nachname: "" })).toEqual([
      "Guten Tag Anna",
      "Zeile 1\nZeile 2",
    ]);
    expect(emailParagraphs("", {})).toEqual([]);
  });

  it("fills values as they are (no Markdown escaping) and leaves an unknown placeholder visible", () => {
    expect(emailParagraphs("{name}: *{vorname}* {x}", { name: "Fun_World", vorname: "A*na" })).toEqual(["Fun_World: *A*na* {x}"]);
  });

  it("checks both texts: required introduction, optional closing, length, placeholders, control characters removed", () => {
    expect(validateEmailText(" Hallo {vorname}\u0000 ", "")).toEqual({ ok: true, text: { intro: "Hallo {vorname}", closing: "" } });
    expect(validateEmailText("", "{foo}")).toEqual({
      ok: false,
      errors: { intro: "Bitte geben Sie einen Text ein.", closing: expect.stringMatching(/^Unbekannter Platzhalter \{foo\}\./) },
    });
    expect(validateEmailText("x".repeat(2001), "")).toMatchObject({ ok: false, errors: { intro: "Der Text darf höchstens 2'000 Zeichen lang sein." } });
  });

  it("every kind has a default that passes its own checks, a title slug, and is recognised as the default", () => {
    for (const kind of EMAIL_TEXT_KINDS) {
      const d = DEFAULT_EMAIL_TEXTS[kind];
      expect(validateEmailText(d.intro, d.closing)).toEqual({ ok: true, text: d });
      expect(isDefaultEmailText(kind, d)).toBe(true);
      expect(emailTextKindOf(EMAIL_TEXT_SLUGS[kind])).toBe(kind);
    }
    expect(emailTextKindOf("gibt-es-nicht")).toBe("confirmation");
    expect(emailTextKindOf(null)).toBe("confirmation");
  });

  it("the default texts produce the e-mail as before; an edited one replaces greeting, introduction and closing", () => {
    const r = sampleBooking("2026-12-01", "Kindergeburtstag Basic");
    const plain = confirmationEmail(DE, r, venue);
    expect(plain.text.startsWith("Guten Tag Anna Muster\n\nVielen Dank für Ihre Buchung bei Fun World. Ihre Buchung ist bestätigt.\n\nBuchungscode:")).toBe(true);
    const edited = confirmationEmail(DE, r, venue, { texts: { de: { confirmation: { intro: "Hoi {vorname}!", closing: "" } } } });
    expect(edited.text.startsWith("Hoi Anna!\n\nBuchungscode:")).toBe(true);
    expect(edited.text).not.toContain("Wir freuen uns");
    expect(edited.html).toContain(">Hoi Anna!</p>");
    // The payment request itself (amount, deadline, link) stays generated below the introduction.
    const link = paymentLinkEmail(DE, r, venue, { url: "https://x/zahlung/t", validUntil: new Date("2026-12-02T10:00:00Z") }, { de: { "payment-link": { intro: "Hallo", closing: "Tschau" } } });
    expect(link.text.startsWith("Hallo\n\nBitte bezahlen Sie CHF 401.00 bis 2. Dezember 2026 um 11:00 online über diesen Link:\n\nhttps://x/zahlung/t")).toBe(true);
  });

  it("previews every kind with the sample booking and no placeholder left", () => {
    for (const kind of EMAIL_TEXT_KINDS) {
      const mail = previewEmail(DE, kind, DEFAULT_EMAIL_TEXTS[kind], venue, "2026-12-01", "Kindergeburtstag Basic", "https://funworld.ch");
      expect(mail.text, kind).toContain("Anna");
      expect(mail.text, kind).not.toMatch(/\{[a-z_]+\}/);
      expect(mail.subject, kind).toContain("FW-MUSTER");
    }
  });
});
