import { describe, expect, it } from "vitest";
import { MSG } from "./messages";
import { addDays, venueNow } from "./time";
import { checkVoucher, type VoucherState } from "./vouchers";

const TODAY = "2026-11-22";
const voucher = (over: Partial<VoucherState> = {}): VoucherState => ({
  remainingRappen: 5000,
  validUntil: "2027-11-22",
  blocked: false,
  ...over,
});

describe("checkVoucher", () => {
  it("an unknown voucher is invalid", () => {
    expect(checkVoucher(null, TODAY)).toEqual({ valid: false, message: MSG.voucherUnknown, remainingRappen: 0 });
  });

  it("a valid voucher reports its remaining value", () => {
    expect(checkVoucher(voucher(), TODAY)).toEqual({ valid: true, message: MSG.voucherValid, remainingRappen: 5000 });
  });

  it("a blocked voucher is invalid and reports no value, even with money left", () => {
    expect(checkVoucher(voucher({ blocked: true }), TODAY)).toEqual({ valid: false, message: MSG.voucherBlocked, remainingRappen: 0 });
  });

  it("is still valid on its last day and expired the day after", () => {
    expect(checkVoucher(voucher({ validUntil: TODAY }), TODAY)).toMatchObject({ valid: true, remainingRappen: 5000 });
    expect(checkVoucher(voucher({ validUntil: addDays(TODAY, -1) }), TODAY)).toEqual({
      valid: false,
      message: MSG.voucherExpired,
      remainingRappen: 0,
    });
  });

  it("judges expiry by the venue date: valid until 2026-11-21 is expired at 00:30 Zurich time (23:30Z)", () => {
    const today = venueNow(new Date("2026-11-21T23:30:00Z")).date;
    expect(checkVoucher(voucher({ validUntil: "2026-11-21" }), today)).toMatchObject({ valid: false, message: MSG.voucherExpired });
    const lastEvening = venueNow(new Date("2026-11-21T22:59:00Z")).date;
    expect(checkVoucher(voucher({ validUntil: "2026-11-21" }), lastEvening)).toMatchObject({ valid: true });
  });

  it("a used-up voucher is invalid", () => {
    expect(checkVoucher(voucher({ remainingRappen: 0 }), TODAY)).toEqual({ valid: false, message: MSG.voucherUsedUp, remainingRappen: 0 });
    expect(checkVoucher(voucher({ remainingRappen: -100 }), TODAY)).toMatchObject({ valid: false, message: MSG.voucherUsedUp, remainingRappen: 0 });
    expect(checkVoucher(voucher({ remainingRappen: 1 }), TODAY)).toMatchObject({ valid: true, remainingRappen: 1 });
  });

  it("reports blocked before expired before used up", () => {
    const everything = voucher({ blocked: true, validUntil: "2020-01-01", remainingRappen: 0 });
    expect(checkVoucher(everything, TODAY).message).toBe(MSG.voucherBlocked);
    expect(checkVoucher({ ...everything, blocked: false }, TODAY).message).toBe(MSG.voucherExpired);
  });

  it("uses the German messages", () => {
    expect(MSG.voucherValid).toBe("Gutschein ist gültig.");
    expect(MSG.voucherExpired).toBe("Gutschein ist abgelaufen.");
  });
});
