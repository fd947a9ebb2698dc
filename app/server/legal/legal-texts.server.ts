import { and, desc, eq, sql } from "drizzle-orm";
import {
  DEFAULT_LEGAL_TEXTS,
  fillPlaceholders,
  LEGAL_KINDS,
  legalLinks,
  legalValues,
  normaliseBody,
  staleTranslationError,
  translationDraft,
  translationFits,
  validateLegalBody,
  type LegalKind,
  type LegalWords,
} from "~/domain/legal-texts";
import type { VenueContact } from "~/domain/venue-contact";
import type { VenueFacts } from "~/domain/venue-settings";
import type { Lang } from "~/i18n/locales";
import { lateCancellationIn } from "../booking/manage-texts.server";
import { t } from "../i18n/texts.server";
import type { Db, Executor } from "../platform/db.server";
import { auditLog, legalTexts, staffAccounts } from "../platform/schema";
import type { Staff } from "../staff/auth.server";
import { invalidateVenueCache, loadVenueFacts } from "../booking/venue.server";
import { renderMarkdown } from "./markdown.server";

/**
 * Versioned legal texts. A row is never updated: version n of the AGB reads the same forever, so
 * a booking's `agb_version` always shows what the family accepted. Version 0 is the built-in
 * default (no row), so a fresh database has terms and a booking made then still has a text.
 */
export type LegalVersion = { kind: LegalKind; version: number; body: string; createdAt: Date | null; createdBy: number | null };

function defaultVersion(kind: LegalKind): LegalVersion {
  return { kind, version: 0, body: DEFAULT_LEGAL_TEXTS[kind], createdAt: null, createdBy: null };
}

export async function currentLegalText(db: Executor, kind: LegalKind): Promise<LegalVersion> {
  const [row] = await db.select().from(legalTexts).where(and(eq(legalTexts.kind, kind), eq(legalTexts.lang, "de"))).orderBy(desc(legalTexts.version)).limit(1);
  return row ?? defaultVersion(kind);
}

/** A given version; 0 is the default; null when it does not exist. */
export async function legalTextVersion(db: Executor, kind: LegalKind, version: number): Promise<LegalVersion | null> {
  if (version === 0) return defaultVersion(kind);
  const [row] = await db.select().from(legalTexts).where(and(eq(legalTexts.kind, kind), eq(legalTexts.lang, "de"), eq(legalTexts.version, version))).limit(1);
  return row ?? null;
}

/** Versions newest first, without bodies, with the author's e-mail for the history list. */
export async function legalTextHistory(db: Executor, kind: LegalKind) {
  return db
    .select({ version: legalTexts.version, createdAt: legalTexts.createdAt, createdBy: staffAccounts.email })
    .from(legalTexts)
    .leftJoin(staffAccounts, eq(staffAccounts.id, legalTexts.createdBy))
    .where(and(eq(legalTexts.kind, kind), eq(legalTexts.lang, "de")))
    .orderBy(desc(legalTexts.version))
    .limit(100);
}

export type SaveLegalResult = { ok: true; version: number; created: boolean } | { ok: false; error: string };

/**
 * Saves a new version. Two managers saving at once get distinct numbers: a per-kind advisory lock
 * serialises the read of the highest version and the insert (the unique index is the backstop).
 * Saving the current text again creates no version.
 */
