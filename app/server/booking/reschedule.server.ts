import { eq } from "drizzle-orm";
import { birthdayAvailability, birthdaySlotGrid, hasBegun, pickTable, type Slot } from "~/domain/availability";
import { gameAvailability, gamePriceRappen, gameStartGrid, type GameType } from "~/domain/games";
import { beyondHorizon, horizonMessage } from "~/domain/horizon";
import { MSG } from "~/domain/messages";
import { closureOn } from "~/domain/venue-settings";
import { birthdayPriceRappen, personCount } from "~/domain/pricing";
import { isIsoDate, venueNow } from "~/domain/time";
import { reservationsChanged, tableOccupations } from "./availability.server";
import { expireHolds, findReservationById, lockDay, type Reservation } from "./bookings.server";
import { locationOccupations } from "./games.server";
import { getVenue } from "./venue.server";
import type { Db } from "../platform/db.server";
import { getEnv } from "../platform/env.server";
import { auditLog, reservations } from "../platform/schema";
import { enqueueChangeMail, kickMailer } from "../mail/mail.server";

/**
 * Who changes a booking, for the audit log: a staff member (`staff:<email>`), the machine API token
 * (`api-token`), the family through its manage link (`customer`), or the system.
 */
export type AuditActor = { staffId: number | null; label: string };

export const CUSTOMER_ACTOR: AuditActor = { staffId: null, label: "customer" };

export type MoveInput = {
  reservationId: number;
  date: string;
  startMin: number;
  actor: AuditActor;
  /** Checked under the row lock: a message refuses the move (e.g. the family's 48-hour rule). */
  guard?: (r: Reservation) => string | null;
  /** Staff moves keep the price agreed at booking, even when today's price list differs. */
  keepPrice?: boolean;
};

export type MoveResult =
  | { ok: true; reservation: Reservation; previous: { date: string; startMin: number; endMin: number } }
  | { ok: false; reason: "missing" | "invalid" | "refused" | "slot_taken" | "price_changed"; message: string };

export const MOVE_MSG = {
  notActive: "Diese Buchung ist nicht mehr aktiv und kann nicht verschoben werden.",
  unchanged: "Bitte wählen Sie einen anderen Termin als den bisherigen.",
  priceChanged:
    "Für diesen Termin gilt ein anderer Preis. Eine Verschiebung mit Preisänderung ist online noch nicht möglich; bitte wählen Sie einen anderen Termin oder rufen Sie uns an.",
} as const;

function isExclusionViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23P01") return true;
  }
  return false;
}

/**
 * Moves a confirmed booking to another date or start, keeping everything else (offer and persons,
 * or game, rounds and players). One transaction under the same guarantees as a new booking: the new
 * day's advisory lock, expired holds swept, the new slot claimed (the booking's own old slot does
 * not count as taken), then one UPDATE moves it — so the new slot is held before the old one is
 * given up, and a lost race leaves the booking where it was (`slot_taken`, the spec's message).
 * The price is recomputed on the server; when it differs the move is refused (paying or refunding
 * a difference online is not built yet). The calendar revision (`sequence`) goes up, an audit row
 * and the change e-mail (updated .ics, same UID) commit with it.
 */
