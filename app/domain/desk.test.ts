import { describe, expect, it } from "vitest";
import { arrivalAllowed, DESK_MSG, openAmountRappen, parseNote, parsePaidAtVenue } from "./desk";

describe("desk rules", () => {
  it("reads amounts paid at the venue in CHF with at most two decimals, zero allowed", () => {
    expect(parsePaidAtVenue("0")).toEqual({ ok: true, rappen: 0 });
    expect(parsePaidAtVenue(" 25,5 ")).toEqual({ ok: true, rappen: 2550 });
    expect(parsePaidAtVenue("100000")).toEqual({ ok: true, rappen: 10_000_000 });
    expect(parsePaidAtVenue("100000.01")).toEqual({ ok: false, message: DESK_MSG.amountTooLarge });
    expect(parsePaidAtVenue("1.234")).toEqual({ ok: false, message: DESK_MSG.amountDecimals });
    for (const bad of ["-1", "", "1e2", "0x10", "CHF 5", "Infinity", null, 5]) expect(parsePaidAtVenue(bad)).toEqual({ ok: false, message: DESK_MSG.amount });
  });

  it("allows arrival from the booking's day on", () => {
    expect(arrivalAllowed("2026-05-02", "2026-05-01")).toBe(false);
    expect(arrivalAllowed("2026-05-02", "2026-05-02")).toBe(true);
    expect(arrivalAllowed("2026-05-02", "2026-05-09")).toBe(true);
  });

  it("counts what is open at the counter: the amount of a booking paid at the venue, the open balance of one paid online", () => {
    const base = { status: "confirmed", paymentStatus: "none", amountRappen: 10_000, paidAtVenueRappen: 2_500, openBalanceRappen: 0 };
    expect(openAmountRappen(base)).toBe(7_500);
    expect(openAmountRappen({ ...base, paidAtVenueRappen: 20_000 })).toBe(0);
    expect(openAmountRappen({ ...base, paymentStatus: "settled" })).toBe(0);
    expect(openAmountRappen({ ...base, status: "held" })).toBe(0);
    // Two children added on the day of a party paid online: open until paid at the counter.
    const online = { ...base, paymentStatus: "settled", paidAtVenueRappen: 0, openBalanceRappen: 5_800 };
    expect(openAmountRappen(online)).toBe(5_800);
    expect(openAmountRappen({ ...online, paidAtVenueRappen: 5_800 })).toBe(0);
    expect(openAmountRappen({ ...online, status: "cancelled" })).toBe(0);
  });

  it("normalises notes and limits their length", () => {
    expect(parseNote(" a\r\nb ")).toEqual({ ok: true, text: "a\nb" });
    expect(parseNote("")).toEqual({ ok: false, message: DESK_MSG.noteEmpty });
    expect(parseNote("😀".repeat(2000)).ok).toBe(true);
    expect(parseNote("😀".repeat(2001))).toEqual({ ok: false, message: DESK_MSG.noteTooLong });
  });
});