export async function saveLegalText(db: Db, staff: Staff, kind: LegalKind, raw: string): Promise<SaveLegalResult> {
  const checked = validateLegalBody(raw);
  if (!checked.ok) return checked;
  const result = await db.transaction(async (tx): Promise<SaveLegalResult> => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`legal_texts:${kind}`}))`);
    const current = await currentLegalText(tx, kind);
    if (current.body.replace(/\r\n?/g, "\n").trim() === checked.body) return { ok: true, version: current.version, created: false };
    const version = current.version + 1;
    await tx.insert(legalTexts).values({ kind, version, body: checked.body, createdBy: staff.id });
    await tx.insert(auditLog).values({
      staffId: staff.id,
      actor: `staff:${staff.email}`,
      action: `settings.legal.${kind}`,
      details: { version, previousVersion: current.version, length: checked.body.length },
    });
    return { ok: true, version, created: true };
  });
  // The venue cache carries the AGB version new bookings store: a new version empties it, in every process.
  if (result.ok && result.created) invalidateVenueCache(db);
  return result;
}

/** Markdown with the venue's current numbers and identity filled in, as safe HTML. */
export function renderLegal(body: string, venue: VenueContact, facts: VenueFacts, words?: LegalWords): string {
  return renderMarkdown(fillPlaceholders(body, legalValues(venue, facts, words), undefined, legalLinks(venue)));
}

/** The generated sentences a translation's placeholders read in its language (German: none, the spec's words). */
function legalWords(lang: Lang, facts: VenueFacts): LegalWords | undefined {
  if (lang === "de") return undefined;
  return { lateCancellation: lateCancellationIn(lang, facts.lateCancelFeePercent), uidMissing: t(lang, "legal", "uidMissing") };
}

/** A text rendered in a language: its facts (opening hours, days) and generated sentences worded in it. */
async function renderIn(db: Db, lang: Lang, body: string, venue: VenueContact): Promise<string> {
  const facts = await loadVenueFacts(db, lang);
  return renderLegal(body, venue, facts, legalWords(lang, facts));
}

/**
 * For the public pages: the text (current or a given German version) rendered with today's
 * settings. In French, Italian or English the translation of exactly that German version when
 * there is one; otherwise the German text (`german: true`: the page marks it `lang="de-CH"` and says
 * it exists only in German), filled in German. `version` and `createdAt` are always the German
 * version's: it is what binds and what a booking's `agb_version` names.
 */
export async function legalPage(db: Db, kind: LegalKind, venue: VenueContact, version?: number, lang: Lang = "de") {
  const text = version === undefined ? await currentLegalText(db, kind) : await legalTextVersion(db, kind, version);
  if (!text) return null;
  const base = { version: text.version, createdAt: text.createdAt };
  if (lang !== "de") {
    const translation = await legalTranslation(db, kind, lang, text.version);
    if (translation && translationFits(text.version, translation)) return { ...base, german: false, html: await renderIn(db, lang, translation.body, venue) };
  }
  return { ...base, german: lang !== "de", html: await renderIn(db, "de", text.body, venue) };
}

/** A translation row (issue #33 §2): German version `version` in `lang`, correction `revision`. */
export type LegalTranslation = { kind: LegalKind; lang: Lang; version: number; revision: number; body: string; createdAt: Date; createdBy: number | null };

/** The latest revision of the translation of German version `version` into `lang`; null when there is none. */
export async function legalTranslation(db: Executor, kind: LegalKind, lang: Lang, version: number): Promise<LegalTranslation | null> {
  if (lang === "de") return null;
  const [row] = await db
    .select()
    .from(legalTexts)
    .where(and(eq(legalTexts.kind, kind), eq(legalTexts.lang, lang), eq(legalTexts.version, version)))
    .orderBy(desc(legalTexts.revision))
    .limit(1);
  return row ?? null;
}

/** The newest translation into `lang` of any German version (the settings page offers an outdated one to check). */
export async function latestLegalTranslation(db: Executor, kind: LegalKind, lang: Lang): Promise<LegalTranslation | null> {
  if (lang === "de") return null;
  const [row] = await db
    .select()
    .from(legalTexts)
    .where(and(eq(legalTexts.kind, kind), eq(legalTexts.lang, lang)))
    .orderBy(desc(legalTexts.version), desc(legalTexts.revision))
    .limit(1);
  return row ?? null;
}

/** A language's translations and corrections newest first, without bodies, with the author's e-mail. */
export async function legalTranslationHistory(db: Executor, kind: LegalKind, lang: Lang) {
  return db
    .select({ version: legalTexts.version, revision: legalTexts.revision, createdAt: legalTexts.createdAt, createdBy: staffAccounts.email })
    .from(legalTexts)
    .leftJoin(staffAccounts, eq(staffAccounts.id, legalTexts.createdBy))
    .where(and(eq(legalTexts.kind, kind), eq(legalTexts.lang, lang)))
    .orderBy(desc(legalTexts.version), desc(legalTexts.revision))
    .limit(100);
}

export type SaveTranslationResult =
  | { ok: true; version: number; revision: number; created: boolean }
  | { ok: false; error: string }
  | { ok: false; error: string; stale: true; currentVersion: number };

/**
 * Saves a translation of the current German version (`germanVersion` is the one the form showed).
 * If German changed meanwhile nothing is saved: the translation was written against a text that no
 * longer binds. A correction is the next revision — rows are never updated; a per-kind-and-language
 * advisory lock gives two managers saving at once distinct revisions (the unique index is the
 * backstop). Saving the latest revision's text again creates nothing.
 */
export async function saveLegalTranslation(db: Db, staff: Staff, kind: LegalKind, lang: Lang, germanVersion: number, raw: string): Promise<SaveTranslationResult> {
  if (lang === "de") return { ok: false, error: "Deutsch ist die massgebende Fassung, keine Übersetzung." };
  const checked = validateLegalBody(raw);
  if (!checked.ok) return checked;
  return db.transaction(async (tx): Promise<SaveTranslationResult> => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`legal_texts:${kind}:${lang}`}))`);
    const german = await currentLegalText(tx, kind);
    if (german.version !== germanVersion) return { ok: false, error: staleTranslationError(germanVersion, german.version), stale: true, currentVersion: german.version };
    const latest = await legalTranslation(tx, kind, lang, german.version);
    if (latest && normaliseBody(latest.body) === checked.body) return { ok: true, version: german.version, revision: latest.revision, created: false };
    const revision = (latest?.revision ?? 0) + 1;
    await tx.insert(legalTexts).values({ kind, lang, version: german.version, revision, body: checked.body, createdBy: staff.id });
    await tx.insert(auditLog).values({
      staffId: staff.id,
      actor: `staff:${staff.email}`,
      action: `settings.legal.${kind}`,
      details: { lang, version: german.version, revision, length: checked.body.length },
    });
    return { ok: true, version: german.version, revision, created: true };
  });
}

