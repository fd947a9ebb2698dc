import { depositOf, depositSplit, type DepositRule } from "~/domain/deposit";
import { formatChf } from "~/domain/money";
import { addDays, formatDateDE, venueNow } from "~/domain/time";
import { gamePriceRappen, gameSummaryLines, type GameType } from "~/domain/games";
import { applyVoucher, birthdayPriceRappen, birthdaySummaryLines, DEFAULT_ADULT_PRICES, personCount, type AdultPrices, type SummaryLine } from "~/domain/pricing";
import type { Db } from "../platform/db.server";
import { deadlineText, EXTRAS_MSG, extraGroups, extraSummaryLines, extrasTotalRappen, keepOfferedPicks, picksOf, type BookedExtra, type Extra, type ExtraPick } from "~/domain/extras";
import type { DataSection } from "~/domain/data-fields";
import { whenTexts } from "../booking/confirmation-view.server";
import { draftExtras, extrasFor, type ExtrasTarget } from "../booking/extras.server";
import type { CompleteDraft } from "../booking/draft.server";
import { gameBookingName } from "../booking/games.server";
import { findGameLocation, findOffer, getVenue, venuePolicy } from "../booking/venue.server";
import { validateVoucher } from "../vouchers/vouchers.server";
import { heldByFamilyRappen, openHoldOf } from "./held-booking.server";
import { checkPromo } from "../vouchers/promo-codes.server";
import { PROMO_MSG } from "~/domain/promo-codes";

export type CheckoutSummary = {
  /** «12.12.2026», «14:00 - 16:00 Uhr» (see `SummaryData`). */
  dateText: string;
  timeText: string;
  kind: "birthday" | "game";
  date: string;
  startMin: number;
  endMin: number;
  persons: number;
  numChildren: number;
  numActiveAdults: number;
  numAccompanyingAdults: number;
  /** Game bookings: the type (its booking name «Normales Spiel – Arena» is worded by a family page from it); null for a birthday. */
  gameType: GameType | null;
  players: number | null;
  rounds: number | null;
  offerName: string;
  priceRappen: number;
  discountRappen: number;
  amountRappen: number;
  couponCode: string | null;
  adultPrices: AdultPrices;
  /** The offer's minimum of charged children (birthdays; 0 = none). */
  minChargedChildren?: number;
  couponRemainingRappen: number | null;
  /** A promo code in the box (issue #31 §4): its message («Aktionscode … eingelöst: 10 % Rabatt.»); null for a voucher or none. */
  promoMessage: string | null;
  /** The price as lines, for the summary (birthdays and games alike). */
  lines: SummaryLine[];
  /** The extras chosen (issue #30 §2), as they would be booked now; included in the price and the lines. */
  extras: BookedExtra[];
  /** With a deposit (issue #30 §3): what is paid now and later, worded for the summary. */
  depositLines: string[];
  /** What the next step charges: the deposit's part, else the amount (0: «Buchung abschließen», no payment). */
  payNowRappen: number;
};

/** What the extras rules need of the booking in progress. */
export function draftExtrasTarget(draft: CompleteDraft): ExtrasTarget {
  return draft.kind === "game"
    ? { offerId: null, gameType: draft.gameType, date: draft.date, startMin: draft.startMin, children: draft.players }
    : { offerId: draft.offerId, gameType: null, date: draft.date, startMin: draft.startMin, children: draft.numChildren };
}

/** The extras section of the contact step: its words and fields as data (the step's JavaScript budget), or null when nothing is offered. */
export async function extrasSection(db: Db, draft: CompleteDraft, now: Date = new Date()): Promise<DataSection | null> {
  const venue = await getVenue(db);
  const target = draftExtrasTarget(draft);
  const { orderable, late } = extrasFor(venue, target, now);
  if (orderable.length === 0 && late.length === 0) return null;
  const picks = keepOfferedPicks(draft.extras ?? [], orderable, target.children);
  return {
    className: "extras-section",
    title: EXTRAS_MSG.title,
    hint: EXTRAS_MSG.hint,
    button: orderable.length > 0 ? { label: EXTRAS_MSG.update, intent: "extras" } : undefined,
    groups: extraGroups(orderable, picks, target.children, draft.date),
    notes: late.map((e) => `${e.name}: für diesen Termin nicht mehr bestellbar (${deadlineText(e.deadlineDays, draft.date) ?? "bis zur Party"}).`),
  };
}

/** The draft's picks as they can be booked now (an extra no longer offered dropped, a count lowered to its limit). */
export async function bookableDraftPicks(db: Db, draft: CompleteDraft, now: Date = new Date()): Promise<ExtraPick[]> {
  return picksOf(draftExtras(await getVenue(db), draftExtrasTarget(draft), draft.extras, now));
}

/** The offered extras and the number of children, for checking a posted choice. */
export async function offeredDraftExtras(db: Db, draft: CompleteDraft, now: Date = new Date()): Promise<{ offered: Extra[]; children: number }> {
  const target = draftExtrasTarget(draft);
  return { offered: extrasFor(await getVenue(db), target, now).orderable, children: target.children };
}

