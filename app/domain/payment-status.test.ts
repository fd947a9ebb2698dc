import { describe, expect, it } from "vitest";
import { paymentOutcome, toSpecStatus } from "./payment-status";

describe("toSpecStatus", () => {
  it.each([
    ["initialized", "initiated"],
    ["challenge_required", "initiated"],
    ["challenge_ongoing", "initiated"],
    ["authenticated", "initiated"],
    ["authorized", "authorized"],
    ["settled", "settled"],
    ["transmitted", "settled"],
  ])("maps %s to %s", (provider, spec) => {
    expect(toSpecStatus(provider)).toBe(spec);
  });

  it.each(["canceled", "failed", "something_new", ""])("passes %j through unchanged", (status) => {
    expect(toSpecStatus(status)).toBe(status);
  });

  it("does not treat inherited object keys as statuses", () => {
    expect(toSpecStatus("constructor")).toBe("constructor");
    expect(toSpecStatus("toString")).toBe("toString");
  });
});

describe("paymentOutcome", () => {
  it.each([
    ["settled", "paid"],
    ["transmitted", "paid"],
    ["canceled", "cancelled"],
    ["failed", "failed"],
    ["initialized", "pending"],
    ["challenge_required", "pending"],
    ["challenge_ongoing", "pending"],
    ["authenticated", "pending"],
    ["authorized", "pending"],
    ["something_new", "pending"],
  ])("%s is %s", (provider, outcome) => {
    expect(paymentOutcome(provider)).toBe(outcome);
  });
});
