import { DEFAULT_BOOKING_RETENTION_MONTHS, DEFAULT_GUEST_RETENTION_DAYS } from "~/domain/guests";
import { DEFAULT_BALANCE_DAYS, type DepositRule } from "~/domain/deposit";
import { and, asc, eq, getTableColumns, gte, sql } from "drizzle-orm";
import { addDays, venueNow } from "~/domain/time";
import type { Closure } from "~/domain/venue-settings";
import type { PartyRules } from "~/domain/party-rules";
import { ACCOMPANYING_ADULT_PRICE_RAPPEN, ACTIVE_ADULT_PRICE_RAPPEN } from "~/domain/pricing";
import { closureOn, openingHoursLine, upcomingSpecialHours, DEFAULT_GAME_LEAD_HOURS, DEFAULT_LATE_CANCEL_FEE_PERCENT, venueFacts, type ClosureTarget, type VenueFacts, type VenuePolicy } from "~/domain/venue-settings";
import type { Lang } from "~/i18n/locales";
import { hoursWords, t } from "../i18n/texts.server";
import { weekdaysLineIn } from "~/domain/games";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { DayRule, SpecialHours, Table } from "~/domain/availability";
import type { GameLocation } from "~/domain/games";
import { databaseGeneration, getDb } from "../platform/db.server";
import { getEnv } from "../platform/env.server";
import type { Executor } from "../platform/db-types";
import { announceChange, onChange } from "../platform/changes.server";
import { log, oneLineError } from "../platform/log.server";
import { birthdayTables, closures, emailTexts as emailTextsTable, extras, gameLocations, legalTexts, offers, openingHours, specialHours, venueProfile, venueSettings, venueTranslations, type OfferItem } from "../platform/schema";
import { venueWord, type TranslationLang, type VenueTranslations } from "~/domain/venue-translations";
import { DEFAULT_VENUE_PROFILE, venueContactOf, type VenueProfile } from "~/domain/venue-profile";
import type { VenueContact } from "~/domain/venue-contact";
import { isEmailTextKind, type EmailTexts } from "~/domain/email-texts";
import type { Extra } from "~/domain/extras";

export type Offer = { id: number; name: string; basePriceRappen: number; slotMinutes: number; items: OfferItem[]; leadHours: number; minChargedChildren: number; bufferMin: number } & PartyRules & DepositRule;

/**
 * The venue's data (offers, tables, opening rules, prices, closures) is read far more often than
 * staff change it, so it is read once per database and kept: again after the database was set up
 * anew (`databaseGeneration`), after every committed settings change (`invalidateVenueCache`, in
 * every process by NOTIFY), and at the latest after VENUE_TTL_MS — the fallback should a change
 * notice be lost between processes (one query every 30 s per process costs nothing).
 */
const cache = new WeakMap<object, { generation: number; version: number; loadedAt: number; venue: Promise<Venue> }>();
let version = 0;
export const VENUE_TTL_MS = 30_000;

/**
 * The single entry point for "the venue's settings changed": every committed change on the settings
 * pages calls it after its commit, so customer pages show the change at once — in this process at
 * once, in the other server processes on the NOTIFY (platform/changes.server.ts).
 */
export function invalidateVenueCache(db: object): void {
  announceChange(db, "venue");
}

onChange("venue", () => {
  version += 1;
});

/** Adult prices per person and the hold duration (defaults until staff store their own). */
export type VenuePrices = { activeAdultPriceRappen: number; accompanyingAdultPriceRappen: number; holdMinutes: number };


export type Venue = {
  offers: Offer[];
  /** Active tables only: what new bookings may take. */
  tables: (Table & { noNewFrom: string | null })[];
  rules: DayRule[];
  /** Active game locations only. */
  locations: (GameLocation & { description: string })[];
  prices: VenuePrices;
  /** What staff stored of the policy; null fields fall back to the environment (`venuePolicy`). */
  storedPolicy: StoredPolicy;
  closures: Closure[];
  /** Dates with other opening hours (from yesterday on; the cache is emptied on every change). */
  specialHours: SpecialHours[];
  /** The venue's identity (without the logo's bytes, which /logo/<hash> reads on its own). */
  profile: VenueProfile;
  /** The AGB version a booking made now accepts (0: the default text); a new version empties the cache. */
  agbVersion: number;
  /** The e-mail introductions and closings staff edited (a kind without an entry: the default). */
  emailTexts: EmailTexts;
  /** Active extras (issue #30 §2), in the manager's order. */
  extras: Extra[];
  /** The venue's own words in other languages (issue #33), keyed by their German text. */
  translations: VenueTranslations;
};

