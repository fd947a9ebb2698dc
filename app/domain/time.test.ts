import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  formatDateDE,
  formatTime,
  isIsoDate,
  parseTime,
  venueNow,
  venueToUtc,
  weekdayOf,
  VENUE_TIME_ZONE,
} from "./time";

const at = (iso: string) => new Date(iso);

describe("venueNow", () => {
  it("is Europe/Zurich wall-clock time", () => {
    expect(VENUE_TIME_ZONE).toBe("Europe/Zurich");
    // Winter: UTC+1.
    expect(venueNow(at("2026-11-21T09:15:00Z"))).toEqual({ date: "2026-11-21", minutes: 10 * 60 + 15 });
    // Summer: UTC+2.
    expect(venueNow(at("2026-07-01T08:00:00Z"))).toEqual({ date: "2026-07-01", minutes: 10 * 60 });
  });

  it("reuses its answer within one minute only, and hands out copies", () => {
    const first = venueNow(at("2026-11-21T22:59:00.000Z"));
    first.minutes = -1;
    expect(venueNow(at("2026-11-21T22:59:59.999Z"))).toEqual({ date: "2026-11-21", minutes: 23 * 60 + 59 });
    expect(venueNow(at("2026-11-21T23:00:00.000Z"))).toEqual({ date: "2026-11-22", minutes: 0 });
    expect(venueNow(at("2026-11-21T22:59:30.000Z"))).toEqual({ date: "2026-11-21", minutes: 23 * 60 + 59 });
  });

  it("already shows the next day around local midnight (winter, UTC+1)", () => {
    expect(venueNow(at("2026-11-21T22:59:59Z"))).toEqual({ date: "2026-11-21", minutes: 23 * 60 + 59 });
    expect(venueNow(at("2026-11-21T23:00:00Z"))).toEqual({ date: "2026-11-22", minutes: 0 });
    expect(venueNow(at("2026-11-21T23:30:00Z"))).toEqual({ date: "2026-11-22", minutes: 30 });
  });

  it("already shows the next day around local midnight (summer, UTC+2), across a month end", () => {
    expect(venueNow(at("2026-06-30T21:59:00Z"))).toEqual({ date: "2026-06-30", minutes: 23 * 60 + 59 });
    expect(venueNow(at("2026-06-30T22:00:00Z"))).toEqual({ date: "2026-07-01", minutes: 0 });
    expect(venueNow(at("2026-12-31T23:30:00Z"))).toEqual({ date: "2027-01-01", minutes: 30 });
  });

  it("jumps from 02:00 to 03:00 on 2026-03-29", () => {
    expect(venueNow(at("2026-03-29T00:59:00Z"))).toEqual({ date: "2026-03-29", minutes: 1 * 60 + 59 });
    expect(venueNow(at("2026-03-29T01:00:00Z"))).toEqual({ date: "2026-03-29", minutes: 3 * 60 });
    expect(venueNow(at("2026-03-29T08:00:00Z"))).toEqual({ date: "2026-03-29", minutes: 10 * 60 });
  });

  it("falls back from 03:00 to 02:00 on 2026-10-25", () => {
    expect(venueNow(at("2026-10-25T00:59:00Z"))).toEqual({ date: "2026-10-25", minutes: 2 * 60 + 59 });
    expect(venueNow(at("2026-10-25T01:00:00Z"))).toEqual({ date: "2026-10-25", minutes: 2 * 60 });
    expect(venueNow(at("2026-10-25T09:00:00Z"))).toEqual({ date: "2026-10-25", minutes: 10 * 60 });
  });

  it("defaults to the current instant", () => {
    const before = venueNow(new Date());
    const now = venueNow();
    expect(isIsoDate(now.date)).toBe(true);
    expect(now.date >= before.date).toBe(true);
  });
});

