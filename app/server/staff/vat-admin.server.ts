import { asc, eq } from "drizzle-orm";
import { parseDateInput } from "~/domain/booking-search";
import { formatRate, isVatMode, parseRatePercent, VAT_MSG, type VatMode } from "~/domain/receipts";
import { formatDateDE, venueNow } from "~/domain/time";
import { readVatSettings } from "../accounting/receipts.server";
import type { Db } from "../platform/db.server";
import { vatRates, venueSettings } from "../platform/schema";
import type { Staff } from "./auth.server";
import { audit, change, type SettingsResult } from "./venue-admin.server";
import { getVenue } from "../booking/venue.server";

/**
 * The MWST settings (issue #31 §1) on /admin/einstellungen/mwst: whether prices include MWST or the
 * venue is not liable, and the rates by the day they apply from. A rate that already applies cannot
 * be removed (documents and reports refer to it); a future one can, until its day.
 */

export type VatOverview = { mode: VatMode; rates: { validFrom: string; day: string; rate: string; current: boolean; removable: boolean }[] };

export async function vatOverview(db: Db, now: Date = new Date()): Promise<VatOverview> {
  const today = venueNow(now).date;
  const settings = await readVatSettings(db);
  const rows = await db.select().from(vatRates).orderBy(asc(vatRates.validFrom));
  const current = rows.filter((r) => r.validFrom <= today).at(-1)?.validFrom;
  return {
    mode: settings.mode,
    rates: rows.map((r) => ({ validFrom: r.validFrom, day: formatDateDE(r.validFrom), rate: formatRate(r.rateBp), current: r.validFrom === current, removable: r.validFrom > today })),
  };
}

export async function saveVatMode(db: Db, staff: Staff, value: unknown): Promise<SettingsResult> {
  if (!isVatMode(value)) return { ok: false, message: VAT_MSG.mode };
  const prices = (await getVenue(db)).prices;
  await change(db, async (tx) => {
    const [before] = await tx.select({ vatMode: venueSettings.vatMode }).from(venueSettings).where(eq(venueSettings.id, 1));
    await tx.insert(venueSettings).values({ id: 1, ...prices, vatMode: value }).onConflictDoUpdate({ target: venueSettings.id, set: { vatMode: value } });
    await audit(tx, staff, "settings.vat-mode", { before: before?.vatMode ?? "included", after: value });
  });
  return { ok: true, message: VAT_MSG.modeSaved(value) };
}

export type RateErrors = { validFrom?: string; rate?: string };

export async function addVatRate(db: Db, staff: Staff, input: { validFrom: unknown; rate: unknown }): Promise<SettingsResult & { errors?: RateErrors }> {
  const errors: RateErrors = {};
  const validFrom = typeof input.validFrom === "string" ? parseDateInput(input.validFrom.trim()) : null;
  const rateBp = parseRatePercent(input.rate);
  if (!validFrom) errors.validFrom = VAT_MSG.validFrom;
  if (rateBp === null) errors.rate = VAT_MSG.rate;
  if (!validFrom || rateBp === null) return { ok: false, message: "Bitte prüfen Sie die markierten Felder.", errors };
  const inserted = await change(db, async (tx) => {
    const [row] = await tx.insert(vatRates).values({ validFrom, rateBp, createdBy: staff.id }).onConflictDoNothing().returning();
    if (row) await audit(tx, staff, "settings.vat-rate", { before: null, after: { validFrom, rateBp } });
    return row;
  });
  if (!inserted) return { ok: false, message: VAT_MSG.duplicate(formatDateDE(validFrom)), errors: { validFrom: VAT_MSG.duplicate(formatDateDE(validFrom)) } };
  return { ok: true, message: VAT_MSG.rateSaved(formatRate(rateBp), formatDateDE(validFrom)) };
}

export async function deleteVatRate(db: Db, staff: Staff, value: unknown, now: Date = new Date()): Promise<SettingsResult> {
  const validFrom = typeof value === "string" ? parseDateInput(value.trim()) : null;
  if (!validFrom) return { ok: false, message: VAT_MSG.notFound };
  if (validFrom <= venueNow(now).date) return { ok: false, message: VAT_MSG.pastDelete };
  const deleted = await change(db, async (tx) => {
    const [row] = await tx.delete(vatRates).where(eq(vatRates.validFrom, validFrom)).returning();
    if (row) await audit(tx, staff, "settings.vat-rate", { before: { validFrom, rateBp: row.rateBp }, after: null });
    return row;
  });
  return deleted ? { ok: true, message: VAT_MSG.rateDeleted(formatDateDE(validFrom)) } : { ok: false, message: VAT_MSG.notFound };
}