/** What the family is about to book, priced by the server from the draft and the database alone. */
export async function checkoutSummary(db: Db, draft: CompleteDraft): Promise<CheckoutSummary | null> {
  let base: Omit<CheckoutSummary, "discountRappen" | "amountRappen" | "couponCode" | "couponRemainingRappen" | "promoMessage" | "lines" | "extras" | "dateText" | "timeText" | "depositLines" | "payNowRappen">;
  let lines: SummaryLine[];
  let deposit: DepositRule | null = null;
  const venue = await getVenue(db);
  const { prices } = venue;
  const adultPrices: AdultPrices = { activeAdultPriceRappen: prices.activeAdultPriceRappen, accompanyingAdultPriceRappen: prices.accompanyingAdultPriceRappen };
  if (draft.kind === "game") {
    const location = await findGameLocation(db, draft.locationId);
    if (!location) return null;
    base = {
      kind: "game",
      date: draft.date,
      startMin: draft.startMin,
      endMin: draft.endMin,
      persons: draft.players,
      numChildren: 0,
      numActiveAdults: 0,
      numAccompanyingAdults: 0,
      gameType: draft.gameType,
      players: draft.players,
      rounds: draft.rounds,
      offerName: gameBookingName(draft.gameType, location.name),
      adultPrices: DEFAULT_ADULT_PRICES,
      priceRappen: gamePriceRappen(location, { gameType: draft.gameType, rounds: draft.rounds, players: draft.players }),
    };
    lines = gameSummaryLines(location, draft, base.priceRappen, base.offerName);
  } else {
    const offer = await findOffer(db, draft.offerId);
    if (!offer) return null;
    deposit = offer;
    const counts = { numChildren: draft.numChildren, numActiveAdults: draft.numActiveAdults, numAccompanyingAdults: draft.numAccompanyingAdults };
    base = {
      kind: "birthday",
      date: draft.date,
      startMin: draft.startMin,
      endMin: draft.endMin,
      persons: personCount(counts),
      ...counts,
      gameType: null,
      players: null,
      rounds: null,
      offerName: offer.name,
      priceRappen: birthdayPriceRappen(counts, offer.basePriceRappen, adultPrices, offer.minChargedChildren),
      minChargedChildren: offer.minChargedChildren,
      adultPrices,
    };
    lines = birthdaySummaryLines(counts, base.priceRappen, adultPrices, offer.minChargedChildren);
  }
  const extras = draftExtras(venue, draftExtrasTarget(draft), draft.extras);
  base.priceRappen += extrasTotalRappen(extras);
  lines = [...lines, ...extraSummaryLines(extras)];
  // A promo code in the voucher box lowers the price, as the booking will (issue #31 §4); the
  // family's own open hold, given up when it books again, does not count against its uses.
  const promo = draft.couponCode ? await draftPromo(db, draft, base.priceRappen) : null;
  if (promo?.ok && promo.discountRappen > 0) {
    base.priceRappen -= promo.discountRappen;
    const code = promo.promo.code;
    lines = [...lines, { label: `Rabatt: ${PROMO_MSG.lineReason(code)}`, detail: null, amountRappen: -promo.discountRappen, word: { key: "promo", code } }];
  }
  // A voucher the family's own open hold took counts for it as before (see held-booking.server).
  const voucher = draft.couponCode && !promo ? await validateVoucher(db, draft.couponCode, new Date(), await heldByFamilyRappen(db, draft.bookingCode, draft.couponCode)) : null;
  const valid = voucher?.valid ? voucher : null;
  const price = applyVoucher(base.priceRappen, valid ? valid.remainingRappen : null);
  return {
    ...base,
    ...whenTexts(draft),
    ...price,
    couponCode: valid ? valid.code : promo?.ok ? promo.promo.code : null,
    promoMessage: promo?.ok ? promo.message : null,
    couponRemainingRappen: valid ? valid.remainingRappen : null,
    lines,
    extras,
    depositLines: deposit ? depositSummaryLines(deposit, base.priceRappen, price.amountRappen, draft.date, venuePolicy(venue).balanceDays) : [],
    payNowRappen: deposit ? depositSplit(base.priceRappen, price.amountRappen, depositOf(deposit, base.priceRappen)).payNowRappen : price.amountRappen,
  };
}

/**
 * An offer with a deposit (issue #30 §3): what is paid now and what later, under the total, so the
 * family knows before paying that only the deposit is charged.
 */
function depositSummaryLines(rule: DepositRule, priceRappen: number, amountRappen: number, date: string, balanceDays: number): string[] {
  const split = depositSplit(priceRappen, amountRappen, depositOf(rule, priceRappen));
  if (split.balanceRappen <= 0) return [];
  return [`Jetzt zu bezahlen (Anzahlung): ${formatChf(split.payNowRappen)}`, `Restbetrag: ${formatChf(split.balanceRappen)}, fällig bis ${formatDateDE(addDays(date, -balanceDays))}`];
}

/** The draft's code as a promo code for this booking (null: not a promo code). */
async function draftPromo(db: Db, draft: CompleteDraft, priceRappen: number) {
  const target = { offerId: draft.kind === "game" ? null : draft.offerId, game: draft.kind === "game", date: draft.date, today: venueNow().date };
  const own = await openHoldOf(db, draft.bookingCode);
  return checkPromo(db, draft.couponCode, target, "", priceRappen, { excludeReservationId: own?.id ?? null });
}
