import { and, desc, eq, sql } from "drizzle-orm";
import { DEFAULT_LEGAL_TEXTS, fillPlaceholders, LEGAL_KINDS, legalLinks, legalValues, validateLegalBody, type LegalKind } from "~/domain/legal-texts";
import type { VenueContact } from "~/domain/venue-contact";
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
export function renderLegal(body: string, venue: VenueContact, facts: Parameters<typeof legalValues>[1]): string {
  return renderMarkdown(fillPlaceholders(body, legalValues(venue, facts), undefined, legalLinks(venue)));
}

/** For the public pages: the text (current or a given version) rendered with today's settings. */
export async function legalPage(db: Db, kind: LegalKind, venue: VenueContact, version?: number) {
  const text = version === undefined ? await currentLegalText(db, kind) : await legalTextVersion(db, kind, version);
  if (!text) return null;
  const facts = await loadVenueFacts(db);
  return { version: text.version, createdAt: text.createdAt, html: renderLegal(text.body, venue, facts) };
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

/** A preview of an unsaved text: the same checks as a save, then rendered with today's settings. */
export async function previewLegalText(db: Db, raw: string, venue: VenueContact): Promise<{ ok: true; html: string } | { ok: false; error: string }> {
  const checked = validateLegalBody(raw);
  if (!checked.ok) return checked;
  return { ok: true, html: renderLegal(checked.body, venue, await loadVenueFacts(db)) };
}
