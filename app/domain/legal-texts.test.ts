import { describe, expect, it } from "vitest";
import { lateCancellationSentence } from "./self-service";
import { DEFAULT_VENUE_PROFILE, venueContactOf } from "~/domain/venue-profile";

const VENUE_CONTACT = venueContactOf(DEFAULT_VENUE_PROFILE, []);
import type { VenueFacts } from "~/domain/venue-settings";
import {
  agbPath,
  DEFAULT_LEGAL_TEXTS,
  LEGAL_BODY_MAX,
  LEGAL_PLACEHOLDERS,
  fillPlaceholders,
  legalLinks,
  legalValues,
  placeholderError,
  unknownPlaceholders,
  validateLegalBody,
} from "./legal-texts";

const facts: VenueFacts = {
  holdMinutes: 30,
  guestRetentionDays: 30,
  bookingRetentionMonths: 24,
  selfServiceHours: 48,
  cancelFreeHours: 72,
  lateCancelFeePercent: 100,
  reminderHours: 24,
  gameLeadHours: 1,
  balanceDays: 3,
  balanceAtVenue: false,
  openingHours: "Mo-So 10:00-22:00",
  birthdayDays: null,
  gameDays: null,
};

describe("placeholders", () => {
  it("finds unknown placeholders once each, in order", () => {
    expect(unknownPlaceholders("{name} {foo} {bar} {foo}", LEGAL_PLACEHOLDERS)).toEqual(["foo", "bar"]);
    expect(unknownPlaceholders("{name} {email}", LEGAL_PLACEHOLDERS)).toEqual([]);
  });
  it("names the unknown placeholder and the allowed ones in German", () => {
    const msg = placeholderError("Hallo {foo}", ["vorname", "datum"]);
    expect(msg).toBe("Unbekannter Platzhalter {foo}. Erlaubt sind: {vorname}, {datum}.");
    expect(placeholderError("Hallo {vorname}", ["vorname"])).toBeNull();
  });
  it("fills known placeholders with Markdown-escaped values and leaves unknown ones", () => {
    expect(fillPlaceholders("{name} {x}", { name: "A*B [c](javascript:x)" })).toBe("A\\*B \\[c\\]\\(javascript:x\\) {x}");
    expect(fillPlaceholders("{toString}", {})).toBe("{toString}");
  });
  it("makes the phone a tel: link and the address a mailto: link, names the UID or says it is missing", () => {
    const values = legalValues(VENUE_CONTACT, facts);
    expect(fillPlaceholders("Telefon {telefon}", values, undefined, legalLinks(VENUE_CONTACT))).toBe(
      `Telefon [${values.telefon.replace(/[+\-.]/g, (c) => `\\${c}`)}](<${VENUE_CONTACT.phoneHref}>)`,
    );
    expect(VENUE_CONTACT.phoneHref).toMatch(/^tel:\+41\d{9}$/);
    expect(values.uid).toBe("(noch nicht eingetragen)");
    expect(legalValues({ ...VENUE_CONTACT, uid: "CHE-123.456.789 MWST" }, facts).uid).toBe("CHE-123.456.789 MWST");
    expect(DEFAULT_LEGAL_TEXTS.impressum).toContain("UID / MWST-Nummer: {uid}");
  });
});

describe("late cancellation sentence", () => {
  it("says no refund at 100 %", () => expect(lateCancellationSentence(100)).toContain("nicht zurückerstattet"));
  it("states the fee below 100 %", () => expect(lateCancellationSentence(50)).toContain("verrechnen wir 50 % des Betrags"));
  it("says refund at 0 %", () => expect(lateCancellationSentence(0)).toContain("erstatten wir den Betrag zurück"));
});

describe("defaults", () => {
  it("use only known placeholders and fill every number from the facts", () => {
    for (const body of Object.values(DEFAULT_LEGAL_TEXTS)) expect(unknownPlaceholders(body, LEGAL_PLACEHOLDERS)).toEqual([]);
    const agb = fillPlaceholders(DEFAULT_LEGAL_TEXTS.agb, legalValues(VENUE_CONTACT, { ...facts, lateCancelFeePercent: 40 }), (v) => v);
    expect(agb).toContain("während 30 Minuten");
    expect(agb).toContain("bis 72 Stunden vor dem Termin kostenlos");
    expect(agb).toContain("bis 48 Stunden vor dem Termin selbst");
    expect(agb).toContain("verrechnen wir 40 % des Betrags");
    expect(agb).not.toMatch(/\{[a-z_]+\}/);
  });
});

describe("validateLegalBody", () => {
  it("normalises line endings and trims", () => expect(validateLegalBody("  a\r\nb  ")).toEqual({ ok: true, body: "a\nb" }));
  it("refuses empty, too long and unknown placeholders", () => {
    expect(validateLegalBody("  ")).toMatchObject({ ok: false });
    expect(validateLegalBody("x".repeat(LEGAL_BODY_MAX + 1))).toMatchObject({ ok: false });
    expect(validateLegalBody("{foo}")).toEqual({ ok: false, error: expect.stringContaining("Unbekannter Platzhalter {foo}") });
  });
});

describe("agbPath", () => {
  it("links the accepted version, or the current AGB for old bookings", () => {
    expect(agbPath(3)).toBe("/agb/3");
    expect(agbPath(0)).toBe("/agb/0");
    expect(agbPath(null)).toBe("/agb");
  });
});
