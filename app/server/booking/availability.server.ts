import { and, eq, gt, isNotNull, or } from "drizzle-orm";
import { birthdayAvailability, type Occupation, type Slot } from "~/domain/availability";
import { venueNow } from "~/domain/time";
import { closureOn } from "~/domain/venue-settings";
import type { Executor } from "../platform/db.server";
import { reservations } from "../platform/schema";
import { findOffer, getVenue } from "./venue.server";

/** Tables taken on a date: confirmed, or held and not yet expired. */
export async function tableOccupations(db: Executor, date: string, now: Date): Promise<Occupation[]> {
  const rows = await db
    .select({ tableId: reservations.tableId, startMin: reservations.startMin, endMin: reservations.endMin })
    .from(reservations)
    .where(
      and(
        eq(reservations.date, date),
        isNotNull(reservations.tableId),
        or(
          eq(reservations.status, "confirmed"),
          and(eq(reservations.status, "held"), gt(reservations.holdExpiresAt, now)),
        ),
      ),
    );
  return rows.map((r) => ({ tableId: r.tableId as number, startMin: r.startMin, endMin: r.endMin }));
}

/**
 * The availability pages are read far more often than bookings change, so each day's occupations
 * are kept in memory. Every write that changes who occupies a table calls `reservationsChanged`
 * after its commit (a read racing the commit is discarded by the generation check); an entry also
 * ends when its earliest hold expires, and after a few seconds at most, so several app processes on
 * one PostgreSQL server never show a stale day for longer than that. Bookings themselves never read
 * this cache: they re-check under the day's lock.
 */
const CACHE_TTL_MS = 5_000;
type CacheEntry = { generation: number; rows: Occupation[]; validUntil: number };
const caches = new WeakMap<object, { generation: number; entries: Map<string, CacheEntry> }>();

function cacheOf(db: Executor) {
  let cache = caches.get(db);
  if (!cache) {
    cache = { generation: 0, entries: new Map() };
    caches.set(db, cache);
  }
  return cache;
}

/** Call after a committed change to reservations (new, expired, released, confirmed late, cancelled). */
export function reservationsChanged(db: Executor) {
  const cache = cacheOf(db);
  cache.generation += 1;
  cache.entries.clear();
}

async function cachedTableOccupations(db: Executor, date: string, now: Date): Promise<Occupation[]> {
  const cache = cacheOf(db);
  const hit = cache.entries.get(date);
  if (hit && hit.generation === cache.generation && now.getTime() < hit.validUntil) return hit.rows;
  const generation = cache.generation;
  const rows = await db
    .select({ tableId: reservations.tableId, startMin: reservations.startMin, endMin: reservations.endMin, holdExpiresAt: reservations.holdExpiresAt, status: reservations.status })
    .from(reservations)
    .where(
      and(
        eq(reservations.date, date),
        isNotNull(reservations.tableId),
        or(eq(reservations.status, "confirmed"), and(eq(reservations.status, "held"), gt(reservations.holdExpiresAt, now))),
      ),
    );
  let validUntil = now.getTime() + CACHE_TTL_MS;
  for (const r of rows) if (r.status === "held" && r.holdExpiresAt) validUntil = Math.min(validUntil, r.holdExpiresAt.getTime());
  const occupations = rows.map((r) => ({ tableId: r.tableId as number, startMin: r.startMin, endMin: r.endMin }));
  if (generation === cache.generation) {
    if (cache.entries.size > 400) cache.entries.clear();
    cache.entries.set(date, { generation, rows: occupations, validUntil });
  }
  return occupations;
}

export class UnknownOfferError extends Error {}

export async function availableBirthdaySlots(
  db: Executor,
  query: { date: string; persons: number; offerId: number },
  now: Date = new Date(),
): Promise<Slot[]> {
  const offer = await findOffer(db, query.offerId);
  if (!offer) throw new UnknownOfferError(`Unknown offer ${query.offerId}`);
  const venue = await getVenue(db);
  // A closure (whole venue or birthdays) empties the day like a weekday without birthdays.
  if (closureOn(venue.closures, query.date, { kind: "birthday" })) return [];
  return birthdayAvailability({
    date: query.date,
    persons: query.persons,
    durationMin: offer.slotMinutes,
    rules: venue.rules,
    tables: venue.tables,
    occupied: await cachedTableOccupations(db, query.date, now),
    now: venueNow(now),
  });
}
