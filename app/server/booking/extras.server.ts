import { asc, eq, inArray } from "drizzle-orm";
import { extraAppliesTo, extraOrderable, EXTRAS_MSG, keepOfferedPicks, parseExtraPicks, priceExtras, samePicks, type BookedExtra, type Extra, type ExtraPick } from "~/domain/extras";
import { venueNow } from "~/domain/time";
import type { Executor, Tx } from "../platform/db-types";
import { reservationExtras } from "../platform/schema";
import type { Venue } from "./venue.server";

/**
 * Extras on bookings (issue #30 §2): which are offered for a booking, the server's prices of a
 * family's choice, and the rows a booking stores (name, unit and price copied when chosen).
 */

/** What the extras rules need of a booking (or of a booking in progress). */
export type ExtrasTarget = { offerId: number | null; gameType: number | null; date: string; startMin: number; children: number };

/** The number extras per child are limited by: a birthday's children, the game package's players. */
export function extrasChildren(b: { numChildren: number; players?: number | null; gameType?: number | null }): number {
  return b.gameType === 2 ? (b.players ?? 0) : b.numChildren;
}

/** The venue's active extras for this booking: those still orderable, and those whose deadline passed. */
export function extrasFor(venue: Pick<Venue, "extras">, target: ExtrasTarget, now: Date = new Date()): { orderable: Extra[]; late: Extra[] } {
  const at = venueNow(now);
  const applying = venue.extras.filter((e) => extraAppliesTo(e, target));
  return {
    orderable: applying.filter((e) => extraOrderable(e.deadlineDays, target, at)),
    late: applying.filter((e) => !extraOrderable(e.deadlineDays, target, at)),
  };
}

/**
 * A family's choice priced by the server for a new booking. Every pick must be for an extra offered
 * and orderable now, within its limit; the price is the extra's today.
 */
export function priceNewExtras(
  venue: Pick<Venue, "extras">,
  target: ExtrasTarget,
  picks: readonly ExtraPick[] | undefined,
  now: Date = new Date(),
  /** False for staff: an extra past its order deadline may still be booked (the kitchen agreed). */
  deadlines = true,
): { ok: true; booked: BookedExtra[] } | { ok: false; message: string } {
  if (!picks || picks.length === 0) return { ok: true, booked: [] };
  const offered = extrasFor(venue, target, now);
  const orderable = deadlines ? offered.orderable : [...offered.orderable, ...offered.late];
  const missing = picks.find((p) => !orderable.some((e) => e.id === p.extraId));
  if (missing) {
    const name = venue.extras.find((e) => e.id === missing.extraId)?.name ?? EXTRAS_MSG.title;
    return { ok: false, message: EXTRAS_MSG.notOrderable(name) };
  }
  // The same check as the form's: counts as fields, so a tampered pick (a negative count, a choice
  // not offered, more than the limit) is refused like a typed one.
  const fields: Record<string, string> = {};
  for (const extra of orderable) {
    const own = picks.filter((p) => p.extraId === extra.id);
    if (own.some((p) => (extra.choices.length > 0 ? !extra.choices.includes(p.choice) : p.choice !== ""))) return { ok: false, message: EXTRAS_MSG.check };
    for (const p of own) {
      const field = extra.choices.length > 0 ? `extra-${extra.id}-${extra.choices.indexOf(p.choice)}` : `extra-${extra.id}`;
      if (fields[field] !== undefined || !Number.isInteger(p.quantity)) return { ok: false, message: EXTRAS_MSG.check };
      fields[field] = String(p.quantity);
    }
  }
  const parsed = parseExtraPicks(fields, orderable, target.children);
  if (!parsed.ok) return { ok: false, message: parsed.problems[0]!.message };
  return { ok: true, booked: priceExtras(parsed.picks, orderable) };
}

/** The draft's picks as they would be booked now (see `keepOfferedPicks`): for the summary before booking. */
export function draftExtras(venue: Pick<Venue, "extras">, target: ExtrasTarget, picks: readonly ExtraPick[] | undefined, now: Date = new Date()): BookedExtra[] {
  if (!picks || picks.length === 0) return [];
  const { orderable } = extrasFor(venue, target, now);
  return priceExtras(keepOfferedPicks(picks, orderable, target.children), orderable);
}

