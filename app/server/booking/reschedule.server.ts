import { extrasChildren, extrasOf, insertExtras, planExtras, replaceExtras } from "./extras.server";
import { changeStillOrderable, EXTRAS_MSG, extraOrderable, extrasChanges, extrasTotalRappen, tooManyPerChild, type BookedExtra, type ExtraPick } from "~/domain/extras";
import { and, eq, isNull, or } from "drizzle-orm";
import { DEFAULT_PARTY_RULES } from "~/domain/party-rules";
import { birthdayAvailability, birthdaySlotGrid, blockedRange, emptyDayNote, hasBegun, overlaps, pickTable, rulesOn, type MoveSlot, type Slot, type SlotRange, type Table } from "~/domain/availability";
import {
  CHANGE_MSG,
  changedBirthdayPriceRappen,
  changedPriceRappen,
  countsProblem,
  paidBy,
  sameCounts,
  familyMoneyOf,
  settleChange,
  type MoneyChoice,
  type PaidBy,
  type Settlement,
} from "~/domain/booking-change";
import { gameAvailability, gamePriceRappen, gameStartGrid, type GameLocation, type GameType } from "~/domain/games";
import { beyondHorizon, horizonMessage } from "~/domain/horizon";
import { MSG } from "~/domain/messages";
import { birthdayPriceRappen, personCount, storedAdultPrices, type PartyCounts } from "~/domain/pricing";
import { isIsoDate, parseTime, venueNow } from "~/domain/time";
import { calendarMarks } from "~/domain/calendar";
import { closedDatesInMonth, closureOn } from "~/domain/venue-settings";
import { tableOccupations } from "./availability.server";
import type { Reservation } from "./bookings.server";
import { gameBookingName, locationOccupations } from "./games.server";
import { getVenue, tablesOn } from "./venue.server";
import type { Executor, Tx } from "../platform/db.server";
import { getEnv } from "../platform/env.server";
import { auditLog, birthdayTables, gameLocations, offers, reservations } from "../platform/schema";
import { enqueueChangeMail } from "../mail/mail.server";
import type { ChangeMoneyLines } from "~/domain/booking-email";
import { creditVoucher } from "../vouchers/vouchers.server";

/**
 * Who changes a booking, for the audit log: a staff member (`staff:<email>`), the machine API token
 * (`api-token`), the family through its manage link (`customer`), or the system.
 */
export type AuditActor = { staffId: number | null; label: string };

export const CUSTOMER_ACTOR: AuditActor = { staffId: null, label: "customer" };

/**
 * What a change asks for: a date and start (the current ones for a persons change), and optionally
 * other persons (birthdays), a table or a game location chosen by staff. Everything else stays: the
 * offer, the game, its rounds and players, the booking's duration.
 */
export type ChangeTarget = {
  date: string;
  startMin: number;
  counts?: PartyCounts;
  tableId?: number;
  locationId?: number;
  /** Staff corrections (issue #29 §2): another package (birthdays), a discount (< 0) or surcharge (> 0) with its reason. */
  offerId?: number;
  priceAdjust?: { rappen: number; reason: string | null };
  /** The whole new choice of extras (issue #30 §2); undefined: the extras stay as booked. */
  extras?: ExtraPick[];
};

/** `difference`: the booking's own price plus what the change costs; `keep`: the agreed price stays (staff). */
export type PricePolicy = "difference" | "keep";

export type ChangeRefusal = {
  ok: false;
  reason: "missing" | "invalid" | "refused" | "slot_taken" | "price_changed" | "payment_failed";
  message: string;
};

export type ChangePlan = {
  date: string;
  slot: SlotRange;
  counts: PartyCounts;
  /** The booking stays on its date and start (a persons change, or staff changing the table or location). */
  sameSlot: boolean;
  kind: "table" | "location";
  /** Staff asked for this table (birthdays); else the booking keeps its own table when it fits. */
  tableId: number | null;
  /** The game location after the change (games). */
  location: { id: number; name: string; reservationType: string } | null;
  paid: PaidBy;
  newPriceRappen: number;
  settlement: Settlement;
  /** Another package (staff): its name, minimum of charged children and cleaning buffer go onto the booking. */
  offer: { id: number; name: string; minChargedChildren: number; bufferMin: number } | null;
  /** The cleaning buffer after the change (the booking's own unless the package changes). */
  bufferMin: number;
  priceAdjust: { rappen: number; reason: string | null };
  /** The booking's extras after the change, when they change (null: as booked). */
  extras?: BookedExtra[] | null;
};

