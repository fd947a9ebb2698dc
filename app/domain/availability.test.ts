import { describe, expect, it } from "vitest";
import {
  birthdayAvailability,
  birthdaySlotGrid,
  blockedRange,
  emptyDayNote,
  hasBegun,
  onlineNotBefore,
  MAX_STAY_MINUTES,
  overlaps,
  pickTable,
  SLOT_STEP_MINUTES,
  type DayRule,
  type Occupation,
  type Table,
} from "./availability";
import { formatTime, venueNow, weekdayOf } from "./time";

/** The seeded venue: open 10:00–22:00 every day, birthdays Wednesday to Sunday. */
const RULES: DayRule[] = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
  weekday,
  openMin: 600,
  closeMin: 1320,
  birthdays: weekday === 0 || weekday >= 3,
  games: weekday === 0 || weekday >= 3,
}));
const TABLES: Table[] = [
  { id: 1, seats: 10 },
  { id: 2, seats: 10 },
  { id: 3, seats: 16 },
  { id: 4, seats: 16 },
  { id: 5, seats: 24 },
  { id: 6, seats: 30 },
];

// 2026-11-23 is a Monday.
const MONDAY = "2026-11-23";
const TUESDAY = "2026-11-24";
const WEDNESDAY = "2026-11-25";
const SATURDAY = "2026-11-28";
const SUNDAY = "2026-11-29";

const starts = (date: string, duration: number) => birthdaySlotGrid(date, RULES, duration).map((s) => formatTime(s.startMin));

describe("birthdaySlotGrid", () => {
  it("the weekday fixtures are what their names say", () => {
    expect([MONDAY, TUESDAY, WEDNESDAY, SATURDAY, SUNDAY].map(weekdayOf)).toEqual([1, 2, 3, 6, 0]);
  });

  it("starts every hour from opening; the last slot of a 2-hour offer ends at 22:00", () => {
    const grid = birthdaySlotGrid(SATURDAY, RULES, 120);
    expect(SLOT_STEP_MINUTES).toBe(60);
    expect(grid).toHaveLength(11);
    expect(grid[0]).toEqual({ startMin: 600, endMin: 720 });
    expect(grid.at(-1)).toEqual({ startMin: 1200, endMin: 1320 });
    expect(starts(SATURDAY, 120)).toEqual(["10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00", "18:00", "19:00", "20:00"]);
  });

  it("shortens the grid for longer offers so that no slot runs past closing", () => {
    const three = birthdaySlotGrid(SATURDAY, RULES, 180);
    expect(three).toHaveLength(10);
    expect(three.at(-1)).toEqual({ startMin: 1140, endMin: 1320 });
    const four = birthdaySlotGrid(SATURDAY, RULES, 240);
    expect(four).toHaveLength(9);
    expect(four.at(-1)).toEqual({ startMin: 1080, endMin: 1320 });
    for (const duration of [60, 120, 180, 240]) {
      for (const slot of birthdaySlotGrid(SATURDAY, RULES, duration)) {
        expect(slot.endMin - slot.startMin).toBe(duration);
        expect(slot.startMin).toBeGreaterThanOrEqual(600);
        expect(slot.endMin).toBeLessThanOrEqual(1320);
      }
    }
  });

  it("keeps a partial last hour out: a 150-minute offer's last slot starts 19:00 and ends 21:30", () => {
    expect(birthdaySlotGrid(SATURDAY, RULES, 150).at(-1)).toEqual({ startMin: 1140, endMin: 1290 });
  });

  it("is empty on Monday and Tuesday (no birthdays) and full Wednesday to Sunday", () => {
    for (const duration of [120, 180, 240]) {
      expect(birthdaySlotGrid(MONDAY, RULES, duration)).toEqual([]);
      expect(birthdaySlotGrid(TUESDAY, RULES, duration)).toEqual([]);
    }
    for (const date of [WEDNESDAY, "2026-11-26", "2026-11-27", SATURDAY, SUNDAY]) {
      expect(birthdaySlotGrid(date, RULES, 120)).toHaveLength(11);
    }
  });

  it("is empty for a weekday without a rule", () => {
    expect(birthdaySlotGrid(SATURDAY, RULES.filter((r) => r.weekday !== 6), 120)).toEqual([]);
  });

  it("follows the day's own opening hours", () => {
    const rules = RULES.map((r) => (r.weekday === 0 ? { ...r, openMin: 720, closeMin: 1080 } : r));
    expect(starts(SUNDAY, 120)).toEqual(["10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00", "18:00", "19:00", "20:00"]);
    expect(birthdaySlotGrid(SUNDAY, rules, 120).map((s) => formatTime(s.startMin))).toEqual(["12:00", "13:00", "14:00", "15:00", "16:00"]);
    expect(birthdaySlotGrid(SUNDAY, rules, 240).map((s) => [s.startMin, s.endMin])).toEqual([
      [720, 960],
      [780, 1020],
      [840, 1080],
    ]);
  });

  it("never offers more than the maximum stay of 4 hours", () => {
    expect(MAX_STAY_MINUTES).toBe(240);
    expect(birthdaySlotGrid(SATURDAY, RULES, 240)).not.toEqual([]);
    expect(birthdaySlotGrid(SATURDAY, RULES, 241)).toEqual([]);
    expect(birthdaySlotGrid(SATURDAY, RULES, 300)).toEqual([]);
    expect(birthdaySlotGrid(SATURDAY, RULES, 0)).toEqual([]);
    expect(birthdaySlotGrid(SATURDAY, RULES, -60)).toEqual([]);
  });

  it("is empty when the offer is longer than the day is open", () => {
    const rules = RULES.map((r) => ({ ...r, openMin: 600, closeMin: 780 }));
    expect(birthdaySlotGrid(SATURDAY, rules, 240)).toEqual([]);
    expect(birthdaySlotGrid(SATURDAY, rules, 180)).toEqual([{ startMin: 600, endMin: 780 }]);
  });
});