export async function moveReservation(db: Db, input: MoveInput, now: Date = new Date()): Promise<MoveResult> {
  if (!isIsoDate(input.date) || !Number.isInteger(input.startMin)) return { ok: false, reason: "invalid", message: MSG.chooseDateAndSlot };
  const horizon = getEnv().BOOKING_HORIZON_DAYS;
  if (beyondHorizon(input.date, venueNow(now).date, horizon)) return { ok: false, reason: "invalid", message: horizonMessage(horizon) };
  const current = await findReservationById(db, input.reservationId);
  if (!current) return { ok: false, reason: "missing", message: MOVE_MSG.notActive };
  // Read before any lock: a booking that is not confirmed never takes the day's lock here.
  if (current.status !== "confirmed") return { ok: false, reason: "refused", message: MOVE_MSG.notActive };
  const venue = await getVenue(db);
  const isTable = current.tableId !== null;
  let slot: { startMin: number; endMin: number } | undefined;
  let priceRappen: number;
  if (isTable) {
    const offer = venue.offers.find((o) => o.id === current.offerId);
    if (!offer) return { ok: false, reason: "invalid", message: MSG.chooseOffer };
    slot = birthdaySlotGrid(input.date, venue.rules, offer.slotMinutes).find((s) => s.startMin === input.startMin);
    priceRappen = birthdayPriceRappen(current, offer.basePriceRappen, venue.prices);
  } else {
    const location = venue.locations.find((l) => l.id === current.locationId);
    if (!location || current.rounds === null || current.players === null || current.gameType === null) {
      return { ok: false, reason: "invalid", message: MSG.chooseSlot };
    }
    slot = gameStartGrid(input.date, venue.rules, current.rounds).find((s) => s.startMin === input.startMin);
    priceRappen = gamePriceRappen(location, { gameType: current.gameType as GameType, rounds: current.rounds, players: current.players });
  }
  if (!slot) return { ok: false, reason: "invalid", message: MSG.chooseSlot };
  if (hasBegun(input.date, slot.startMin, venueNow(now))) return { ok: false, reason: "slot_taken", message: MSG.slotGone };
  // A closure (whole venue, birthdays, or this game location) takes no moved bookings either.
  if (closureOn(venue.closures, input.date, isTable ? { kind: "birthday" } : { kind: "game", locationId: current.locationId! })) {
    return { ok: false, reason: "invalid", message: MSG.closedDay };
  }
  const target = slot;

  try {
    const result = await db.transaction(async (tx): Promise<MoveResult> => {
      await lockDay(tx, isTable ? "table" : "location", input.date);
      await expireHolds(tx, now);
      const [r] = await tx.select().from(reservations).where(eq(reservations.id, input.reservationId)).for("update");
      if (!r || r.status !== "confirmed") return { ok: false, reason: "refused", message: MOVE_MSG.notActive };
      const refusal = input.guard?.(r) ?? null;
      if (refusal) return { ok: false, reason: "refused", message: refusal };
      if (r.date === input.date && r.startMin === target.startMin) return { ok: false, reason: "invalid", message: MOVE_MSG.unchanged };
      if (!input.keepPrice && priceRappen !== r.priceRappen) return { ok: false, reason: "price_changed", message: MOVE_MSG.priceChanged };
      let resource: { tableId: number } | { locationId: number };
      if (isTable) {
        const table = pickTable(target, personCount(r), venue.tables, await tableOccupations(tx, input.date, now, r.id));
        if (!table) return { ok: false, reason: "slot_taken", message: MSG.slotTaken };
        resource = { tableId: table.id };
      } else {
        const taken = await locationOccupations(tx, r.locationId!, input.date, now, r.id);
        if (taken.some((t) => t.startMin < target.endMin && target.startMin < t.endMin)) return { ok: false, reason: "slot_taken", message: MSG.slotTaken };
        resource = { locationId: r.locationId! };
      }
      const [moved] = await tx
        .update(reservations)
        .set({ date: input.date, startMin: target.startMin, endMin: target.endMin, ...resource, sequence: r.sequence + 1, updatedAt: now })
        .where(eq(reservations.id, r.id))
        .returning();
      const previous = { date: r.date, startMin: r.startMin, endMin: r.endMin };
      await tx.insert(auditLog).values({
        staffId: input.actor.staffId,
        actor: input.actor.label,
        action: "move",
        reservationId: r.id,
        details: { before: { ...previous, tableId: r.tableId }, after: { date: input.date, startMin: target.startMin, endMin: target.endMin, ...resource } },
      });
      await enqueueChangeMail(tx, moved!, previous);
      return { ok: true, reservation: moved!, previous };
    });
    if (result.ok) {
      reservationsChanged(db);
      kickMailer();
    }
    return result;
  } catch (error) {
    // The exclusion constraint is the last line: a claim that slipped past the check still fails.
    if (isExclusionViolation(error)) return { ok: false, reason: "slot_taken", message: MSG.slotTaken };
    throw error;
  }
}

/**
 * The slots a booking could move to on `date`, from the real availability: the same grid as the
 * booking flow (offer length or the booking's rounds), with the booking's own current slot not
 * counted as taken.
 */
export async function moveOptions(db: Db, r: Reservation, date: string, now: Date = new Date()): Promise<Slot[]> {
  const venue = await getVenue(db);
  if (closureOn(venue.closures, date, r.tableId !== null ? { kind: "birthday" } : { kind: "game", locationId: r.locationId! })) return [];
  if (r.tableId !== null) {
    const offer = venue.offers.find((o) => o.id === r.offerId);
    if (!offer) return [];
    return birthdayAvailability({
      date,
      persons: personCount(r),
      durationMin: offer.slotMinutes,
      rules: venue.rules,
      tables: venue.tables,
      occupied: await tableOccupations(db, date, now, r.id),
      now: venueNow(now),
    });
  }
  if (r.locationId === null || r.rounds === null) return [];
  return gameAvailability({ date, rounds: r.rounds, rules: venue.rules, taken: await locationOccupations(db, r.locationId, date, now, r.id), now: venueNow(now) });
}
