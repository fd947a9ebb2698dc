import { asc, eq } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { DayRule, Table } from "~/domain/availability";
import type { GameLocation } from "~/domain/games";
import { databaseGeneration } from "../platform/db.server";
import type { Executor } from "../platform/db-types";
import { birthdayTables, gameLocations, offers, openingHours, type OfferItem } from "../platform/schema";

export type Offer = { id: number; name: string; basePriceRappen: number; slotMinutes: number; items: OfferItem[] };

/**
 * The venue's static data (offers, tables, opening rules) changes only through a deploy or the seed,
 * so it is read once per database and kept (again after the database was set up anew: `databaseGeneration`).
 */
const cache = new WeakMap<object, { generation: number; venue: Promise<Venue> }>();

export type Venue = { offers: Offer[]; tables: Table[]; rules: DayRule[]; locations: (GameLocation & { description: string })[] };

/**
 * Four reads at once on a pool; one after another on a transaction, whose single connection cannot
 * run queries concurrently (pg warns today and pg 9 will refuse).
 */
function all<T extends readonly (() => Promise<unknown>)[]>(db: Executor, reads: T): Promise<{ [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (!(db instanceof PgTransaction)) return Promise.all(reads.map((read) => read())) as never;
  return (async () => {
    const results: unknown[] = [];
    for (const read of reads) results.push(await read());
    return results as never;
  })();
}

async function loadVenue(db: Executor): Promise<Venue> {
  const [offerRows, tableRows, ruleRows, locationRows] = await all(db, [
    () =>
      db
        .select({
          id: offers.id,
          name: offers.name,
          basePriceRappen: offers.basePriceRappen,
          slotMinutes: offers.slotMinutes,
          items: offers.items,
        })
        .from(offers)
        .where(eq(offers.active, 1))
        .orderBy(asc(offers.position), asc(offers.id)),
    () => db.select({ id: birthdayTables.id, seats: birthdayTables.seats }).from(birthdayTables),
    () => db.select().from(openingHours),
    () => db.select().from(gameLocations).orderBy(asc(gameLocations.position), asc(gameLocations.id)),
  ] as const);
  return {
    offers: offerRows,
    tables: tableRows,
    rules: ruleRows.map((r) => ({ weekday: r.weekday, openMin: r.openMin, closeMin: r.closeMin, birthdays: r.birthdays === 1 })),
    locations: locationRows.map(({ position: _position, ...l }) => l),
  };
}

export function getVenue(db: Executor): Promise<Venue> {
  const generation = databaseGeneration();
  const cached = cache.get(db);
  if (cached && cached.generation === generation) return cached.venue;
  const venue = loadVenue(db).catch((error) => {
    cache.delete(db);
    throw error;
  });
  cache.set(db, { generation, venue });
  return venue;
}

export async function listOffers(db: Executor): Promise<Offer[]> {
  return (await getVenue(db)).offers;
}

export async function findOffer(db: Executor, offerId: number): Promise<Offer | undefined> {
  return (await getVenue(db)).offers.find((o) => o.id === offerId);
}

export async function listGameLocations(db: Executor) {
  return (await getVenue(db)).locations;
}

export async function findGameLocation(db: Executor, locationId: number) {
  return (await getVenue(db)).locations.find((l) => l.id === locationId);
}
