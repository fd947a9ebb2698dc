import { and, eq, gt, isNotNull, ne, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { birthdayAvailability, onlineNotBefore, rulesOn, type Occupation, type Slot } from "~/domain/availability";
import { venueNow } from "~/domain/time";
import { closureOn } from "~/domain/venue-settings";
import type { Executor } from "../platform/db.server";
import { announceChange, changeNotice, onChange } from "../platform/changes.server";
import { prepared } from "../platform/prepared.server";
import { reservations } from "../platform/schema";
import { findOffer, getVenue, tablesOn } from "./venue.server";

/** When a booking's table is free again: its end plus its cleaning buffer (as in `reservations_no_overlap`). */
const blockedUntil = sql<number>`(${reservations.endMin} + ${reservations.bufferMin})::int`;

/** Tables taken on a date: confirmed, or held and not yet expired (`exceptId`: a booking being moved). */
export async function tableOccupations(db: Executor, date: string, now: Date, exceptId?: number): Promise<Occupation[]> {
  // Read under the day's lock by every booking: built once (see `prepared`), one variant for a move.
  const name = exceptId === undefined ? "table_occupations" : "table_occupations_except";
  const statement = prepared(db, name, (d) =>
    d
      .select({ tableId: reservations.tableId, startMin: reservations.startMin, endMin: blockedUntil })
      .from(reservations)
      .where(
        and(
          eq(reservations.date, sql.placeholder("date")),
          isNotNull(reservations.tableId),
          exceptId === undefined ? undefined : ne(reservations.id, sql.placeholder("exceptId")),
          takesTable(sql.placeholder("now")),
        ),
      )
      .prepare(name),
  );
  const rows = await statement.execute({ date, now: now.toISOString(), exceptId });
  return rows.map((r) => ({ tableId: r.tableId as number, startMin: r.startMin, endMin: r.endMin }));
}

/** Confirmed, or held and not yet expired at the placeholder `now`. */
function takesTable(now: Placeholder<"now">): SQL | undefined {
  return or(eq(reservations.status, "confirmed"), and(eq(reservations.status, "held"), gt(reservations.holdExpiresAt, now)));
}

/**
 * The availability pages are read far more often than bookings change, so each day's occupations
 * are kept in memory. Every write that changes who occupies a table calls `reservationsChanged`
 * after its commit (a read racing the commit is discarded by the generation check); on PostgreSQL
 * the other server processes hear of it by NOTIFY (platform/changes.server.ts) and drop theirs too.
 * An entry also ends when its earliest hold expires, and after a few seconds at most, should a
 * notification be lost. Bookings never trust this cache for a free table: they re-check under the
 * day's lock (it may only answer "taken" early, see `takenBeforehand`).
 */
const CACHE_TTL_MS = 5_000;
type CacheEntry = { generation: number; rows: Occupation[]; validUntil: number };
const caches = new WeakMap<object, Map<string, CacheEntry>>();
/** One counter for every database of this module copy: a notification from elsewhere names no database. */
const state = { generation: 0 };

function entriesOf(db: Executor) {
  let entries = caches.get(db);
  if (!entries) caches.set(db, (entries = new Map()));
  return entries;
}

onChange("reservations", () => {
  // Entries of every database go stale at once; the maps empty themselves on the next miss.
  state.generation += 1;
});

/** Call after a committed change to reservations (new, expired, released, confirmed late, cancelled). */
export function reservationsChanged(db: Executor, options: { noticeSent?: boolean } = {}) {
  announceChange(db, "reservations", options);
  entriesOf(db).clear();
}

/**
 * The other processes' NOTIFY as a column of the changing statement (see `changeNotice`): a plain
 * `null` where none listen. `sent`: the column notifies, so pass `noticeSent` to `reservationsChanged`
 * once the statement returned a row and the transaction committed.
 */
export function reservationsNotice(db: Executor): { column: SQL<unknown>; sent: boolean } {
  const notice = changeNotice(db, "reservations");
  return { column: notice ?? sql`null`, sent: notice !== null };
}

/** The cached occupations of a day (see above): for reads, and for the booking's cheap early answer. */
export async function cachedTableOccupations(db: Executor, date: string, now: Date): Promise<Occupation[]> {
  const entries = entriesOf(db);
  const hit = entries.get(date);
  if (hit && hit.generation === state.generation && now.getTime() < hit.validUntil) return hit.rows;
  const generation = state.generation;
  // Read after every booking that changed the day (the cache is dropped): built once (see `prepared`).
  const statement = prepared(db, "day_occupations", (d) =>
    d
      .select({ tableId: reservations.tableId, startMin: reservations.startMin, endMin: blockedUntil, holdExpiresAt: reservations.holdExpiresAt, status: reservations.status })
      .from(reservations)
      .where(and(eq(reservations.date, sql.placeholder("date")), isNotNull(reservations.tableId), takesTable(sql.placeholder("now"))))
      .prepare("day_occupations"),
  );
  const rows = await statement.execute({ date, now: now.toISOString() });
  let validUntil = now.getTime() + CACHE_TTL_MS;
  for (const r of rows) if (r.status === "held" && r.holdExpiresAt) validUntil = Math.min(validUntil, r.holdExpiresAt.getTime());
  const occupations = rows.map((r) => ({ tableId: r.tableId as number, startMin: r.startMin, endMin: r.endMin }));
  if (generation === state.generation) {
    if (entries.size > 400) entries.clear();
    entries.set(date, { generation, rows: occupations, validUntil });
  }
  return occupations;
}

export class UnknownOfferError extends Error {}

export async function availableBirthdaySlots(
  db: Executor,
  query: { date: string; persons: number; offerId: number },
  now: Date = new Date(),
  /** Staff phone bookings: slots inside the offer's lead time stay bookable (the page says so). */
  options: { ignoreLeadTime?: boolean } = {},
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
    rules: rulesOn(venue.rules, venue.specialHours, query.date),
    tables: tablesOn(venue, query.date),
    occupied: await cachedTableOccupations(db, query.date, now),
    now: options.ignoreLeadTime ? venueNow(now) : onlineNotBefore(now, offer.leadHours),
    bufferMin: offer.bufferMin,
  });
}
