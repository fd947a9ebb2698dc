import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as offersLoader } from "~/routes/offers";
import { action as adminAction, loader as adminLoader } from "~/routes/admin.einstellungen.uebersetzungen";
import { summaryIn } from "~/server/booking/summary-texts.server";
import { getVenue, loadVenueContact, venueTranslatedTexts, venueWordsIn } from "~/server/booking/venue.server";
import { closeDatabase, getDb, type Db } from "~/server/platform/db.server";
import { resetEnvForTests } from "~/server/platform/env.server";
import { auditLog, offers, venueProfile, venueTranslations } from "~/server/platform/schema";
import { signIn, type Staff } from "~/server/staff/auth.server";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
import { saveTranslations, translationsOverview } from "~/server/staff/venue-translations-admin.server";

/**
 * The venue's own words in other languages (issue #33 §2): the manager's page
 * (/admin/einstellungen/uebersetzungen), what a French page and a summary show, German unchanged,
 * a changed German text losing its translation, and what the form may not store.
 */
const ORIGIN = "http://shop.test";
const ENV_KEYS = ["DATA_DIR", "DATABASE_URL", "PUBLIC_URL", "PAYMENT_PROVIDER", "SESSION_SECRET"] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
let dataDir: string;
let db: Db;
let manager: Staff;
let cookie: string;
const context = {} as AppLoadContext;

beforeAll(async () => {
  for (const key of ENV_KEYS) delete process.env[key];
  dataDir = await mkdtemp(path.join(tmpdir(), "kidsindoor-venue-translations-"));
  Object.assign(process.env, { DATA_DIR: dataDir, PUBLIC_URL: ORIGIN, PAYMENT_PROVIDER: "simulated", SESSION_SECRET: "venue-translations-secret-0123456789" });
  resetEnvForTests();
  await closeDatabase();
  db = await getDb();
  manager = await createStaffAccount(db, "chef@funworld.ch", "chef-password-1", "manager");
  const signedIn = await signIn(db, new Request(`${ORIGIN}/admin/login`), "chef@funworld.ch", "chef-password-1", "venue-translations");
  if (!signedIn.ok) throw new Error("sign-in failed");
  cookie = signedIn.cookie.split(";")[0]!;
});

