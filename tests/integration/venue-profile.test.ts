import { and, desc, eq, like } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_VENUE_PROFILE, type VenueProfileInput } from "~/domain/venue-profile";
import { reserveBirthday } from "~/server/booking/bookings.server";
import { manageIcs, selfServiceClosedMessage } from "~/server/booking/manage.server";
import { getVenue, loadVenueContact, readVenueProfile } from "~/server/booking/venue.server";
import { enqueueConfirmationMail, enqueueReminderMail } from "~/server/mail/mail.server";
import { openDatabase, type Database } from "~/server/platform/db.server";
import { auditLog, mailOutbox, venueProfile } from "~/server/platform/schema";
import { SEED_VENUE_PROFILE } from "~/server/platform/seed.server";
import type { Staff } from "~/server/staff/auth.server";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
import { readLogo, removeLogo, saveLogo, saveVenueProfile } from "~/server/staff/venue-profile-admin.server";
import { drivers, scratchPostgres, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

const { logo: _noLogo, ...SAMPLE } = DEFAULT_VENUE_PROFILE;

const EDITED: VenueProfileInput = {
  name: "Spielhalle Sonnenberg",
  street: "Bahnhofstrasse 5",
  zip: "9490",
  city: "Vaduz",
  country: "LI",
  phone: "+4232345678",
  email: "hallo@sonnenberg.li",
  website: "https://www.sonnenberg.li",
  uidNumber: "CHE-123.456.789 MWST",
  iban: "LI21088100002324013AA",
  arrivalNote: "Bitte 15 Minuten vorher da sein.",
  about: "Seit 2010 in Vaduz.",
};

/** A minimal PNG: signature and the IHDR chunk a real one starts with. */
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');

describe.each(drivers)("venue profile on $name", ({ open }) => {
  let database: TestDatabase;
  let manager: Staff;
  beforeAll(async () => {
    database = await open();
    manager = await createStaffAccount(database.db, `profil-${process.pid}@funworld.ch`, "richtig-und-lang-genug", "manager");
  });
  afterAll(async () => {
    await database?.close();
  });

  it("is seeded with the sample venue, and pages read it with the opening hours generated from the stored rules", async () => {
    expect(await readVenueProfile(database.db)).toEqual(DEFAULT_VENUE_PROFILE);
    const contact = await loadVenueContact(database.db);
    expect(contact).toMatchObject({ name: "Fun World", phone: "+41 44 555 12 34", phoneHref: "tel:+41445551234", domain: "funworld.ch", logoUrl: null });
    // The seeded hours: every day 10:00-22:00 (never a sentence of its own).
    expect(contact.openingHours).toBe("Mo-So 10:00-22:00");
  });

  it("a saved profile shows at once everywhere (cache emptied), with its audit row; e-mails and the calendar file carry it", async () => {
    const before = await loadVenueContact(database.db);
    expect(before.name).toBe("Fun World");
    try {
      expect(await saveVenueProfile(database.db, manager, EDITED)).toMatchObject({ ok: true });
      expect((await getVenue(database.db)).profile).toEqual({ ...EDITED, logo: null });
      const contact = await loadVenueContact(database.db);
      expect(contact).toMatchObject({ name: "Spielhalle Sonnenberg", phone: "+423 234 56 78", phoneHref: "tel:+4232345678", domain: "sonnenberg.li" });
      expect(await selfServiceClosedMessage(database.db)).toContain("+423 234 56 78");

      const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, "settings.profile")).orderBy(desc(auditLog.id)).limit(1);
      expect(audit?.details).toMatchObject({ before: { name: "Fun World" }, after: { name: "Spielhalle Sonnenberg", iban: "LI21088100002324013AA" } });

      const booked = await reserveBirthday(
        database.db,
        { offerId: 1, date: nextWeekday(6, new Date(Date.now() + 7 * 86_400_000)), startMin: 600, counts: { numChildren: 6, numActiveAdults: 0, numAccompanyingAdults: 0 }, contact: CONTACT },
        { holdMinutes: 15 },
      );
      if (!booked.ok) throw new Error(booked.message);
      const r = booked.reservation;
      await database.db.transaction(async (tx) => {
        await enqueueConfirmationMail(tx, r);
        await enqueueReminderMail(tx, r);
      });
      const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, r.id));
      expect(mails.map((m) => m.kind).sort()).toEqual(["confirmation", "reminder"]);
      for (const m of mails) {
        for (const part of ["Spielhalle Sonnenberg", "Bahnhofstrasse 5", "9490 Vaduz", "+423 234 56 78", "hallo@sonnenberg.li", "Bitte 15 Minuten vorher da sein."]) {
          expect(m.text).toContain(part);
          expect(m.html).toContain(part);
        }
        expect(m.text).not.toContain("Fun World");
      }
      const confirmation = mails.find((m) => m.kind === "confirmation")!;
      expect(confirmation.ics).toContain("LOCATION:Spielhalle Sonnenberg\\, Bahnhofstrasse 5\\, 9490 Vaduz");
      const ics = await manageIcs(database.db, r);
      expect(ics).toContain(`UID:${r.code}@sonnenberg.li`);
      expect(ics.replace(/\r\n[ \t]/g, "")).toContain("Spielhalle Sonnenberg\\, Bahnhofstrasse 5\\, 9490 Vaduz");
    } finally {
      await saveVenueProfile(database.db, manager, SAMPLE);
    }
    expect((await loadVenueContact(database.db)).name).toBe("Fun World");
  });

  it("keeps a PNG logo by content hash, refuses SVG, and removes it again", async () => {
    expect(await saveLogo(database.db, manager, SVG)).toEqual({ ok: false, message: expect.stringContaining("SVG") });
    expect(await saveLogo(database.db, manager, new Uint8Array(512 * 1024 + 1).fill(1))).toEqual({ ok: false, message: expect.stringContaining("zu gross") });
    expect((await getVenue(database.db)).profile.logo).toBeNull();

    expect(await saveLogo(database.db, manager, PNG)).toMatchObject({ ok: true });
    const logo = (await getVenue(database.db)).profile.logo;
    expect(logo).toMatchObject({ type: "image/png", hash: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect((await loadVenueContact(database.db)).logoUrl).toBe(`/logo/${logo!.hash}.png`);
    const served = await readLogo(database.db, logo!);
    expect(served?.type).toBe("image/png");
    expect(Array.from(served!.bytes)).toEqual(Array.from(PNG));
    expect(await readLogo(database.db, { hash: "0".repeat(32), type: "image/png" })).toBeNull();
    expect(await readLogo(database.db, { hash: logo!.hash, type: "image/jpeg" })).toBeNull();

    const audits = await database.db.select().from(auditLog).where(and(eq(auditLog.action, "settings.profile.logo"), like(auditLog.actor, "staff:profil-%")));
    expect(audits.at(-1)?.details).toMatchObject({ after: logo!.hash, type: "image/png" });

    await removeLogo(database.db, manager);
    expect((await getVenue(database.db)).profile.logo).toBeNull();
    expect(await readLogo(database.db, logo!)).toBeNull();
  });

  it("without a profile row, pages show the sample venue until the seed adds it again", async () => {
    await database.db.delete(venueProfile);
    try {
      expect(await readVenueProfile(database.db)).toEqual(DEFAULT_VENUE_PROFILE);
    } finally {
      await database.db.insert(venueProfile).values(SEED_VENUE_PROFILE).onConflictDoNothing();
    }
  });
});

