import type { Lang } from "~/i18n/locales";
import { depositOf, depositSplit } from "~/domain/deposit";
import { insertExtras, priceNewExtras } from "./extras.server";
import { extrasTotalRappen, type BookedExtra, type ExtraPick } from "~/domain/extras";
import { randomInt } from "node:crypto";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, getTableColumns, gt, isNotNull, lte, not, sql, type SQL } from "drizzle-orm";
import { blockedRange, hasBegun, birthdaySlotGrid, onlineNotBefore, pickTable, rulesOn } from "~/domain/availability";
import { newBookingCode } from "~/domain/codes";
import type { Contact } from "~/domain/contact";
import type { PartyDetails } from "~/domain/party-details";
import { storedPhone } from "~/domain/phone";
import { MSG } from "~/domain/messages";
import { COUNTER_CAP, partyRuleProblem } from "~/domain/party-rules";
import { applyVoucher, birthdayPriceRappen, personCount, type PartyCounts } from "~/domain/pricing";
import { venueNow } from "~/domain/time";
import { insertTemplate, prepared, shapeName } from "../platform/prepared.server";
import { cachedTableOccupations, reservationsChanged, reservationsNotice, tableOccupations } from "./availability.server";
import type { Db, Executor, Tx } from "../platform/db.server";
import { reservations, type BookingChannel } from "../platform/schema";
import { KeyedMutex } from "../platform/keyed-mutex.server";
import { enqueueConfirmationMail, kickMailer } from "../mail/mail.server";
import { creditVoucher, debitVoucher, recordLedger } from "../vouchers/vouchers.server";
import { reserveVoucherAttempt } from "../vouchers/coupon.server";
import { checkPromo, recordRedemption } from "../vouchers/promo-codes.server";
import { PROMO_MSG } from "~/domain/promo-codes";
import { getVenue, tablesOn, venuePhone } from "./venue.server";
import { closureOn } from "~/domain/venue-settings";
import { beyondHorizon, horizonMessage } from "~/domain/horizon";
import { getEnv } from "../platform/env.server";
import { networkOf } from "../platform/client.server";
import { countBooking } from "../platform/metrics.server";

export type Reservation = typeof reservations.$inferSelect;

export const RESERVATION_TYPES = {
  BIRTHDAY_PARTY: "BIRTHDAY_PARTY",
} as const;

export type BirthdayRequest = {
  offerId: number;
  date: string;
  startMin: number;
  counts: PartyCounts;
  contact: Contact;
  couponCode?: string | null;
  /** The birthday child and allergies (issue #30 §1), when the family gave them. */
  party?: PartyDetails;
  /** The extras chosen (issue #30 §2), priced by the server when the booking is placed. */
  extras?: ExtraPick[];
};

/**
 * The party columns of a new booking: only those given, so the common insert (no party details)
 * keeps its shape.
 */
export function partyColumns(party: PartyDetails | undefined) {
  return {
    partyChildName: party?.childName ?? undefined,
    partyChildAge: party?.childAge ?? undefined,
    partyNotes: party?.notes ?? undefined,
  };
}

export type ReserveResult =
  | {
      ok: true;
      reservation: Reservation;
      requiresPayment: boolean;
      /** The secret that proves ownership of this booking to the JSON API; only its hash is stored. */
      reservationToken: string;
    }
  | { ok: false; reason: ReserveFailure; message: string };

/**
 * Why a reservation was refused: `voucher_attempts` when the client has used up its voucher-miss
 * budget, `hold_share` when unpaid holds already take their share of the slot's tables and the
 * client's network holds something that day already.
 */
export type ReserveFailure = "invalid" | "slot_taken" | "voucher" | "too_many_holds" | "voucher_attempts" | "hold_share";

/**
 * Who asks for a hold made through the site or the API, and how many unpaid holds they may keep
 * (see `holdOwner` in reservation-owner.server.ts). Internal callers (seeding, tests of other
 * rules) pass none and are not limited.
 */
export type HoldOwner = {
  clientKey: string;
  perClient: number;
  perEmail: number;
  startMinutes: number;
  /** Percent of a slot's tables that unpaid holds from the site and the API may take together (100 = no cap). */
  sharePercent?: number;
};