afterAll(async () => {
  await closeDatabase();
  await rm(dataDir, { recursive: true, force: true });
  for (const key of ENV_KEYS) {
    const value = savedEnv[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
});

function unwrap(result: unknown): { status: number; body: Record<string, unknown> } {
  if (result && typeof result === "object" && "type" in result && (result as { type: string }).type === "DataWithResponseInit") {
    const d = result as unknown as { data: Record<string, unknown>; init: { status?: number } | null };
    return { status: d.init?.status ?? 200, body: d.data };
  }
  return { status: 200, body: result as Record<string, unknown> };
}

const page = (query: string) => new Request(`${ORIGIN}/admin/einstellungen/uebersetzungen${query}`, { headers: { Cookie: cookie } });
const post = (query: string, fields: Record<string, string>) =>
  new Request(`${ORIGIN}/admin/einstellungen/uebersetzungen${query}`, { method: "POST", headers: { Cookie: cookie, Origin: ORIGIN }, body: new URLSearchParams(fields) });

type Row = { source: string; text: string; group: string };

describe("the venue's words in other languages (issue #33 §2)", () => {
  it("lists every German text families read, and saves a language's translations from the form", async () => {
    const listed = (await adminLoader({ request: page("?sprache=fr"), params: {}, context })) as unknown as { lang: string; rows: Row[] };
    expect(listed.lang).toBe("fr");
    const sources = listed.rows.map((r) => r.source);
    expect(sources).toContain("Geburtstag Classic");
    expect(sources).toContain("Reservierter Geburtstagstisch");
    expect(sources).toContain("Bitte seien Sie 10-20 Minuten vor Ihrem Termin vor Ort.");
    expect(new Set(sources).size).toBe(sources.length);
    const fields: Record<string, string> = { lang: "fr", count: String(listed.rows.length) };
    listed.rows.forEach((row, i) => {
      fields[`source-${i}`] = row.source;
      fields[`text-${i}`] =
        row.source === "Geburtstag Classic"
          ? "Anniversaire Classic"
          : row.source === "Reservierter Geburtstagstisch"
            ? "Table d’anniversaire réservée\u0000"
            : row.source.startsWith("Bitte seien Sie")
              ? "Merci d’arriver 10 à 20 minutes avant l’heure."
              : "";
    });
    const saved = unwrap(await adminAction({ request: post("?sprache=fr", fields), params: {}, context }));
    expect(saved).toMatchObject({ status: 200, body: { ok: true, message: "Die Übersetzungen sind gespeichert." } });
    const rows = await db.select().from(venueTranslations).where(eq(venueTranslations.lang, "fr"));
    expect(rows.map((r) => r.text).sort()).toEqual(["Anniversaire Classic", "Merci d’arriver 10 à 20 minutes avant l’heure.", "Table d’anniversaire réservée"]);
    expect(rows.every((r) => r.updatedBy === manager.id)).toBe(true);
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, "settings.translations"));
    expect(audit.at(-1)?.details).toMatchObject({ lang: "fr", saved: 3, removed: 0 });
    // The same form again changes nothing.
    const again = unwrap(await adminAction({ request: post("?sprache=fr", fields), params: {}, context }));
    expect(again.body).toMatchObject({ ok: true, message: "Keine Änderungen." });
  });

  it("shows French pages in the venue's French and leaves German and untranslated text as typed", async () => {
    const fr = (await offersLoader({ request: new Request(`${ORIGIN}/fr/offers`), params: { lang: "fr" }, context })) as unknown as { offers: { name: string; venuePoints: string[] }[] };
    const classic = fr.offers.find((o) => o.name === "Anniversaire Classic")!;
    expect(classic.venuePoints).toContain("Table d’anniversaire réservée");
    expect(classic.venuePoints).toContain("2 Stunden Spielspass in der ganzen Halle");
    const de = (await offersLoader({ request: new Request(`${ORIGIN}/offers`), params: {}, context })) as unknown as { offers: { name: string }[] };
    expect(de.offers.map((o) => o.name)).toContain("Geburtstag Classic");
    expect((await loadVenueContact(db, "fr")).arrivalNote).toBe("Merci d’arriver 10 à 20 minutes avant l’heure.");
    expect((await loadVenueContact(db, "de")).arrivalNote).toBe("Bitte seien Sie 10-20 Minuten vor Ihrem Termin vor Ort.");
    expect((await loadVenueContact(db, "it")).arrivalNote).toBe("Bitte seien Sie 10-20 Minuten vor Ihrem Termin vor Ort.");
    // The page marks as German only what is not among the translated texts.
    expect(await venueTranslatedTexts("fr")).toContain("Anniversaire Classic");
    expect(await venueTranslatedTexts("de")).toEqual([]);
    // A booking's frozen offer name reads in French on its pages.
    const word = await venueWordsIn(db, "fr");
    const summary = summaryIn("fr", { offerName: "Geburtstag Classic", date: "2026-12-12", startMin: 840, endMin: 960, amountRappen: 10000, lines: [] } as never, undefined, word);
    expect((summary as { offerName: string }).offerName).toBe("Anniversaire Classic");
  });

  it("drops a translation the moment its German changes, and keeps it for the old wording", async () => {
    await db.update(offers).set({ name: "Geburtstag Classic Plus" }).where(eq(offers.name, "Geburtstag Classic"));
    const { invalidateVenueCache } = await import("~/server/booking/venue.server");
    invalidateVenueCache(db);
    await new Promise((r) => setTimeout(r, 50));
    const fr = (await offersLoader({ request: new Request(`${ORIGIN}/fr/offers`), params: { lang: "fr" }, context })) as unknown as { offers: { name: string }[] };
    expect(fr.offers.map((o) => o.name)).toContain("Geburtstag Classic Plus");
    const overview = await translationsOverview(db, "fr");
    expect(overview.find((r) => r.source === "Geburtstag Classic Plus")?.text).toBe("");
    expect((await venueWordsIn(db, "fr"))("Geburtstag Classic")).toBe("Anniversaire Classic");
  });

  it("stores only texts the venue shows, refuses an over-long one, and removes an emptied one", async () => {
    const planted = await saveTranslations(db, manager, "it", [{ source: "Irgendein Text", text: "Qualsiasi" }]);
    expect(planted).toEqual({ ok: true, changed: 0 });
    expect(await db.select().from(venueTranslations).where(eq(venueTranslations.lang, "it"))).toEqual([]);
    const tooLong = unwrap(
      await adminAction({ request: post("?sprache=it", { lang: "it", count: "1", "source-0": "Reservierter Geburtstagstisch", "text-0": "x".repeat(2001) }), params: {}, context }),
    );
    expect(tooLong).toMatchObject({ status: 400, body: { ok: false } });
    expect((tooLong.body.errors as Record<number, string>)[0]).toMatch(/^Die Übersetzung darf höchstens 2.000 Zeichen lang sein\.$/);
    const removed = await saveTranslations(db, manager, "fr", [{ source: "Reservierter Geburtstagstisch", text: "  " }]);
    expect(removed).toEqual({ ok: true, changed: 1 });
    const venue = await getVenue(db);
    expect(venue.translations.fr?.["Reservierter Geburtstagstisch"]).toBeUndefined();
    const bad = unwrap(await adminAction({ request: post("?sprache=fr", { lang: "fr", count: "9999" }), params: {}, context }));
    expect(bad.status).toBe(400);
  });

  it("is for managers only", async () => {
    await expect(adminLoader({ request: new Request(`${ORIGIN}/admin/einstellungen/uebersetzungen`), params: {}, context })).rejects.toBeInstanceOf(Response);
    expect((await db.select().from(venueProfile)).length).toBe(1);
  });
});