describe("overlaps", () => {
  const s = (startMin: number, endMin: number) => ({ startMin, endMin });

  it("back-to-back slots do not overlap, in either order", () => {
    expect(overlaps(s(600, 720), s(720, 840))).toBe(false);
    expect(overlaps(s(720, 840), s(600, 720))).toBe(false);
  });

  it("one shared minute is an overlap", () => {
    expect(overlaps(s(600, 721), s(720, 840))).toBe(true);
    expect(overlaps(s(720, 840), s(600, 721))).toBe(true);
  });

  it("containment and equality overlap", () => {
    expect(overlaps(s(600, 840), s(660, 720))).toBe(true);
    expect(overlaps(s(660, 720), s(600, 840))).toBe(true);
    expect(overlaps(s(600, 720), s(600, 720))).toBe(true);
  });

  it("disjoint slots do not overlap", () => {
    expect(overlaps(s(600, 660), s(720, 840))).toBe(false);
  });
});

describe("pickTable", () => {
  const slot = { startMin: 840, endMin: 960 };
  const busy = (tableId: number, startMin = 840, endMin = 960): Occupation => ({ tableId, startMin, endMin });

  it("chooses the smallest table with enough seats", () => {
    expect(pickTable(slot, 1, TABLES, [])?.id).toBe(1);
    expect(pickTable(slot, 10, TABLES, [])?.id).toBe(1);
    expect(pickTable(slot, 11, TABLES, [])?.id).toBe(3);
    expect(pickTable(slot, 16, TABLES, [])?.id).toBe(3);
    expect(pickTable(slot, 17, TABLES, [])?.id).toBe(5);
    expect(pickTable(slot, 25, TABLES, [])?.id).toBe(6);
    expect(pickTable(slot, 30, TABLES, [])?.id).toBe(6);
    expect(pickTable(slot, 31, TABLES, [])).toBeNull();
  });

  it("does not depend on the order the tables are listed in", () => {
    const shuffled = [TABLES[5]!, TABLES[2]!, TABLES[4]!, TABLES[1]!, TABLES[3]!, TABLES[0]!];
    expect(pickTable(slot, 1, shuffled, [])?.id).toBe(1);
    expect(pickTable(slot, 12, shuffled, [])?.id).toBe(3);
    expect(pickTable(slot, 20, shuffled, [])?.id).toBe(5);
  });

  it("skips occupied tables and moves up to the next smallest free one", () => {
    expect(pickTable(slot, 8, TABLES, [busy(1)])?.id).toBe(2);
    expect(pickTable(slot, 8, TABLES, [busy(1), busy(2)])?.id).toBe(3);
    expect(pickTable(slot, 8, TABLES, [busy(1), busy(2), busy(3), busy(4)])?.id).toBe(5);
    expect(pickTable(slot, 8, TABLES, [1, 2, 3, 4, 5].map((id) => busy(id)))?.id).toBe(6);
    expect(pickTable(slot, 8, TABLES, [1, 2, 3, 4, 5, 6].map((id) => busy(id)))).toBeNull();
  });

  it("a table booked back-to-back is free; a table booked one minute into the slot is not", () => {
    expect(pickTable(slot, 8, TABLES, [busy(1, 720, 840), busy(2, 960, 1080)])?.id).toBe(1);
    expect(pickTable(slot, 8, TABLES, [busy(1, 720, 841)])?.id).toBe(2);
    expect(pickTable(slot, 8, TABLES, [busy(1, 959, 1080)])?.id).toBe(2);
  });

  it("a big party is not helped by free small tables", () => {
    expect(pickTable(slot, 12, TABLES, [busy(3), busy(4), busy(5), busy(6)])).toBeNull();
    expect(pickTable(slot, 10, TABLES, [busy(3), busy(4), busy(5), busy(6)])?.id).toBe(1);
  });

  it("nobody gets a table for 0 or fewer persons", () => {
    expect(pickTable(slot, 0, TABLES, [])).toBeNull();
    expect(pickTable(slot, -1, TABLES, [])).toBeNull();
  });
});

