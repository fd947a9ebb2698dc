import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as agbLoader } from "~/routes/agb._index";
import { loader as agbVersionLoader } from "~/routes/agb.$version";
import { loader as imprintLoader } from "~/routes/impressum";
import { loader as privacyLoader } from "~/routes/datenschutz";
import { action as adminAction, loader as adminLoader } from "~/routes/admin.einstellungen.texte";
import { saveLegalText } from "~/server/legal/legal-texts.server";
import { closeDatabase, getDb, type Db } from "~/server/platform/db.server";
import { resetEnvForTests } from "~/server/platform/env.server";
import { signIn, type Staff } from "~/server/staff/auth.server";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";

/**
 * The legal pages' routes per language (issue #33 §2) on the embedded database: the public
 * loaders (`/fr/agb`, `/fr/agb/<n>`, `/it/impressum`, German unchanged) and the manager's
 * translation form (`/admin/einstellungen/texte?sprache=fr`), its save and its stale refusal.
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
  dataDir = await mkdtemp(path.join(tmpdir(), "kidsindoor-legal-languages-"));
  Object.assign(process.env, { DATA_DIR: dataDir, PUBLIC_URL: ORIGIN, PAYMENT_PROVIDER: "simulated", SESSION_SECRET: "legal-languages-secret-0123456789" });
  resetEnvForTests();
  await closeDatabase();
  db = await getDb();
  manager = await createStaffAccount(db, "chef@funworld.ch", "chef-password-1", "manager");
  const signedIn = await signIn(db, new Request(`${ORIGIN}/admin/login`), "chef@funworld.ch", "chef-password-1", "legal-languages");
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

const get = (p: string) => new Request(`${ORIGIN}${p}`);
const adminGet = (query: string) => new Request(`${ORIGIN}/admin/einstellungen/texte${query}`, { headers: { Cookie: cookie } });
function adminPost(query: string, fields: Record<string, string>) {
  return new Request(`${ORIGIN}/admin/einstellungen/texte${query}`, { method: "POST", headers: { Cookie: cookie, Origin: ORIGIN }, body: new URLSearchParams(fields) });
}
/** A loader's or action's value, with the status `data()` gave it (200 when plain). */
function unwrap(result: unknown): { status: number; body: Record<string, unknown> } {
  if (result && typeof result === "object" && "type" in result && (result as { type: string }).type === "DataWithResponseInit") {
    const d = result as unknown as { data: Record<string, unknown>; init: { status?: number } | null };
    return { status: d.init?.status ?? 200, body: d.data };
  }
  return { status: 200, body: result as Record<string, unknown> };
}

