import { and, asc, eq, gt, gte, isNotNull, lte, or, sql, type SQL } from "drizzle-orm";
import { formatDateDE, venueNow } from "~/domain/time";
import { rulesOn, type DayRule, type SpecialHours } from "~/domain/availability";
import { outsideHours, SETTINGS_MSG, type SpecialHoursInput } from "~/domain/venue-settings";
import type { ClosureInput, GeneralSettings, LocationInput, OfferInput, OpeningDay, PolicySettings, TableInput } from "~/domain/venue-settings";
import { extraOf, getVenue, invalidateVenueCache, venuePolicy } from "../booking/venue.server";
import type { Extra, ExtraInput } from "~/domain/extras";
import type { Db, Executor, Tx } from "../platform/db.server";
import { auditLog, birthdayTables, closures, extras, gameLocations, offers, openingHours, reservations, specialHours, venueSettings } from "../platform/schema";
import type { Staff } from "./auth.server";
import { displayPhone } from "~/domain/phone";

/**
 * The venue as managers change it on /admin/einstellungen: prices, opening hours, tables, offers,
 * game locations and closures. Every change is one transaction with its audit row (who, when,
 * before, after); after the commit the venue cache is emptied (`invalidateVenueCache`), so the
 * customer pages show the change at once. Existing bookings keep what they were booked with: their
 * price, table, time (they store it), and a closure over them only lists them for rebooking.
 */

export type SettingsResult<T = undefined> = { ok: true; value?: T; message: string } | { ok: false; message: string; codes?: string[]; confirm?: boolean };

export async function audit(tx: Tx, staff: Staff, action: string, details: Record<string, unknown>) {
  await tx.insert(auditLog).values({ staffId: staff.id, actor: `staff:${staff.email}`, action, details });
}

/** Runs a settings change and empties the venue cache after its commit (also when it failed half-way: harmless). */
export async function change<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } finally {
    invalidateVenueCache(db);
  }
}

// ---------------------------------------------------------------------------------------------
// Reading

/** `table`: a birthday table (false: a game location), for the check against opening hours. */
export type AffectedBooking = { code: string; date: string; startMin: number; endMin: number; name: string; phone: string; offerName: string; status: string; table: boolean };

/** Active bookings (confirmed, or held and not expired) in a date range, narrowed by `where`. */
async function activeBookings(db: Executor, from: string, to: string, where: SQL | undefined, now: Date): Promise<AffectedBooking[]> {
  const rows = await db
    .select({
      code: reservations.code,
      date: reservations.date,
      startMin: reservations.startMin,
      endMin: reservations.endMin,
      firstName: reservations.firstName,
      lastName: reservations.lastName,
      phone: reservations.phone,
      offerName: reservations.offerName,
      status: reservations.status,
      tableId: reservations.tableId,
    })
    .from(reservations)
    .where(
      and(
        gte(reservations.date, from),
        lte(reservations.date, to),
        or(eq(reservations.status, "confirmed"), and(eq(reservations.status, "held"), gt(reservations.holdExpiresAt, now))),
        where,
      ),
    )
    .orderBy(asc(reservations.date), asc(reservations.startMin), asc(reservations.code));
  return rows.map((r) => ({ code: r.code, date: r.date, startMin: r.startMin, endMin: r.endMin, name: `${r.firstName} ${r.lastName}`, phone: displayPhone(r.phone), offerName: r.offerName, status: r.status, table: r.tableId !== null }));
}

function closureFilter(c: Pick<ClosureInput, "scope" | "locationId">): SQL | undefined {
  if (c.scope === "birthdays") return isNotNull(reservations.tableId);
  if (c.scope === "location") return eq(reservations.locationId, c.locationId!);
  return undefined;
}

/** The bookings a closure would meet (or meets): to be moved by staff, never cancelled silently. */
export function bookingsInClosure(db: Executor, c: Pick<ClosureInput, "startDate" | "endDate" | "scope" | "locationId">, now: Date = new Date()) {
  return activeBookings(db, c.startDate, c.endDate, closureFilter(c), now);
}