describe("venueToUtc", () => {
  it("converts venue wall-clock time on ordinary days", () => {
    expect(venueToUtc("2026-11-28", 600).toISOString()).toBe("2026-11-28T09:00:00.000Z");
    expect(venueToUtc("2026-07-04", 600).toISOString()).toBe("2026-07-04T08:00:00.000Z");
    expect(venueToUtc("2026-11-28", 22 * 60).toISOString()).toBe("2026-11-28T21:00:00.000Z");
    expect(venueToUtc("2026-11-22", 0).toISOString()).toBe("2026-11-21T23:00:00.000Z");
    expect(venueToUtc("2026-11-22", 30).toISOString()).toBe("2026-11-21T23:30:00.000Z");
  });

  it("uses the right offset on and around the spring-forward day (2026-03-29)", () => {
    expect(venueToUtc("2026-03-28", 600).toISOString()).toBe("2026-03-28T09:00:00.000Z");
    expect(venueToUtc("2026-03-29", 600).toISOString()).toBe("2026-03-29T08:00:00.000Z");
    expect(venueToUtc("2026-03-29", 0).toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(venueToUtc("2026-03-29", 60).toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(venueToUtc("2026-03-29", 180).toISOString()).toBe("2026-03-29T01:00:00.000Z");
    expect(venueToUtc("2026-03-29", 22 * 60).toISOString()).toBe("2026-03-29T20:00:00.000Z");
    expect(venueToUtc("2026-03-30", 600).toISOString()).toBe("2026-03-30T08:00:00.000Z");
  });

  it("uses the right offset on and around the fall-back day (2026-10-25)", () => {
    expect(venueToUtc("2026-10-24", 600).toISOString()).toBe("2026-10-24T08:00:00.000Z");
    expect(venueToUtc("2026-10-25", 0).toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(venueToUtc("2026-10-25", 180).toISOString()).toBe("2026-10-25T02:00:00.000Z");
    expect(venueToUtc("2026-10-25", 600).toISOString()).toBe("2026-10-25T09:00:00.000Z");
    expect(venueToUtc("2026-10-26", 600).toISOString()).toBe("2026-10-26T09:00:00.000Z");
  });

  it("round-trips through venueNow for every opening-hours minute on both switch days", () => {
    for (const date of ["2026-03-28", "2026-03-29", "2026-10-25", "2026-10-26", "2026-11-22"]) {
      for (let minutes = 10 * 60; minutes <= 22 * 60; minutes += 15) {
        expect(venueNow(venueToUtc(date, minutes))).toEqual({ date, minutes });
      }
    }
  });

  it("gives a real instant for the repeated hour and for the skipped hour", () => {
    // 02:30 happens twice on 2026-10-25: either occurrence reads back as 02:30.
    expect(venueNow(venueToUtc("2026-10-25", 150))).toEqual({ date: "2026-10-25", minutes: 150 });
    // 02:30 does not exist on 2026-03-29: the result lies inside the gap's one-hour window.
    const skipped = venueToUtc("2026-03-29", 150).getTime();
    expect(skipped).toBeGreaterThanOrEqual(Date.parse("2026-03-29T00:30:00Z"));
    expect(skipped).toBeLessThanOrEqual(Date.parse("2026-03-29T01:30:00Z"));
  });
});

describe("weekdayOf", () => {
  it("numbers days like Date#getDay (0 = Sunday)", () => {
    expect(weekdayOf("2026-11-22")).toBe(0);
    expect(weekdayOf("2026-11-23")).toBe(1);
    expect(weekdayOf("2026-11-24")).toBe(2);
    expect(weekdayOf("2026-11-25")).toBe(3);
    expect(weekdayOf("2026-11-28")).toBe(6);
    expect(weekdayOf("2026-03-29")).toBe(0);
    expect(weekdayOf("2026-10-25")).toBe(0);
  });

  it("uses the venue date around local midnight, not the UTC date", () => {
    // 2026-11-21T23:30Z is Saturday in UTC but already Sunday 00:30 in Zurich.
    const instant = at("2026-11-21T23:30:00Z");
    expect(instant.getUTCDay()).toBe(6);
    expect(weekdayOf(venueNow(instant).date)).toBe(0);
  });
});

describe("date helpers", () => {
  it("isIsoDate accepts real calendar dates only", () => {
    expect(isIsoDate("2026-11-28")).toBe(true);
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2026-02-30")).toBe(false);
    expect(isIsoDate("2026-13-01")).toBe(false);
    expect(isIsoDate("2026-1-01")).toBe(false);
    expect(isIsoDate("28.11.2026")).toBe(false);
    expect(isIsoDate(" 2026-11-28")).toBe(false);
    expect(isIsoDate(20261128)).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });

  it("addDays crosses month, year and DST boundaries by calendar days", () => {
    expect(addDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDays("2026-03-29", 1)).toBe("2026-03-30");
    expect(addDays("2026-10-25", 1)).toBe("2026-10-26");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("addMonths keeps the day where possible and clamps to the month end", () => {
    expect(addMonths("2026-11-01", 1)).toBe("2026-12-01");
    expect(addMonths("2026-12-15", 1)).toBe("2027-01-15");
    expect(addMonths("2027-01-31", 1)).toBe("2027-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2026-03-31", -1)).toBe("2026-02-28");
  });

  it("formats and parses dates and times", () => {
    expect(formatDateDE("2026-11-28")).toBe("28.11.2026");
    expect(formatTime(600)).toBe("10:00");
    expect(formatTime(22 * 60)).toBe("22:00");
    expect(formatTime(65)).toBe("01:05");
    expect(parseTime("10:00")).toBe(600);
    expect(parseTime("23:59")).toBe(1439);
    expect(parseTime("24:00")).toBeNull();
    expect(parseTime("9:00")).toBeNull();
    expect(parseTime("10:60")).toBeNull();
    expect(parseTime(600)).toBeNull();
  });
});

describe("venue time is independent of the process timezone", () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  // The child prints what the process thinks its zone is (to prove TZ took effect) and the domain results.
  const script = `
    import { venueNow, venueToUtc, weekdayOf, addDays } from "./app/domain/time.ts";
    import { monthGrid, monthLabel, longDateLabel } from "./app/domain/calendar.ts";
    const instants = [
      "2026-11-21T22:59:59Z", "2026-11-21T23:30:00Z", "2026-06-30T22:00:00Z", "2026-12-31T23:30:00Z",
      "2026-03-29T00:59:00Z", "2026-03-29T01:00:00Z", "2026-10-25T00:59:00Z", "2026-10-25T01:00:00Z",
    ];
    const domain = {
      now: instants.map((i) => venueNow(new Date(i))),
      weekdays: instants.map((i) => weekdayOf(venueNow(new Date(i)).date)),
      toUtc: [["2026-03-28", 600], ["2026-03-29", 600], ["2026-10-25", 600], ["2026-10-26", 0], ["2026-11-22", 30]]
        .map(([d, m]) => venueToUtc(d, m).toISOString()),
      addDays: addDays("2026-03-28", 2),
      grids: [["2026-11", "2026-11-22"], ["2026-03", "2026-03-29"], ["2026-10", "2026-10-25"], ["2027-02", "2027-01-01"]]
        .map(([m, t]) => monthGrid(m, t)),
      labels: [monthLabel("2026-11"), monthLabel("2027-03"), longDateLabel("2026-11-28")],
    };
    const zone = {
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
      offset: new Date("2026-11-21T23:30:00Z").getTimezoneOffset(),
      localDate: new Date("2026-11-21T23:30:00Z").getDate(),
    };
    process.stdout.write(JSON.stringify({ zone, domain }));
  `;

  function runIn(tz: string): { zone: { tz: string; offset: number; localDate: number }; domain: unknown } {
    const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: root,
      env: { ...process.env, TZ: tz },
      encoding: "utf8",
      timeout: 30_000,
    });
    return JSON.parse(out) as { zone: { tz: string; offset: number; localDate: number }; domain: unknown };
  }

  it("prints identical venueNow/venueToUtc/monthGrid results under TZ=UTC, Pacific/Kiritimati and America/Los_Angeles", () => {
    const utc = runIn("UTC");
    const kiritimati = runIn("Pacific/Kiritimati");
    const losAngeles = runIn("America/Los_Angeles");

    // The children really ran in different zones (UTC+0, UTC+14, UTC−8 in November)…
    expect([utc.zone.offset, kiritimati.zone.offset, losAngeles.zone.offset]).toEqual([0, -14 * 60, 8 * 60]);
    expect([utc.zone.localDate, kiritimati.zone.localDate, losAngeles.zone.localDate]).toEqual([21, 22, 21]);

    // …yet venue time came out the same, and right.
    expect(kiritimati.domain).toEqual(utc.domain);
    expect(losAngeles.domain).toEqual(utc.domain);
    expect(utc.domain).toMatchObject({
      now: [
        { date: "2026-11-21", minutes: 1439 },
        { date: "2026-11-22", minutes: 30 },
        { date: "2026-07-01", minutes: 0 },
        { date: "2027-01-01", minutes: 30 },
        { date: "2026-03-29", minutes: 119 },
        { date: "2026-03-29", minutes: 180 },
        { date: "2026-10-25", minutes: 179 },
        { date: "2026-10-25", minutes: 120 },
      ],
      weekdays: [6, 0, 3, 5, 0, 0, 0, 0],
      toUtc: [
        "2026-03-28T09:00:00.000Z",
        "2026-03-29T08:00:00.000Z",
        "2026-10-25T09:00:00.000Z",
        "2026-10-25T23:00:00.000Z",
        "2026-11-21T23:30:00.000Z",
      ],
      addDays: "2026-03-30",
      labels: ["November 2026", "März 2027", "Samstag, 28. November 2026"],
    });
    const [nov] = (utc.domain as { grids: { date: string }[][][] }).grids;
    expect(nov?.[0]?.[0]?.date).toBe("2026-10-26");
    expect(nov?.at(-1)?.at(-1)?.date).toBe("2026-12-06");
  });
});