/** How a change is planned: where its money goes, and whether staff correct a party that has begun (same slot). */
export type PlanOptions = { money?: MoneyChoice; staffCorrection?: boolean; family?: boolean };

/**
 * Staff lists (search, day overview, export) show a difference row only while it holds a slot for a
 * family's pending change; once applied, replaced or run out it is bookkeeping, not a booking.
 */
export const listedAsBooking = or(isNull(reservations.movesReservationId), eq(reservations.status, "held"));

/** Any offer or location by id, active or not: a booking keeps what it was made with. */
async function ownOffer(db: Executor, id: number | null) {
  if (id === null) return undefined;
  const [row] = await db.select().from(offers).where(eq(offers.id, id));
  return row;
}

async function ownLocation(db: Executor, id: number | null): Promise<GameLocation | undefined> {
  if (id === null) return undefined;
  const [row] = await db.select().from(gameLocations).where(eq(gameLocations.id, id));
  return row;
}

async function ownTable(db: Executor, id: number | null): Promise<Table | undefined> {
  if (id === null) return undefined;
  const [row] = await db.select({ id: birthdayTables.id, seats: birthdayTables.seats }).from(birthdayTables).where(eq(birthdayTables.id, id));
  return row;
}

export function countsOf(r: PartyCounts): PartyCounts {
  return { numChildren: r.numChildren, numActiveAdults: r.numActiveAdults, numAccompanyingAdults: r.numAccompanyingAdults };
}

/**
 * Checks a change against the venue and prices it, without claiming anything: the quote the family
 * or staff confirm, and again under the day's lock in the change's own transaction. The slot grid
 * is the booking's own (its stored duration or rounds), and its offer or location counts even when
 * deactivated since — only a *new* table or location must be active. Its current slot is always
 * valid (a persons change on a day whose opening hours changed since).
 */
