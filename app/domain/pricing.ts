import { formatChf } from "./money";
/** The adult prices before staff set their own (and for bookings stored before they were recorded). */
export const ACTIVE_ADULT_PRICE_RAPPEN = 2800;
export const ACCOMPANYING_ADULT_PRICE_RAPPEN = 500;

/** Per person: playing adults and accompanying adults (venue settings). */
export type AdultPrices = { activeAdultPriceRappen: number; accompanyingAdultPriceRappen: number };
export const DEFAULT_ADULT_PRICES: AdultPrices = { activeAdultPriceRappen: ACTIVE_ADULT_PRICE_RAPPEN, accompanyingAdultPriceRappen: ACCOMPANYING_ADULT_PRICE_RAPPEN };

/** A stored booking's adult prices: its own, or the defaults for a booking from before they were stored. */
export function storedAdultPrices(r: { activeAdultPriceRappen?: number | null; accompanyingAdultPriceRappen?: number | null }): AdultPrices {
  return {
    activeAdultPriceRappen: r.activeAdultPriceRappen ?? ACTIVE_ADULT_PRICE_RAPPEN,
    accompanyingAdultPriceRappen: r.accompanyingAdultPriceRappen ?? ACCOMPANYING_ADULT_PRICE_RAPPEN,
  };
}

export type PartyCounts = { numChildren: number; numActiveAdults: number; numAccompanyingAdults: number };

export function personCount(c: PartyCounts): number {
  return c.numChildren + c.numActiveAdults + c.numAccompanyingAdults;
}

/** The children charged: as many as come, but at least the offer's minimum (issue #28 §3; 0 = none). */
export function chargedChildren(numChildren: number, minChargedChildren: number | null | undefined = 0): number {
  return Math.max(numChildren, minChargedChildren ?? 0);
}

/**
 * Spec §9: children × offer basePrice + playing adults × 28 + accompanying adults × 5 (the adult
 * prices are settings); an offer may charge at least `minChargedChildren` children.
 */
export function birthdayPriceRappen(c: PartyCounts, basePriceRappen: number, adults: AdultPrices = DEFAULT_ADULT_PRICES, minChargedChildren = 0): number {
  return (
    chargedChildren(c.numChildren, minChargedChildren) * basePriceRappen +
    c.numActiveAdults * adults.activeAdultPriceRappen +
    c.numAccompanyingAdults * adults.accompanyingAdultPriceRappen
  );
}

export type PriceBreakdown = { priceRappen: number; discountRappen: number; amountRappen: number };

/** Spec §9: discount = min(price, voucher remaining value); amount to pay = price − discount. */
export function applyVoucher(priceRappen: number, voucherRemainingRappen: number | null): PriceBreakdown {
  const discountRappen = voucherRemainingRappen === null ? 0 : Math.max(0, Math.min(priceRappen, voucherRemainingRappen));
  return { priceRappen, discountRappen, amountRappen: priceRappen - discountRappen };
}

/**
 * What a price line is, as data (issue #33): the family pages word it in their language from this,
 * never from the German label. `n`: the children charged (`childrenMin`), a package's rounds
 * (`package`); `code`: a promo code (`promo`); `reason`: a staff adjustment's reason as typed
 * (`adjust`). `extra` and `whole` lines are named by the venue (an extra, a game's booking name).
 */
export type LineWord = {
  key: "children" | "childrenMin" | "active" | "accompanying" | "playersRounds" | "package" | "extraRounds" | "promo" | "adjust" | "extra" | "whole";
  n?: number;
  code?: string;
  reason?: string;
};

/** A line's count(s) × unit price («4 × CHF 29.00», «4 × 2 × CHF 7.00»); `included`: at no charge («4 × inbegriffen»). */
export type LineQty = { counts: number[]; unitRappen: number; included?: true };

/** A line's detail from its quantity, with the prices and the word for «inbegriffen» of a language. */
export function qtyDetail(qty: LineQty, price: (rappen: number) => string, included: string): string {
  return [...qty.counts, qty.included ? included : price(qty.unitRappen)].join(" × ");
}

export type PriceLine = { label: string; count: number; unitRappen: number; amountRappen: number; word: LineWord };

/**
 * The birthday price as a parent recomputes it: one line per kind of person with count × unit price.
 * The per-child price is recovered from the total (spec §9 formula), so a booking made before an offer's
 * price changed still adds up to what it cost.
 */
export function birthdayPriceLines(c: PartyCounts, priceRappen: number, prices: AdultPrices = DEFAULT_ADULT_PRICES, minChargedChildren: number | null = 0): PriceLine[] {
  const adults = c.numActiveAdults * prices.activeAdultPriceRappen + c.numAccompanyingAdults * prices.accompanyingAdultPriceRappen;
  const charged = chargedChildren(c.numChildren, minChargedChildren);
  const perChild = charged > 0 ? Math.round((priceRappen - adults) / charged) : 0;
  const line = (label: string, count: number, unitRappen: number, word: LineWord) => ({ label, count, unitRappen, amountRappen: count * unitRappen, word });
  // Fewer children than the offer charges: the line says so, and its count is what is charged.
  const min = charged > c.numChildren;
  return [
    ...(charged > 0 ? [line(min ? `Kinder (mindestens ${charged} verrechnet)` : "Kinder", charged, perChild, min ? { key: "childrenMin", n: charged } : { key: "children" })] : []),
    ...(c.numActiveAdults > 0 ? [line("Erwachsene mitspielend", c.numActiveAdults, prices.activeAdultPriceRappen, { key: "active" })] : []),
    ...(c.numAccompanyingAdults > 0 ? [line("Erwachsene nur Begleitung", c.numAccompanyingAdults, prices.accompanyingAdultPriceRappen, { key: "accompanying" })] : []),
  ];
}

/**
 * One line of a summary's price as shown to the family: what, the count × unit (or null), the amount.
 * Built on the server for every summary (birthdays and games alike), so the pages render lines they
 * are given and the price rules stay out of the steps' JavaScript.
 */
export type SummaryLine = {
  label: string;
  detail: string | null;
  amountRappen: number;
  /** What the line is and its count × unit, as data: `label` and `detail` are German (e-mails, staff pages, documents). */
  word?: LineWord;
  qty?: LineQty;
};

export function birthdaySummaryLines(c: PartyCounts, priceRappen: number, prices?: AdultPrices, minChargedChildren: number | null = 0): SummaryLine[] {
  return birthdayPriceLines(c, priceRappen, prices, minChargedChildren).map((l) => {
    const qty = { counts: [l.count], unitRappen: l.unitRappen };
    return { label: l.label, detail: qtyDetail(qty, formatChf, "inbegriffen"), amountRappen: l.amountRappen, word: l.word, qty };
  });
}
