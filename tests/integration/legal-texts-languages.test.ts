import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { reserveBirthday } from "~/server/booking/bookings.server";
import { loadVenueFacts } from "~/server/booking/venue.server";
import {
  legalPage,
  legalTranslation,
  legalTranslationHistory,
  legalTranslationsOverview,
  previewLegalText,
  saveLegalText,
  saveLegalTranslation,
} from "~/server/legal/legal-texts.server";
import { auditLog, legalTexts } from "~/server/platform/schema";
import type { Staff } from "~/server/staff/auth.server";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
import { DEFAULT_VENUE_PROFILE, venueContactOf } from "~/domain/venue-profile";
import { DEFAULT_LEGAL_TEXTS } from "~/domain/legal-texts";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

const VENUE_CONTACT = venueContactOf(DEFAULT_VENUE_PROFILE, []);

/** Legal texts per language (issue #33 §2): German binds and counts versions, fr/it/en translate one version each. */
describe.each(drivers)("legal texts in other languages on $name", ({ open }) => {
  let database: TestDatabase;
  let manager: Staff;
  beforeAll(async () => {
    database = await open();
    manager = await createStaffAccount(database.db, "chefin@funworld.ch", "ein-langes-passwort-123", "manager");
  });
  afterAll(async () => {
    await database?.close();
  });

  const rowsOf = (kind: "agb" | "impressum" | "datenschutz") =>
    database.db.select().from(legalTexts).where(eq(legalTexts.kind, kind)).orderBy(asc(legalTexts.id));

  it("shows the German text marked as German while there is no translation", async () => {
    const german = await legalPage(database.db, "agb", VENUE_CONTACT);
    expect(german).toMatchObject({ version: 0, german: false });
    const french = await legalPage(database.db, "agb", VENUE_CONTACT, undefined, "fr");
    expect(french).toMatchObject({ version: 0, german: true });
    // The German text, filled in German (it is shown as German, `lang="de-CH"`).
    expect(french!.html).toBe(german!.html);
    expect(french!.html).toContain("Geltungsbereich");
  });

  it("saves a translation of the current German version and shows it, placeholders worded in the language", async () => {
    const body = "## Conditions\n\nRéservation chez {name}. {storno_spaet} Horaires\u202f: {oeffnungszeiten}";
    const saved = await saveLegalTranslation(database.db, manager, "agb", "fr", 0, body);
    expect(saved).toEqual({ ok: true, version: 0, revision: 1, created: true });
    const page = await legalPage(database.db, "agb", VENUE_CONTACT, undefined, "fr");
    expect(page).toMatchObject({ version: 0, german: false });
    expect(page!.html).toContain("Réservation chez Fun World.");
    expect(page!.html).toContain("le montant n’est pas remboursé");
    expect(page!.html).not.toContain("nicht zurückerstattet");
    const frenchHours = (await loadVenueFacts(database.db, "fr")).openingHours;
    const germanHours = (await loadVenueFacts(database.db, "de")).openingHours;
    if (frenchHours !== germanHours) expect(page!.html).not.toContain(germanHours);
    // German and Italian are untouched.
    expect(await legalPage(database.db, "agb", VENUE_CONTACT, undefined, "de")).toMatchObject({ german: false, html: expect.stringContaining("Geltungsbereich") });
    expect(await legalPage(database.db, "agb", VENUE_CONTACT, undefined, "it")).toMatchObject({ german: true });
    // The preview renders in the language too.
    const preview = await previewLegalText(database.db, body, VENUE_CONTACT, "fr");
    expect(preview.ok && preview.html).toContain("le montant n’est pas remboursé");
  });

  it("creates nothing for the same text, and a revision (no update) for a correction, audited with its language", async () => {
    const before = await rowsOf("agb");
    const same = await saveLegalTranslation(database.db, manager, "agb", "fr", 0, "## Conditions\r\n\r\nRéservation chez {name}. {storno_spaet} Horaires\u202f: {oeffnungszeiten}  ");
    expect(same).toEqual({ ok: true, version: 0, revision: 1, created: false });
    expect(await rowsOf("agb")).toEqual(before);

    const corrected = await saveLegalTranslation(database.db, manager, "agb", "fr", 0, "## Conditions générales\n\nRéservation chez {name}.");
    expect(corrected).toEqual({ ok: true, version: 0, revision: 2, created: true });
    const after = await rowsOf("agb");
    // Every earlier row reads exactly as before.
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after).toHaveLength(before.length + 1);
    expect(await legalTranslation(database.db, "agb", "fr", 0)).toMatchObject({ revision: 2, body: "## Conditions générales\n\nRéservation chez {name}." });
    expect((await legalPage(database.db, "agb", VENUE_CONTACT, 0, "fr"))!.html).toContain("Conditions générales");

    const audits = await database.db.select().from(auditLog).where(eq(auditLog.action, "settings.legal.agb"));
    expect(audits.map((a) => a.details)).toEqual([
      expect.objectContaining({ lang: "fr", version: 0, revision: 1 }),
      expect.objectContaining({ lang: "fr", version: 0, revision: 2 }),
    ]);
    const history = await legalTranslationHistory(database.db, "agb", "fr");
    expect(history.map((h) => [h.version, h.revision, h.createdBy])).toEqual([
      [0, 2, "chefin@funworld.ch"],
      [0, 1, "chefin@funworld.ch"],
    ]);
  });

  it("refuses an unknown placeholder, German as a translation language, and keeps the German validation", async () => {
    expect(await saveLegalTranslation(database.db, manager, "agb", "fr", 0, "Bonjour {foo}")).toMatchObject({ ok: false, error: expect.stringContaining("Unbekannter Platzhalter {foo}") });
    expect(await saveLegalTranslation(database.db, manager, "agb", "fr", 0, "   ")).toMatchObject({ ok: false, error: "Bitte geben Sie einen Text ein." });
    expect(await saveLegalTranslation(database.db, manager, "agb", "de", 0, "Text")).toMatchObject({ ok: false });
  });

  it("gives two concurrent saves distinct revisions", async () => {
    const results = await Promise.all([
      saveLegalTranslation(database.db, manager, "impressum", "it", 0, "Note legali A {name}"),
      saveLegalTranslation(database.db, manager, "impressum", "it", 0, "Note legali B {name}"),
    ]);
    expect(results.map((r) => (r.ok ? r.revision : -1)).sort()).toEqual([1, 2]);
    const rows = await database.db.select().from(legalTexts).where(and(eq(legalTexts.kind, "impressum"), eq(legalTexts.lang, "it")));
    expect(rows.map((r) => r.revision).sort()).toEqual([1, 2]);
  });

  it("hides a translation once German has a newer version, refuses a translation of the old one, and offers it to check", async () => {
    const v1 = await saveLegalText(database.db, manager, "agb", "## Neu\n\nNeue Bedingungen von {name}.");
    expect(v1).toEqual({ ok: true, version: 1, created: true });
    // The French of version 0 no longer fits version 1: the German is shown, marked.
    const current = await legalPage(database.db, "agb", VENUE_CONTACT, undefined, "fr");
    expect(current).toMatchObject({ version: 1, german: true });
    expect(current!.html).toContain("Neue Bedingungen von Fun World.");
    expect(current!.html).not.toContain("Conditions générales");
    // Version 0 keeps its translation (a booking that accepted version 0).
    expect(await legalPage(database.db, "agb", VENUE_CONTACT, 0, "fr")).toMatchObject({ version: 0, german: false, html: expect.stringContaining("Conditions générales") });

    // A form written against version 0 while version 1 is current: refused, nothing stored.
    const before = await rowsOf("agb");
    const stale = await saveLegalTranslation(database.db, manager, "agb", "fr", 0, "## Conditions générales\n\nAutre texte.");
    expect(stale).toMatchObject({ ok: false, stale: true, currentVersion: 1, error: expect.stringContaining("Die deutsche Fassung wurde inzwischen geändert (jetzt Version 1)") });
    expect(await rowsOf("agb")).toEqual(before);

    // The settings page prefills the older translation with a note, and German for a language without any.
    const fr = (await legalTranslationsOverview(database.db, "fr")).find((t) => t.kind === "agb")!;
    expect(fr).toMatchObject({ germanVersion: 1, draft: { source: "older", version: 0, revision: 2, body: expect.stringContaining("Conditions générales") } });
    const en = (await legalTranslationsOverview(database.db, "en")).find((t) => t.kind === "agb")!;
    expect(en).toMatchObject({ germanVersion: 1, draft: { source: "german", version: 1, body: "## Neu\n\nNeue Bedingungen von {name}." }, history: [] });
    const datenschutz = (await legalTranslationsOverview(database.db, "en")).find((t) => t.kind === "datenschutz")!;
    expect(datenschutz.draft).toMatchObject({ source: "german", version: 0, body: DEFAULT_LEGAL_TEXTS.datenschutz });

    // Translated for version 1: the first revision of (agb, fr, 1).
    const saved = await saveLegalTranslation(database.db, manager, "agb", "fr", 1, "## Nouvelles conditions\n\nNouvelles conditions de {name}.");
    expect(saved).toEqual({ ok: true, version: 1, revision: 1, created: true });
    expect(await legalPage(database.db, "agb", VENUE_CONTACT, undefined, "fr")).toMatchObject({ version: 1, german: false, html: expect.stringContaining("Nouvelles conditions de Fun World.") });
    expect((await legalTranslationsOverview(database.db, "fr")).find((t) => t.kind === "agb")!.draft).toMatchObject({ source: "current", version: 1, revision: 1 });
  });

  it("shows a booking's accepted version in French: its translation, or its German marked, never a newer one", async () => {
    const booked = await reserveBirthday(
      database.db,
      { offerId: 1, date: nextWeekday(6), startMin: 600, counts: { numChildren: 6, numActiveAdults: 1, numAccompanyingAdults: 0 }, contact: CONTACT },
      { holdMinutes: 30 },
    );
    expect(booked.ok).toBe(true);
    if (!booked.ok) return;
    const accepted = booked.reservation.agbVersion!;
    expect(accepted).toBe(1);
    expect(await saveLegalText(database.db, manager, "agb", "## Neu 2\n\nNoch neuere Bedingungen von {name}.")).toMatchObject({ ok: true, version: 2 });

    // `/fr/agb/1`: the French of version 1, not the German version 2.
    const theirs = await legalPage(database.db, "agb", VENUE_CONTACT, accepted, "fr");
    expect(theirs).toMatchObject({ version: 1, german: false, html: expect.stringContaining("Nouvelles conditions de Fun World.") });
    // `/fr/agb`: version 2, not yet translated: German, marked.
    expect(await legalPage(database.db, "agb", VENUE_CONTACT, undefined, "fr")).toMatchObject({ version: 2, german: true, html: expect.stringContaining("Noch neuere Bedingungen") });
    // `/it/agb/1`: no Italian at all: German version 1, marked.
    expect(await legalPage(database.db, "agb", VENUE_CONTACT, accepted, "it")).toMatchObject({ version: 1, german: true, html: expect.stringContaining("Neue Bedingungen von Fun World.") });
    // An unknown version is absent in every language.
    expect(await legalPage(database.db, "agb", VENUE_CONTACT, 99, "fr")).toBeNull();
  });
});