export async function planChange(
  db: Executor,
  r: Reservation,
  target: ChangeTarget,
  policy: PricePolicy,
  now: Date,
  options: PlanOptions = {},
): Promise<{ ok: true; plan: ChangePlan } | ChangeRefusal> {
  if (!isIsoDate(target.date) || !Number.isInteger(target.startMin)) return { ok: false, reason: "invalid", message: MSG.chooseDateAndSlot };
  const horizon = getEnv().BOOKING_HORIZON_DAYS;
  if (beyondHorizon(target.date, venueNow(now).date, horizon)) return { ok: false, reason: "invalid", message: horizonMessage(horizon) };
  if (r.status !== "confirmed") return { ok: false, reason: "refused", message: CHANGE_MSG.notActive };
  const paid = paidBy(r.paymentStatus);
  if (!paid) return { ok: false, reason: "refused", message: CHANGE_MSG.paymentUnclear };
  const venue = await getVenue(db);
  const isTable = r.locationId === null;
  const sameSlot = target.date === r.date && target.startMin === r.startMin;
  const counts = target.counts ?? countsOf(r);
  // Games count players, not persons; only a birthday's persons can change.
  if (!isTable && target.counts && !sameCounts(counts, r)) return { ok: false, reason: "invalid", message: CHANGE_MSG.personsOnlyBirthday };
  const offerChange = target.offerId !== undefined && target.offerId !== r.offerId;
  if (offerChange && !isTable) return { ok: false, reason: "invalid", message: CHANGE_MSG.offerOnlyBirthday };
  const newOffer = offerChange ? venue.offers.find((o) => o.id === target.offerId) : undefined;
  if (offerChange && !newOffer) return { ok: false, reason: "invalid", message: CHANGE_MSG.unknownOffer };
  // New persons (or a new package) follow the offer's rules as they are today; unchanged persons stay as booked.
  const personsChange = target.counts !== undefined && target.counts !== null && !sameCounts(counts, r);
  const rules = newOffer ?? (personsChange ? (venue.offers.find((o) => o.id === r.offerId) ?? DEFAULT_PARTY_RULES) : null);
  const countsWrong = isTable ? countsProblem(counts, rules) : null;
  if (countsWrong) return { ok: false, reason: "invalid", message: countsWrong };
  // Fewer children than paid extras per child (goodie bags for 6, now 4 children): the family first
  // changes the extras (their price goes back there); staff correct the numbers as they are told.
  if (options.family && personsChange && counts.numChildren < r.numChildren && target.extras === undefined) {
    const over = tooManyPerChild(await extrasOf(db, r.id), counts.numChildren);
    if (over) return { ok: false, reason: "invalid", message: EXTRAS_MSG.moreThanChildren(over.name, over.quantity) };
  }
  // The staff discount or surcharge and the extras (issue #30 §2) are part of the stored price: the
  // list price of persons or rounds is what is left without them. The extras stay as chosen, at
  // their stored prices, whatever the change (another package, persons, a move).
  const adjust = target.priceAdjust ?? { rappen: r.priceAdjustRappen, reason: r.priceAdjustReason };
  const listed = { ...r, priceRappen: r.priceRappen - r.priceAdjustRappen - r.extrasRappen };

  const duration = newOffer ? newOffer.slotMinutes : r.endMin - r.startMin;
  let slot: SlotRange | undefined;
  let listBefore = 0;
  let listAfter = 0;
  let location: ChangePlan["location"] = null;
  let newPrice: number;
  if (isTable) {
    if (target.tableId !== undefined) {
      const table = tablesOn(venue, target.date).find((t) => t.id === target.tableId);
      if (!table) return { ok: false, reason: "invalid", message: CHANGE_MSG.unknownTable };
      if (table.seats < personCount(counts)) return { ok: false, reason: "invalid", message: CHANGE_MSG.tableTooSmall };
    }
    slot =
      sameSlot && !newOffer
        ? { startMin: r.startMin, endMin: r.endMin }
        : birthdaySlotGrid(target.date, rulesOn(venue.rules, venue.specialHours, target.date), duration).find((s) => s.startMin === target.startMin);
    if (!slot && newOffer && sameSlot) return { ok: false, reason: "invalid", message: CHANGE_MSG.offerDoesNotFit };
    if (newOffer) {
      // Another package: its price per child and minimum today, the booking's own adult prices.
      newPrice = birthdayPriceRappen(counts, newOffer.basePriceRappen, storedAdultPrices(r), newOffer.minChargedChildren);
    } else {
      const childPriceToday = (await ownOffer(db, r.offerId))?.basePriceRappen ?? 0;
      newPrice = changedBirthdayPriceRappen(listed, counts, childPriceToday);
    }
  } else {
    if (r.rounds === null || r.players === null || r.gameType === null) return { ok: false, reason: "invalid", message: MSG.chooseSlot };
    const choice = { gameType: r.gameType as GameType, rounds: r.rounds, players: r.players };
    const own = await ownLocation(db, r.locationId);
    const wanted = target.locationId ?? r.locationId!;
    const next = wanted === r.locationId ? own : venue.locations.find((l) => l.id === wanted);
    if (!own || !next) return { ok: false, reason: "invalid", message: CHANGE_MSG.unknownLocation };
    if (next.capacity < r.players) return { ok: false, reason: "invalid", message: `Bitte wählen Sie einen Spielort für ${r.players} Spieler.` };
    location = { id: next.id, name: next.name, reservationType: next.reservationType };
    slot = sameSlot ? { startMin: r.startMin, endMin: r.endMin } : gameStartGrid(target.date, rulesOn(venue.rules, venue.specialHours, target.date), r.rounds).find((s) => s.startMin === target.startMin);
    listBefore = gamePriceRappen(own, choice);
    listAfter = gamePriceRappen(next, choice);
    newPrice = changedPriceRappen(listed.priceRappen, listBefore, listAfter);
  }
  if (!slot) return { ok: false, reason: "invalid", message: MSG.chooseSlot };
  // A family moving its party earlier, past a paid extra's order deadline (a cake needs three days):
  // the kitchen could not make it in time, so the extra goes first (its refund there) or staff decide.
  if (options.family && target.date < r.date) {
    const at = venueNow(now);
    const late = (await extrasOf(db, r.id)).find((b) => b.unitPriceRappen > 0 && !extraOrderable(b.deadlineDays, { date: target.date, startMin: slot.startMin }, at));
    if (late) return { ok: false, reason: "invalid", message: EXTRAS_MSG.tooLateForMove(late.name) };
  }
  // Staff correcting a party where it is (persons added on the day) may do so once it has begun.
  const correctingInPlace = options.staffCorrection === true && sameSlot;
  if (!correctingInPlace && hasBegun(target.date, slot.startMin, venueNow(now))) return { ok: false, reason: "slot_taken", message: MSG.slotGone };
  // A closure (whole venue, birthdays, or this game location) takes no changed bookings either.
  if (!correctingInPlace && closureOn(venue.closures, target.date, isTable ? { kind: "birthday" } : { kind: "game", locationId: location!.id })) {
    return { ok: false, reason: "invalid", message: MSG.closedDay };
  }
  const sameResource = isTable ? target.tableId === undefined || target.tableId === r.tableId : location!.id === r.locationId;
  const adjustChanged = adjust.rappen !== r.priceAdjustRappen || (adjust.reason ?? null) !== (r.priceAdjustReason ?? null);
  // A new choice of extras: each changed extra checked against its deadline and limits (extras.server).
  let extras: BookedExtra[] | null = null;
  if (target.extras !== undefined) {
    // Staff correct past an extra's order deadline (they asked the kitchen); the limits per child count the new children.
    const planned = planExtras(venue, r, await extrasOf(db, r.id), target.extras, now, options.staffCorrection !== true, isTable ? counts.numChildren : extrasChildren(r));
    if (!planned.ok) return { ok: false, reason: "invalid", message: planned.message };
    if (planned.changed) extras = planned.booked;
  }
  if (sameSlot && sameResource && sameCounts(counts, r) && !offerChange && !adjustChanged && extras === null) {
    const message = options.staffCorrection
      ? CHANGE_MSG.correctionUnchanged
      : target.extras
        ? EXTRAS_MSG.unchanged
        : target.counts
          ? CHANGE_MSG.personsUnchanged
          : CHANGE_MSG.unchanged;
    return { ok: false, reason: "invalid", message };
  }
  if (newPrice + adjust.rappen < 0) return { ok: false, reason: "invalid", message: CHANGE_MSG.adjustTooLow };
  newPrice += adjust.rappen + (extras === null ? r.extrasRappen : extrasTotalRappen(extras));
  if (policy === "keep") newPrice = r.priceRappen;
  return {
    ok: true,
    plan: {
      date: target.date,
      slot,
      counts,
      sameSlot,
      kind: isTable ? "table" : "location",
      tableId: isTable ? (target.tableId ?? null) : null,
      location,
      paid,
      newPriceRappen: newPrice,
      // Families: into a deposit booking's open balance, else online (issue #30 §4); staff choose.
      settlement: settleChange(r, newPrice, paid, options.money ?? familyMoneyOf(r)),
      offer: newOffer ? { id: newOffer.id, name: newOffer.name, minChargedChildren: newOffer.minChargedChildren, bufferMin: newOffer.bufferMin } : null,
      bufferMin: newOffer ? newOffer.bufferMin : r.bufferMin,
      priceAdjust: policy === "keep" ? { rappen: r.priceAdjustRappen, reason: r.priceAdjustReason } : adjust,
      extras,
    },
  };
}

