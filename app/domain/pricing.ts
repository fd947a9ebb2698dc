export const ACTIVE_ADULT_PRICE_RAPPEN = 2800;
export const ACCOMPANYING_ADULT_PRICE_RAPPEN = 500;

export type PartyCounts = { numChildren: number; numActiveAdults: number; numAccompanyingAdults: number };

export function personCount(c: PartyCounts): number {
  return c.numChildren + c.numActiveAdults + c.numAccompanyingAdults;
}

/** Spec §9: children × offer basePrice + playing adults × 28 + accompanying adults × 5. */
export function birthdayPriceRappen(c: PartyCounts, basePriceRappen: number): number {
  return (
    c.numChildren * basePriceRappen +
    c.numActiveAdults * ACTIVE_ADULT_PRICE_RAPPEN +
    c.numAccompanyingAdults * ACCOMPANYING_ADULT_PRICE_RAPPEN
  );
}

export type PriceBreakdown = { priceRappen: number; discountRappen: number; amountRappen: number };

/** Spec §9: discount = min(price, voucher remaining value); amount to pay = price − discount. */
export function applyVoucher(priceRappen: number, voucherRemainingRappen: number | null): PriceBreakdown {
  const discountRappen = voucherRemainingRappen === null ? 0 : Math.max(0, Math.min(priceRappen, voucherRemainingRappen));
  return { priceRappen, discountRappen, amountRappen: priceRappen - discountRappen };
}