const scratch = await scratchPostgres();

describe.runIf(scratch !== null)("venue profile between processes (PostgreSQL)", () => {
  let first: Database;
  let second: Database;
  let raw: pg.Client;
  let manager: Staff;

  beforeAll(async () => {
    // Two databases on the same server, each with its own pool and listener: two server processes.
    first = await openDatabase({ url: scratch!.url });
    second = await openDatabase({ url: scratch!.url, migrate: false });
    const { seed } = await import("~/server/platform/seed.server");
    await seed(first.db);
    manager = await createStaffAccount(first.db, `profil-zwei-${process.pid}@funworld.ch`, "richtig-und-lang-genug", "manager");
    raw = new pg.Client({ connectionString: scratch!.url });
    await raw.connect();
  });
  afterAll(async () => {
    await raw?.end();
    await first?.close();
    await second?.close();
    await scratch?.drop();
  });

  it("a profile saved in one process announces itself to the others (NOTIFY after the commit)", async () => {
    await raw.query("LISTEN fun_world_changes");
    const notices: string[] = [];
    raw.on("notification", (m) => notices.push(m.payload ?? ""));
    await saveVenueProfile(first.db, manager, EDITED);
    await vi.waitFor(() => expect(notices.some((p) => p.startsWith("venue "))).toBe(true), { timeout: 1000, interval: 20 });
    await raw.query("UNLISTEN fun_world_changes");
    await saveVenueProfile(first.db, manager, SAMPLE);
  });

  it("a change committed by another process is visible here within a second", async () => {
    // Warm this process's cache.
    expect((await getVenue(second.db)).profile.name).toBe("Fun World");
    // Another process: its own connection writes and notifies, as saveVenueProfile does after its commit.
    await raw.query("update venue_profile set name = 'Spielhalle Sonnenberg', phone = '+4232345678' where id = 1");
    const started = Date.now();
    await raw.query("select pg_notify('fun_world_changes', 'venue other-process')");
    await vi.waitFor(async () => expect((await loadVenueContact(second.db)).name).toBe("Spielhalle Sonnenberg"), { timeout: 1000, interval: 20 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await loadVenueContact(second.db)).phone).toBe("+423 234 56 78");
  });
});
