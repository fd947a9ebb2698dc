import { describe, expect, it } from "vitest";
import { cancellationSplit, refundOptions } from "./cancellation-terms";

describe("cancellation terms (issue #29 §1)", () => {
  const money = { onlineRappen: 30_000, voucherRappen: 10_000 };

  it("splits each part by the same choice: full, less the fee, nothing", () => {
    expect(cancellationSplit(money, "full", 20)).toEqual({ refundRappen: 30_000, voucherCreditRappen: 10_000, keptRappen: 0 });
    expect(cancellationSplit(money, "fee", 20)).toEqual({ refundRappen: 24_000, voucherCreditRappen: 8000, keptRappen: 8000 });
    expect(cancellationSplit(money, "none", 20)).toEqual({ refundRappen: 0, voucherCreditRappen: 0, keptRappen: 40_000 });
  });

  it("rounds the fee to whole Rappen and keeps every Rappen accounted for", () => {
    const odd = { onlineRappen: 33_333, voucherRappen: 1 };
    const split = cancellationSplit(odd, "fee", 33);
    expect(split.refundRappen + split.voucherCreditRappen + split.keptRappen).toBe(33_334);
    expect(split.keptRappen).toBe(11_000);
  });

  it("offers the fee only when it differs from both other choices, and recommends by the deadline", () => {
    expect(refundOptions(money, 20, true).recommended).toBe("full");
    expect(refundOptions(money, 20, false).recommended).toBe("fee");
    expect(refundOptions(money, 20, false).options.map((o) => o.choice)).toEqual(["full", "fee", "none"]);
    expect(refundOptions(money, 100, false)).toMatchObject({ recommended: "none" });
    expect(refundOptions(money, 100, false).options.map((o) => o.choice)).toEqual(["full", "none"]);
    expect(refundOptions(money, 0, false)).toMatchObject({ recommended: "full" });
    expect(refundOptions({ onlineRappen: 0, voucherRappen: 0 }, 20, false).options).toEqual([]);
  });

  it("describes each option in CHF", () => {
    const fee = refundOptions(money, 20, false).options.find((o) => o.choice === "fee")!;
    expect(fee.label).toBe("Rückerstattung abzüglich Stornogebühr (20 %)");
    expect(fee.detail).toBe("CHF 240.00 zurück auf das Zahlungsmittel · CHF 80.00 zurück auf den Gutschein · CHF 80.00 einbehalten");
  });
});
