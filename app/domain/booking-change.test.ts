import { PARTY_MSG } from "./party-rules";
import { describe, expect, it } from "vitest";
import { changedBirthdayPriceRappen, changedPriceRappen, countsProblem, formatDifference, paidBy, settleChange, settlementLines, CHANGE_MSG } from "./booking-change";
import { parseCounts, parseExpectedPrice } from "./change-form";

const SEVEN = { numChildren: 5, numActiveAdults: 1, numAccompanyingAdults: 1 };

describe("the price of a change", () => {
  it("keeps the stored price when only the price list changed", () => {
    // Booked at CHF 29 per child; today's list says 35 — the same persons cost what they cost.
    expect(changedBirthdayPriceRappen({ ...SEVEN, priceRappen: 17_800 }, SEVEN, 3_500)).toBe(17_800);
    expect(changedPriceRappen(5_600, 8_000, 8_000)).toBe(5_600);
  });

  it("prices more or fewer persons with the booking's own unit prices", () => {
    const booked = { ...SEVEN, priceRappen: 17_800, activeAdultPriceRappen: 2_800, accompanyingAdultPriceRappen: 500 };
    expect(changedBirthdayPriceRappen(booked, { ...SEVEN, numChildren: 6 }, 3_500)).toBe(20_700);
    expect(changedBirthdayPriceRappen(booked, { numChildren: 5, numActiveAdults: 0, numAccompanyingAdults: 1 }, 3_500)).toBe(15_000);
    // Adult prices stored on the booking win over the defaults.
    expect(changedBirthdayPriceRappen({ ...SEVEN, priceRappen: 18_000, activeAdultPriceRappen: 3_000, accompanyingAdultPriceRappen: 500 }, { ...SEVEN, numActiveAdults: 2 }, 0)).toBe(21_000);
  });

  it("keeps the booking's minimum of charged children: fewer children cost nothing less, more above it cost more", () => {
    // 4 children booked on an offer charging at least 6 at CHF 29, plus one playing adult.
    const booked = { numChildren: 4, numActiveAdults: 1, numAccompanyingAdults: 0, priceRappen: 6 * 2_900 + 2_800, activeAdultPriceRappen: 2_800, accompanyingAdultPriceRappen: 500, minChargedChildren: 6 };
    expect(changedBirthdayPriceRappen(booked, { ...booked, numChildren: 3 }, 3_500)).toBe(booked.priceRappen);
    expect(changedBirthdayPriceRappen(booked, { ...booked, numChildren: 6 }, 3_500)).toBe(booked.priceRappen);
    expect(changedBirthdayPriceRappen(booked, { ...booked, numChildren: 8 }, 3_500)).toBe(booked.priceRappen + 2 * 2_900);
  });

  it("prices added children at today's price when the booking had none to learn from", () => {
    expect(changedBirthdayPriceRappen({ numChildren: 0, numActiveAdults: 2, numAccompanyingAdults: 0, priceRappen: 5_600 }, { numChildren: 2, numActiveAdults: 2, numAccompanyingAdults: 0 }, 2_900)).toBe(11_400);
  });

  it("never goes below zero", () => {
    expect(changedPriceRappen(1_000, 5_000, 0)).toBe(0);
  });
});