/** Where the changed booking sits: a table, a location, or — for a held difference row — its own current table. */
export type Claim = { tableId: number } | { locationId: number } | { stay: true };

/**
 * Claims the table or location for a planned change, under the day's lock. `replace`: the booking
 * itself moves, so its own slot does not count as taken. `alongside`: a difference row claims the
 * new slot while the booking keeps the old one until paid, so the booking's own slot counts — except
 * that a party staying at its own slot and table (more persons, same table) needs no second claim.
 * A booking keeps its own table when that fits and is free; otherwise the smallest free fitting one.
 */
export async function claimFor(tx: Executor, r: Reservation, plan: ChangePlan, mode: "replace" | "alongside", now: Date): Promise<Claim | ChangeRefusal> {
  const taken: ChangeRefusal = { ok: false, reason: "slot_taken", message: MSG.slotTaken };
  if (plan.kind === "location") {
    const occupied = await locationOccupations(tx, plan.location!.id, plan.date, now, mode === "replace" ? r.id : undefined);
    return occupied.some((o) => overlaps(o, plan.slot)) ? taken : { locationId: plan.location!.id };
  }
  const persons = personCount(plan.counts);
  const venue = await getVenue(tx);
  const own = await ownTable(tx, r.tableId);
  const unchangedSlot = plan.sameSlot && plan.slot.endMin === r.endMin && plan.bufferMin <= r.bufferMin;
  if (mode === "alongside" && unchangedSlot && own && own.seats >= persons && (plan.tableId === null || plan.tableId === own.id)) return { stay: true };
  const occupied = await tableOccupations(tx, plan.date, now, mode === "replace" ? r.id : undefined);
  // The booking keeps the cleaning buffer it was made with (a later change of the offer does not
  // move it); staff choosing another package give it that package's buffer.
  const blocked = blockedRange(plan.slot, plan.bufferMin);
  if (plan.tableId !== null) {
    const table = tablesOn(venue, plan.date).find((t) => t.id === plan.tableId);
    if (!table) return { ok: false, reason: "invalid", message: CHANGE_MSG.unknownTable };
    return pickTable(blocked, persons, [table], occupied) ? { tableId: table.id } : { ok: false, reason: "slot_taken", message: CHANGE_MSG.tableTaken };
  }
  // Its own table: while active, or where it already sits (a deactivated table keeps its party's slot).
  const offered = tablesOn(venue, plan.date);
  const ownAllowed = own && (offered.some((t) => t.id === own.id) || unchangedSlot);
  const table = (ownAllowed && pickTable(blocked, persons, [own], occupied)) || pickTable(blocked, persons, offered, occupied);
  if (table) return { tableId: table.id };
  return plan.sameSlot ? { ok: false, reason: "slot_taken", message: CHANGE_MSG.noTable } : taken;
}

