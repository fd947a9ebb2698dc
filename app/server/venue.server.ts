import { asc, eq } from "drizzle-orm";
import type { DayRule, Table } from "~/domain/availability";
import type { GameLocation } from "~/domain/games";
import type { Executor } from "./db.server";
import { birthdayTables, gameLocations, offers, openingHours, type OfferItem } from "./db/schema";

export type Offer = { id: number; name: string; basePriceRappen: number; slotMinutes: number; items: OfferItem[] };

/**
 * The venue's static data (offers, tables, opening rules) changes only through a deploy or the seed,
 * so it is read once and kept; `invalidateVenueCache` is called after any write to it.
 */
const cache = new WeakMap<object, Promise<Venue>>();

export type Venue = { offers: Offer[]; tables: Table[]; rules: DayRule[]; locations: (GameLocation & { description: string })[] };

async function loadVenue(db: Executor): Promise<Venue> {
  const [offerRows, tableRows, ruleRows, locationRows] = await Promise.all([
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
    db.select({ id: birthdayTables.id, seats: birthdayTables.seats }).from(birthdayTables),
    db.select().from(openingHours),
    db.select().from(gameLocations).orderBy(asc(gameLocations.position), asc(gameLocations.id)),
  ]);
  return {
    offers: offerRows,
    tables: tableRows,
    rules: ruleRows.map((r) => ({ weekday: r.weekday, openMin: r.openMin, closeMin: r.closeMin, birthdays: r.birthdays === 1 })),
    locations: locationRows.map(({ position: _position, ...l }) => l),
  };
}

export function getVenue(db: Executor): Promise<Venue> {
  let venue = cache.get(db);
  if (!venue) {
    venue = loadVenue(db).catch((error) => {
      cache.delete(db);
      throw error;
    });
    cache.set(db, venue);
  }
  return venue;
}

export function invalidateVenueCache(db: Executor) {
  cache.delete(db);
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