export type ReserveOptions = {
  now?: Date;
  holdMinutes: number;
  owner?: HoldOwner;
  /** Where the booking is made (default `online`); staff phone bookings say `phone`. */
  channel?: BookingChannel;
  /** The family's language (issue #33): the booking page's, or the caller's chosen by staff; German by default. */
  lang?: Lang;
  /** Staff phone booking paid at the venue: confirmed at once, its amount left open (`payment_status` none). */
  payAtVenue?: boolean;
  /**
   * Runs inside the booking's transaction, after its row (and confirmation e-mail) is written: what
   * must commit or roll back with the booking itself (a staff booking's audit row, its payment link).
   */
  alsoInTransaction?: (tx: Tx, reservation: Reservation) => Promise<void>;
};

/** Thrown inside the booking transaction so that everything it did (a voucher debit) rolls back. */
class TooManyHolds extends Error {}
class HoldShareTaken extends Error {}

/**
 * How many unpaid holds from the site and the API a slot with `capacity` tables may carry at once:
 * the share rounded down, at least one (a venue with one table can still be booked online).
 */
export function holdShareCap(capacity: number, sharePercent: number): number {
  if (sharePercent >= 100) return Number.POSITIVE_INFINITY;
  return Math.max(1, Math.floor((capacity * sharePercent) / 100));
}

/**
 * The hoarding rule across addresses (docs/security.md "Hoarding with many addresses"): while the
 * unpaid holds overlapping a slot are below the share, anyone may hold (within the per-address and
 * per-e-mail limits). At or above it, only a network (IPv4 /24, IPv6 /64) with no open unpaid hold
 * that day may: a family holds one table, so it is never refused, while a script rotating addresses
 * of one network gets no further than the share, and one with many networks only one more per network.
 */
export function holdShareAllows(
  holds: { clientKey: string; startMin: number; endMin: number }[],
  wanted: { clientKey: string; startMin: number; endMin: number; sharePercent?: number },
  capacity: number,
): boolean {
  const overlapping = holds.filter((h) => h.startMin < wanted.endMin && h.endMin > wanted.startMin).length;
  if (overlapping < holdShareCap(capacity, wanted.sharePercent ?? 100)) return true;
  const network = networkOf(wanted.clientKey);
  return !holds.some((h) => networkOf(h.clientKey) === network);
}

/**
 * Counts the open (unpaid, unexpired) holds of this client and this e-mail address, serialised per
 * client and per address with transaction locks so that parallel requests, even from several
 * server processes and for different days, cannot all see "one more is fine".
 */
async function assertHoldAllowed(tx: Tx, owner: HoldOwner, email: string, now: Date) {
  const mail = email.trim().toLowerCase();
  // Both locks in one round trip, always in this order (client, then address), so two requests cannot deadlock.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`holds-client:${owner.clientKey}`})), pg_advisory_xact_lock(hashtext(${`holds-email:${mail}`}))`);
  // Counted by every hold placed through the site: built once (see `prepared`).
  const statement = prepared(tx, "active_holds_of_owner", (d) =>
    d
      .select({
        byClient: sql<number>`count(*) filter (where ${reservations.clientKey} = ${sql.placeholder("clientKey")})`.mapWith(Number),
        byEmail: sql<number>`count(*) filter (where lower(${reservations.email}) = ${sql.placeholder("email")})`.mapWith(Number),
      })
      .from(reservations)
      .where(and(eq(reservations.status, "held"), gt(reservations.holdExpiresAt, sql.placeholder("now"))))
      .prepare("active_holds_of_owner"),
  );
  const [counts] = await statement.execute({ clientKey: owner.clientKey, email: mail, now: now.toISOString() });
  if ((counts?.byClient ?? 0) >= owner.perClient || (counts?.byEmail ?? 0) >= owner.perEmail) throw new TooManyHolds();
}


/**
 * Serialises every booking of one resource kind on one day. Read-committed statements after the
 * lock see every booking committed before it, so "check free, then insert" cannot interleave.
 */