export async function settingsOverview(db: Db) {
  const venue = await getVenue(db);
  const [hours, tables, offerRows, locations] = [
    await db.select().from(openingHours).orderBy(asc(openingHours.weekday)),
    await db.select().from(birthdayTables).orderBy(asc(birthdayTables.id)),
    await db.select().from(offers).orderBy(asc(offers.position), asc(offers.id)),
    await db.select().from(gameLocations).orderBy(asc(gameLocations.position), asc(gameLocations.id)),
  ];
  return { prices: venue.prices, policy: venuePolicy(venue), hours, tables, offers: offerRows, locations };
}

export async function closuresOverview(db: Db, now: Date = new Date()) {
  const today = venueNow(now).date;
  const rows = await db.select().from(closures).where(gte(closures.endDate, today)).orderBy(asc(closures.startDate), asc(closures.id));
  const locations = await db.select({ id: gameLocations.id, name: gameLocations.name }).from(gameLocations).orderBy(asc(gameLocations.position), asc(gameLocations.id));
  const list = [];
  for (const c of rows) list.push({ ...c, createdAt: c.createdAt.toISOString(), affected: await bookingsInClosure(db, c, now) });
  return { today, closures: list, locations };
}

// ---------------------------------------------------------------------------------------------
// Prices and hold duration, opening hours

export async function saveGeneralSettings(db: Db, staff: Staff, input: GeneralSettings): Promise<SettingsResult> {
  await change(db, async (tx) => {
    const [before] = await tx.select().from(venueSettings).where(eq(venueSettings.id, 1));
    const after = { id: 1, ...input };
    await tx.insert(venueSettings).values(after).onConflictDoUpdate({ target: venueSettings.id, set: input });
    await audit(tx, staff, "settings.prices", { before: before ?? null, after });
  });
  return { ok: true, message: "Preise und Haltedauer gespeichert. Sie gelten für neue Buchungen." };
}

/**
 * The promised numbers (self-service window, late fee, reminder time, games' lead time). Stored on
 * the settings row; a first save creates it with the prices and hold time in force.
 */
export async function savePolicySettings(db: Db, staff: Staff, input: PolicySettings): Promise<SettingsResult> {
  const prices = (await getVenue(db)).prices;
  await change(db, async (tx) => {
    const [before] = await tx.select().from(venueSettings).where(eq(venueSettings.id, 1));
    const { balanceAtVenue, ...numbers } = input;
    const row = { ...numbers, ...(balanceAtVenue === undefined ? {} : { balanceAtVenue: balanceAtVenue ? 1 : 0 }) };
    await tx.insert(venueSettings).values({ id: 1, ...prices, ...row }).onConflictDoUpdate({ target: venueSettings.id, set: row });
    await audit(tx, staff, "settings.policy", { before: before ?? null, after: input });
  });
  return { ok: true, message: "Regeln gespeichert. AGB, Buchungsseiten und E-Mails nennen ab sofort diese Zahlen." };
}

/** A change of hours: refused with the bookings it would leave outside unless confirmed (as a closure). */
export type HoursResult =
  | { ok: true; message: string; affected: AffectedBooking[] }
  | { ok: false; reason: "bookings"; message: string; affected: AffectedBooking[] }
  | { ok: false; reason: "not_found"; message: string };

export const HOURS_MSG = {
  bookings: (n: number) =>
    n === 1
      ? "1 aktive Buchung liegt ausserhalb der neuen Zeiten. Gespeichert wird nur, wenn Sie bestätigen; die Buchung bleibt bestehen – bitte rufen Sie die Familie an und buchen Sie sie um."
      : `${n} aktive Buchungen liegen ausserhalb der neuen Zeiten. Gespeichert wird nur, wenn Sie bestätigen; die Buchungen bleiben bestehen – bitte rufen Sie die Familien an und buchen Sie sie um.`,
  hoursSaved: "Öffnungszeiten gespeichert.",
  specialSaved: (date: string) => `Sonderöffnungszeiten für den ${formatDateDE(date)} gespeichert.`,
  specialDeleted: (date: string) => `Sonderöffnungszeiten für den ${formatDateDE(date)} entfernt; es gelten wieder die Zeiten des Wochentags.`,
  withBookings: (n: number) => ` ${n === 1 ? "1 Buchung liegt" : `${n} Buchungen liegen`} ausserhalb (siehe Liste).`,
  specialNotFound: "Für dieses Datum gibt es keine Sonderöffnungszeiten.",
} as const;