/** A game booking's type and name at another location ("Normales Spiel – Escape Room Kids"). */
function locationNaming(r: Reservation, location: { name: string; reservationType: string }) {
  return { type: location.reservationType, offerName: r.gameType === null ? r.offerName : gameBookingName(r.gameType as GameType, location.name) };
}

/** What a change did to the money: the same record the change e-mail states (domain/booking-email.ts). */
export type ChangeMoney = ChangeMoneyLines;

function snapshot(r: Reservation) {
  return {
    date: r.date,
    startMin: r.startMin,
    endMin: r.endMin,
    tableId: r.tableId,
    locationId: r.locationId,
    ...countsOf(r),
    priceRappen: r.priceRappen,
    discountRappen: r.discountRappen,
    amountRappen: r.amountRappen,
    offerName: r.offerName,
    priceAdjustRappen: r.priceAdjustRappen,
    priceAdjustReason: r.priceAdjustReason,
    openBalanceRappen: r.openBalanceRappen,
  };
}

/**
 * Writes a change into the booking (its row locked by the caller): slot, resource, persons and
 * money, the calendar revision + 1, the voucher credit, the audit row with before and after, and
 * the change e-mail with the updated .ics and the amounts — all in the caller's transaction.
 */
export async function applyChange(
  tx: Tx,
  r: Reservation,
  change: {
    plan: ChangePlan;
    claim: Claim;
    after: { priceRappen: number; discountRappen: number; amountRappen: number };
    money: ChangeMoney;
    /** Another game location: the booking's type and name follow it. */
    rename?: { type: string; offerName: string } | null;
    /** Staff may correct without telling the family (default: the change e-mail goes out). */
    notify?: boolean;
  },
  actor: AuditActor,
  now: Date,
): Promise<Reservation> {
  const { plan, claim, after, money } = change;
  const resource = "tableId" in claim ? { tableId: claim.tableId } : "locationId" in claim ? { locationId: claim.locationId } : {};
  const game = change.rename ?? (plan.location && plan.location.id !== r.locationId && r.gameType !== null ? locationNaming(r, plan.location) : {});
  const [changed] = await tx
    .update(reservations)
    .set({
      date: plan.date,
      startMin: plan.slot.startMin,
      endMin: plan.slot.endMin,
      ...resource,
      ...game,
      ...plan.counts,
      ...after,
      ...(plan.offer ? { offerId: plan.offer.id, offerName: plan.offer.name, minChargedChildren: plan.offer.minChargedChildren } : {}),
      bufferMin: plan.bufferMin,
      priceAdjustRappen: plan.priceAdjust.rappen,
      priceAdjustReason: plan.priceAdjust.rappen === 0 ? null : plan.priceAdjust.reason,
      openBalanceRappen: r.openBalanceRappen + (money.openBalanceDeltaRappen ?? 0),
      ...(plan.extras ? { extrasRappen: extrasTotalRappen(plan.extras) } : {}),
      // The family changed its numbers after confirming them: it confirms again (issue #30 §4).
      // Staff's numbers are agreed with the family and keep the confirmation.
      ...(actor.label === CUSTOMER_ACTOR.label && !sameCounts(r, plan.counts) ? { headcountConfirmedAt: null } : {}),
      sequence: r.sequence + 1,
      updatedAt: now,
    })
    .where(eq(reservations.id, r.id))
    .returning();
  const extrasBefore = plan.extras ? await extrasOf(tx, r.id) : [];
  if (plan.extras) await replaceExtras(tx, r.id, plan.extras);
  if (money.voucherCreditRappen > 0 && r.voucherId !== null) {
    await creditVoucher(tx, { voucherId: r.voucherId, reservationId: r.id, amountRappen: money.voucherCreditRappen, kind: "change-credit" });
  }
  const moved = plan.date !== r.date || plan.slot.startMin !== r.startMin || changed!.tableId !== r.tableId || changed!.locationId !== r.locationId;
  await tx.insert(auditLog).values({
    staffId: actor.staffId,
    actor: actor.label,
    action: moved ? "move" : "change",
    reservationId: r.id,
    details: {
      before: snapshot(r),
      after: snapshot(changed!),
      money,
      ...(plan.extras ? { extras: extrasChanges(extrasBefore, plan.extras) } : {}),
      ...(change.notify === false ? { notified: false } : {}),
    },
  });
  if (change.notify !== false) {
    const previous = { date: r.date, startMin: r.startMin, endMin: r.endMin, persons: personCount(r), priceRappen: r.priceRappen, offerName: r.offerName };
    await enqueueChangeMail(tx, changed!, previous, money);
  }
  return changed!;
}