export async function lockDay(tx: Tx, kind: string, date: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${kind}:${date}`}))`);
}

/** Expired holds give their table back and their voucher amount back, each exactly once. */
export async function expireHolds(tx: Tx, now: Date, spare?: SQL): Promise<number> {
  const expire = (d: Executor, at: SQL, except?: SQL) =>
    d
      .update(reservations)
      .set({ status: "expired", updatedAt: at })
      .where(and(eq(reservations.status, "held"), lte(reservations.holdExpiresAt, at), except ? not(except) : undefined))
      .returning({ id: reservations.id, voucherId: reservations.voucherId, discountRappen: reservations.discountRappen });
  // Run under the day's lock by every booking: built once (see `prepared`); the sweep's spared holds vary.
  const expired = spare
    ? await expire(tx, sql`${now.toISOString()}`, spare)
    : await prepared(tx, "expire_holds", (d) => expire(d, sql`${sql.placeholder("now")}`).prepare("expire_holds")).execute({ now: now.toISOString() });
  for (const r of expired) {
    if (r.voucherId !== null && r.discountRappen > 0) {
      await creditVoucher(tx, { voucherId: r.voucherId, reservationId: r.id, amountRappen: r.discountRappen, kind: "hold-expired" });
    }
  }
  return expired.length;
}

/** The periodic sweep (and tests): its own transaction. `spare` keeps matching holds (reconcile.server). */
export async function sweepExpiredHolds(db: Db, now: Date = new Date(), spare?: SQL): Promise<number> {
  const expired = await db.transaction((tx) => expireHolds(tx, now, spare));
  if (expired > 0) reservationsChanged(db);
  return expired;
}

function validCount(n: number) {
  return Number.isInteger(n) && n >= 0 && n <= COUNTER_CAP;
}

export async function uniqueBookingCode(tx: Tx): Promise<string> {
  for (;;) {
    const code = newBookingCode(randomInt);
    const [taken] = await tx.select({ id: reservations.id }).from(reservations).where(eq(reservations.code, code));
    if (!taken) return code;
  }
}

function isExclusionViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23P01") return true;
  }
  return false;
}

type NewReservation = typeof reservations.$inferInsert;

/**
 * What one kind of booking contributes to the shared reservation transaction: the lock it takes,
 * how it finds a free resource (table or game location) once the lock is held, and its columns.
 */
export type ReservationSpec = {
  lockKind: "table" | "location";
  date: string;
  priceRappen: number;
  couponCode?: string | null;
  /** Runs under the day's lock, after expired holds were swept; null when nothing is free. */
  claim: (tx: Tx) => Promise<Pick<NewReservation, "tableId" | "locationId"> | null>;
  columns: Omit<NewReservation, "code" | "date" | "status" | "priceRappen" | "discountRappen" | "amountRappen" | "tableId" | "locationId">;
  /**
   * True when the availability cache already shows nothing free. Asked in the day's queue, before a
   * connection, lock or query: in a flash crowd for one slot most requests lose, and their answer
   * must be cheap. Never trusted for a "yes": a booking that gets past it is decided under the lock.
   */
  takenBeforehand?: () => Promise<boolean>;
  /**
   * Against hoarding with many addresses: the open unpaid holds made through the site or the API on
   * this day (their client and time), and how many resources a slot has. Asked under the day's lock.
   */
  unpaidHolds?: (tx: Tx, now: Date) => Promise<{ holds: { clientKey: string; startMin: number; endMin: number }[]; capacity: number }>;
  /** The extras as priced (included in `priceRappen` and in `columns.extrasRappen`), stored with the booking. */
  extras?: BookedExtra[];
  /** The offer's deposit for this price (issue #30 §3); 0 or absent: paid in full. */
  depositRappen?: number;
};

/** Bookings of one day queue in this process before they take a connection (see KeyedMutex). */
const dayQueues = new WeakMap<Db, KeyedMutex>();
function dayQueueOf(db: Db): KeyedMutex {
  let queue = dayQueues.get(db);
  if (!queue) dayQueues.set(db, (queue = new KeyedMutex()));
  return queue;
}