/** The manager's page: each text's current body and version history. */
export async function legalTextsOverview(db: Db) {
  return Promise.all(
    LEGAL_KINDS.map(async (kind) => {
      const current = await currentLegalText(db, kind);
      return { kind, version: current.version, body: current.body, history: await legalTextHistory(db, kind) };
    }),
  );
}

/**
 * The manager's page for a translation language: per kind the current German version, what the
 * form prefills (`translationDraft`) and the language's revisions.
 */
export async function legalTranslationsOverview(db: Db, lang: Lang) {
  return Promise.all(
    LEGAL_KINDS.map(async (kind) => {
      const german = await currentLegalText(db, kind);
      const latest = await latestLegalTranslation(db, kind, lang);
      const draft = translationDraft(german, latest);
      return { kind, germanVersion: german.version, draft, draftAt: latest && draft.source !== "german" ? latest.createdAt : null, history: await legalTranslationHistory(db, kind, lang) };
    }),
  );
}

/** A preview of an unsaved text: the same checks as a save, then rendered with today's settings (in the text's language). */
export async function previewLegalText(db: Db, raw: string, venue: VenueContact, lang: Lang = "de"): Promise<{ ok: true; html: string } | { ok: false; error: string }> {
  const checked = validateLegalBody(raw);
  if (!checked.ok) return checked;
  return { ok: true, html: await renderIn(db, lang, checked.body, venue) };
}
