import { describe, expect, it } from "vitest";
import { formatChf } from "./money";
import {
  ACCOMPANYING_ADULT_PRICE_RAPPEN,
  ACTIVE_ADULT_PRICE_RAPPEN,
  applyVoucher,
  birthdayPriceLines,
  birthdayPriceRappen,
  birthdaySummaryLines,
  chargedChildren,
  personCount,
  qtyDetail,
} from "./pricing";

const counts = (numChildren: number, numActiveAdults: number, numAccompanyingAdults: number) => ({
  numChildren,
  numActiveAdults,
  numAccompanyingAdults,
});

describe("birthday price (spec §9)", () => {
  it("playing adults cost CHF 28, accompanying adults CHF 5", () => {
    expect(ACTIVE_ADULT_PRICE_RAPPEN).toBe(2800);
    expect(ACCOMPANYING_ADULT_PRICE_RAPPEN).toBe(500);
  });

  it("is children × basePrice + active adults × 28 + accompanying × 5 CHF, in Rappen", () => {
    expect(birthdayPriceRappen(counts(6, 1, 2), 2900)).toBe(6 * 2900 + 2800 + 2 * 500);
    expect(birthdayPriceRappen(counts(6, 1, 2), 2900)).toBe(21_200);
    expect(birthdayPriceRappen(counts(10, 10, 10), 4900)).toBe(49_000 + 28_000 + 5_000);
    expect(birthdayPriceRappen(counts(1, 0, 0), 3950)).toBe(3950);
    expect(birthdayPriceRappen(counts(0, 2, 0), 2900)).toBe(5600);
    expect(birthdayPriceRappen(counts(0, 0, 3), 2900)).toBe(1500);
    expect(birthdayPriceRappen(counts(0, 0, 0), 2900)).toBe(0);
  });

  it("counts persons as children + active + accompanying adults", () => {
    expect(personCount(counts(6, 1, 2))).toBe(9);
    expect(personCount(counts(0, 0, 0))).toBe(0);
    expect(personCount(counts(10, 10, 10))).toBe(30);
  });
});

describe("voucher discount (spec §9)", () => {
  it("without a voucher nothing is discounted", () => {
    expect(applyVoucher(21_200, null)).toEqual({ priceRappen: 21_200, discountRappen: 0, amountRappen: 21_200 });
  });

  it("a smaller voucher is used up entirely", () => {
    expect(applyVoucher(21_200, 5_000)).toEqual({ priceRappen: 21_200, discountRappen: 5_000, amountRappen: 16_200 });
  });

  it("a larger voucher covers the price and no more: the amount is zero, never negative", () => {
    expect(applyVoucher(21_200, 50_000)).toEqual({ priceRappen: 21_200, discountRappen: 21_200, amountRappen: 0 });
    expect(applyVoucher(21_200, 21_200)).toEqual({ priceRappen: 21_200, discountRappen: 21_200, amountRappen: 0 });
  });

  it("an empty or negative remainder gives no discount", () => {
    expect(applyVoucher(21_200, 0)).toEqual({ priceRappen: 21_200, discountRappen: 0, amountRappen: 21_200 });
    expect(applyVoucher(21_200, -500)).toEqual({ priceRappen: 21_200, discountRappen: 0, amountRappen: 21_200 });
  });

  it("discount + amount always equal the price, and both stay within 0..price", () => {
    for (const price of [0, 500, 2900, 21_200, 82_000]) {
      for (const remaining of [null, -1, 0, 1, 499, 500, 2900, 10_000, 100_000]) {
        const r = applyVoucher(price, remaining);
        expect(r.discountRappen + r.amountRappen).toBe(price);
        expect(r.discountRappen).toBeGreaterThanOrEqual(0);
        expect(r.discountRappen).toBeLessThanOrEqual(price);
        expect(r.amountRappen).toBeGreaterThanOrEqual(0);
        expect(r.discountRappen).toBe(remaining === null ? 0 : Math.max(0, Math.min(price, remaining)));
      }
    }
  });
});

describe("price lines (what a parent recomputes)", () => {
  it("shows children, playing and accompanying adults with count × unit price, adding up to the total", () => {
    const c = counts(4, 1, 2);
    const lines = birthdayPriceLines(c, birthdayPriceRappen(c, 2900));
    expect(lines).toEqual([
      { label: "Kinder", count: 4, unitRappen: 2900, amountRappen: 11_600, word: { key: "children" } },
      { label: "Erwachsene mitspielend", count: 1, unitRappen: 2800, amountRappen: 2800, word: { key: "active" } },
      { label: "Erwachsene nur Begleitung", count: 2, unitRappen: 500, amountRappen: 1000, word: { key: "accompanying" } },
    ]);
    expect(lines.reduce((n, l) => n + l.amountRappen, 0)).toBe(15_400);
  });

  it("charges an offer's minimum of children and says so in the children's line (issue #28 §3)", () => {
    expect(chargedChildren(4, 6)).toBe(6);
    expect(chargedChildren(8, 6)).toBe(8);
    expect(chargedChildren(3, null)).toBe(3);
    const c = counts(4, 1, 0);
    const price = birthdayPriceRappen(c, 2900, undefined, 6);
    expect(price).toBe(6 * 2900 + 2800);
    expect(birthdayPriceLines(c, price, undefined, 6)).toEqual([
      { label: "Kinder (mindestens 6 verrechnet)", count: 6, unitRappen: 2900, amountRappen: 17_400, word: { key: "childrenMin", n: 6 } },
      { label: "Erwachsene mitspielend", count: 1, unitRappen: 2800, amountRappen: 2800, word: { key: "active" } },
    ]);
    // At or above the minimum, the line is the usual one.
    expect(birthdayPriceLines(counts(7, 0, 0), birthdayPriceRappen(counts(7, 0, 0), 2900, undefined, 6), undefined, 6)).toEqual([
      { label: "Kinder", count: 7, unitRappen: 2900, amountRappen: 20_300, word: { key: "children" } },
    ]);
  });

  it("gives each summary line its word and quantity as data, the German detail built from them (issue #33)", () => {
    const lines = birthdaySummaryLines(counts(4, 1, 0), 6 * 2900 + 2800, undefined, 6);
    expect(lines).toEqual([
      { label: "Kinder (mindestens 6 verrechnet)", detail: "6 × CHF 29.00", amountRappen: 17_400, word: { key: "childrenMin", n: 6 }, qty: { counts: [6], unitRappen: 2900 } },
      { label: "Erwachsene mitspielend", detail: "1 × CHF 28.00", amountRappen: 2800, word: { key: "active" }, qty: { counts: [1], unitRappen: 2800 } },
    ]);
    // A page words the same quantity in its language; the data survive JSON (loader data).
    expect(JSON.parse(JSON.stringify(lines))).toEqual(lines);
    expect(qtyDetail({ counts: [4, 2], unitRappen: 700 }, (r) => formatChf(r, "fr"), "compris")).toBe(`4 × 2 × ${formatChf(700, "fr")}`);
    expect(qtyDetail({ counts: [4], unitRappen: 0, included: true }, formatChf, "inbegriffen")).toBe("4 × inbegriffen");
  });

  it("leaves out kinds of person nobody brings", () => {
    expect(birthdayPriceLines(counts(0, 2, 0), 5600)).toEqual([{ label: "Erwachsene mitspielend", count: 2, unitRappen: 2800, amountRappen: 5600, word: { key: "active" } }]);
    expect(birthdayPriceLines(counts(0, 0, 0), 0)).toEqual([]);
  });
});
