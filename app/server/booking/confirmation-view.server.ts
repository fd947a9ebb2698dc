import { bookingSummaryLines, ROUND_MINUTES, type GameLocation } from "~/domain/games";
import { chargedChildren, personCount, qtyDetail, storedAdultPrices, type AdultPrices, type SummaryLine } from "~/domain/pricing";
import { eq } from "drizzle-orm";
import type { Executor } from "../platform/db.server";
import { vouchers, type reservations } from "../platform/schema";

/** A stored booking (the same type as bookings.server's, taken from the schema so this file stays below it). */
type Reservation = typeof reservations.$inferSelect;
import { findGameLocation, getVenue, venuePolicy } from "./venue.server";
import { depositLinesIn, depositView } from "./deposit.server";
import { extrasOf } from "./extras.server";
import { extraSummaryLines, type BookedExtra } from "~/domain/extras";
import { displayPhone } from "~/domain/phone";
import { formatDateDE, formatTime } from "~/domain/time";
import { formatChf } from "~/domain/money";
import { shortDateLabel } from "~/domain/calendar";
import type { Lang } from "~/i18n/locales";
import { t, type ArgKey, type MessageArgs, type StaticKey } from "~/server/i18n/texts.server";

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
  /** A game's type (1, 2), from which a family page words its booking name; null for a birthday (none: a stranger's view). */
  gameType?: number | null;
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

/**
 * The booking's price as lines, extras included (issue #30 §2, §3), as its e-mails, receipts and
 * invoices show them: the German words only (a document's stored snapshot keeps what it shows; the
 * lines' `word`/`qty` are for the family pages, see `reservationView`).
 */