const dayRuleOf = (r: { weekday: number; openMin: number; closeMin: number; birthdays: number; games: number }): DayRule => ({
  weekday: r.weekday,
  openMin: r.openMin,
  closeMin: r.closeMin,
  birthdays: r.birthdays === 1,
  games: r.games === 1,
});
const specialOf = (s: typeof specialHours.$inferSelect): SpecialHours => ({ date: s.date, openMin: s.openMin, closeMin: s.closeMin, birthdays: s.birthdays === 1, games: s.games === 1, note: s.note });

/**
 * Active bookings from `from` to `to` that a change of hours newly leaves outside: inside the rules in
 * force now (`before`), outside those after the change (`after`). Bookings already outside were listed
 * when that happened and are not asked about again.
 */
async function bookingsOutside(
  db: Executor,
  from: string,
  to: string,
  before: (date: string) => DayRule[],
  after: (date: string) => DayRule[],
  now: Date,
): Promise<AffectedBooking[]> {
  return (await activeBookings(db, from, to, undefined, now)).filter((b) => outsideHours(b, after(b.date)) && !outsideHours(b, before(b.date)));
}

/** Active bookings from today on that lie outside the hours in force on their date (weekly and special hours). */
export async function bookingsOutsideHours(db: Executor, now: Date = new Date()): Promise<AffectedBooking[]> {
  const venue = await getVenue(db);
  return bookingsNowOutside(db, venueNow(now).date, "9999-12-31", (date) => rulesOn(venue.rules, venue.specialHours, date), now);
}

/** Bookings outside the hours in force on their date (the list under each special date). */
async function bookingsNowOutside(db: Executor, from: string, to: string, rules: (date: string) => DayRule[], now: Date): Promise<AffectedBooking[]> {
  return (await activeBookings(db, from, to, undefined, now)).filter((b) => outsideHours(b, rules(b.date)));
}

/**
 * The weekly hours. Active bookings from today on that the new hours leave outside (dates with
 * special hours keep those) refuse the change unless confirmed; confirmed, they are listed.
 */
export async function saveOpeningHours(db: Db, staff: Staff, days: OpeningDay[], confirmed = true, now: Date = new Date()): Promise<HoursResult> {
  return change(db, async (tx): Promise<HoursResult> => {
    const before = await tx.select().from(openingHours).orderBy(asc(openingHours.weekday));
    const after = days.map((d) => ({ weekday: d.weekday, openMin: d.openMin, closeMin: d.closeMin, birthdays: d.birthdays ? 1 : 0, games: d.games ? 1 : 0 }));
    const today = venueNow(now).date;
    const specials = (await tx.select().from(specialHours).where(gte(specialHours.date, today))).map(specialOf);
    const [oldRules, newRules] = [before.map(dayRuleOf), after.map(dayRuleOf)];
    const affected = await bookingsOutside(tx, today, "9999-12-31", (date) => rulesOn(oldRules, specials, date), (date) => rulesOn(newRules, specials, date), now);
    if (affected.length > 0 && !confirmed) return { ok: false, reason: "bookings", message: HOURS_MSG.bookings(affected.length), affected };
    for (const row of after) {
      await tx.insert(openingHours).values(row).onConflictDoUpdate({ target: openingHours.weekday, set: row });
    }
    await audit(tx, staff, "settings.opening-hours", { before, after, affectedBookings: affected.map((b) => b.code) });
    return { ok: true, message: HOURS_MSG.hoursSaved + (affected.length > 0 ? HOURS_MSG.withBookings(affected.length) : ""), affected };
  });
}

