import { and, eq } from "drizzle-orm";
import { previewEmail } from "~/domain/email-preview";
import { EMAIL_TEXT_KINDS, emailTextFor, isDefaultEmailText, validateEmailText, type EmailText, type EmailTextKind } from "~/domain/email-texts";
import { venueNow } from "~/domain/time";
import { getVenue, venueContact } from "../booking/venue.server";
import type { Db } from "../platform/db.server";
import { getEnv } from "../platform/env.server";
import { emailTexts, staffAccounts } from "../platform/schema";
import type { Staff } from "../staff/auth.server";
import { audit, change } from "../staff/venue-admin.server";
import { emailWords } from "../i18n/texts.server";
import type { Lang } from "~/i18n/locales";

/**
 * The e-mail texts page (/admin/einstellungen/e-mail-texte). A kind has a row only while its text
 * differs from the default: "Standardtext wiederherstellen" deletes the row, and so does saving
 * the default text again, so a later improvement of a default reaches every venue that never
 * changed it. Saved like every setting: one transaction with its audit row, then the venue cache
 * (which carries the texts to the confirmation) is emptied in every process.
 */

export type EmailTextResult = { ok: true; message: string } | { ok: false; errors: Partial<Record<keyof EmailText, string>> };

export type EmailTextOverview = { kind: EmailTextKind; text: EmailText; isDefault: boolean; germanEdited: boolean; updatedAt: Date | null; updatedBy: string | null };

/** Each kind's text in one language as the settings page shows it; `germanEdited`: what a language without its own text falls back to. */
export async function emailTextsOverview(db: Db, lang: Lang = "de"): Promise<EmailTextOverview[]> {
  const rows = await db
    .select({ kind: emailTexts.kind, lang: emailTexts.lang, intro: emailTexts.intro, closing: emailTexts.closing, updatedAt: emailTexts.updatedAt, by: staffAccounts.email })
    .from(emailTexts)
    .leftJoin(staffAccounts, eq(staffAccounts.id, emailTexts.updatedBy));
  return EMAIL_TEXT_KINDS.map((kind) => {
    const row = rows.find((r) => r.kind === kind && r.lang === lang);
    const germanEdited = lang !== "de" && rows.some((r) => r.kind === kind && r.lang === "de");
    return row
      ? { kind, text: { intro: row.intro, closing: row.closing }, isDefault: false, germanEdited, updatedAt: row.updatedAt, updatedBy: row.by }
      : { kind, text: emailTextFor(undefined, kind, lang), isDefault: true, germanEdited, updatedAt: null, updatedBy: null };
  });
}

/** One kind's text in one language (issue #33 §2): German as before; a language's text replaces the fallback for its families. */
export async function saveEmailText(db: Db, staff: Staff, kind: EmailTextKind, intro: string, closing: string, now: Date = new Date(), lang: Lang = "de"): Promise<EmailTextResult> {
  const checked = validateEmailText(intro, closing);
  if (!checked.ok) return checked;
  const text = checked.text;
  // The default text stores nothing, unless the language would otherwise fall back to an edited German text.
  if (isDefaultEmailText(kind, text, lang) && !(lang !== "de" && (await germanEdited(db, kind)))) return resetEmailText(db, staff, kind, lang);
  await change(db, async (tx) => {
    const [before] = await tx.select().from(emailTexts).where(and(eq(emailTexts.kind, kind), eq(emailTexts.lang, lang))).for("update");
    await tx
      .insert(emailTexts)
      .values({ kind, lang, ...text, updatedAt: now, updatedBy: staff.id })
      .onConflictDoUpdate({ target: [emailTexts.kind, emailTexts.lang], set: { ...text, updatedAt: now, updatedBy: staff.id } });
    await audit(tx, staff, `settings.email_text.${kind}`, { ...languageOf(lang), before: before ? { intro: before.intro, closing: before.closing } : null, after: text });
  });
  return { ok: true, message: "Gespeichert. Neue E-Mails verwenden diesen Text ab sofort." };
}

export async function resetEmailText(db: Db, staff: Staff, kind: EmailTextKind, lang: Lang = "de"): Promise<EmailTextResult> {
  await change(db, async (tx) => {
    const [before] = await tx.delete(emailTexts).where(and(eq(emailTexts.kind, kind), eq(emailTexts.lang, lang))).returning();
    if (before) await audit(tx, staff, `settings.email_text.${kind}`, { ...languageOf(lang), before: { intro: before.intro, closing: before.closing }, after: null });
  });
  return { ok: true, message: "Standardtext wiederhergestellt. Neue E-Mails verwenden ihn ab sofort." };
}

async function germanEdited(db: Db, kind: EmailTextKind): Promise<boolean> {
  return (await db.select({ kind: emailTexts.kind }).from(emailTexts).where(and(eq(emailTexts.kind, kind), eq(emailTexts.lang, "de")))).length > 0;
}

/** The audit row names a text's language unless it is German (rows before issue #33 were all German). */
function languageOf(lang: Lang): { lang?: Lang } {
  return lang === "de" ? {} : { lang };
}

export type EmailPreview = { ok: true; subject: string; text: string } | { ok: false; errors: Partial<Record<keyof EmailText, string>> };

/** The unsaved text in the message it belongs to, for a made-up booking: the same checks as a save. */
export async function previewEmailText(db: Db, kind: EmailTextKind, intro: string, closing: string, lang: Lang = "de"): Promise<EmailPreview> {
  const checked = validateEmailText(intro, closing);
  if (!checked.ok) return checked;
  const venue = await getVenue(db);
  const offerName = venue.offers[0]?.name ?? "Kindergeburtstag";
  const mail = previewEmail(emailWords(lang), kind, checked.text, venueContact(venue), venueNow().date, offerName, getEnv().PUBLIC_URL);
  return { ok: true, subject: mail.subject, text: mail.text };
}