export async function bookingPriceLines(db: Executor, r: Reservation): Promise<SummaryLine[]> {
  const lines = bookingSummaryLines(r, await summaryLocation(db, r), extraSummaryLines(await extrasOf(db, r.id)));
  return lines.map(({ label, detail, amountRappen }) => ({ label, detail, amountRappen }));
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
    gameType: r.gameType,
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

/**
 * A booking as the family's confirmation pages show it (/payment/success, /success), every word,
 * date and amount already in the page's language (namespace `payment`): the page renders strings
 * only, so its JavaScript carries no formatter. German reads as `bookingSummaryOf`'s view and the
 * staff pages and e-mails; what the venue typed (package, extras) stays as typed.
 */
export type ConfirmedView = {
  code: string;
  date: string;
  time: string;
  /** A game: players and «3 à 20 Minuten»; a birthday (null): the persons. */
  game: { players: number; rounds: string } | null;
  persons: string;
  offerName: string;
  /** `venue`: the label is the venue's own text (a package's name, an extra). */
  lines: { label: string; detail: string | null; amount: string; venue: boolean }[];
  discount: { original: string; couponCode: string | null; amount: string } | null;
  total: string;
  depositLines: string[];
  /** What is left on the voucher: the sentence around its amount (kept on one line), or «used up». */
  voucherLeft: { before: string; amount: string; after: string } | { text: string } | null;
  contact: { firstName: string; lastName: string; street: string; zip: string; city: string; phone: string; email: string };
};

/** The `payment` namespace's messages in a language. */
function sayer(lang: Lang) {
  return (key: ArgKey<"payment"> | StaticKey<"payment">, args?: MessageArgs) => t(lang, "payment", key, args);
}

/** `confirmedView` for a stored booking: its location, extras, voucher and the venue's deposit rules. */
export async function confirmedViewOf(db: Executor, r: Reservation, lang: Lang): Promise<ConfirmedView> {
  const [voucher] =
    r.voucherId === null ? [] : await db.select({ code: vouchers.code, rappen: vouchers.remainingRappen, validUntil: vouchers.validUntil }).from(vouchers).where(eq(vouchers.id, r.voucherId));
  const policy = r.depositRappen > 0 ? venuePolicy(await getVenue(db)) : null;
  return confirmedView(r, { location: await summaryLocation(db, r), extras: await extrasOf(db, r.id), voucher: voucher ?? null, policy }, lang);
}

export function confirmedView(
  r: Reservation,
  about: {
    location: GameLocation | null;
    extras: readonly BookedExtra[];
    voucher: { code: string; rappen: number; validUntil: string } | null;
    policy: { balanceDays: number; balanceAtVenue: boolean } | null;
  },
  lang: Lang,
): ConfirmedView {
  const say = sayer(lang);
  const chf = (rappen: number) => formatChf(rappen, lang);
  const voucher = about.voucher;
  let voucherLeft: ConfirmedView["voucherLeft"] = null;
  if (voucher && voucher.rappen > 0) {
    // The amount stays on one line: the sentence is cut around it (a mark no text contains).
    const [before = "", after = ""] = say("voucherLeft", { code: voucher.code, amount: "\u0000", date: shortDateLabel(voucher.validUntil, lang) }).split("\u0000");
    voucherLeft = { before, amount: chf(voucher.rappen), after };
  } else if (voucher) {
    voucherLeft = { text: say("voucherUsedUp", { code: voucher.code }) };
  }
  return {
    code: r.code,
    date: shortDateLabel(r.date, lang),
    time: t(lang, "common", "timeRange", { start: formatTime(r.startMin), end: formatTime(r.endMin) }),
    game: r.players ? { players: r.players, rounds: say("roundsValue", { rounds: r.rounds ?? 0, minutes: ROUND_MINUTES }) } : null,
    persons: say("personsValue", {
      total: personCount(r),
      children: r.numChildren,
      active: r.numActiveAdults,
      accompanying: r.numAccompanyingAdults,
    }),
    offerName: r.offerName,
    lines: confirmedLines(r, about.location, about.extras, lang),
    discount: r.discountRappen > 0 ? { original: chf(r.priceRappen), couponCode: r.voucherCode, amount: `− ${chf(r.discountRappen)}` } : null,
    total: chf(r.amountRappen),
    depositLines: about.policy ? depositLinesIn(r, about.policy, lang) : [],
    voucherLeft,
    contact: { firstName: r.firstName, lastName: r.lastName, street: r.street, zip: r.zip, city: r.city, phone: displayPhone(r.phone), email: r.email },
  };
}

/**
 * The price lines of `bookingPriceLines` (same lines, same amounts, same order) in a language, worded
 * from each line's `word` and `qty` (domain/games `bookingSummaryLines`): what the venue named (an
 * extra, a game's booking name when its prices changed since) stays as named.
 */
function confirmedLines(r: Reservation, location: GameLocation | null, extras: readonly BookedExtra[], lang: Lang): ConfirmedView["lines"] {
  const chf = (rappen: number) => formatChf(rappen, lang);
  return bookingSummaryLines(r, location, extraSummaryLines(extras)).map((line) => {
    const amount = line.amountRappen < 0 ? `− ${chf(-line.amountRappen)}` : chf(line.amountRappen);
    return { ...lineWords(line, lang), amount };
  });
}

/** A price line's label and detail in a language; `venue`: the label is the venue's own words. */
function lineWords(line: SummaryLine, lang: Lang): { label: string; detail: string | null; venue: boolean } {
  const say = sayer(lang);
  const detail = line.qty ? qtyDetail(line.qty, (rappen: number) => formatChf(rappen, lang), say("lineIncluded")) : line.detail;
  const ours = (label: string) => ({ label, detail, venue: false });
  const word = line.word;
  switch (word?.key) {
    case "children":
      return ours(say("lineChildren"));
    case "childrenMin":
      return ours(say("lineChildrenMin", { count: word.n ?? 0 }));
    case "active":
      return ours(say("lineActiveAdults"));
    case "accompanying":
      return ours(say("lineAccompanyingAdults"));
    case "playersRounds":
      return ours(say("linePlayersRounds"));
    case "package":
      return ours(say("linePackage", { rounds: word.n ?? 0 }));
    case "extraRounds":
      return ours(say("lineExtraRounds"));
    case "adjust": {
      const reason = word.reason;
      return ours(line.amountRappen < 0 ? (reason ? say("lineDiscountReason", { reason }) : say("lineDiscount")) : reason ? say("lineSurchargeReason", { reason }) : say("lineSurcharge"));
    }
    default:
      return { label: line.label, detail, venue: true };
  }
}

/**
 * `bookingPriceLines` worded in a language (the e-mails, issue #33 §3): German as it is, the same
 * lines and amounts in every language.
 */
export async function bookingPriceLinesIn(db: Executor, r: Reservation, lang: Lang): Promise<SummaryLine[]> {
  if (lang === "de") return bookingPriceLines(db, r);
  const lines = bookingSummaryLines(r, await summaryLocation(db, r), extraSummaryLines(await extrasOf(db, r.id)));
  return lines.map((line) => {
    const { label, detail } = lineWords(line, lang);
    return { label, detail, amountRappen: line.amountRappen };
  });
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