/**
 * One transaction for every kind of booking: lock the day, sweep expired holds, claim a free
 * resource, debit the voucher (never below zero; a ledger row) and insert the reservation, held for
 * payment or confirmed at once when the voucher covers everything (its e-mail queued in the same
 * transaction). Prices come from the caller's server-side computation, never from a request.
 */
export async function placeReservation(db: Db, spec: ReservationSpec, options: ReserveOptions): Promise<ReserveResult> {
  const now = options.now ?? new Date();
  // Every booking path ends here: a date in year 9999 is refused before it takes a lock.
  const horizon = getEnv().BOOKING_HORIZON_DAYS;
  if (beyondHorizon(spec.date, venueNow(now).date, horizon)) return { ok: false, reason: "invalid", message: horizonMessage(horizon) };
  const { owner } = options;
  // A code carried by a booking from the site or the API is a voucher try like a check: the same
  // budget of misses per client, counted before the code is tried (staff bookings have no owner).
  const voucherTry = spec.couponCode && owner ? await reserveVoucherAttempt(db, owner.clientKey) : null;
  if (voucherTry?.refused) {
    countBooking(spec.lockKind === "table" ? "birthday" : "game", "voucher_attempts");
    return { ok: false, reason: "voucher_attempts", message: MSG.voucherTooManyAttempts };
  }
  let result: ReserveResult | undefined;
  try {
    result = await placeReservationNow(db, spec, options, now);
    return result;
  } finally {
    await voucherTry?.settle(result?.ok === false && result.reason === "voucher");
  }
}