describe("legal pages per language (issue #33 §2)", () => {
  it("keeps the German pages as they were", async () => {
    const agb = await agbLoader({ request: get("/agb"), params: {}, context });
    expect(agb).toMatchObject({ title: "Allgemeine Geschäftsbedingungen", metaTitle: "AGB", note: "Standardfassung", notice: null, german: false });
    const imprint = await imprintLoader({ request: get("/impressum"), params: {}, context });
    expect(imprint).toMatchObject({ title: "Impressum", metaTitle: "Impressum", notice: null, german: false });
    const v0 = unwrap(await agbVersionLoader({ request: get("/agb/0"), params: { version: "0" }, context }));
    expect(v0.body).toMatchObject({ found: true, note: "Standardfassung (Version 0)", notice: null });
    const missing = unwrap(await agbVersionLoader({ request: get("/agb/99"), params: { version: "99" }, context }));
    expect(missing).toMatchObject({ status: 404, body: { found: false, notFound: "Diese Version der AGB gibt es nicht.", showCurrent: "Aktuelle AGB anzeigen" } });
  });

  it("shows the German, marked, with the page's note where there is no translation", async () => {
    const imprint = await imprintLoader({ request: get("/it/impressum"), params: { lang: "it" }, context });
    expect(imprint).toMatchObject({ title: "Note legali", metaTitle: "Note legali", notice: "Questo testo è disponibile solo in tedesco.", german: true });
    const agb = await agbLoader({ request: get("/fr/agb"), params: { lang: "fr" }, context });
    expect(agb).toMatchObject({ title: "Conditions générales", note: "Version standard", notice: "Ce texte n’est disponible qu’en allemand.", german: true });
    const missing = unwrap(await agbVersionLoader({ request: get("/fr/agb/99"), params: { lang: "fr", version: "99" }, context }));
    expect(missing).toMatchObject({ status: 404, body: { notFound: "Cette version des CG n’existe pas.", showCurrent: "Afficher les CG actuelles" } });
  });

  it("lets a manager translate, then shows the translation with the binding note", async () => {
    const page = await adminLoader({ request: adminGet("?sprache=fr"), params: {}, context });
    expect(page.lang).toBe("fr");
    expect(page.texts).toEqual([]);
    const agb = page.translations.find((t) => t.kind === "agb")!;
    expect(agb).toMatchObject({ germanVersion: 0, draft: { source: "german" }, history: [] });

    const preview = unwrap(await adminAction({ request: adminPost("?sprache=fr", { kind: "agb", lang: "fr", germanVersion: "0", intent: "preview", body: "Chez {name}. {storno_spaet}" }), params: {}, context }));
    expect(preview.body).toMatchObject({ ok: true, preview: expect.stringContaining("Chez Fun World.") });
    expect(preview.body.preview).not.toContain("zurückerstattet");

    const saved = unwrap(await adminAction({ request: adminPost("?sprache=fr", { kind: "agb", lang: "fr", germanVersion: "0", intent: "save", body: "## Conditions\n\nChez {name}." }), params: {}, context }));
    expect(saved.body).toMatchObject({ ok: true, message: "Gespeichert: Übersetzung zu Version 0, Revision 1." });
    const again = unwrap(await adminAction({ request: adminPost("?sprache=fr", { kind: "agb", lang: "fr", germanVersion: "0", intent: "save", body: "## Conditions\n\nChez {name}." }), params: {}, context }));
    expect(again.body).toMatchObject({ ok: true, message: "Keine Änderung; Revision 1 der Übersetzung zu Version 0 bleibt gültig." });

    const shown = await agbLoader({ request: get("/fr/agb"), params: { lang: "fr" }, context });
    expect(shown).toMatchObject({ notice: "Traduction. Seule la version allemande fait foi.", german: false, html: expect.stringContaining("Chez Fun World.") });
    const accepted = unwrap(await agbVersionLoader({ request: get("/fr/agb/0"), params: { lang: "fr", version: "0" }, context }));
    expect(accepted.body).toMatchObject({ found: true, note: "Version standard (version 0)", german: false });
    // German and other languages are untouched.
    expect(await agbLoader({ request: get("/agb"), params: {}, context })).toMatchObject({ notice: null, html: expect.stringContaining("Geltungsbereich") });
    expect(await privacyLoader({ request: get("/fr/datenschutz"), params: { lang: "fr" }, context })).toMatchObject({ german: true });
  });

  it("refuses a translation written against an older German version, keeping the typed text, and offers the old one to check", async () => {
    await saveLegalText(db, manager, "agb", "## Neu\n\nNeue Bedingungen von {name}.");
    const stale = unwrap(await adminAction({ request: adminPost("?sprache=fr", { kind: "agb", lang: "fr", germanVersion: "0", intent: "save", body: "## Conditions\n\nAutre." }), params: {}, context }));
    expect(stale).toMatchObject({ status: 409, body: { ok: false, message: expect.stringContaining("Die deutsche Fassung wurde inzwischen geändert (jetzt Version 1)"), values: { body: "## Conditions\n\nAutre." } } });

    const page = await adminLoader({ request: adminGet("?sprache=fr"), params: {}, context });
    expect(page.translations.find((t) => t.kind === "agb")).toMatchObject({ germanVersion: 1, draft: { source: "older", version: 0, revision: 1, body: "## Conditions\n\nChez {name}." } });
    // `/fr/agb` now shows German version 1, marked; `/fr/agb/1` too, with its date.
    expect(await agbLoader({ request: get("/fr/agb"), params: { lang: "fr" }, context })).toMatchObject({ note: "Version 1", german: true });
    const v1 = unwrap(await agbVersionLoader({ request: get("/fr/agb/1"), params: { lang: "fr", version: "1" }, context }));
    expect(v1.body).toMatchObject({ found: true, german: true, note: expect.stringMatching(/^Version 1 du \d{2}\.\d{2}\.\d{4}$/) });
    const v1de = unwrap(await agbVersionLoader({ request: get("/agb/1"), params: { version: "1" }, context }));
    expect(v1de.body).toMatchObject({ note: expect.stringMatching(/^Version 1 vom \d{2}\.\d{2}\.\d{4}$/) });

    // A bad version field is a plain refusal, nothing stored.
    const bad = unwrap(await adminAction({ request: adminPost("?sprache=fr", { kind: "agb", lang: "fr", germanVersion: "x", intent: "save", body: "Texte" }), params: {}, context }));
    expect(bad).toMatchObject({ status: 400, body: { ok: false, message: "Ungültige Anfrage." } });
  });
});
