import { bookingSummaryLines, type GameLocation } from "~/domain/games";
import { chargedChildren, storedAdultPrices, type AdultPrices, type SummaryLine } from "~/domain/pricing";
import { eq } from "drizzle-orm";
import type { Executor } from "../platform/db.server";
import { vouchers, type reservations } from "../platform/schema";

/** A stored booking (the same type as bookings.server's, taken from the schema so this file stays below it). */
type Reservation = typeof reservations.$inferSelect;
import { findGameLocation, getVenue, venuePolicy } from "./venue.server";
import { depositView } from "./deposit.server";
import { extrasOf } from "./extras.server";
import { extraSummaryLines, type BookedExtra } from "~/domain/extras";
import { displayPhone } from "~/domain/phone";
import { formatDateDE, formatTime } from "~/domain/time";

/** What the confirmation pages show of a booking (never more than its own family typed in). */
export type ReservationView = {
  /** «12.12.2026», «14:00 - 16:00 Uhr» (see `SummaryData`). */
  dateText: string;
  timeText: string;
  code: string;
  type: string;
  status: string;
  paymentStatus: string;
  date: string;
  startMin: number;
  endMin: number;
  numChildren: number;
  numActiveAdults: number;
  numAccompanyingAdults: number;
  offerName: string;
  priceRappen: number;
  discountRappen: number;
  amountRappen: number;
  couponCode: string | null;
  firstName: string;
  lastName: string;
  street: string;
  zip: string;
  city: string;
  phone: string;
  email: string;
  players: number | null;
  rounds: number | null;
  adultPrices: AdultPrices;
  /** The minimum of charged children the booking was made with (null: none). */
  minChargedChildren: number | null;
  /** The price as lines (birthdays: per kind of person; games: package and extra rounds, or players × rounds). */
  lines: SummaryLine[];
  /** What is left on the voucher the booking used (issue #30 §3); set by `bookingSummaryOf`. */
  voucherLeft?: { code: string; rappen: number; validUntil: string } | null;
  /** A deposit booking's state under the total (issue #30 §3): «Anzahlung bezahlt: …», «Restbetrag offen: …». */
  depositLines?: string[];
};

/** A game booking's location (its prices split the price into lines); null for a birthday. */
export async function summaryLocation(db: Executor, r: Pick<Reservation, "locationId">): Promise<GameLocation | null> {
  return r.locationId === null ? null : ((await findGameLocation(db, r.locationId)) ?? null);
}

/** The booking's price as lines, extras included (issue #30 §2, §3), as its pages, e-mails and receipts show them. */
export async function bookingPriceLines(db: Executor, r: Reservation): Promise<SummaryLine[]> {
  return bookingSummaryLines(r, await summaryLocation(db, r), extraSummaryLines(await extrasOf(db, r.id)));
}

/** The confirmation pages' view: the price as lines (a game's by its location) and what is left on the voucher. */
export async function bookingSummaryOf(db: Executor, r: Reservation): Promise<ReservationView> {
  const [voucher] =
    r.voucherId === null ? [] : await db.select({ code: vouchers.code, rappen: vouchers.remainingRappen, validUntil: vouchers.validUntil }).from(vouchers).where(eq(vouchers.id, r.voucherId));
  // Only where a deposit exists (the venue settings are cached, so this costs nothing otherwise).
  const deposit = r.depositRappen > 0 ? (depositView(r, venuePolicy(await getVenue(db)), null)?.lines ?? []) : [];
  return { ...reservationView(r, await summaryLocation(db, r), await extrasOf(db, r.id)), voucherLeft: voucher ?? null, ...(deposit.length > 0 ? { depositLines: deposit } : {}) };
}

/**
 * `location`: a game booking's location, whose prices split its price into lines (without it, or when
 * its prices changed since, one line with the price charged).
 */
export function reservationView(r: Reservation, location: GameLocation | null = null, extras: readonly BookedExtra[] = []): ReservationView {
  return {
    ...whenTexts(r),
    code: r.code,
    type: r.type,
    status: r.status,
    paymentStatus: r.paymentStatus,
    date: r.date,
    startMin: r.startMin,
    endMin: r.endMin,
    numChildren: r.numChildren,
    numActiveAdults: r.numActiveAdults,
    numAccompanyingAdults: r.numAccompanyingAdults,
    offerName: r.offerName,
    priceRappen: r.priceRappen,
    discountRappen: r.discountRappen,
    amountRappen: r.amountRappen,
    couponCode: r.voucherCode,
    firstName: r.firstName,
    lastName: r.lastName,
    street: r.street,
    zip: r.zip,
    city: r.city,
    phone: displayPhone(r.phone),
    email: r.email,
    players: r.players,
    rounds: r.rounds,
    adultPrices: storedAdultPrices(r),
    minChargedChildren: r.minChargedChildren,
    lines: bookingSummaryLines(r, location, extraSummaryLines(extras)),
  };
}

/** A summary's date and time as shown (worded here, so the steps' JavaScript needs no date code). */
export function whenTexts(r: { date: string; startMin: number; endMin: number }): { dateText: string; timeText: string } {
  return { dateText: formatDateDE(r.date), timeText: `${formatTime(r.startMin)} - ${formatTime(r.endMin)} Uhr` };
}

/** The per-child price the booking was made at, recovered from its stored total (spec §9 formula). */
function perChildPrice(r: Reservation): number {
  const charged = chargedChildren(r.numChildren, r.minChargedChildren);
  if (charged === 0) return 0;
  const prices = storedAdultPrices(r);
  const adults = r.numActiveAdults * prices.activeAdultPriceRappen + r.numAccompanyingAdults * prices.accompanyingAdultPriceRappen;
  // Extras and a staff adjustment are part of the total, not of the per-child price.
  return Math.round((r.priceRappen - r.extrasRappen - r.priceAdjustRappen - adults) / charged);
}

/** The spec's "reservation data" shape (API answers), CHF numbers and `HH:MM` slots. */
export function reservationData(r: Reservation) {
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
  return {
    reservationDate: r.date,
    selectedSlots: [{ startTime: hhmm(r.startMin), endTime: hhmm(r.endMin) }],
    selectedOffer: { name: r.offerName, basePrice: perChildPrice(r) / 100 },
    numChildren: r.numChildren,
    numActiveAdults: r.numActiveAdults,
    numAccompanyingAdults: r.numAccompanyingAdults,
    firstName: r.firstName,
    lastName: r.lastName,
    street: r.street,
    zip: r.zip,
    city: r.city,
    phone: displayPhone(r.phone),
    email: r.email,
    basePrice: r.priceRappen / 100,
    ...(r.voucherCode ? { couponCode: r.voucherCode, couponDiscount: r.discountRappen / 100 } : {}),
    bookingCode: r.code,
  };
}