async function placeReservationNow(db: Db, spec: ReservationSpec, options: ReserveOptions, now: Date): Promise<ReserveResult> {
  const { owner } = options;
  // An unpaid hold made through the site first only lasts until the payment is started (then
  // `startPayment` extends it to the full hold time), so an abandoned hold frees its table soon.
  const holdMinutes = owner ? Math.min(owner.startMinutes, options.holdMinutes) : options.holdMinutes;
  const kind = spec.lockKind === "table" ? "birthday" : "game";
  // The AGB version the family accepts, from the venue cache (a new version empties it): no statement under the day's lock.
  const { agbVersion } = await getVenue(db);
  try {
    let changed = false;
    let noticeSent = false;
    const notice = reservationsNotice(db);
    const result = await dayQueueOf(db).run(`${spec.lockKind}:${spec.date}`, async (): Promise<ReserveResult> => {
      if (spec.takenBeforehand && (await spec.takenBeforehand())) return { ok: false, reason: "slot_taken", message: MSG.slotTaken };
      return db.transaction(async (tx): Promise<ReserveResult> => {
        // Made here, past the early "taken" answer: a loser of a rush needs no token.
        const reservationToken = randomBytes(24).toString("base64url");
        await lockDay(tx, spec.lockKind, spec.date);
        if ((await expireHolds(tx, now)) > 0) changed = true;
        const resource = await spec.claim(tx);
        if (!resource) return { ok: false, reason: "slot_taken", message: MSG.slotTaken };

        // The voucher box takes gift vouchers and promo codes (issue #31 §4): a promo code is claimed
        // under its row's lock (exact uses across processes) and lowers the price; a voucher pays.
        let voucher: { id: number; code: string; debitedRappen: number } | null = null;
        let promo: { id: number; code: string; discountRappen: number } | null = null;
        if (spec.couponCode) {
          const target = { offerId: spec.columns.offerId ?? null, game: spec.lockKind === "location", date: spec.date, today: venueNow(now).date };
          const claim = await checkPromo(tx, spec.couponCode, target, spec.columns.email, spec.priceRappen, { lock: true });
          if (claim && !claim.ok) return { ok: false, reason: "voucher", message: claim.message };
          if (claim?.ok) promo = { id: claim.promo.id, code: claim.promo.code, discountRappen: claim.discountRappen };
        }
        const priceRappen = spec.priceRappen - (promo?.discountRappen ?? 0);
        if (spec.couponCode && !promo) {
          const debit = await debitVoucher(tx, { code: spec.couponCode, wantedRappen: priceRappen, reservationId: null, now });
          if (!debit.ok) return { ok: false, reason: "voucher", message: debit.message };
          voucher = { id: debit.voucher.id, code: debit.voucher.code, debitedRappen: debit.debitedRappen };
        }
        const price = applyVoucher(priceRappen, voucher ? voucher.debitedRappen : null);
        // With a deposit only its part (after the voucher) is paid now; the rest stays open (issue #30 §3).
        const deposit = options.payAtVenue ? 0 : (spec.depositRappen ?? 0);
        const split = depositSplit(priceRappen, price.amountRappen, deposit);
        const paidInFull = split.payNowRappen <= 0;
        const confirmed = paidInFull || options.payAtVenue === true;
        if (!confirmed && owner) {
          // The client's own limits first (their message tells a hoarder what to do), then the share
          // of the slot's tables that all unpaid holds together may take (also under the locks taken here).
          await assertHoldAllowed(tx, owner, spec.columns.email, now);
          if (spec.unpaidHolds && (owner.sharePercent ?? 100) < 100) {
            const { holds, capacity } = await spec.unpaidHolds(tx, now);
            if (!holdShareAllows(holds, { ...owner, startMin: spec.columns.startMin, endMin: spec.columns.endMin }, capacity)) throw new HoldShareTaken();
          }
        }
        // The unique index decides a code clash (rare): no read before the insert, a new code after one.
        // The insert also carries the other processes' NOTIFY (sent at COMMIT, see reservationsNotice).
        let reservation: Reservation | undefined;
        while (!reservation) {
          const [inserted] = await insertReservation(tx, notice.column, {
              ...spec.columns,
              ...resource,
              code: newBookingCode(randomInt),
              date: spec.date,
              ...price,
              voucherId: voucher?.id ?? null,
              voucherCode: voucher?.code ?? null,
              // Only with a deposit, so the common insert keeps its prepared shape.
              ...(split.balanceRappen > 0 ? { depositRappen: deposit, openBalanceRappen: split.balanceRappen } : {}),
              // A promo code is the booking's price adjustment: every page, e-mail, receipt and change keeps it.
              ...(promo ? { priceAdjustRappen: -promo.discountRappen, priceAdjustReason: PROMO_MSG.lineReason(promo.code) } : {}),
              status: confirmed ? "confirmed" : "held",
              paymentStatus: paidInFull ? "settled" : "none",
              channel: options.channel ?? "online",
              // German is the column's default: a German booking keeps the common insert's shape.
              ...(options.lang && options.lang !== "de" ? { lang: options.lang } : {}),
              holdExpiresAt: confirmed ? null : new Date(now.getTime() + holdMinutes * 60_000),
              ownerTokenHash: createHash("sha256").update(reservationToken).digest("hex"),
              clientKey: owner?.clientKey ?? null,
              agbVersion,
              confirmedAt: confirmed ? now : null,
              createdAt: now,
              updatedAt: now,
            });
          if (inserted) {
            const { changeNotice: _notified, ...row } = inserted;
            reservation = row;
          }
        }
        noticeSent = notice.sent;
        // Before the confirmation is queued: the e-mail lists them.
        if (spec.extras) await insertExtras(tx, reservation.id, spec.extras);
        if (voucher && voucher.debitedRappen > 0) {
          await recordLedger(tx, { voucherId: voucher.id, reservationId: reservation.id, amountRappen: voucher.debitedRappen, kind: "redeem" });
        }
        if (promo) await recordRedemption(tx, { promoId: promo.id, reservationId: reservation.id, email: spec.columns.email, discountRappen: promo.discountRappen, now });
        if (confirmed) await enqueueConfirmationMail(tx, reservation);
        await options.alsoInTransaction?.(tx, reservation);
        changed = true;
        return { ok: true, reservation, requiresPayment: !confirmed, reservationToken };
      });
    });
    // A loser changed nothing: the cache its neighbours in the queue read stays valid.
    if (changed) reservationsChanged(db, { noticeSent });
    countBooking(kind, result.ok ? (result.requiresPayment ? "held" : "confirmed") : result.reason);
    if (result.ok && !result.requiresPayment) kickMailer();
    return result;
  } catch (error) {
    if (error instanceof HoldShareTaken) {
      countBooking(kind, "hold_share");
      return { ok: false, reason: "hold_share", message: MSG.holdShareTaken };
    }
    if (error instanceof TooManyHolds) {
      countBooking(kind, "too_many_holds");
      return { ok: false, reason: "too_many_holds", message: MSG.tooManyHolds };
    }
    if (isExclusionViolation(error)) {
      countBooking(kind, "slot_taken");
      return { ok: false, reason: "slot_taken", message: MSG.slotTaken };
    }
    countBooking(kind, "error");
    throw error;
  }
}

