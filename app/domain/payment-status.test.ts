import { describe, expect, it } from "vitest";
import { isAbortedStatus, paymentOutcome, paymentStatusLabel, toSpecStatus } from "./payment-status";

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

describe("status words for families", () => {
  it("translates the provider's words and keeps an unknown one as given", () => {
    expect(paymentStatusLabel("canceled")).toBe("abgebrochen");
    expect(paymentStatusLabel("failed")).toBe("fehlgeschlagen");
    expect(paymentStatusLabel("settled")).toBe("bezahlt");
    expect(paymentStatusLabel("weird_new_state")).toBe("weird_new_state");
  });

  it("knows which statuses mean there is no booking", () => {
    expect(isAbortedStatus("canceled")).toBe(true);
    expect(isAbortedStatus("failed")).toBe(true);
    expect(isAbortedStatus("settled")).toBe(false);
    expect(isAbortedStatus("initiated")).toBe(false);
    expect(isAbortedStatus(null)).toBe(false);
  });
});
