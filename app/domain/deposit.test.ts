import { describe, expect, it } from "vitest";
import { depositOf, depositRuleText, depositSplit, depositStateLines, payNowRappen } from "./deposit";
import { depositField, parseDeposit } from "./venue-settings";

describe("deposits (issue #30 §3)", () => {
  it("asks for a share rounded to 5 Rappen, or a fixed amount, never more than the price", () => {
    expect(depositOf({ depositKind: "percent", depositValue: 30 }, 20_700)).toBe(6_210);
    expect(depositOf({ depositKind: "percent", depositValue: 33 }, 10_010)).toBe(3_305);
    expect(depositOf({ depositKind: "fixed", depositValue: 5_000 }, 3_000)).toBe(3_000);
    expect(depositOf({ depositKind: "none", depositValue: 0 }, 3_000)).toBe(0);
  });

  it("lets a voucher pay the deposit first, then the balance", () => {
    // CHF 207, deposit CHF 50: without a voucher CHF 50 now, CHF 157 later.
    expect(depositSplit(20_700, 20_700, 5_000)).toEqual({ payNowRappen: 5_000, balanceRappen: 15_700 });
    // A CHF 20 voucher: CHF 30 now, the balance unchanged.
    expect(depositSplit(20_700, 18_700, 5_000)).toEqual({ payNowRappen: 3_000, balanceRappen: 15_700 });
    // A CHF 80 voucher covers the deposit and CHF 30 of the balance: nothing now.
    expect(depositSplit(20_700, 12_700, 5_000)).toEqual({ payNowRappen: 0, balanceRappen: 12_700 });
    // No deposit, or one as high as the price: everything now.
    expect(depositSplit(20_700, 18_700, 0)).toEqual({ payNowRappen: 18_700, balanceRappen: 0 });
    expect(depositSplit(3_000, 3_000, 3_000)).toEqual({ payNowRappen: 3_000, balanceRappen: 0 });
    expect(payNowRappen({ amountRappen: 20_700, openBalanceRappen: 15_700 })).toBe(5_000);
  });

  it("names every state with amounts", () => {
    const due = { dateText: "09.12.2026", atVenue: false };
    const base = { depositRappen: 5_000, amountRappen: 20_700, openBalanceRappen: 15_700, paidAtVenueRappen: 0 };
    expect(depositStateLines({ ...base, status: "held", paymentStatus: "pending" }, due).map((l) => l.text)).toEqual([
      "Anzahlung offen: CHF 50.00",
      "Restbetrag offen: CHF 157.00, fällig bis 09.12.2026",
    ]);
    expect(depositStateLines({ ...base, status: "confirmed", paymentStatus: "settled" }, due).map((l) => l.text)).toEqual([
      "Anzahlung bezahlt: CHF 50.00",
      "Restbetrag offen: CHF 157.00, fällig bis 09.12.2026",
    ]);
    expect(depositStateLines({ ...base, status: "confirmed", paymentStatus: "settled" }, { ...due, atVenue: true }).map((l) => l.state)).toEqual(["deposit_paid", "at_venue"]);
    expect(depositStateLines({ ...base, status: "confirmed", paymentStatus: "settled", paidAtVenueRappen: 15_700 }, due).map((l) => l.text)).toEqual(["bezahlt: CHF 207.00"]);
    expect(depositStateLines({ ...base, status: "cancelled", paymentStatus: "refunded" }, due)).toEqual([]);
    expect(depositStateLines({ ...base, depositRappen: 0, status: "confirmed", paymentStatus: "settled" }, due)).toEqual([]);
  });

  it("words an offer's deposit for the offer list", () => {
    expect(depositRuleText({ depositKind: "percent", depositValue: 30 }, 3)).toBe("Anzahlung 30 % bei der Buchung, der Rest bis 3 Tage vor der Feier");
    expect(depositRuleText({ depositKind: "fixed", depositValue: 10_000 }, 1)).toBe("Anzahlung CHF 100.00 bei der Buchung, der Rest bis 1 Tag vor der Feier");
    expect(depositRuleText({ depositKind: "fixed", depositValue: 10_000 }, 0)).toBe("Anzahlung CHF 100.00 bei der Buchung, der Rest bis zur Feier");
    expect(depositRuleText({ depositKind: "none", depositValue: 0 })).toBeNull();
  });

  it("reads the offer form's field: empty, a percentage or an amount", () => {
    expect(parseDeposit("")).toEqual({ depositKind: "none", depositValue: 0 });
    expect(parseDeposit("0.00")).toEqual({ depositKind: "none", depositValue: 0 });
    expect(parseDeposit("30 %")).toEqual({ depositKind: "percent", depositValue: 30 });
    expect(parseDeposit("30%")).toEqual({ depositKind: "percent", depositValue: 30 });
    expect(parseDeposit("CHF 100")).toEqual({ depositKind: "fixed", depositValue: 10_000 });
    expect(parseDeposit("100 %")).toBeNull();
    expect(parseDeposit("-5")).toBeNull();
    expect(parseDeposit("viel")).toBeNull();
    expect(depositField({ depositKind: "percent", depositValue: 30 })).toBe("30 %");
    expect(depositField({ depositKind: "fixed", depositValue: 10_000 })).toBe("100.00");
    expect(depositField({ depositKind: "none", depositValue: 0 })).toBe("");
  });
});
