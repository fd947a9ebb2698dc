import { describe, expect, it } from "vitest";
import { beyondHorizon, horizonMessage, lastBookableDate } from "./horizon";

describe("booking horizon", () => {
  it("allows up to and including the last day", () => {
    expect(beyondHorizon("2027-11-23", "2026-11-23", 365)).toBe(false);
    expect(beyondHorizon("2027-11-24", "2026-11-23", 365)).toBe(true);
    expect(beyondHorizon("9999-12-31", "2026-11-23", 365)).toBe(true);
  });
  it("names the number of days in German", () => {
    expect(horizonMessage(30)).toBe("Buchungen sind höchstens 30 Tage im Voraus möglich. Bitte wählen Sie ein früheres Datum.");
  });
});

describe("lastBookableDate", () => {
  it("is today plus the horizon, the last day beyondHorizon allows", () => {
    expect(lastBookableDate("2026-11-23", 365)).toBe("2027-11-23");
    expect(beyondHorizon(lastBookableDate("2026-11-23", 30), "2026-11-23", 30)).toBe(false);
  });
});
