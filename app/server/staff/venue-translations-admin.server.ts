import { createHash } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { checkTranslation, venueSources, type TranslationLang, type VenueSource } from "~/domain/venue-translations";
import { venueNow } from "~/domain/time";
import { getVenue, invalidateVenueCache, readVenueTranslations } from "../booking/venue.server";
import type { Db } from "../platform/db.server";
import { auditLog, staffAccounts, venueTranslations } from "../platform/schema";
import type { Staff } from "./auth.server";

/** The row key: a 2000-character text is too long for a btree index, its SHA-256 is not. */
export function sourceHash(source: string): string {
  return createHash("sha256").update(source, "utf8").digest("hex");
}

export type TranslationRow = VenueSource & { text: string; updatedAt: string | null; updatedBy: string | null };

/** The settings page: every German text families read, with its translation in `lang` (or empty). */
export async function translationsOverview(db: Db, lang: TranslationLang): Promise<TranslationRow[]> {
  const venue = await getVenue(db);
  const rows = await db
    .select({ source: venueTranslations.source, text: venueTranslations.text, updatedAt: venueTranslations.updatedAt, updatedBy: staffAccounts.email })
    .from(venueTranslations)
    .leftJoin(staffAccounts, eq(staffAccounts.id, venueTranslations.updatedBy))
    .where(eq(venueTranslations.lang, lang));
  const bySource = new Map(rows.map((r) => [r.source, r]));
  return venueSources(venue, venueNow().date).map((s) => {
    const row = bySource.get(s.source);
    return { ...s, text: row?.text ?? "", updatedAt: row?.updatedAt.toISOString() ?? null, updatedBy: row?.updatedBy ?? null };
  });
}

export type SaveTranslationsResult = { ok: true; changed: number } | { ok: false; errors: Record<number, string> };

/**
 * Saves the page's translations of one language at once: a filled field is stored, an emptied one
 * removed (the German shows again). Only texts the venue currently shows can be translated, so the
 * form cannot plant rows for arbitrary text; a German text changed since the page was loaded is
 * skipped (its field belonged to the old wording). Rows of older wordings stay: bookings keep their
 * frozen offer names, and those still read in their language.
 */
export async function saveTranslations(db: Db, staff: Staff, lang: TranslationLang, entries: { source: string; text: string }[]): Promise<SaveTranslationsResult> {
  const venue = await getVenue(db);
  const current = new Set(venueSources(venue, venueNow().date).map((s) => s.source));
  const errors: Record<number, string> = {};
  const checked: { source: string; text: string }[] = [];
  entries.forEach((entry, i) => {
    if (!current.has(entry.source)) return;
    const result = checkTranslation(entry.text);
    if (!result.ok) errors[i] = result.error;
    else checked.push({ source: entry.source, text: result.text });
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const stored = (await readVenueTranslations(db))[lang] ?? {};
  const upserts = checked.filter((e) => e.text !== "" && stored[e.source] !== e.text);
  const removals = checked.filter((e) => e.text === "" && stored[e.source] !== undefined);
  if (upserts.length + removals.length === 0) return { ok: true, changed: 0 };
  await db.transaction(async (tx) => {
    const now = new Date();
    for (const e of upserts) {
      await tx
        .insert(venueTranslations)
        .values({ lang, sourceHash: sourceHash(e.source), source: e.source, text: e.text, updatedAt: now, updatedBy: staff.id })
        .onConflictDoUpdate({ target: [venueTranslations.lang, venueTranslations.sourceHash], set: { text: e.text, updatedAt: now, updatedBy: staff.id } });
    }
    if (removals.length > 0) {
      await tx.delete(venueTranslations).where(and(eq(venueTranslations.lang, lang), inArray(venueTranslations.sourceHash, removals.map((e) => sourceHash(e.source)))));
    }
    await tx.insert(auditLog).values({
      staffId: staff.id,
      actor: `staff:${staff.email}`,
      action: "settings.translations",
      details: { lang, saved: upserts.length, removed: removals.length },
    });
  });
  invalidateVenueCache(db);
  return { ok: true, changed: upserts.length + removals.length };
}