/**
 * A change that costs more and is paid online: a held row claims the new slot (or, staying at the
 * same table, nothing) for the difference, while the booking itself stays valid where it is. The
 * row's price and amount are the difference; `sequence` records the booking revision it was made
 * from, so a payment arriving after another change of the booking is refunded instead of applied.
 */
export async function holdChange(tx: Tx, r: Reservation, plan: ChangePlan, claim: Claim, code: string, holdMinutes: number, now: Date): Promise<Reservation> {
  const { id: _id, ...copy } = r;
  const pay = plan.settlement.payOnlineRappen;
  const [held] = await tx
    .insert(reservations)
    .values({
      ...copy,
      code,
      date: plan.date,
      startMin: plan.slot.startMin,
      endMin: plan.slot.endMin,
      tableId: "tableId" in claim ? claim.tableId : null,
      locationId: "locationId" in claim ? claim.locationId : null,
      ...(plan.location && plan.location.id !== r.locationId ? locationNaming(r, plan.location) : {}),
      ...plan.counts,
      priceRappen: pay,
      discountRappen: 0,
      amountRappen: pay,
      voucherId: null,
      voucherCode: null,
      status: "held",
      paymentStatus: "none",
      holdExpiresAt: new Date(now.getTime() + holdMinutes * 60_000),
      createdAt: now,
      updatedAt: now,
      confirmedAt: null,
      cancelledAt: null,
      cancelReason: null,
      cancelledBy: null,
      ownerTokenHash: null,
      clientKey: null,
      arrival: null,
      arrivalAt: null,
      paidAtVenueRappen: 0,
      openBalanceRappen: 0,
      ...(plan.offer ? { offerId: plan.offer.id, offerName: plan.offer.name, minChargedChildren: plan.offer.minChargedChildren } : {}),
      bufferMin: plan.bufferMin,
      priceAdjustRappen: plan.priceAdjust.rappen,
      priceAdjustReason: plan.priceAdjust.reason,
      // The row's price is the difference alone: no extras in it. The new choice of extras travels as
      // the row's own `reservation_extras` until the difference is paid (`completePendingChange`).
      extrasRappen: 0,
      movesReservationId: r.id,
    })
    .returning();
  if (plan.extras) await insertExtras(tx, held!.id, plan.extras);
  return held!;
}

