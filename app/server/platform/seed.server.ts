import { DEFAULT_VENUE_PROFILE } from "../../domain/venue-profile";
import type { Executor } from "./db-types";
import { birthdayTables, extras, gameLocations, offers, openingHours, venueProfile } from "./schema";

/** The venue as seeded (see docs/decisions.md): invented but plausible, CHF as Rappen. */
export const SEED_OFFERS = [
  {
    id: 1,
    name: "Geburtstag Classic",
    basePriceRappen: 2900,
    slotMinutes: 120,
    position: 1,
    items: [
      { itemId: 1, desc: "2 Stunden Spielspass in der ganzen Halle" },
      { itemId: 2, desc: "Reservierter Geburtstagstisch" },
      { itemId: 3, desc: "Pizza oder Hot Dog und ein Getränk pro Kind" },
      { itemId: 4, desc: "Geburtstagskuchen mit Kerzen" },
    ],
  },
  {
    id: 2,
    name: "Geburtstag Deluxe",
    basePriceRappen: 3900,
    slotMinutes: 180,
    position: 2,
    items: [
      { itemId: 1, desc: "3 Stunden Spielspass in der ganzen Halle" },
      { itemId: 2, desc: "Dekorierter Geburtstagstisch" },
      { itemId: 3, desc: "Pizza oder Hot Dog und zwei Getränke pro Kind" },
      { itemId: 4, desc: "Geburtstagskuchen und Glace-Becher" },
      { itemId: 5, desc: "Eine Runde Pixel Games für alle Kinder" },
    ],
  },
  {
    id: 3,
    name: "Geburtstag Royal",
    basePriceRappen: 4900,
    slotMinutes: 240,
    position: 3,
    items: [
      { itemId: 1, desc: "4 Stunden Spielspass in der ganzen Halle" },
      { itemId: 2, desc: "Festlich dekorierter Geburtstagstisch mit Einladungskarten" },
      { itemId: 3, desc: "Menü nach Wahl, Getränke à discrétion" },
      { itemId: 4, desc: "Geburtstagskuchen, Glace-Becher und Geschenk für das Geburtstagskind" },
      { itemId: 5, desc: "Escape Room (Kinder) für die ganze Gruppe" },
      { itemId: 6, desc: "Persönliche Party-Betreuung" },
    ],
  },
];

export const SEED_TABLES = [
  { id: 1, name: "Tisch Dschungel", seats: 10 },
  { id: 2, name: "Tisch Piraten", seats: 10 },
  { id: 3, name: "Tisch Weltraum", seats: 16 },
  { id: 4, name: "Tisch Zirkus", seats: 16 },
  { id: 5, name: "Tisch Safari", seats: 24 },
  { id: 6, name: "Grosser Festtisch", seats: 30 },
];

/** Game locations: capacity in players, prices per player and 20-minute round, per package, per extra round. */
export const SEED_GAME_LOCATIONS = [
  {
    id: 1,
    name: "Escape Room «Das Labor»",
    capacity: 6,
    reservationType: "ESCAPE_ROOM_ADULT",
    pricePerPlayerRoundRappen: 1200,
    packagePriceRappen: 19900,
    extraRoundPriceRappen: 5500,
    description: "Rätseln gegen die Uhr – für Jugendliche ab 14 Jahren und Erwachsene.",
    position: 1,
  },
  {
    id: 2,
    name: "Escape Room «Piratenschatz»",
    capacity: 8,
    reservationType: "ESCAPE_ROOM_KIDS",
    pricePerPlayerRoundRappen: 900,
    packagePriceRappen: 16900,
    extraRoundPriceRappen: 4500,
    description: "Das Abenteuer für Kinder von 7 bis 13 Jahren.",
    position: 2,
  },
  {
    id: 3,
    name: "Pixel Games",
    capacity: 10,
    reservationType: "PIXEL_GAMES",
    pricePerPlayerRoundRappen: 700,
    packagePriceRappen: 18900,
    extraRoundPriceRappen: 5000,
    description: "Interaktiver Spieleraum mit leuchtendem Boden – springen, reagieren, punkten.",
    position: 3,
  },
  {
    id: 4,
    name: "Mind Golf",
    capacity: 12,
    reservationType: "MIND_GOLF",
    pricePerPlayerRoundRappen: 600,
    packagePriceRappen: 15900,
    extraRoundPriceRappen: 4000,
    description: "Minigolf mit Köpfchen: 18 knifflige Bahnen für Gross und Klein.",
    position: 4,
  },
];

/** Open Mo–So 10:00–22:00; birthdays and games Wednesday (3) to Sunday (0). */
export const SEED_OPENING_HOURS = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
  weekday,
  openMin: 10 * 60,
  closeMin: 22 * 60,
  birthdays: weekday === 0 || weekday >= 3 ? 1 : 0,
  games: weekday === 0 || weekday >= 3 ? 1 : 0,
}));

/** The sample venue's identity (name, address, contact, arrival note, about us) is the first profile; no logo (the default one shows). */
const { logo: _noLogo, ...sampleProfile } = DEFAULT_VENUE_PROFILE;
export const SEED_VENUE_PROFILE = { id: 1, ...sampleProfile };

/**
 * The sample venue's extras (issue #30 §2): the packages' meal chosen per child (included, price 0),
 * a cake to order three days ahead, goodie bags per child and a table decoration per party.
 */
export const SEED_EXTRAS = [
  {
    id: 1,
    name: "Menü",
    description: "Im Paket inbegriffen: Wählen Sie für jedes Kind ein Menü.",
    priceRappen: 0,
    unit: "child" as const,
    choices: ["Pizza Margherita", "Hot Dog", "Vegetarisch"],
    maxQuantity: 30,
    offerIds: [1, 2, 3],
    gamePackage: 0,
    deadlineDays: 1,
    position: 1,
  },
  {
    id: 2,
    name: "Geburtstagstorte",
    description: "Schokoladentorte mit Namen und Kerzen, für bis zu 12 Kinder.",
    priceRappen: 3500,
    unit: "piece" as const,
    choices: [],
    maxQuantity: 2,
    offerIds: [1, 2, 3],
    gamePackage: 1,
    deadlineDays: 3,
    position: 2,
  },
  {
    id: 3,
    name: "Goodie-Bag",
    description: "Ein Säckchen mit kleinen Überraschungen zum Mitnehmen.",
    priceRappen: 450,
    unit: "child" as const,
    choices: [],
    maxQuantity: 30,
    offerIds: [1, 2, 3],
    gamePackage: 1,
    deadlineDays: 1,
    position: 3,
  },
  {
    id: 4,
    name: "Tischdekoration",
    description: "Ballone, Girlanden und Konfetti am Geburtstagstisch.",
    priceRappen: 2000,
    unit: "party" as const,
    choices: [],
    maxQuantity: 1,
    offerIds: [1, 2],
    gamePackage: 0,
    deadlineDays: 2,
    position: 4,
  },
];

/** Idempotent: inserts what is missing, never overwrites what staff may have changed. */
export async function seed(db: Executor): Promise<void> {
  await db.insert(offers).values(SEED_OFFERS).onConflictDoNothing();
  await db.insert(birthdayTables).values(SEED_TABLES).onConflictDoNothing();
  await db.insert(openingHours).values(SEED_OPENING_HOURS).onConflictDoNothing();
  await db.insert(gameLocations).values(SEED_GAME_LOCATIONS).onConflictDoNothing();
  await db.insert(venueProfile).values(SEED_VENUE_PROFILE).onConflictDoNothing();
  await db.insert(extras).values(SEED_EXTRAS).onConflictDoNothing();
}
