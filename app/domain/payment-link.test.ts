import { describe, expect, it } from "vitest";
import { balanceDueRappen, paymentLinkStatus } from "./payment-link";

describe("paymentLinkStatus", () => {
  const now = new Date("2026-05-01T10:00:00Z");
  const later = new Date(now.getTime() + 60_000);
  const base = { paymentStatus: "none", openBalanceRappen: 0, paidAtVenueRappen: 0 };
  it("is open only while a held booking's hold runs and something is owed", () => {
    expect(paymentLinkStatus({ ...base, status: "held", holdExpiresAt: later, amountRappen: 100 }, now)).toBe("open");
    expect(paymentLinkStatus({ ...base, status: "held", holdExpiresAt: now, amountRappen: 100 }, now)).toBe("expired");
    expect(paymentLinkStatus({ ...base, status: "held", holdExpiresAt: null, amountRappen: 100 }, now)).toBe("expired");
    expect(paymentLinkStatus({ ...base, status: "held", holdExpiresAt: later, amountRappen: 0 }, now)).toBe("expired");
  });
  it("names the other states", () => {
    expect(paymentLinkStatus({ ...base, status: "confirmed", holdExpiresAt: null, amountRappen: 100 }, now)).toBe("paid");
    expect(paymentLinkStatus({ ...base, status: "cancelled", holdExpiresAt: later, amountRappen: 100 }, now)).toBe("cancelled");
    expect(paymentLinkStatus({ ...base, status: "expired", holdExpiresAt: now, amountRappen: 100 }, now)).toBe("expired");
  });
  it("is open for a confirmed booking paid online while its open balance is not paid (issue #29 §2)", () => {
    const paid = { ...base, status: "confirmed", holdExpiresAt: null, amountRappen: 23_600, paymentStatus: "settled", openBalanceRappen: 5_800 };
    expect(paymentLinkStatus(paid, now)).toBe("open");
    expect(balanceDueRappen(paid)).toBe(5_800);
    expect(balanceDueRappen({ ...paid, paidAtVenueRappen: 2_000 })).toBe(3_800);
    expect(paymentLinkStatus({ ...paid, paidAtVenueRappen: 5_800 }, now)).toBe("paid");
    expect(paymentLinkStatus({ ...paid, status: "cancelled" }, now)).toBe("cancelled");
  });
});
