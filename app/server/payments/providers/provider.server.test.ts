import { describe, expect, it } from "vitest";
import { isProviderRefusal, ProviderError } from "./provider.server";

describe("isProviderRefusal", () => {
  it("is a refusal only when the provider answered no: not a timeout, a network error, a 5xx, a concurrent repeat or our own credentials", () => {
    expect(isProviderRefusal(new ProviderError("declined", 400, "DECLINED"))).toBe(true);
    expect(isProviderRefusal(new ProviderError("too much", 400, "INVALID_PROPERTY"))).toBe(true);
    expect(isProviderRefusal(new ProviderError("unknown", 404, "TRANSACTION_NOT_FOUND"))).toBe(true);
    expect(isProviderRefusal(new ProviderError("key reused", 422, "IDEMPOTENCY_KEY_REUSED"))).toBe(true);
    expect(isProviderRefusal(new ProviderError("no answer within 10000 ms", null, null))).toBe(false);
    expect(isProviderRefusal(new ProviderError("down", 503, "SERVER_ERROR"))).toBe(false);
    expect(isProviderRefusal(new ProviderError("being processed", 409, "CONFLICT"))).toBe(false);
    expect(isProviderRefusal(new ProviderError("slow down", 429, null))).toBe(false);
    expect(isProviderRefusal(new ProviderError("credentials", 401, "UNAUTHORIZED"))).toBe(false);
    expect(isProviderRefusal(new Error("socket hang up"))).toBe(false);
    // From another copy of the module (background jobs and routes are loaded apart): known by its shape.
    class OtherCopy extends Error {
      readonly status = 400;
      override name = "ProviderError";
    }
    expect(isProviderRefusal(new OtherCopy("declined"))).toBe(true);
  });

  it("instanceof ProviderError knows an error of another copy of the module by its shape", () => {
    const fromOtherCopy = Object.assign(new Error("down"), { name: "ProviderError", status: 503, code: "SERVER_ERROR" });
    expect(fromOtherCopy instanceof ProviderError).toBe(true);
    expect(new ProviderError("x", null, null) instanceof ProviderError).toBe(true);
    expect(new Error("plain") instanceof ProviderError).toBe(false);
    expect(Object.assign(new Error("x"), { name: "ProviderError" }) instanceof ProviderError).toBe(false);
  });
});