/**
 * A new change replaces one still waiting for its payment: the held rows give their slot back at once
 * (`cancelled`, so a payment that still arrives for one is refunded, never applied). Returns their ids.
 */
export async function supersedePendingChanges(tx: Tx, reservationId: number, now: Date): Promise<number[]> {
  const rows = await tx
    .update(reservations)
    .set({ status: "cancelled", cancelledAt: now, cancelReason: "Durch eine neuere Änderung ersetzt", holdExpiresAt: null, updatedAt: now })
    .where(and(eq(reservations.movesReservationId, reservationId), eq(reservations.status, "held")))
    .returning({ id: reservations.id });
  return rows.map((row) => row.id);
}

/** The change of `reservationId` still waiting for its payment (held and not expired), if any. */
export async function pendingChangeRow(db: Executor, reservationId: number, now: Date): Promise<Reservation | null> {
  const rows = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.movesReservationId, reservationId), eq(reservations.status, "held")));
  return rows.find((row) => row.holdExpiresAt !== null && row.holdExpiresAt > now) ?? null;
}

/**
 * The difference of a held change row was paid (inside `confirmPayment`'s transaction, the booking
 * and then the row locked): the booking takes the row's slot, table or location, persons and the
 * higher price, and the row is closed. Refused — so the caller refunds — when the booking is no
 * longer confirmed, was changed since the row was made, the row was replaced by a newer change, or
 * its hold ran out and its slot has gone to someone else meanwhile.
 */
export async function completePendingChange(tx: Tx, held: Reservation, original: Reservation | null, now: Date): Promise<Reservation | null> {
  if (!original || original.status !== "confirmed" || original.sequence !== held.sequence) return null;
  if (held.status !== "held" && held.status !== "expired") return null;
  // A new choice of extras paid after its hold ran out (a late webhook, the reconciliation) counts
  // only if every extra it changes can still be ordered now; otherwise the payment goes back.
  const newExtras = await heldExtras(tx, held);
  const late = held.status === "expired" || (held.holdExpiresAt !== null && held.holdExpiresAt <= now);
  if (newExtras && late && !changeStillOrderable(await extrasOf(tx, original.id), newExtras, original, venueNow(now))) return null;
  const slot = { startMin: held.startMin, endMin: held.endMin };
  let claim: Claim = { stay: true };
  if (held.tableId !== null) claim = { tableId: held.tableId };
  if (held.locationId !== null) claim = { locationId: held.locationId };
  if (held.status === "expired") {
    // Its hold ran out: the slot is taken again only if still free (the booking's own old slot aside).
    if (held.tableId !== null) {
      const venue = await getVenue(tx);
      const occupied = await tableOccupations(tx, held.date, now, original.id);
      const persons = personCount(held);
      const offered = tablesOn(venue, held.date);
      const same = offered.find((t) => t.id === held.tableId);
      const blocked = blockedRange(slot, held.bufferMin);
      const table = (same && pickTable(blocked, persons, [same], occupied)) || pickTable(blocked, persons, offered, occupied);
      if (!table) return null;
      claim = { tableId: table.id };
    } else if (held.locationId !== null) {
      const occupied = await locationOccupations(tx, held.locationId, held.date, now, original.id);
      if (occupied.some((o) => overlaps(o, slot))) return null;
    }
  }
  // The held row gives up its claim first: the exclusion constraints check every statement.
  await tx
    .update(reservations)
    .set({ status: "cancelled", cancelledAt: now, cancelReason: "Änderung bezahlt und übernommen", holdExpiresAt: null, paymentStatus: "settled", updatedAt: now })
    .where(eq(reservations.id, held.id));
  const plan: ChangePlan = {
    date: held.date,
    slot,
    counts: countsOf(held),
    sameSlot: held.date === original.date && held.startMin === original.startMin,
    kind: original.locationId === null ? "table" : "location",
    tableId: null,
    location: null,
    paid: "online",
    newPriceRappen: original.priceRappen + held.amountRappen,
    settlement: settleChange(original, original.priceRappen + held.amountRappen, "online"),
    // The held row carries what the change sets besides slot and persons: a package chosen by staff, the price adjustment.
    offer:
      held.offerId !== null && held.offerId !== original.offerId
        ? { id: held.offerId, name: held.offerName, minChargedChildren: held.minChargedChildren ?? 0, bufferMin: held.bufferMin }
        : null,
    bufferMin: held.bufferMin,
    priceAdjust: { rappen: held.priceAdjustRappen, reason: held.priceAdjustReason },
    // A change of extras that costs more always carries at least one extra (a smaller choice costs less
    // and never waits for a payment): rows on the held row are the new choice.
    extras: newExtras,
  };
  return applyChange(
    tx,
    original,
    {
      plan,
      claim,
      after: { priceRappen: original.priceRappen + held.amountRappen, discountRappen: original.discountRappen, amountRappen: original.amountRappen + held.amountRappen },
      money: { refundRappen: 0, voucherCreditRappen: 0, paidRappen: held.amountRappen, venueDeltaRappen: 0 },
      // The held row already carries the new location's booking name and type.
      rename: held.locationId !== null && held.locationId !== original.locationId ? { type: held.type, offerName: held.offerName } : null,
    },
    CUSTOMER_ACTOR,
    now,
  );
}

