import { describe, expect, it } from "vitest";
import { VOUCHER_AMOUNT_MESSAGES as M, voucherAmountRappen } from "./voucher-amount";

describe("voucher amounts", () => {
  it("accepts plain decimals in whole Rappen, as text or JSON number", () => {
    expect(voucherAmountRappen("50")).toEqual({ ok: true, rappen: 5000 });
    expect(voucherAmountRappen("25,5")).toEqual({ ok: true, rappen: 2550 });
    expect(voucherAmountRappen(" 0.05 ")).toEqual({ ok: true, rappen: 5 });
    expect(voucherAmountRappen(0.1)).toEqual({ ok: true, rappen: 10 });
    expect(voucherAmountRappen(19.99)).toEqual({ ok: true, rappen: 1999 });
    expect(voucherAmountRappen(10_000)).toEqual({ ok: true, rappen: 1_000_000 });
  });
  it("refuses less than CHF 0.05, fractions of a Rappen and more than CHF 10,000", () => {
    expect(voucherAmountRappen(0.001)).toEqual({ ok: false, message: M.decimals });
    expect(voucherAmountRappen("0.04")).toEqual({ ok: false, message: M.tooSmall });
    expect(voucherAmountRappen("0")).toEqual({ ok: false, message: M.tooSmall });
    expect(voucherAmountRappen("-5")).toEqual({ ok: false, message: M.tooSmall });
    expect(voucherAmountRappen(12.345)).toEqual({ ok: false, message: M.decimals });
    expect(voucherAmountRappen("10000.01")).toEqual({ ok: false, message: M.tooLarge });
    expect(voucherAmountRappen(1e300)).toEqual({ ok: false, message: M.notANumber });
  });
  it("refuses what is not a plain decimal", () => {
    for (const bad of ["0x10", "1e3", "", "abc", "1.2.3", "Infinity", null, true, {}, [], NaN]) {
      expect(voucherAmountRappen(bad)).toEqual({ ok: false, message: M.notANumber });
    }
  });
});
