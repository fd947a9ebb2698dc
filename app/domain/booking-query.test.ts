import { describe, expect, it } from "vitest";
import { AvailabilityQuerySchema } from "./api-schemas";
import { clampCount, COUNTER_MAX, COUNTER_MIN, countsFrom, dateFrom } from "./booking-query";

describe("clampCount (counters 0–10)", () => {
  it("clamps out-of-range numbers", () => {
    expect([COUNTER_MIN, COUNTER_MAX]).toEqual([0, 10]);
    expect(clampCount(-3)).toBe(0);
    expect(clampCount(99)).toBe(10);
    expect(clampCount(0)).toBe(0);
    expect(clampCount(10)).toBe(10);
    expect(clampCount(7)).toBe(7);
  });

  it("parses strings from the URL and drops fractions", () => {
    expect(clampCount("7")).toBe(7);
    expect(clampCount("-3")).toBe(0);
    expect(clampCount("99")).toBe(10);
    expect(clampCount("3.7")).toBe(3);
    expect(clampCount(2.9)).toBe(2);
  });

  it("turns garbage into 0", () => {
    expect(clampCount("abc")).toBe(0);
    expect(clampCount("")).toBe(0);
    expect(clampCount(null)).toBe(0);
    expect(clampCount(undefined)).toBe(0);
    expect(clampCount(Number.NaN)).toBe(0);
    expect(clampCount({})).toBe(0);
  });
});

describe("countsFrom / dateFrom", () => {
  it("reads the three counters from the query, clamped", () => {
    const params = new URLSearchParams("numChildren=12&numActiveAdults=abc&numAccompanyingAdults=2");
    expect(countsFrom(params)).toEqual({ numChildren: 10, numActiveAdults: 0, numAccompanyingAdults: 2 });
    expect(countsFrom(new URLSearchParams())).toEqual({ numChildren: 0, numActiveAdults: 0, numAccompanyingAdults: 0 });
  });

  it("reads the same from form data", () => {
    const form = new FormData();
    form.set("numChildren", "6");
    form.set("numActiveAdults", "-1");
    form.set("numAccompanyingAdults", "2");
    expect(countsFrom(form)).toEqual({ numChildren: 6, numActiveAdults: 0, numAccompanyingAdults: 2 });
  });

  it("accepts only real ISO dates", () => {
    expect(dateFrom("2026-11-28")).toBe("2026-11-28");
    expect(dateFrom("2026-02-30")).toBeNull();
    expect(dateFrom("28.11.2026")).toBeNull();
    expect(dateFrom(null)).toBeNull();
  });
});

describe("AvailabilityQuerySchema", () => {
  const ok = { date: "2026-11-28", count: "9", offerId: "1" };
  const failedPaths = (input: Record<string, unknown>) => {
    const result = AvailabilityQuerySchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => i.path.join("."));
  };

  it("accepts a valid query and coerces the numbers", () => {
    expect(AvailabilityQuerySchema.parse(ok)).toEqual({ date: "2026-11-28", count: 9, offerId: 1 });
    expect(AvailabilityQuerySchema.parse({ ...ok, count: "30" }).count).toBe(30);
  });

  it("rejects a date that does not exist", () => {
    const result = AvailabilityQuerySchema.safeParse({ ...ok, date: "2026-02-30" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("date must be a valid date (YYYY-MM-DD)");
    expect(failedPaths({ ...ok, date: "28.11.2026" })).toEqual(["date"]);
  });

  it("rejects a missing date", () => {
    const result = AvailabilityQuerySchema.safeParse({ count: "9", offerId: "1" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("date is required");
  });

  it("rejects count 0, negative, fractional, non-numeric and above 30", () => {
    const result = AvailabilityQuerySchema.safeParse({ ...ok, count: "0" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("count must be at least 1");
    for (const count of ["-1", "2.5", "abc", "31"]) expect(failedPaths({ ...ok, count })).toEqual(["count"]);
  });

  it("rejects a missing, zero or non-numeric offerId", () => {
    expect(failedPaths({ date: "2026-11-28", count: "9" })).toEqual(["offerId"]);
    for (const offerId of ["0", "-1", "x", "1.5"]) expect(failedPaths({ ...ok, offerId })).toEqual(["offerId"]);
  });
});
