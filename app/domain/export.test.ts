import { describe, expect, it } from "vitest";
import { csvAmount, datesOf, EXPORT_MSG, parseRange, spreadsheetSafe } from "./export";

const range = (q: Record<string, string>, max = 366) => parseRange(new URLSearchParams(q), max);

describe("export range", () => {
  it("accepts up to the limit, inclusive of both days", () => {
    expect(range({ from: "2026-01-01", to: "2026-12-31" })).toEqual({ ok: true, from: "2026-01-01", to: "2026-12-31", days: 365 });
    expect(range({ from: "01.01.2028", to: "31.12.2028" })).toMatchObject({ ok: true, days: 366 });
    expect(range({ from: "2026-01-01", to: "2027-01-02" })).toMatchObject({ ok: false, errors: { to: EXPORT_MSG.tooLong(366) } });
    expect(range({ from: "2026-03-01", to: "2026-03-31" }, 31)).toMatchObject({ ok: true, days: 31 });
    expect(range({ from: "2026-03-01", to: "2026-04-01" }, 31)).toMatchObject({ ok: false, errors: { to: EXPORT_MSG.tooLong(31) } });
  });
  it("refuses missing, impossible and reversed dates in German", () => {
    expect(range({})).toMatchObject({ ok: false, errors: { from: EXPORT_MSG.missing, to: EXPORT_MSG.missing } });
    expect(range({ from: "2026-02-30", to: "x" })).toMatchObject({ ok: false, errors: { from: EXPORT_MSG.badDate, to: EXPORT_MSG.badDate } });
    expect(range({ from: "2026-05-02", to: "2026-05-01" })).toMatchObject({ ok: false, errors: { to: EXPORT_MSG.range } });
  });
  it("lists the dates of a range across a month end", () => {
    expect(datesOf("2026-02-27", "2026-03-02")).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
  });
});

describe("spreadsheet cells", () => {
  it("defuses formulas", () => {
    for (const v of ["=1+1", "+41 79 555 66 77", "-2", "@SUM(A1)", "\tx", "\rx"]) expect(spreadsheetSafe(v)).toBe(`'${v}`);
    for (const v of ["Anna", "079 555 66 77", "", "a=b"]) expect(spreadsheetSafe(v)).toBe(v);
  });
  it("writes amounts with a decimal point", () => {
    expect(csvAmount(2950)).toBe("29.50");
    expect(csvAmount(0)).toBe("0.00");
  });
});