/** The special hours from today on, each with the bookings that lie outside them. */
export async function specialHoursOverview(db: Executor, now: Date = new Date()) {
  const today = venueNow(now).date;
  const rows = (await db.select().from(specialHours).where(gte(specialHours.date, today)).orderBy(asc(specialHours.date))).map(specialOf);
  const weekly = (await db.select().from(openingHours)).map(dayRuleOf);
  const list = [];
  for (const s of rows) list.push({ ...s, affected: await bookingsNowOutside(db, s.date, s.date, (date) => rulesOn(weekly, [s], date), now) });
  return { today, specialHours: list };
}

/** Stores (or replaces) the hours of one date; bookings outside them refuse it unless confirmed. */
export async function saveSpecialHours(db: Db, staff: Staff, input: SpecialHoursInput, confirmed: boolean, now: Date = new Date()): Promise<HoursResult> {
  return change(db, async (tx): Promise<HoursResult> => {
    const weekly = (await tx.select().from(openingHours)).map(dayRuleOf);
    const [before] = await tx.select().from(specialHours).where(eq(specialHours.date, input.date));
    const current = before ? [specialOf(before)] : [];
    const affected = await bookingsOutside(tx, input.date, input.date, (date) => rulesOn(weekly, current, date), (date) => rulesOn(weekly, [input], date), now);
    if (affected.length > 0 && !confirmed) return { ok: false, reason: "bookings", message: HOURS_MSG.bookings(affected.length), affected };
    const row = { date: input.date, openMin: input.openMin, closeMin: input.closeMin, birthdays: input.birthdays ? 1 : 0, games: input.games ? 1 : 0, note: input.note, createdBy: staff.id };
    await tx.insert(specialHours).values(row).onConflictDoUpdate({ target: specialHours.date, set: { ...row, createdAt: now } });
    await audit(tx, staff, "settings.special-hours.save", { date: input.date, before: before ? specialOf(before) : null, after: input, affectedBookings: affected.map((b) => b.code) });
    return { ok: true, message: HOURS_MSG.specialSaved(input.date) + (affected.length > 0 ? HOURS_MSG.withBookings(affected.length) : ""), affected };
  });
}

/** Back to the weekday's hours on that date; bookings outside those refuse it unless confirmed. */
export async function deleteSpecialHours(db: Db, staff: Staff, date: string, confirmed: boolean, now: Date = new Date()): Promise<HoursResult> {
  return change(db, async (tx): Promise<HoursResult> => {
    const [before] = await tx.select().from(specialHours).where(eq(specialHours.date, date));
    if (!before) return { ok: false, reason: "not_found", message: HOURS_MSG.specialNotFound };
    const weekly = (await tx.select().from(openingHours)).map(dayRuleOf);
    const affected = await bookingsOutside(tx, date, date, (d) => rulesOn(weekly, [specialOf(before)], d), () => weekly, now);
    if (affected.length > 0 && !confirmed) return { ok: false, reason: "bookings", message: HOURS_MSG.bookings(affected.length), affected };
    await tx.delete(specialHours).where(eq(specialHours.date, date));
    await audit(tx, staff, "settings.special-hours.delete", { date, before: specialOf(before), after: null, affectedBookings: affected.map((b) => b.code) });
    return { ok: true, message: HOURS_MSG.specialDeleted(date) + (affected.length > 0 ? HOURS_MSG.withBookings(affected.length) : ""), affected };
  });
}

// ---------------------------------------------------------------------------------------------
// Tables

const nextId = async (tx: Tx, table: typeof birthdayTables | typeof offers | typeof gameLocations | typeof extras) =>
  Number((await tx.select({ next: sql<number>`coalesce(max(${table.id}), 0) + 1` }).from(table))[0]!.next);

/** Future active bookings of a table (today included). */
function futureTableBookings(db: Executor, tableId: number, now: Date) {
  return activeBookings(db, venueNow(now).date, "9999-12-31", eq(reservations.tableId, tableId), now);
}