/**
 * The booking's insert (a code clash inserts nothing), prepared once per set of columns given
 * (see `prepared`, `insertTemplate`): ~40 columns cost ~0.2 ms to build on every booking.
 */
function insertReservation(tx: Tx, changeNotice: SQL, values: typeof reservations.$inferInsert) {
  const { shape, template, given } = insertTemplate(values);
  const name = shapeName("insert_reservation", shape);
  const statement = prepared(tx, name, (d) =>
    d.insert(reservations).values(template).onConflictDoNothing({ target: reservations.code }).returning({ ...getTableColumns(reservations), changeNotice }).prepare(name),
  );
  return statement.execute(given);
}

/**
 * Online bookings keep the lead time (the offer's, or the games'); staff booking by phone may
 * ignore it, and their page says so.
 */
export function leadTimeRefusal(date: string, startMin: number, leadHours: number, options: ReserveOptions, now: Date, phone: string): ReserveResult | null {
  if (options.channel === "phone" || !hasBegun(date, startMin, onlineNotBefore(now, leadHours))) return null;
  return { ok: false, reason: "slot_taken", message: MSG.leadTimeRefused(leadHours, phone) };
}

/** A birthday table: the slot must be on the offer's grid and not begun; the smallest free fitting table is taken. */
export async function reserveBirthday(
  db: Db,
  request: BirthdayRequest,
  options: ReserveOptions,
): Promise<ReserveResult> {
  const now = options.now ?? new Date();
  const venue = await getVenue(db);
  const offer = venue.offers.find((o) => o.id === request.offerId);
  const { counts } = request;
  if (!offer) return { ok: false, reason: "invalid", message: MSG.chooseOffer };
  if (![counts.numChildren, counts.numActiveAdults, counts.numAccompanyingAdults].every(validCount)) {
    return { ok: false, reason: "invalid", message: MSG.choosePersons };
  }
  const persons = personCount(counts);
  if (persons < 1) return { ok: false, reason: "invalid", message: MSG.choosePersons };
  const outsideRules = partyRuleProblem(offer, counts);
  if (outsideRules) return { ok: false, reason: "invalid", message: outsideRules };
  if (closureOn(venue.closures, request.date, { kind: "birthday" })) return { ok: false, reason: "invalid", message: MSG.closedDay };
  const slot = birthdaySlotGrid(request.date, rulesOn(venue.rules, venue.specialHours, request.date), offer.slotMinutes).find((s) => s.startMin === request.startMin);
  if (!slot) return { ok: false, reason: "invalid", message: MSG.chooseSlot };
  if (hasBegun(request.date, slot.startMin, venueNow(now))) return { ok: false, reason: "slot_taken", message: MSG.slotGone };
  const refused = leadTimeRefusal(request.date, slot.startMin, offer.leadHours, options, now, venuePhone(venue));
  if (refused) return refused;

  const extras = priceNewExtras(venue, { offerId: offer.id, gameType: null, date: request.date, startMin: slot.startMin, children: counts.numChildren }, request.extras, now);
  if (!extras.ok) return { ok: false, reason: "invalid", message: extras.message };
  const extrasRappen = extrasTotalRappen(extras.booked);

  // The table stays blocked for the offer's cleaning buffer after the party.
  const blocked = blockedRange(slot, offer.bufferMin);
  const priceRappen = birthdayPriceRappen(counts, offer.basePriceRappen, venue.prices, offer.minChargedChildren) + extrasRappen;
  return placeReservation(
    db,
    {
      lockKind: "table",
      date: request.date,
      priceRappen,
      depositRappen: depositOf(offer, priceRappen),
      couponCode: request.couponCode,
      extras: extras.booked,
      claim: async (tx) => {
        const table = pickTable(blocked, persons, tablesOn(venue, request.date), await tableOccupations(tx, request.date, now));
        return table ? { tableId: table.id } : null;
      },
      takenBeforehand: async () => !pickTable(blocked, persons, tablesOn(venue, request.date), await cachedTableOccupations(db, request.date, now)),
      unpaidHolds: async (tx, at) => {
        const holds = await tx
          .select({ clientKey: sql<string>`${reservations.clientKey}`, startMin: reservations.startMin, endMin: reservations.endMin })
          .from(reservations)
          .where(
            and(
              eq(reservations.date, request.date),
              eq(reservations.status, "held"),
              gt(reservations.holdExpiresAt, at),
              isNotNull(reservations.clientKey),
              isNotNull(reservations.tableId),
            ),
          );
        return { holds, capacity: tablesOn(venue, request.date).length };
      },
      columns: {
        type: RESERVATION_TYPES.BIRTHDAY_PARTY,
        startMin: slot.startMin,
        endMin: slot.endMin,
        ...counts,
        offerId: offer.id,
        offerName: offer.name,
        activeAdultPriceRappen: venue.prices.activeAdultPriceRappen,
        accompanyingAdultPriceRappen: venue.prices.accompanyingAdultPriceRappen,
        // Stored only when the offer has a minimum, so the common insert keeps its prepared shape.
        minChargedChildren: offer.minChargedChildren > 0 ? offer.minChargedChildren : undefined,
        // Likewise the buffer: the column's default is 0.
        bufferMin: offer.bufferMin > 0 ? offer.bufferMin : undefined,
        ...request.contact,
        // E.164 (issue #28 §6): validated at every entry point, stored in one form for search and dialling.
        phone: storedPhone(request.contact.phone, request.contact.country),
        ...partyColumns(request.party),
        // Only when there are any, so the common insert keeps its prepared shape.
        extrasRappen: extrasRappen > 0 ? extrasRappen : undefined,
      },
    },
    { ...options, now },
  );
}