async function heldExtras(tx: Tx, held: Reservation): Promise<BookedExtra[] | null> {
  const rows = await extrasOf(tx, held.id);
  return rows.length > 0 ? rows : null;
}

/**
 * The slots a booking could move to on `date`, from the real availability: the booking flow's grid
 * with the booking's own duration (or rounds) and its own offer or location even if deactivated
 * since, the day's closures, and the booking's own current slot not counted as taken. Staff may look
 * at another table or location (`resource`).
 */
export async function moveOptions(
  db: Executor,
  r: Reservation,
  date: string,
  now: Date = new Date(),
  resource: { tableId?: number; locationId?: number } = {},
): Promise<MoveSlot[]> {
  const slots = await moveSlots(db, r, date, now, resource);
  const today = venueNow(now);
  // Begun slots of today read «vorbei», not «belegt» (issue #29 §4): both are unavailable, for different reasons.
  return slots.map((s) => (s.available || !hasBegun(date, parseTime(s.startTime) ?? 0, today) ? s : { ...s, past: true }));
}

async function moveSlots(db: Executor, r: Reservation, date: string, now: Date, resource: { tableId?: number; locationId?: number }): Promise<Slot[]> {
  const venue = await getVenue(db);
  if (r.locationId === null) {
    if (closureOn(venue.closures, date, { kind: "birthday" })) return [];
    const offered = tablesOn(venue, date);
    const chosen = resource.tableId === undefined ? null : offered.find((t) => t.id === resource.tableId);
    if (resource.tableId !== undefined && !chosen) return [];
    return birthdayAvailability({
      date,
      persons: personCount(r),
      durationMin: r.endMin - r.startMin,
      rules: rulesOn(venue.rules, venue.specialHours, date),
      tables: chosen ? [chosen] : offered,
      occupied: await tableOccupations(db, date, now, r.id),
      now: venueNow(now),
      bufferMin: r.bufferMin,
    });
  }
  const locationId = resource.locationId ?? r.locationId;
  if (closureOn(venue.closures, date, { kind: "game", locationId })) return [];
  if (r.rounds === null) return [];
  if (locationId !== r.locationId && !venue.locations.some((l) => l.id === locationId)) return [];
  return gameAvailability({ date, rounds: r.rounds, rules: rulesOn(venue.rules, venue.specialHours, date), taken: await locationOccupations(db, locationId, date, now, r.id), now: venueNow(now) });
}

/**
 * The calendar marks of a move: the weekdays without birthdays (or without games, for a game
 * booking) and the closures of the shown month that apply to the booking (its location, or another
 * one staff look at), as on /find-slot and /date.
 */
export async function moveCalendar(db: Executor, r: Reservation, month: string, resource: { locationId?: number } = {}, date: string | null = null) {
  const { rules, closures, specialHours } = await getVenue(db);
  const isTable = r.locationId === null;
  const target = isTable ? ({ kind: "birthday" } as const) : ({ kind: "game", locationId: resource.locationId ?? r.locationId! } as const);
  const kind = isTable ? "birthdays" : "games";
  // What the picker says when the chosen day lists no times: a closure, or a day without this kind.
  const emptyNote = !date || closureOn(closures, date, target) ? MSG.closedDay : emptyDayNote(rules, specialHours, date, kind);
  return { ...calendarMarks(rules, specialHours, closedDatesInMonth(closures, month, target), month, kind), emptyNote };
}
