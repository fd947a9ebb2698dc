import { priceNewExtras } from "./extras.server";
import { extrasTotalRappen, type ExtraPick } from "~/domain/extras";
import { and, eq, gt, ne, or } from "drizzle-orm";
import type { SlotRange } from "~/domain/availability";
import { hasBegun, onlineNotBefore, rulesOn } from "~/domain/availability";
import type { Contact } from "~/domain/contact";
import type { PartyDetails } from "~/domain/party-details";
import { storedPhone } from "~/domain/phone";
import { MSG } from "~/domain/messages";
import { GAME_TYPES, gameAvailability, gameChoiceProblem, gamePriceRappen, gameStartGrid, type GameStart, type GameType } from "~/domain/games";
import { venueNow } from "~/domain/time";
import { closureOn } from "~/domain/venue-settings";
import { leadTimeRefusal, partyColumns, placeReservation, type ReserveOptions, type ReserveResult } from "./bookings.server";
import type { Db, Executor } from "../platform/db.server";
import { reservations } from "../platform/schema";
import { findGameLocation, getVenue, venuePhone, venuePolicy } from "./venue.server";

/** Rounds already taken at a location on a date: confirmed, or held and not yet expired. */
export async function locationOccupations(db: Executor, locationId: number, date: string, now: Date, exceptId?: number): Promise<SlotRange[]> {
  return db
    .select({ startMin: reservations.startMin, endMin: reservations.endMin })
    .from(reservations)
    .where(
      and(
        eq(reservations.locationId, locationId),
        eq(reservations.date, date),
        exceptId === undefined ? undefined : ne(reservations.id, exceptId),
        or(eq(reservations.status, "confirmed"), and(eq(reservations.status, "held"), gt(reservations.holdExpiresAt, now))),
      ),
    );
}

export async function availableGameStarts(
  db: Db,
  query: { locationId: number; date: string; rounds: number },
  now: Date = new Date(),
  /** Staff phone bookings: starts inside the games' lead time stay bookable. */
  options: { ignoreLeadTime?: boolean } = {},
): Promise<GameStart[] | null> {
  const location = await findGameLocation(db, query.locationId);
  if (!location) return null;
  const venue = await getVenue(db);
  const { closures } = venue;
  if (closureOn(closures, query.date, { kind: "game", locationId: location.id })) return [];
  return gameAvailability({
    date: query.date,
    rounds: query.rounds,
    rules: rulesOn(venue.rules, venue.specialHours, query.date),
    taken: await locationOccupations(db, location.id, query.date, now),
    now: options.ignoreLeadTime ? venueNow(now) : onlineNotBefore(now, venuePolicy(venue).gameLeadHours),
  });
}

export type GameRequest = {
  locationId: number;
  gameType: GameType;
  date: string;
  startMin: number;
  /** Total rounds (type 2: the 3 included plus extras). */
  rounds: number;
  players: number;
  contact: Contact;
  couponCode?: string | null;
  /** The birthday package's child and allergies (issue #30 §1); ignored for a normal game. */
  party?: PartyDetails;
  /** The birthday package's extras (issue #30 §2); a normal game has none. */
  extras?: ExtraPick[];
};

/** The name a game booking carries in summaries, e-mails and the staff overview. */
export function gameBookingName(gameType: GameType, locationName: string): string {
  return `${GAME_TYPES.find((t) => t.id === gameType)!.name} – ${locationName}`;
}

/** A game location for some rounds: every chosen round must be free (one group at a time). */
export async function reserveGame(db: Db, request: GameRequest, options: ReserveOptions): Promise<ReserveResult> {
  const now = options.now ?? new Date();
  const location = await findGameLocation(db, request.locationId);
  if (!location) return { ok: false, reason: "invalid", message: "Bitte wählen Sie einen Spielort." };
  const choice = { gameType: request.gameType, rounds: request.rounds, players: request.players };
  const problem = gameChoiceProblem(location, choice);
  if (problem) return { ok: false, reason: "invalid", message: problem };
  const venue = await getVenue(db);
  if (closureOn(venue.closures, request.date, { kind: "game", locationId: location.id })) return { ok: false, reason: "invalid", message: MSG.closedDay };
  const slot = gameStartGrid(request.date, rulesOn(venue.rules, venue.specialHours, request.date), request.rounds).find((s) => s.startMin === request.startMin);
  if (!slot) return { ok: false, reason: "invalid", message: MSG.chooseSlot };
  if (hasBegun(request.date, slot.startMin, venueNow(now))) return { ok: false, reason: "slot_taken", message: MSG.slotGone };
  const refused = leadTimeRefusal(request.date, slot.startMin, venuePolicy(venue).gameLeadHours, options, now, venuePhone(venue));
  if (refused) return refused;
  const extras = priceNewExtras(venue, { offerId: null, gameType: request.gameType, date: request.date, startMin: slot.startMin, children: request.players }, request.extras, now);
  if (!extras.ok) return { ok: false, reason: "invalid", message: extras.message };
  const extrasRappen = extrasTotalRappen(extras.booked);

  return placeReservation(
    db,
    {
      lockKind: "location",
      date: request.date,
      priceRappen: gamePriceRappen(location, choice) + extrasRappen,
      couponCode: request.couponCode,
      extras: extras.booked,
      claim: async (tx) => {
        const taken = await locationOccupations(tx, location.id, request.date, now);
        return taken.some((t) => t.startMin < slot.endMin && slot.startMin < t.endMin) ? null : { locationId: location.id };
      },
      columns: {
        type: location.reservationType,
        startMin: slot.startMin,
        endMin: slot.endMin,
        gameType: request.gameType,
        players: request.players,
        rounds: request.rounds,
        offerName: gameBookingName(request.gameType, location.name),
        ...request.contact,
        // E.164 (issue #28 §6): validated at every entry point, stored in one form for search and dialling.
        phone: storedPhone(request.contact.phone, request.contact.country),
        ...partyColumns(request.gameType === 2 ? request.party : undefined),
        extrasRappen: extrasRappen > 0 ? extrasRappen : undefined,
      },
    },
    { ...options, now },
  );
}