export async function findReservationByCode(db: Executor, code: string): Promise<Reservation | null> {
  // Read on every payment step and page of a booking: built once (see `prepared`).
  const statement = prepared(db, "reservation_by_code", (d) =>
    d.select().from(reservations).where(eq(reservations.code, sql.placeholder("code"))).prepare("reservation_by_code"),
  );
  const [row] = await statement.execute({ code });
  return row ?? null;
}

export async function findReservationById(db: Executor, id: number): Promise<Reservation | null> {
  // Read on the return page and its status poll (every second while a payment is pending), by the
  // JSON transaction status and by every change of a booking: built once (see `prepared`), like the
  // look-up by code.
  const statement = prepared(db, "reservation_by_id", (d) =>
    d.select().from(reservations).where(eq(reservations.id, sql.placeholder("id"))).prepare("reservation_by_id"),
  );
  const [row] = await statement.execute({ id });
  return row ?? null;
}

/** Gives up a hold at once (payment cancelled or failed at the provider, initiation failed). */
export async function releaseHold(db: Db, reservationId: number, now: Date = new Date()): Promise<boolean> {
  const released = await db.transaction(async (tx) => {
    const [released] = await tx
      .update(reservations)
      .set({ status: "expired", paymentStatus: "failed", updatedAt: now })
      .where(and(eq(reservations.id, reservationId), eq(reservations.status, "held")))
      .returning();
    if (!released) return false;
    if (released.voucherId !== null && released.discountRappen > 0) {
      await creditVoucher(tx, {
        voucherId: released.voucherId,
        reservationId: released.id,
        amountRappen: released.discountRappen,
        kind: "hold-released",
      });
    }
    return true;
  });
  if (released) reservationsChanged(db);
  return released;
}