describe("what a new price does to the money", () => {
  const paid = { priceRappen: 17_800, discountRappen: 5_000, amountRappen: 12_800 };

  it("refunds online first and credits the voucher only below its amount", () => {
    expect(settleChange(paid, 9_200, "online")).toMatchObject({ after: { discountRappen: 5_000, amountRappen: 4_200 }, refundRappen: 8_600, voucherCreditRappen: 0, payOnlineRappen: 0 });
    expect(settleChange(paid, 2_900, "online")).toMatchObject({ after: { discountRappen: 2_900, amountRappen: 0 }, refundRappen: 12_800, voucherCreditRappen: 2_100 });
  });

  it("takes a higher price online, never from the voucher again", () => {
    expect(settleChange(paid, 20_700, "online")).toMatchObject({ after: { discountRappen: 5_000, amountRappen: 15_700 }, payOnlineRappen: 2_900, refundRappen: 0, differenceRappen: 2_900 });
    // Paid wholly by voucher: the difference is paid online too.
    expect(settleChange({ priceRappen: 5_000, discountRappen: 5_000, amountRappen: 0 }, 6_000, "online")).toMatchObject({ payOnlineRappen: 1_000 });
  });

  it("moves the open amount of a booking paid at the venue instead", () => {
    expect(settleChange({ priceRappen: 17_800, discountRappen: 0, amountRappen: 17_800 }, 26_500, "venue")).toMatchObject({ venueDeltaRappen: 8_700, payOnlineRappen: 0 });
    expect(settleChange({ priceRappen: 17_800, discountRappen: 0, amountRappen: 17_800 }, 15_000, "venue")).toMatchObject({ venueDeltaRappen: -2_800, refundRappen: 0 });
  });

  it("lets staff put a higher price of an online-paid booking on the open balance, and give a lower one back as a voucher", () => {
    const staff = { increase: "venue", decrease: "voucher" } as const;
    expect(settleChange(paid, 20_700, "online", staff)).toMatchObject({ openBalanceDeltaRappen: 2_900, payOnlineRappen: 0, refundRappen: 0 });
    expect(settleChange(paid, 9_200, "online", staff)).toMatchObject({ voucherIssueRappen: 8_600, refundRappen: 0, openBalanceDeltaRappen: 0 });
    // A lower price first lowers what is still open at the venue; only the rest was paid and goes back.
    const withBalance = { ...paid, priceRappen: 20_700, amountRappen: 15_700, openBalanceRappen: 2_900 };
    expect(settleChange(withBalance, 19_000, "online")).toMatchObject({ openBalanceDeltaRappen: -1_700, refundRappen: 0 });
    expect(settleChange(withBalance, 17_000, "online")).toMatchObject({ openBalanceDeltaRappen: -2_900, refundRappen: 800 });
    expect(settleChange(withBalance, 17_000, "online", staff)).toMatchObject({ openBalanceDeltaRappen: -2_900, voucherIssueRappen: 800, refundRappen: 0 });
    // Paid at the venue, the choice changes nothing: the amount due at the counter follows.
    expect(settleChange({ priceRappen: 17_800, discountRappen: 0, amountRappen: 17_800 }, 15_000, "venue", staff)).toMatchObject({ venueDeltaRappen: -2_800, voucherIssueRappen: 0 });
  });

  it("says so in German, and nothing when the price stays", () => {
    expect(settlementLines(settleChange(paid, 2_900, "online"), "GUT-1")).toEqual([
      "CHF 128.00 werden Ihnen auf Ihr Zahlungsmittel zurückerstattet.",
      "CHF 21.00 werden dem Gutschein GUT-1 wieder gutgeschrieben.",
    ]);
    expect(settlementLines(settleChange(paid, 17_800, "online"), null)).toEqual([]);
    expect(formatDifference(2_900)).toBe("+ CHF 29.00");
    expect(formatDifference(-500)).toBe("- CHF 5.00");
  });

  it("knows how a booking is paid", () => {
    expect(paidBy("settled")).toBe("online");
    expect(paidBy("none")).toBe("venue");
    expect(paidBy("pending")).toBeNull();
  });
});

describe("the persons form", () => {
  it("accepts 0–10 per counter and at least one person", () => {
    expect(countsProblem(SEVEN)).toBeNull();
    expect(countsProblem({ numChildren: 11, numActiveAdults: 0, numAccompanyingAdults: 0 })).toBe(PARTY_MSG.tooManyChildren(10));
    expect(countsProblem({ numChildren: 51, numActiveAdults: 0, numAccompanyingAdults: 0 })).toBe(CHANGE_MSG.countsRange);
    // Persons that stay as booked are not held to rules changed since (null): only the absolute cap.
    expect(countsProblem({ numChildren: 25, numActiveAdults: 0, numAccompanyingAdults: 0 }, null)).toBeNull();
    expect(countsProblem({ numChildren: 25, numActiveAdults: 0, numAccompanyingAdults: 0 }, { minChildren: 0, maxChildren: 30, maxAdults: 10 })).toBeNull();
    expect(countsProblem({ numChildren: 0, numActiveAdults: 0, numAccompanyingAdults: 0 })).toBe(CHANGE_MSG.noPersons);
  });

  it("reads the fields strictly", () => {
    const form = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? null });
    expect(parseCounts(form({ numChildren: "4", numActiveAdults: " 1 ", numAccompanyingAdults: "0" }))).toEqual({ numChildren: 4, numActiveAdults: 1, numAccompanyingAdults: 0 });
    expect(parseCounts(form({ numChildren: "4", numActiveAdults: "-1", numAccompanyingAdults: "0" }))).toBeNull();
    expect(parseCounts(form({ numChildren: "4e1", numActiveAdults: "1", numAccompanyingAdults: "0" }))).toBeNull();
    expect(parseExpectedPrice("17800")).toBe(17_800);
    expect(parseExpectedPrice("17.80")).toBeUndefined();
    expect(parseExpectedPrice(null)).toBeUndefined();
  });
});