export const TABLE_MSG = {
  notFound: "Diesen Tisch gibt es nicht.",
  futureBookings: (codes: string[]) =>
    `Der Tisch hat künftige Buchungen (${codes.join(", ")}). Bitte buchen Sie diese zuerst auf einen anderen Tisch um; danach kann er deaktiviert werden. Oder setzen Sie «Keine neuen Buchungen ab»: Dann bleiben sie.`,
  noNewFrom: (name: string, date: string, staying: string[]) =>
    `Tisch «${name}» gespeichert: ab ${formatDateDE(date)} keine neuen Buchungen.${staying.length > 0 ? ` Diese Buchungen bleiben auf dem Tisch: ${staying.join(", ")}.` : ""}`,
  hasHistory: "Der Tisch hat frühere Buchungen und kann deshalb nicht gelöscht, nur deaktiviert werden.",
  confirmDelete: (name: string) => `Tisch «${name}» wirklich löschen? Das kann nicht rückgängig gemacht werden.`,
} as const;

export async function saveTable(db: Db, staff: Staff, id: number | null, input: TableInput, now: Date = new Date()): Promise<SettingsResult> {
  return change(db, async (tx): Promise<SettingsResult> => {
    if (id === null) {
      const row = { id: await nextId(tx, birthdayTables), name: input.name, seats: input.seats, active: input.active ? 1 : 0, noNewFrom: input.noNewFrom };
      await tx.insert(birthdayTables).values(row);
      await audit(tx, staff, "settings.table.create", { id: row.id, before: null, after: row });
      return { ok: true, message: `Tisch «${row.name}» angelegt.` };
    }
    const [before] = await tx.select().from(birthdayTables).where(eq(birthdayTables.id, id)).for("update");
    if (!before) return { ok: false, message: TABLE_MSG.notFound };
    if (before.active === 1 && !input.active) {
      const future = await futureTableBookings(tx, id, now);
      if (future.length > 0) return { ok: false, message: TABLE_MSG.futureBookings(future.map((b) => b.code)), codes: future.map((b) => b.code) };
    }
    const after = { id, name: input.name, seats: input.seats, active: input.active ? 1 : 0, noNewFrom: input.noNewFrom };
    await tx.update(birthdayTables).set(after).where(eq(birthdayTables.id, id));
    await audit(tx, staff, "settings.table.update", { id, before, after });
    if (after.noNewFrom === null) return { ok: true, message: `Tisch «${after.name}» gespeichert.` };
    // Out of sale from a date on (issue #29 §6): its bookings from then on stay where they are.
    const staying = (await futureTableBookings(tx, id, now)).filter((b) => b.date >= after.noNewFrom!);
    return { ok: true, message: TABLE_MSG.noNewFrom(after.name, after.noNewFrom, staying.map((b) => b.code)) };
  });
}

/**
 * Deletes a table without bookings. `confirmed: false` (the first «Löschen») only checks and asks
 * (issue #29 §6): a deleted table cannot come back, so the question names it.
 */
export async function deleteTable(db: Db, staff: Staff, id: number, now: Date = new Date(), confirmed = true): Promise<SettingsResult> {
  return change(db, async (tx): Promise<SettingsResult> => {
    const [before] = await tx.select().from(birthdayTables).where(eq(birthdayTables.id, id)).for("update");
    if (!before) return { ok: false, message: TABLE_MSG.notFound };
    const future = await futureTableBookings(tx, id, now);
    if (future.length > 0) return { ok: false, message: TABLE_MSG.futureBookings(future.map((b) => b.code)), codes: future.map((b) => b.code) };
    const [any] = await tx.select({ id: reservations.id }).from(reservations).where(eq(reservations.tableId, id)).limit(1);
    if (any) return { ok: false, message: TABLE_MSG.hasHistory };
    if (!confirmed) return { ok: false, confirm: true, message: TABLE_MSG.confirmDelete(before.name) };
    await tx.delete(birthdayTables).where(eq(birthdayTables.id, id));
    await audit(tx, staff, "settings.table.delete", { id, before, after: null });
    return { ok: true, message: `Tisch «${before.name}» gelöscht.` };
  });
}

// ---------------------------------------------------------------------------------------------
// Offers and game locations

