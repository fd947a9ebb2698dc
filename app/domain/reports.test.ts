import { describe, expect, it } from "vitest";
import { bucketLabel, bucketOf, bucketShortLabel, bucketsBetween, isoWeek, leadClassOf, median, percentText } from "./reports";

describe("report periods (issue #31 §5)", () => {
  it("groups days into ISO weeks and months", () => {
    expect(isoWeek("2026-11-29")).toEqual({ year: 2026, week: 48 });
    expect(isoWeek("2027-01-01")).toEqual({ year: 2026, week: 53 });
    expect(isoWeek("2025-12-29")).toEqual({ year: 2026, week: 1 });
    expect(bucketOf("2026-11-29", "week")).toBe("2026-11-23");
    expect(bucketOf("2026-11-29", "month")).toBe("2026-11-01");
    expect(bucketsBetween("2026-11-28", "2026-12-01", "week")).toEqual(["2026-11-23", "2026-11-30"]);
    expect(bucketsBetween("2026-01-31", "2026-03-01", "month")).toEqual(["2026-01-01", "2026-02-01", "2026-03-01"]);
  });

  it("labels buckets in full and short", () => {
    expect(bucketLabel("2026-11-23", "week")).toBe("KW 48/2026");
    expect(bucketLabel("2026-03-01", "month")).toBe("März 2026");
    expect(bucketShortLabel("2026-03-01", "month")).toBe("Mär 26");
    expect(bucketShortLabel("2026-11-29", "day")).toBe("29.11.");
    expect(bucketShortLabel("2026-11-23", "week")).toBe("KW 48");
  });

  it("shares, medians and lead classes", () => {
    expect(percentText(1, 3)).toBe("33.3 %");
    expect(percentText(1, 0)).toBe("–");
    expect(median([5, 1, 3, 2])).toBe(2);
    expect(median([])).toBeNull();
    expect([0, 1, 6, 7, 29, 30, 89, 90, 400].map(leadClassOf)).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 4]);
  });
});
