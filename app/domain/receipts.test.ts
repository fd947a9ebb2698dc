import { describe, expect, it } from "vitest";
import { documentNumber, documentsDue, formatRate, NO_MONEY, parseRatePercent, vatIncluded, vatRateOn, DEFAULT_VAT_RATES } from "./receipts";

describe("MWST (issue #31 §1)", () => {
  it("takes the rate of the service's day", () => {
    expect(vatRateOn(DEFAULT_VAT_RATES, "2023-12-31")).toBe(770);
    expect(vatRateOn(DEFAULT_VAT_RATES, "2024-01-01")).toBe(810);
    expect(vatRateOn(DEFAULT_VAT_RATES, "2017-12-31")).toBeNull();
    expect(vatRateOn([...DEFAULT_VAT_RATES, { validFrom: "2028-01-01", rateBp: 880 }], "2028-01-01")).toBe(880);
  });

  it("contains MWST rounded to the Rappen, half up", () => {
    expect(vatIncluded(10_810, 810)).toBe(810);
    expect(vatIncluded(29_500, 810)).toBe(2_210); // 2210.36
    expect(vatIncluded(100, 810)).toBe(7); // 7.49
    expect(vatIncluded(1_000, 810)).toBe(75); // 74.93
    expect(vatIncluded(13_345, 810)).toBe(1_000); // 999.97
    expect(vatIncluded(0, 810)).toBe(0);
    expect(vatIncluded(5_000, 0)).toBe(0);
  });

  it("writes and reads rates as the tax office does", () => {
    expect(formatRate(810)).toBe("8.1 %");
    expect(formatRate(770)).toBe("7.7 %");
    expect(formatRate(825)).toBe("8.25 %");
    expect(parseRatePercent("8.1")).toBe(810);
    expect(parseRatePercent("8,1 %")).toBe(810);
    expect(parseRatePercent(" 0 ")).toBe(0);
    expect(parseRatePercent("8.125")).toBeNull();
    expect(parseRatePercent("51")).toBeNull();
    expect(parseRatePercent("-1")).toBeNull();
    expect(parseRatePercent(undefined)).toBeNull();
  });
});

describe("documents due", () => {
  it("nothing when the documents cover the money", () => {
    expect(documentsDue(NO_MONEY, NO_MONEY)).toEqual([]);
    const money = { online: 20_000, refund: 5_000, voucherCredit: 0, voucher: 3_000, venue: 1_000, bank: 2_000 };
    expect(documentsDue(money, money)).toEqual([]);
  });

  it("one receipt for money in, by how", () => {
    expect(documentsDue({ ...NO_MONEY, online: 20_000, voucher: 3_000 }, NO_MONEY)).toEqual([
      {
        kind: "receipt",
        parts: [
          { method: "online", rappen: 20_000 },
          { method: "voucher", rappen: 3_000 },
        ],
        totalRappen: 23_000,
        accounts: { ...NO_MONEY, online: 20_000, voucher: 3_000 },
      },
    ]);
  });

  it("a credit note for money back, a receipt for new money, in one go", () => {
    const issued = { ...NO_MONEY, online: 20_000, voucher: 3_000, venue: 4_000 };
    const actual = { ...NO_MONEY, online: 25_000, refund: 2_000, voucherCredit: 1_000, voucher: 1_000, venue: 3_500 };
    const plans = documentsDue(actual, issued);
    expect(plans.map((p) => [p.kind, p.totalRappen])).toEqual([
      ["receipt", 5_000],
      ["credit_note", 5_500],
    ]);
    expect(plans[1]!.parts.map((p) => p.method)).toEqual(["voucherReturn", "venueCorrection", "refund", "voucherCredit"]);
    expect(plans[1]!.accounts).toEqual({ online: 0, refund: 2_000, voucherCredit: 1_000, voucher: -2_000, venue: -500, bank: 0 });
  });

  it("numbers documents by kind, year and id", () => {
    expect(documentNumber("receipt", 42, 2026)).toBe("Q-2026-000042");
    expect(documentNumber("credit_note", 1_234_567, 2027)).toBe("G-2027-1234567");
  });
});