export type StoredPolicy = {
  selfServiceHours: number | null;
  lateCancelFeePercent: number | null;
  reminderHours: number | null;
  gameLeadHours: number | null;
  balanceDays: number | null;
  balanceAtVenue: number | null;
  guestRetentionDays: number | null;
  bookingRetentionMonths: number | null;
};

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
  const [offerRows, tableRows, ruleRows, locationRows, settingsRows, closureRows, profile, agbRows, specialRows, emailTexts, extraRows, translations] = await all(db, [
    () =>
      db
        .select({
          id: offers.id,
          name: offers.name,
          basePriceRappen: offers.basePriceRappen,
          slotMinutes: offers.slotMinutes,
          items: offers.items,
          leadHours: offers.leadHours,
          minChildren: offers.minChildren,
          maxChildren: offers.maxChildren,
          maxAdults: offers.maxAdults,
          minChargedChildren: offers.minChargedChildren,
          bufferMin: offers.bufferMin,
          depositKind: offers.depositKind,
          depositValue: offers.depositValue,
        })
        .from(offers)
        .where(eq(offers.active, 1))
        .orderBy(asc(offers.position), asc(offers.id)),
    () => db.select({ id: birthdayTables.id, seats: birthdayTables.seats, noNewFrom: birthdayTables.noNewFrom }).from(birthdayTables).where(eq(birthdayTables.active, 1)),
    () => db.select().from(openingHours),
    () => db.select().from(gameLocations).where(eq(gameLocations.active, 1)).orderBy(asc(gameLocations.position), asc(gameLocations.id)),
    () => db.select().from(venueSettings).where(eq(venueSettings.id, 1)),
    () => db.select().from(closures).orderBy(asc(closures.startDate), asc(closures.id)),
    () => readVenueProfile(db),
    () => db.select({ version: sql<number>`coalesce(max(${legalTexts.version}), 0)::int` }).from(legalTexts).where(and(eq(legalTexts.kind, "agb"), eq(legalTexts.lang, "de"))),
    // Past dates stay out; yesterday is kept for a cache loaded just before midnight.
    () => db.select().from(specialHours).where(gte(specialHours.date, addDays(venueNow().date, -1))).orderBy(asc(specialHours.date)),
    () => readEmailTexts(db),
    () => db.select().from(extras).where(eq(extras.active, 1)).orderBy(asc(extras.position), asc(extras.id)),
    () => readVenueTranslations(db),
  ] as const);
  const settings = settingsRows[0];
  return {
    offers: offerRows,
    tables: tableRows,
    rules: ruleRows.map((r) => ({ weekday: r.weekday, openMin: r.openMin, closeMin: r.closeMin, birthdays: r.birthdays === 1, games: r.games === 1 })),
    locations: locationRows.map(({ position: _position, active: _active, ...l }) => l),
    prices: settings
      ? { activeAdultPriceRappen: settings.activeAdultPriceRappen, accompanyingAdultPriceRappen: settings.accompanyingAdultPriceRappen, holdMinutes: settings.holdMinutes }
      : { activeAdultPriceRappen: ACTIVE_ADULT_PRICE_RAPPEN, accompanyingAdultPriceRappen: ACCOMPANYING_ADULT_PRICE_RAPPEN, holdMinutes: getEnv().HOLD_MINUTES },
    storedPolicy: {
      selfServiceHours: settings?.selfServiceHours ?? null,
      lateCancelFeePercent: settings?.lateCancelFeePercent ?? null,
      reminderHours: settings?.reminderHours ?? null,
      gameLeadHours: settings?.gameLeadHours ?? null,
      balanceDays: settings?.balanceDays ?? null,
      balanceAtVenue: settings?.balanceAtVenue ?? null,
      guestRetentionDays: settings?.guestRetentionDays ?? null,
      bookingRetentionMonths: settings?.bookingRetentionMonths ?? null,
    },
    closures: closureRows.map((c) => ({ id: c.id, startDate: c.startDate, endDate: c.endDate, scope: c.scope, locationId: c.locationId, reason: c.reason })),
    specialHours: specialRows.map((s) => ({ date: s.date, openMin: s.openMin, closeMin: s.closeMin, birthdays: s.birthdays === 1, games: s.games === 1, note: s.note })),
    profile,
    agbVersion: Number(agbRows[0]?.version ?? 0),
    emailTexts,
    extras: extraRows.map(extraOf),
    translations,
  };
}

/** Every stored translation of the venue's words, by language (a few hundred short rows at most). */
export async function readVenueTranslations(db: Executor): Promise<VenueTranslations> {
  const rows = await db.select({ lang: venueTranslations.lang, source: venueTranslations.source, text: venueTranslations.text }).from(venueTranslations);
  const out: Partial<Record<TranslationLang, Record<string, string>>> = {};
  for (const row of rows) if (row.lang !== "de") (out[row.lang] ??= {})[row.source] = row.text;
  return out;
}

