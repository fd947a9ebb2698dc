import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { enqueueConfirmationMail } from "~/server/mail/mail.server";
import { reserveBirthday } from "~/server/booking/bookings.server";
import { currentLegalText, legalPage, legalTextHistory, legalTextVersion, saveLegalText } from "~/server/legal/legal-texts.server";
import { auditLog, legalTexts, mailOutbox, reservations } from "~/server/platform/schema";
import type { Staff } from "~/server/staff/auth.server";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
import { DEFAULT_VENUE_PROFILE, venueContactOf } from "~/domain/venue-profile";

const VENUE_CONTACT = venueContactOf(DEFAULT_VENUE_PROFILE, []);
import { DEFAULT_LEGAL_TEXTS } from "~/domain/legal-texts";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

describe.each(drivers)("versioned legal texts on $name", ({ open }) => {
  let database: TestDatabase;
  let manager: Staff;
  beforeAll(async () => {
    database = await open();
    manager = await createStaffAccount(database.db, "chefin@funworld.ch", "ein-langes-passwort-123", "manager");
  });
  afterAll(async () => {
    await database?.close();
  });

  it("shows the default (version 0) while nothing is stored, with the venue's numbers filled in", async () => {
    const current = await currentLegalText(database.db, "agb");
    expect(current).toMatchObject({ version: 0, body: DEFAULT_LEGAL_TEXTS.agb });
    const page = await legalPage(database.db, "agb", VENUE_CONTACT);
    expect(page!.html).toContain("Fun World");
    expect(page!.html).not.toMatch(/\{[a-z_]+\}/);
  });

  it("stores the AGB version current when a booking is made", async () => {
    const book = (startMin: number) =>
      reserveBirthday(
        database.db,
        { offerId: 1, date: nextWeekday(6), startMin, counts: { numChildren: 6, numActiveAdults: 1, numAccompanyingAdults: 0 }, contact: CONTACT },
        { holdMinutes: 30 },
      );
    const before = await book(600);
    expect(before.ok && before.reservation.agbVersion).toBe(0);

    const saved = await saveLegalText(database.db, manager, "agb", "## Neu\n\nNeue Bedingungen von {name}.");
    expect(saved).toEqual({ ok: true, version: 1, created: true });
    const after = await book(840);
    expect(after.ok).toBe(true);
    if (!after.ok) return;
    const [row] = await database.db.select({ v: reservations.agbVersion }).from(reservations).where(eq(reservations.id, after.reservation.id));
    expect(row!.v).toBe(1);
    // Its confirmation e-mail links that version, not today's text.
    await database.db.transaction((tx) => enqueueConfirmationMail(tx, after.reservation));
    const [mail] = await database.db.select().from(mailOutbox).where(and(eq(mailOutbox.reservationId, after.reservation.id), eq(mailOutbox.kind, "confirmation")));
    expect(mail!.text).toContain("Es gelten die AGB, die Sie bei der Buchung akzeptiert haben: http");
    expect(mail!.text).toMatch(/akzeptiert haben: https?:\/\/[^\s]+\/agb\/1\n/);
  });

  it("does not create a version for an unchanged text, and refuses an unknown placeholder in German", async () => {
    const same = await saveLegalText(database.db, manager, "agb", "## Neu\r\n\r\nNeue Bedingungen von {name}.  ");
    expect(same).toEqual({ ok: true, version: 1, created: false });
    const bad = await saveLegalText(database.db, manager, "agb", "Hallo {foo}");
    expect(bad).toMatchObject({ ok: false, error: expect.stringContaining("Unbekannter Platzhalter {foo}") });
    expect((await currentLegalText(database.db, "agb")).version).toBe(1);
  });

  it("gives two concurrent saves distinct versions and audits each", async () => {
    const results = await Promise.all([
      saveLegalText(database.db, manager, "impressum", "Impressum A {name}"),
      saveLegalText(database.db, manager, "impressum", "Impressum B {name}"),
    ]);
    const versions = results.map((r) => (r.ok ? r.version : -1)).sort();
    expect(versions).toEqual([1, 2]);
    const rows = await database.db.select().from(legalTexts).where(eq(legalTexts.kind, "impressum"));
    expect(rows.map((r) => r.version).sort()).toEqual([1, 2]);
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.action, "settings.legal.impressum"));
    expect(audits).toHaveLength(2);
    const history = await legalTextHistory(database.db, "impressum");
    expect(history.map((h) => h.version)).toEqual([2, 1]);
    expect(history[0]!.createdBy).toBe("chefin@funworld.ch");
  });

  it("keeps old versions readable and unknown versions absent", async () => {
    expect((await legalTextVersion(database.db, "agb", 0))!.body).toBe(DEFAULT_LEGAL_TEXTS.agb);
    expect((await legalTextVersion(database.db, "agb", 1))!.body).toContain("Neue Bedingungen");
    expect(await legalTextVersion(database.db, "agb", 99)).toBeNull();
  });

  it("renders hostile stored text inert", async () => {
    await saveLegalText(database.db, manager, "datenschutz", '<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror="alert(1)">');
    const page = await legalPage(database.db, "datenschutz", VENUE_CONTACT);
    expect(page!.html).not.toMatch(/<script|<img|href="javascript/i);
    expect(page!.html).toContain("&lt;script&gt;");
  });
});