/** Writes a booking's extras (in the booking's own transaction). */
export async function insertExtras(tx: Tx, reservationId: number, booked: readonly BookedExtra[]): Promise<void> {
  if (booked.length === 0) return;
  await tx.insert(reservationExtras).values(booked.map((b) => ({ reservationId, ...b })));
}

/** Replaces a booking's extras (the caller holds the booking's row lock). */
export async function replaceExtras(tx: Tx, reservationId: number, booked: readonly BookedExtra[]): Promise<void> {
  await tx.delete(reservationExtras).where(eq(reservationExtras.reservationId, reservationId));
  await insertExtras(tx, reservationId, booked);
}

const columns = {
  reservationId: reservationExtras.reservationId,
  extraId: reservationExtras.extraId,
  choice: reservationExtras.choice,
  name: reservationExtras.name,
  unit: reservationExtras.unit,
  quantity: reservationExtras.quantity,
  unitPriceRappen: reservationExtras.unitPriceRappen,
  deadlineDays: reservationExtras.deadlineDays,
};

export async function extrasOf(db: Executor, reservationId: number): Promise<BookedExtra[]> {
  return (await extrasOfMany(db, [reservationId])).get(reservationId) ?? [];
}

/** The extras of many bookings at once (day lists, the prep sheet, the CSV). */
export async function extrasOfMany(db: Executor, ids: readonly number[]): Promise<Map<number, BookedExtra[]>> {
  const map = new Map<number, BookedExtra[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select(columns)
    .from(reservationExtras)
    .where(inArray(reservationExtras.reservationId, [...ids]))
    .orderBy(asc(reservationExtras.reservationId), asc(reservationExtras.extraId), asc(reservationExtras.choice));
  for (const { reservationId, ...b } of rows) map.set(reservationId, [...(map.get(reservationId) ?? []), b]);
  return map;
}

/**
 * A booking's extras after a change of the family's choice (or staff's): `picks` is the whole new
 * choice. An extra whose counts stay as they are is kept as booked (even if no longer offered or
 * past its deadline); one that changes must be offered for the booking and orderable now. Counts
 * follow the same limits as at booking; an extra already on the booking keeps its stored price and
 * name, a new one takes today's.
 */
export function planExtras(
  venue: Pick<Venue, "extras">,
  r: { offerId: number | null; gameType: number | null; date: string; startMin: number; numChildren: number; players: number | null },
  stored: readonly BookedExtra[],
  picks: readonly ExtraPick[],
  now: Date = new Date(),
  /** False for staff corrections: deadlines do not bind them. */
  deadlines = true,
  /** The children the per-child limits count (a correction may change them in the same step). */
  children: number = extrasChildren(r),
): { ok: true; booked: BookedExtra[]; changed: boolean } | { ok: false; message: string } {
  const target: ExtrasTarget = { offerId: r.offerId, gameType: r.gameType, date: r.date, startMin: r.startMin, children };
  const offered = extrasFor(venue, target, now);
  const orderable = deadlines ? offered.orderable : [...offered.orderable, ...offered.late];
  const ids = [...new Set([...stored.map((s) => s.extraId), ...picks.map((p) => p.extraId)])];
  const booked: BookedExtra[] = [];
  let changed = false;
  for (const id of ids) {
    const before = stored.filter((s) => s.extraId === id);
    const after = picks.filter((p) => p.extraId === id && p.quantity !== 0);
    if (samePicks(before, after)) {
      booked.push(...before);
      continue;
    }
    changed = true;
    const extra = orderable.find((e) => e.id === id);
    if (!extra) {
      const name = before[0]?.name ?? venue.extras.find((e) => e.id === id)?.name ?? EXTRAS_MSG.title;
      return { ok: false, message: EXTRAS_MSG.notOrderable(name) };
    }
    const priced = priceNewExtras({ extras: [extra] }, target, after, now, deadlines);
    if (!priced.ok) return priced;
    const storedPrice = before[0]?.unitPriceRappen;
    booked.push(...priced.booked.map((b) => (storedPrice === undefined ? b : { ...b, unitPriceRappen: storedPrice, name: before[0]!.name })));
  }
  return { ok: true, booked, changed };
}