export async function saveOffer(db: Db, staff: Staff, id: number | null, input: OfferInput): Promise<SettingsResult> {
  return change(db, async (tx): Promise<SettingsResult> => {
    const values = {
      name: input.name,
      basePriceRappen: input.basePriceRappen,
      slotMinutes: input.slotMinutes,
      items: input.items.map((desc, i) => ({ itemId: i + 1, desc })),
      position: input.position,
      active: input.active ? 1 : 0,
      leadHours: input.leadHours,
      minChildren: input.minChildren,
      maxChildren: input.maxChildren,
      maxAdults: input.maxAdults,
      minChargedChildren: input.minChargedChildren ?? 0,
      bufferMin: input.bufferMin ?? 0,
      depositKind: input.deposit?.depositKind ?? "none",
      depositValue: input.deposit?.depositValue ?? 0,
    };
    // More children than the largest table seats could never be placed (issue #28 §3).
    const [largest] = await tx.select({ seats: sql<number>`coalesce(max(${birthdayTables.seats}), 0)::int` }).from(birthdayTables).where(eq(birthdayTables.active, 1));
    if (input.maxChildren > (largest?.seats ?? 0)) return { ok: false, message: SETTINGS_MSG.maxChildrenTables(largest?.seats ?? 0) };
    if (id === null) {
      const row = { id: await nextId(tx, offers), ...values };
      await tx.insert(offers).values(row);
      await audit(tx, staff, "settings.offer.create", { id: row.id, before: null, after: row });
      return { ok: true, message: `Angebot «${row.name}» angelegt.` };
    }
    const [before] = await tx.select().from(offers).where(eq(offers.id, id)).for("update");
    if (!before) return { ok: false, message: "Dieses Angebot gibt es nicht." };
    // Bookings store their own price: a new price applies to new bookings only.
    await tx.update(offers).set(values).where(eq(offers.id, id));
    await audit(tx, staff, "settings.offer.update", { id, before, after: { id, ...values } });
    return { ok: true, message: `Angebot «${values.name}» gespeichert. Bestehende Buchungen behalten ihren Preis.` };
  });
}

export async function saveLocation(db: Db, staff: Staff, id: number | null, input: LocationInput): Promise<SettingsResult> {
  return change(db, async (tx): Promise<SettingsResult> => {
    const values = { ...input, active: input.active ? 1 : 0 };
    if (id === null) {
      const row = { id: await nextId(tx, gameLocations), ...values, position: await nextId(tx, gameLocations) };
      await tx.insert(gameLocations).values(row);
      await audit(tx, staff, "settings.location.create", { id: row.id, before: null, after: row });
      return { ok: true, message: `Spielort «${row.name}» angelegt.` };
    }
    const [before] = await tx.select().from(gameLocations).where(eq(gameLocations.id, id)).for("update");
    if (!before) return { ok: false, message: "Diesen Spielort gibt es nicht." };
    await tx.update(gameLocations).set(values).where(eq(gameLocations.id, id));
    await audit(tx, staff, "settings.location.update", { id, before, after: { id, ...values } });
    return { ok: true, message: `Spielort «${values.name}» gespeichert. Bestehende Buchungen behalten ihren Preis.` };
  });
}

// ---------------------------------------------------------------------------------------------
// Closures

export type ClosureResult =
  | { ok: true; message: string; affected: AffectedBooking[] }
  | { ok: false; reason: "bookings"; message: string; affected: AffectedBooking[] }
  | { ok: false; reason: "invalid"; message: string; field?: string };

export const CLOSURE_MSG = {
  bookings: (n: number) =>
    n === 1
      ? "In diesem Zeitraum gibt es 1 aktive Buchung. Die Schliessung wird nur gespeichert, wenn Sie bestätigen; die Buchung wird dann zum Umbuchen aufgelistet (nicht storniert)."
      : `In diesem Zeitraum gibt es ${n} aktive Buchungen. Die Schliessung wird nur gespeichert, wenn Sie bestätigen; die Buchungen werden dann zum Umbuchen aufgelistet (nicht storniert).`,
  unknownLocation: "Diesen Spielort gibt es nicht.",
  saved: "Schliessung gespeichert.",
  savedWithBookings: (n: number) => `Schliessung gespeichert. ${n === 1 ? "1 Buchung muss" : `${n} Buchungen müssen`} umgebucht werden (siehe Liste).`,
  deleted: "Schliessung aufgehoben.",
  notFound: "Diese Schliessung gibt es nicht.",
} as const;

