import { describe, expect, it } from "vitest";
import { paymentLinkStatus } from "./payment-link";

describe("paymentLinkStatus", () => {
  const now = new Date("2026-05-01T10:00:00Z");
  const later = new Date(now.getTime() + 60_000);
  it("is open only while a held booking's hold runs and something is owed", () => {
    expect(paymentLinkStatus({ status: "held", holdExpiresAt: later, amountRappen: 100 }, now)).toBe("open");
    expect(paymentLinkStatus({ status: "held", holdExpiresAt: now, amountRappen: 100 }, now)).toBe("expired");
    expect(paymentLinkStatus({ status: "held", holdExpiresAt: null, amountRappen: 100 }, now)).toBe("expired");
    expect(paymentLinkStatus({ status: "held", holdExpiresAt: later, amountRappen: 0 }, now)).toBe("expired");
  });
  it("names the other states", () => {
    expect(paymentLinkStatus({ status: "confirmed", holdExpiresAt: null, amountRappen: 100 }, now)).toBe("paid");
    expect(paymentLinkStatus({ status: "cancelled", holdExpiresAt: later, amountRappen: 100 }, now)).toBe("cancelled");
    expect(paymentLinkStatus({ status: "expired", holdExpiresAt: now, amountRappen: 100 }, now)).toBe("expired");
  });
});
