import { gamePriceRappen, gameSummaryLines } from "~/domain/games";
import { applyVoucher, birthdayPriceRappen, birthdaySummaryLines, DEFAULT_ADULT_PRICES, personCount, type AdultPrices, type SummaryLine } from "~/domain/pricing";
import type { Db } from "../platform/db.server";
import type { CompleteDraft } from "../booking/draft.server";
import { gameBookingName } from "../booking/games.server";
import { findGameLocation, findOffer, getVenue } from "../booking/venue.server";
import { validateVoucher } from "../vouchers/vouchers.server";
import { heldByFamilyRappen } from "./held-booking.server";

export type CheckoutSummary = {
  kind: "birthday" | "game";
  date: string;
  startMin: number;
  endMin: number;
  persons: number;
  numChildren: number;
  numActiveAdults: number;
  numAccompanyingAdults: number;
  /** Game bookings. */
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
  /** The price as lines, for the summary (birthdays and games alike). */
  lines: SummaryLine[];
};

/** What the family is about to book, priced by the server from the draft and the database alone. */
export async function checkoutSummary(db: Db, draft: CompleteDraft): Promise<CheckoutSummary | null> {
  let base: Omit<CheckoutSummary, "discountRappen" | "amountRappen" | "couponCode" | "couponRemainingRappen" | "lines">;
  let lines: SummaryLine[];
  const { prices } = await getVenue(db);
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
    const counts = { numChildren: draft.numChildren, numActiveAdults: draft.numActiveAdults, numAccompanyingAdults: draft.numAccompanyingAdults };
    base = {
      kind: "birthday",
      date: draft.date,
      startMin: draft.startMin,
      endMin: draft.endMin,
      persons: personCount(counts),
      ...counts,
      players: null,
      rounds: null,
      offerName: offer.name,
      priceRappen: birthdayPriceRappen(counts, offer.basePriceRappen, adultPrices, offer.minChargedChildren),
      minChargedChildren: offer.minChargedChildren,
      adultPrices,
    };
    lines = birthdaySummaryLines(counts, base.priceRappen, adultPrices, offer.minChargedChildren);
  }
  // A voucher the family's own open hold took counts for it as before (see held-booking.server).
  const voucher = draft.couponCode ? await validateVoucher(db, draft.couponCode, new Date(), await heldByFamilyRappen(db, draft.bookingCode, draft.couponCode)) : null;
  const valid = voucher?.valid ? voucher : null;
  const price = applyVoucher(base.priceRappen, valid ? valid.remainingRappen : null);
  return {
    ...base,
    ...price,
    couponCode: valid ? valid.code : null,
    couponRemainingRappen: valid ? valid.remainingRappen : null,
    lines,
  };
}