/**
 * Stores a closure. Over days with active bookings it is refused with their list unless `confirmed`;
 * confirmed, it is stored and those bookings are listed for rebooking (nothing is cancelled).
 */
export async function createClosure(db: Db, staff: Staff, input: ClosureInput, confirmed: boolean, now: Date = new Date()): Promise<ClosureResult> {
  return change(db, async (tx): Promise<ClosureResult> => {
    if (input.locationId !== null) {
      const [location] = await tx.select({ id: gameLocations.id }).from(gameLocations).where(eq(gameLocations.id, input.locationId));
      if (!location) return { ok: false, reason: "invalid", message: CLOSURE_MSG.unknownLocation, field: "locationId" };
    }
    const affected = await bookingsInClosure(tx, input, now);
    if (affected.length > 0 && !confirmed) return { ok: false, reason: "bookings", message: CLOSURE_MSG.bookings(affected.length), affected };
    const [row] = await tx.insert(closures).values({ ...input, createdBy: staff.id }).returning();
    await audit(tx, staff, "settings.closure.create", { id: row!.id, before: null, after: input, affectedBookings: affected.map((b) => b.code) });
    return { ok: true, message: affected.length > 0 ? CLOSURE_MSG.savedWithBookings(affected.length) : CLOSURE_MSG.saved, affected };
  });
}

export async function deleteClosure(db: Db, staff: Staff, id: number): Promise<SettingsResult> {
  return change(db, async (tx): Promise<SettingsResult> => {
    const [before] = await tx.delete(closures).where(eq(closures.id, id)).returning();
    if (!before) return { ok: false, message: CLOSURE_MSG.notFound };
    await audit(tx, staff, "settings.closure.delete", { id, before: { ...before, createdAt: before.createdAt.toISOString() }, after: null });
    return { ok: true, message: CLOSURE_MSG.deleted };
  });
}

// ---------------------------------------------------------------------------------------------
// Extras (issue #30 §2)

/** Every extra (also those no longer offered) and the offers they can apply to, for the settings page. */
export async function extrasOverview(db: Db): Promise<{ extras: Extra[]; offers: { id: number; name: string }[] }> {
  const rows = await db.select().from(extras).orderBy(asc(extras.position), asc(extras.id));
  const offerRows = await db.select({ id: offers.id, name: offers.name }).from(offers).orderBy(asc(offers.position), asc(offers.id));
  return { extras: rows.map(extraOf), offers: offerRows };
}

/** The offers an extra may name (all of them, also those not offered right now). */
export async function offerIds(db: Db): Promise<number[]> {
  return (await db.select({ id: offers.id }).from(offers)).map((o) => o.id);
}

/**
 * Creates or changes an extra. Bookings store the extras' name and price when chosen: a change
 * applies to new choices only, and an extra is switched off rather than deleted (bookings name it).
 */
export async function saveExtra(db: Db, staff: Staff, id: number | null, input: ExtraInput): Promise<SettingsResult> {
  return change(db, async (tx): Promise<SettingsResult> => {
    const values = { ...input, gamePackage: input.gamePackage ? 1 : 0, active: input.active ? 1 : 0 };
    if (id === null) {
      const row = { id: await nextId(tx, extras), ...values };
      await tx.insert(extras).values(row);
      await audit(tx, staff, "settings.extra.create", { id: row.id, before: null, after: row });
      return { ok: true, message: `Zusatzleistung «${row.name}» angelegt.` };
    }
    const [before] = await tx.select().from(extras).where(eq(extras.id, id)).for("update");
    if (!before) return { ok: false, message: "Diese Zusatzleistung gibt es nicht." };
    await tx.update(extras).set(values).where(eq(extras.id, id));
    await audit(tx, staff, "settings.extra.update", { id, before, after: { id, ...values } });
    return { ok: true, message: `Zusatzleistung «${values.name}» gespeichert. Bestehende Buchungen behalten ihre Auswahl und ihren Preis.` };
  });
}
