import { describe, expect, it } from "vitest";
import { LEGAL_TITLES, legalValues, translationDraft, translationFits } from "~/domain/legal-texts";
import { DEFAULT_VENUE_PROFILE, venueContactOf } from "~/domain/venue-profile";
import type { VenueFacts } from "~/domain/venue-settings";
import { t } from "~/server/i18n/texts.server";
import { legal } from "./messages/legal";

describe("legal pages' words (issue #33 §2)", () => {
  it("keeps the German titles equal to LEGAL_TITLES", () => {
    expect(legal.de.titleAgb).toBe(LEGAL_TITLES.agb);
    expect(legal.de.titleImpressum).toBe(LEGAL_TITLES.impressum);
    expect(legal.de.titleDatenschutz).toBe(LEGAL_TITLES.datenschutz);
  });

  it("keeps the German missing-UID note equal to legalValues'", () => {
    const venue = { ...venueContactOf(DEFAULT_VENUE_PROFILE, []), uid: "" };
    const facts = { openingHours: "", lateCancelFeePercent: 100 } as unknown as VenueFacts;
    expect(legalValues(venue, facts).uid).toBe(legal.de.uidMissing);
    expect(legalValues(venue, facts, { lateCancellation: "x", uidMissing: legal.fr.uidMissing }).uid).toBe(legal.fr.uidMissing);
  });

  it("shows a translation only for the German version it translates, and prefills the settings form", () => {
    expect(translationFits(3, { version: 3, revision: 2 })).toBe(true);
    expect(translationFits(3, { version: 2, revision: 5 })).toBe(false);
    expect(translationFits(0, null)).toBe(false);
    const german = { version: 3, body: "Deutsch" };
    expect(translationDraft(german, { version: 3, revision: 2, body: "Français" })).toEqual({ source: "current", body: "Français", version: 3, revision: 2 });
    expect(translationDraft(german, { version: 2, revision: 1, body: "Ancien" })).toEqual({ source: "older", body: "Ancien", version: 2, revision: 1 });
    expect(translationDraft(german, null)).toEqual({ source: "german", body: "Deutsch", version: 3, revision: null });
  });

  it("words the version line in German as the pages did before", () => {
    expect(t("de", "legal", "noteCurrent", { version: "0" })).toBe("Standardfassung");
    expect(t("de", "legal", "noteCurrent", { version: "3" })).toBe("Version 3");
    expect(t("de", "legal", "noteVersion", { version: "0" })).toBe("Standardfassung (Version 0)");
    expect(t("de", "legal", "noteVersionOf", { version: "3", date: "01.02.2026" })).toBe("Version 3 vom 01.02.2026");
    expect(t("fr", "legal", "noteVersion", { version: "0" })).toBe("Version standard (version 0)");
    expect(t("fr", "legal", "noteCurrent", { version: "12" })).toBe("Version 12");
  });
});