/** A stored extra as the rules see it. */
export function extraOf(row: typeof extras.$inferSelect): Extra {
  const { createdAt: _c, ...e } = row;
  return { ...e, gamePackage: e.gamePackage === 1, active: e.active === 1 };
}

/** The venue's edited e-mail texts (a kind without a row: the default). */
export async function readEmailTexts(db: Executor): Promise<EmailTexts> {
  const rows = await db.select({ kind: emailTextsTable.kind, lang: emailTextsTable.lang, intro: emailTextsTable.intro, closing: emailTextsTable.closing }).from(emailTextsTable);
  const texts: EmailTexts = {};
  for (const row of rows) if (isEmailTextKind(row.kind)) (texts[row.lang] ??= {})[row.kind] = { intro: row.intro, closing: row.closing };
  return texts;
}

/**
 * The stored profile without the logo's bytes; the sample venue while no row exists (a database set
 * up before the profile's migration seeds it on the next start; see docs/decisions.md).
 */
export async function readVenueProfile(db: Executor): Promise<VenueProfile> {
  const { logo: _bytes, updatedAt: _updatedAt, id: _id, ...columns } = getTableColumns(venueProfile);
  const [row] = await db.select(columns).from(venueProfile).where(eq(venueProfile.id, 1));
  if (!row) return DEFAULT_VENUE_PROFILE;
  const { logoHash, logoType, country, ...rest } = row;
  return { ...rest, country: country === "LI" ? "LI" : "CH", logo: logoHash && logoType ? { hash: logoHash, type: logoType } : null };
}

/**
 * Name, address, phone, e-mail, arrival note and opening hours as pages and e-mails show them. With
 * a `lang`, the about text and the arrival note come in that language where the venue translated
 * them (the opening hours stay German here: `loadVenueFacts(db, lang)` words those).
 */
export function venueContact(venue: Venue, lang: Lang = "de"): VenueContact {
  let byLang = contactOfVenue.get(venue);
  if (!byLang) contactOfVenue.set(venue, (byLang = new Map()));
  let contact = byLang.get(lang);
  if (!contact) {
    const german = venueContactOf(venue.profile, venue.rules, upcomingSpecialHours(venue.specialHours, venueNow().date));
    const word = (text: string) => venueWord(venue.translations, lang, text);
    contact = Object.freeze(lang === "de" ? german : { ...german, about: word(german.about), arrivalNote: word(german.arrivalNote) });
    byLang.set(lang, contact);
  }
  return contact;
}
const contactOfVenue = new WeakMap<Venue, Map<Lang, Readonly<VenueContact>>>();

/** The contact from the venue cache (no query while it is fresh). */
export async function loadVenueContact(db: Executor, lang: Lang = "de"): Promise<VenueContact> {
  return venueContact(await getVenue(db), lang);
}

/** For the root loader (every page's header and footer): null when the database cannot be read. */
export async function venueContactOrNull(lang: Lang = "de"): Promise<VenueContact | null> {
  try {
    return await loadVenueContact(await getDb(), lang);
  } catch (error) {
    log.warn({ cause: oneLineError(error) }, "venue profile not readable for the page");
    return null;
  }
}

/**
 * The venue's translated words in a language (the root loader's `venueTranslated`): a page marks
 * the venue's text `lang="de-CH"` unless it is one of these (`useVenueTextLang`). Empty in German
 * and when the database cannot be read.
 */
export async function venueTranslatedTexts(lang: Lang): Promise<string[]> {
  if (lang === "de") return [];
  try {
    const venue = await getVenue(await getDb());
    let list = translatedOfVenue.get(venue)?.get(lang);
    if (!list) {
      list = [...new Set(Object.values(venue.translations[lang] ?? {}))];
      if (!translatedOfVenue.has(venue)) translatedOfVenue.set(venue, new Map());
      translatedOfVenue.get(venue)!.set(lang, list);
    }
    return list;
  } catch {
    return [];
  }
}
const translatedOfVenue = new WeakMap<Venue, Map<Lang, string[]>>();

/** The venue's word in a language from the cache (`venueWord`): an offer's name, an extra, a closure's reason. */
export async function venueWordsIn(db: Executor, lang: Lang): Promise<(german: string) => string> {
  if (lang === "de") return (german) => german;
  const { translations } = await getVenue(db);
  return (german) => venueWord(translations, lang, german);
}

/**
 * The tables a new booking (or a move) may take on a date: the active ones, less those taken out
 * of sale from an earlier date on (issue #29 §6). Bookings already on such a table keep it.
 */
export function tablesOn(venue: Pick<Venue, "tables">, date: string): Table[] {
  return venue.tables.filter((t) => t.noNewFrom === null || date < t.noNewFrom);
}

