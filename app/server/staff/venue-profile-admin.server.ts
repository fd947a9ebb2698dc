import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import { DEFAULT_VENUE_PROFILE, detectImageType, LOGO_MAX_BYTES, PROFILE_MSG, type LogoType, type VenueProfileInput } from "~/domain/venue-profile";
import { getVenue, readVenueProfile } from "../booking/venue.server";
import type { Db, Executor, Tx } from "../platform/db.server";
import { venueProfile } from "../platform/schema";
import type { Staff } from "./auth.server";
import { audit, change, type SettingsResult } from "./venue-admin.server";

/**
 * The venue profile as the manager keeps it on /admin/einstellungen/betrieb: identity and contact,
 * and the logo. Like every settings change: one transaction with its audit row, then the venue cache
 * is emptied in every process (NOTIFY), so pages, e-mails and calendar files show it within a second.
 */

/** The row as stored, the sample venue's values filling a database that has none yet. */
async function currentRow(tx: Tx) {
  const [row] = await tx.select().from(venueProfile).where(eq(venueProfile.id, 1)).for("update");
  return row;
}

export async function saveVenueProfile(db: Db, staff: Staff, input: VenueProfileInput, now: Date = new Date()): Promise<SettingsResult> {
  await change(db, async (tx) => {
    const before = await currentRow(tx);
    await tx
      .insert(venueProfile)
      .values({ id: 1, ...input, updatedAt: now })
      .onConflictDoUpdate({ target: venueProfile.id, set: { ...input, updatedAt: now } });
    // The logo's bytes stay out of the audit log (its hash says which one it was).
    await audit(tx, staff, "settings.profile", { before: before ? withoutLogo(before) : null, after: input });
  });
  return { ok: true, message: "Betriebsdaten gespeichert. Seiten, E-Mails und Kalendereinträge zeigen sie ab sofort." };
}

function withoutLogo(row: typeof venueProfile.$inferSelect) {
  const { logo: _bytes, updatedAt, ...rest } = row;
  return { ...rest, updatedAt: updatedAt.toISOString() };
}

/** A new logo's checks: present, small enough, and by its bytes a PNG, JPEG or WebP (never SVG). */
export function checkLogo(bytes: Uint8Array | null): { ok: true; type: LogoType } | { ok: false; message: string } {
  if (!bytes || bytes.length === 0) return { ok: false, message: PROFILE_MSG.logoMissing };
  if (bytes.length > LOGO_MAX_BYTES) return { ok: false, message: PROFILE_MSG.logoTooLarge };
  const type = detectImageType(bytes);
  return type ? { ok: true, type } : { ok: false, message: PROFILE_MSG.logoType };
}

export async function saveLogo(db: Db, staff: Staff, bytes: Uint8Array | null, now: Date = new Date()): Promise<SettingsResult> {
  const checked = checkLogo(bytes);
  if (!checked.ok || !bytes) return { ok: false, message: checked.ok ? PROFILE_MSG.logoMissing : checked.message };
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  await change(db, async (tx) => {
    const before = await currentRow(tx);
    const logo = { logo: bytes, logoType: checked.type, logoHash: hash, updatedAt: now };
    if (before) await tx.update(venueProfile).set(logo).where(eq(venueProfile.id, 1));
    else {
      const { logo: _none, ...sample } = DEFAULT_VENUE_PROFILE;
      await tx.insert(venueProfile).values({ id: 1, ...sample, ...logo });
    }
    await audit(tx, staff, "settings.profile.logo", { before: before?.logoHash ?? null, after: hash, type: checked.type, bytes: bytes.length });
  });
  return { ok: true, message: "Logo gespeichert." };
}

export async function removeLogo(db: Db, staff: Staff, now: Date = new Date()): Promise<SettingsResult> {
  await change(db, async (tx) => {
    const before = await currentRow(tx);
    if (!before?.logoHash) return;
    await tx.update(venueProfile).set({ logo: null, logoType: null, logoHash: null, updatedAt: now }).where(eq(venueProfile.id, 1));
    await audit(tx, staff, "settings.profile.logo", { before: before.logoHash, after: null });
  });
  return { ok: true, message: "Logo entfernt. Es wird wieder das Standardlogo gezeigt." };
}

/** What the settings page shows: the profile (from the database, not the cache: the manager sees what is stored). */
export function profileOverview(db: Executor) {
  return readVenueProfile(db);
}

/**
 * The settings page's posts: a plain form, or the logo's multipart upload read in memory with a
 * per-part limit (the HTTP edge already bounded the whole body). Null with a German message when
 * the upload is too large or not a readable form.
 */
export async function readSettingsForm(request: Request): Promise<{ ok: true; form: FormData } | { ok: false; message: string }> {
  const type = request.headers.get("Content-Type") ?? "";
  try {
    if (!type.toLowerCase().startsWith("multipart/form-data")) return { ok: true, form: await request.formData() };
    const handler = unstable_createMemoryUploadHandler({ maxPartSize: LOGO_MAX_BYTES });
    return { ok: true, form: await unstable_parseMultipartFormData(request, handler) };
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { ok: false, message: PROFILE_MSG.logoTooLarge };
    return { ok: false, message: "Das Formular konnte nicht gelesen werden. Bitte versuchen Sie es erneut." };
  }
}

/** A form's file field as bytes (null when none was chosen). */
export async function fileBytes(value: FormDataEntryValue | null): Promise<Uint8Array | null> {
  if (!value || typeof value === "string") return null;
  return new Uint8Array(await value.arrayBuffer());
}

/**
 * The logo at /logo/<hash>.<ext>: only the current one (the cached profile knows its hash, so an
 * unknown name costs no query), its bytes kept after the first read — they never change for a hash.
 */
let lastLogo: { hash: string; type: LogoType; bytes: Uint8Array<ArrayBuffer> } | undefined;

export async function readLogo(db: Db, wanted: { hash: string; type: LogoType }): Promise<{ type: LogoType; bytes: Uint8Array<ArrayBuffer> } | null> {
  const current = (await getVenue(db)).profile.logo;
  if (!current || current.hash !== wanted.hash || current.type !== wanted.type) return null;
  if (lastLogo?.hash === wanted.hash && lastLogo.type === wanted.type) return lastLogo;
  const [row] = await db
    .select({ logo: venueProfile.logo, logoType: venueProfile.logoType })
    .from(venueProfile)
    .where(and(eq(venueProfile.id, 1), eq(venueProfile.logoHash, wanted.hash)));
  if (!row?.logo || row.logoType !== wanted.type) return null;
  lastLogo = { hash: wanted.hash, type: wanted.type, bytes: new Uint8Array(row.logo) };
  return lastLogo;
}