describe("hasBegun", () => {
  const now = { date: SATURDAY, minutes: 600 };

  it("a slot starting now or earlier today has begun; a later one has not", () => {
    expect(hasBegun(SATURDAY, 540, now)).toBe(true);
    expect(hasBegun(SATURDAY, 600, now)).toBe(true);
    expect(hasBegun(SATURDAY, 660, now)).toBe(false);
  });

  it("every slot of a past date has begun; none of a future date", () => {
    expect(hasBegun("2026-11-27", 1320, now)).toBe(true);
    expect(hasBegun("2025-12-31", 1320, now)).toBe(true);
    expect(hasBegun(SUNDAY, 0, now)).toBe(false);
    expect(hasBegun("2027-01-01", 600, now)).toBe(false);
  });
});

describe("birthdayAvailability", () => {
  // Fixed venue "now": Friday 2026-11-20, 12:00 in Zurich.
  const NOW = venueNow(new Date("2026-11-20T11:00:00Z"));
  const base = { persons: 8, durationMin: 120, rules: RULES, tables: TABLES, occupied: [] as Occupation[], now: NOW };

  it("the fixed now is what it claims", () => {
    expect(NOW).toEqual({ date: "2026-11-20", minutes: 720 });
  });

  it("a future Saturday is the full grid, all available, as HH:MM", () => {
    const slots = birthdayAvailability({ ...base, date: SATURDAY });
    expect(slots).toHaveLength(11);
    expect(slots[0]).toEqual({ startTime: "10:00", endTime: "12:00", available: true });
    expect(slots.at(-1)).toEqual({ startTime: "20:00", endTime: "22:00", available: true });
    expect(slots.every((s) => s.available)).toBe(true);
  });

  it("a cleaning buffer keeps a table after the party, for the new party as for the ones booked", () => {
    const one = [{ id: 1, seats: 10 }];
    // Booked 10:00–12:00 with a 30-minute buffer: the table is free again at 12:30.
    const occupied = [{ tableId: 1, ...blockedRange({ startMin: 600, endMin: 720 }, 30) }];
    const free = (bufferMin: number) =>
      birthdayAvailability({ ...base, date: SATURDAY, tables: one, occupied, bufferMin })
        .filter((s) => s.available)
        .map((s) => s.startTime);
    expect(free(0)).toEqual(["13:00", "14:00", "15:00", "16:00", "17:00", "18:00", "19:00", "20:00"]);
    // The new party's own buffer counts too: 14:00–16:00 plus 30 minutes reaches into a party at 16:00.
    const later = [{ tableId: 1, ...blockedRange({ startMin: 960, endMin: 1080 }, 0) }];
    const before = (bufferMin: number) =>
      birthdayAvailability({ ...base, date: SATURDAY, tables: one, occupied: later, bufferMin })
        .filter((s) => s.available)
        .map((s) => s.startTime);
    expect(before(0)).toContain("14:00");
    expect(before(30)).not.toContain("14:00");
    expect(before(30)).toContain("13:00");
    expect(blockedRange({ startMin: 600, endMin: 720 }, -5)).toEqual({ startMin: 600, endMin: 720 });
  });

  it("Monday and Tuesday give an empty list, not unavailable slots", () => {
    expect(birthdayAvailability({ ...base, date: MONDAY })).toEqual([]);
    expect(birthdayAvailability({ ...base, date: TUESDAY })).toEqual([]);
  });

  it("0 persons: the grid is shown but nothing is available", () => {
    const slots = birthdayAvailability({ ...base, date: SATURDAY, persons: 0 });
    expect(slots).toHaveLength(11);
    expect(slots.some((s) => s.available)).toBe(false);
  });

  it("more persons than the largest table: nothing is available", () => {
    expect(birthdayAvailability({ ...base, date: SATURDAY, persons: 31 }).some((s) => s.available)).toBe(false);
    expect(birthdayAvailability({ ...base, date: SATURDAY, persons: 30 }).every((s) => s.available)).toBe(true);
  });

  it("a past date is entirely unavailable", () => {
    const slots = birthdayAvailability({ ...base, date: "2026-11-15" });
    expect(slots).toHaveLength(11);
    expect(slots.some((s) => s.available)).toBe(false);
  });

  it("today, slots that have already begun are unavailable (12:00 exactly counts as begun)", () => {
    const slots = birthdayAvailability({ ...base, date: "2026-11-20" });
    expect(slots.filter((s) => !s.available).map((s) => s.startTime)).toEqual(["10:00", "11:00", "12:00"]);
    expect(slots.filter((s) => s.available).map((s) => s.startTime)[0]).toBe("13:00");
  });

  it("just after local midnight, the new day's slots are all still open and yesterday's are gone", () => {
    // 2026-11-21T23:30Z is Sunday 00:30 in Zurich.
    const now = venueNow(new Date("2026-11-21T23:30:00Z"));
    expect(birthdayAvailability({ ...base, now, date: "2026-11-22" }).every((s) => s.available)).toBe(true);
    expect(birthdayAvailability({ ...base, now, date: "2026-11-21" }).some((s) => s.available)).toBe(false);
  });

  it("on the spring-forward day (CEST, UTC+2), the 10:00 slot begins at 08:00Z", () => {
    const day = "2026-03-29";
    const at0759 = birthdayAvailability({ ...base, date: day, now: venueNow(new Date("2026-03-29T07:59:00Z")) });
    expect(at0759[0]).toMatchObject({ startTime: "10:00", available: true });
    const at0800 = birthdayAvailability({ ...base, date: day, now: venueNow(new Date("2026-03-29T08:00:00Z")) });
    expect(at0800[0]).toMatchObject({ startTime: "10:00", available: false });
    expect(at0800[1]).toMatchObject({ startTime: "11:00", available: true });
  });

  it("occupied tables block the overlapping slots for parties that need them, not back-to-back ones", () => {
    // All four tables seating 12 are busy 14:00–16:00.
    const occupied = [3, 4, 5, 6].map((tableId) => ({ tableId, startMin: 840, endMin: 960 }));
    const big = birthdayAvailability({ ...base, date: SATURDAY, persons: 12, occupied });
    expect(big.filter((s) => !s.available).map((s) => s.startTime)).toEqual(["13:00", "14:00", "15:00"]);
    const small = birthdayAvailability({ ...base, date: SATURDAY, persons: 10, occupied });
    expect(small.every((s) => s.available)).toBe(true);
    const royal = birthdayAvailability({ ...base, date: SATURDAY, persons: 12, durationMin: 240, occupied });
    expect(royal.filter((s) => !s.available).map((s) => s.startTime)).toEqual(["11:00", "12:00", "13:00", "14:00", "15:00"]);
    expect(royal.find((s) => s.startTime === "10:00")).toEqual({ startTime: "10:00", endTime: "14:00", available: true });
    expect(royal.find((s) => s.startTime === "16:00")).toEqual({ startTime: "16:00", endTime: "20:00", available: true });
  });
});