export function getVenue(db: Executor): Promise<Venue> {
  const generation = databaseGeneration();
  const cached = cache.get(db);
  const now = Date.now();
  if (cached && cached.generation === generation && cached.version === version && now - cached.loadedAt < VENUE_TTL_MS) return cached.venue;
  // A transaction reads its own snapshot (it may hold uncommitted settings): never kept.
  if (db instanceof PgTransaction) return loadVenue(db);
  const venue = loadVenue(db).catch((error) => {
    if (cache.get(db)?.venue === venue) cache.delete(db);
    throw error;
  });
  cache.set(db, { generation, version, loadedAt: now, venue });
  return venue;
}

/** Worded once per loaded venue and language: every page's footer shows them (the root loader). */
const factsOfVenue = new WeakMap<Venue, Map<Lang, Readonly<VenueFacts>>>();

/**
 * The settings customer pages and e-mails mention (opening hours, birthday and game days, hold,
 * self-service limit). `lang`: the page's (issue #33): the opening hours are generated from the
 * stored rules, so they are worded in the page's language (weekdays by `Intl`); German as before.
 */
export async function loadVenueFacts(db: Executor, lang: Lang = "de"): Promise<Readonly<VenueFacts>> {
  const venue = await getVenue(db);
  let byLang = factsOfVenue.get(venue);
  if (!byLang) factsOfVenue.set(venue, (byLang = new Map()));
  let facts = byLang.get(lang);
  if (!facts) {
    const upcoming = upcomingSpecialHours(venue.specialHours, venueNow().date);
    const german = venueFacts(venue.rules, venuePolicy(venue), upcoming);
    const range = (from: string, to: string) => t(lang, "gameFlow", "dayRange", { from, to });
    facts = Object.freeze(
      lang === "de"
        ? german
        : {
            ...german,
            openingHours: openingHoursLine(venue.rules, upcoming, hoursWords(lang)),
            birthdayDays: weekdaysLineIn(venue.rules, "birthdays", lang, range),
            gameDays: weekdaysLineIn(venue.rules, "games", lang, range),
          },
    );
    byLang.set(lang, facts);
  }
  return facts;
}

/**
 * For the root loader (every page): null when the database cannot be read, so a page that needs
 * nothing else (the landing page) still renders — it then leaves the facts out rather than show
 * numbers that may be out of date.
 */
export async function venueFactsOrNull(lang: Lang = "de"): Promise<VenueFacts | null> {
  try {
    return await loadVenueFacts(await getDb(), lang);
  } catch (error) {
    log.warn({ cause: oneLineError(error) }, "venue settings not readable for the page");
    return null;
  }
}

/**
 * The promised numbers, as the manager stored them on /admin/einstellungen; until then the
 * environment's defaults (SELF_SERVICE_HOURS, REMINDER_HOURS_BEFORE), no refund after the free
 * cancellation deadline (AGB §4) and games bookable online up to DEFAULT_GAME_LEAD_HOURS ahead.
 * Free cancellation ends where online self-service ends (docs/decisions.md): one deadline, one
 * number in the AGB, the manage page and the e-mails.
 */
export function venuePolicy(venue: Venue): VenuePolicy {
  const env = getEnv();
  const stored = venue.storedPolicy;
  const selfServiceHours = stored.selfServiceHours ?? env.SELF_SERVICE_HOURS;
  return {
    holdMinutes: venue.prices.holdMinutes,
    selfServiceHours,
    cancelFreeHours: selfServiceHours,
    lateCancelFeePercent: stored.lateCancelFeePercent ?? DEFAULT_LATE_CANCEL_FEE_PERCENT,
    reminderHours: stored.reminderHours ?? env.REMINDER_HOURS_BEFORE,
    gameLeadHours: stored.gameLeadHours ?? DEFAULT_GAME_LEAD_HOURS,
    balanceDays: stored.balanceDays ?? DEFAULT_BALANCE_DAYS,
    balanceAtVenue: stored.balanceAtVenue === 1,
    guestRetentionDays: stored.guestRetentionDays ?? DEFAULT_GUEST_RETENTION_DAYS,
    bookingRetentionMonths: stored.bookingRetentionMonths ?? DEFAULT_BOOKING_RETENTION_MONTHS,
  };
}

/** The number families are asked to call (shown where the site cannot help online). */
export function venuePhone(venue: Venue): string {
  return venueContact(venue).phone;
}

export async function loadVenuePolicy(db: Executor): Promise<VenuePolicy> {
  return venuePolicy(await getVenue(db));
}

/** How long a new booking is held for its payment (minutes; a setting, HOLD_MINUTES until one is stored). */
export async function holdMinutes(db: Executor): Promise<number> {
  return (await getVenue(db)).prices.holdMinutes;
}

/** The closure that keeps `target` from new bookings on `date`, if any. */
export async function closureFor(db: Executor, date: string, target: ClosureTarget): Promise<Closure | undefined> {
  return closureOn((await getVenue(db)).closures, date, target);
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