describe("onlineNotBefore (lead time)", () => {
  it("counts real hours, so 24 hours before the spring clock change end one wall-clock hour later", () => {
    // Saturday 27 March 2027, 10:30 CET: the clocks go forward that night.
    expect(onlineNotBefore(new Date("2027-03-27T09:30:00Z"), 24)).toEqual({ date: "2027-03-28", minutes: 11 * 60 + 30 });
    // Saturday 30 October 2027, 10:30 CEST: the clocks go back that night.
    expect(onlineNotBefore(new Date("2027-10-30T08:30:00Z"), 24)).toEqual({ date: "2027-10-31", minutes: 9 * 60 + 30 });
    expect(onlineNotBefore(new Date("2027-06-02T08:00:00Z"), 0)).toEqual({ date: "2027-06-02", minutes: 10 * 60 });
  });
});

describe("emptyDayNote", () => {
  it("says 'geschlossen' only when nothing is open, and 'keine Geburtstage' on a games-only day", () => {
    const gamesOnMonday = RULES.map((r) => (r.weekday === 1 ? { ...r, games: true } : r));
    expect(emptyDayNote(RULES, [], MONDAY, "birthdays")).toBe("An diesem Tag haben wir geschlossen.");
    expect(emptyDayNote(gamesOnMonday, [], MONDAY, "birthdays")).toBe("An diesem Tag finden keine Geburtstage statt.");
    expect(emptyDayNote(gamesOnMonday, [], TUESDAY, "games")).toBe("An diesem Tag haben wir geschlossen.");
    // Special hours decide for their date: birthdays only on a Monday → no games that day.
    const special = [{ date: MONDAY, openMin: 600, closeMin: 960, birthdays: true, games: false, note: "" }];
    expect(emptyDayNote(RULES, special, MONDAY, "games")).toBe("An diesem Tag finden keine Spiele statt.");
    expect(emptyDayNote(RULES, [{ ...special[0]!, birthdays: false }], MONDAY, "games")).toBe("An diesem Tag haben wir geschlossen.");
  });
});
