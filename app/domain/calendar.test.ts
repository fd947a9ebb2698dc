import { describe, expect, it } from "vitest";
import { calendarMarks, clampMonth, closedWeekdays, dayOffer, firstBookableDay, monthOffered, isClosedDay, longDateLabel, monthGrid, monthLabel, monthOf, parseMonth, shortDateLabel, weekdayHeads, type CalendarDay } from "./calendar";
import { venueNow, weekdayOf } from "./time";

const dates = (week: readonly CalendarDay[] | undefined) => (week ?? []).map((d) => d.date);

describe("monthLabel", () => {
  it("names the month in German", () => {
    expect(monthLabel("2026-11")).toBe("November 2026");
    expect(monthLabel("2027-03")).toBe("März 2027");
    expect(monthLabel("2027-01")).toBe("Januar 2027");
    expect(monthLabel("2026-12")).toBe("Dezember 2026");
  });
});

describe("longDateLabel", () => {
  it("gives the full German date", () => {
    expect(longDateLabel("2026-11-28")).toBe("Samstag, 28. November 2026");
    expect(longDateLabel("2027-03-01")).toBe("Montag, 1. März 2027");
  });
});

describe("monthOf / parseMonth", () => {
  it("extracts and validates YYYY-MM", () => {
    expect(monthOf("2026-11-28")).toBe("2026-11");
    expect(parseMonth("2026-11")).toBe("2026-11");
    expect(parseMonth("2026-13")).toBeNull();
    expect(parseMonth("2026-00")).toBeNull();
    expect(parseMonth("2026-1")).toBeNull();
    expect(parseMonth("2026-11-01")).toBeNull();
    expect(parseMonth(null)).toBeNull();
    expect(parseMonth(202611)).toBeNull();
  });
});

describe("monthGrid", () => {
  it("labels weeks Monday first", () => {
    expect(weekdayHeads().short).toEqual(["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"]);
    expect(weekdayHeads().long[0]).toBe("Montag");
    expect(weekdayHeads().long[6]).toBe("Sonntag");
  });

  it("covers November 2026 (starts on a Sunday) with six Monday-first weeks", () => {
    const grid = monthGrid("2026-11", "2026-11-01");
    expect(grid).toHaveLength(6);
    for (const week of grid) {
      expect(week).toHaveLength(7);
      expect(weekdayOf(week[0]!.date)).toBe(1);
      expect(weekdayOf(week[6]!.date)).toBe(0);
    }
    expect(dates(grid[0])).toEqual(["2026-10-26", "2026-10-27", "2026-10-28", "2026-10-29", "2026-10-30", "2026-10-31", "2026-11-01"]);
    expect(dates(grid[5])).toEqual(["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06"]);
  });

  it("is consecutive days with the day number", () => {
    const days = monthGrid("2026-11", "2026-11-01").flat();
    expect(days).toHaveLength(42);
    expect(days[6]).toEqual({ date: "2026-11-01", day: 1, inMonth: true, past: false });
    expect(days.filter((d) => d.inMonth).map((d) => d.day)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it("marks days outside the month", () => {
    const days = monthGrid("2026-11", "2026-01-01").flat();
    expect(days.filter((d) => !d.inMonth).map((d) => d.date)).toEqual([
      "2026-10-26",
      "2026-10-27",
      "2026-10-28",
      "2026-10-29",
      "2026-10-30",
      "2026-10-31",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
      "2026-12-06",
    ]);
  });

  it("marks the days before today as past; today itself is not past", () => {
    const days = monthGrid("2026-11", "2026-11-22").flat();
    const byDate = new Map(days.map((d) => [d.date, d]));
    expect(byDate.get("2026-10-26")?.past).toBe(true);
    expect(byDate.get("2026-11-21")?.past).toBe(true);
    expect(byDate.get("2026-11-22")?.past).toBe(false);
    expect(byDate.get("2026-11-23")?.past).toBe(false);
    expect(days.filter((d) => d.past)).toHaveLength(6 + 21);
  });

  it("takes 'today' from venue time: just after midnight in Zurich the previous UTC day is already past", () => {
    const today = venueNow(new Date("2026-11-21T23:30:00Z")).date;
    expect(today).toBe("2026-11-22");
    const byDate = new Map(monthGrid("2026-11", today).flat().map((d) => [d.date, d]));
    expect(byDate.get("2026-11-21")?.past).toBe(true);
    expect(byDate.get("2026-11-22")?.past).toBe(false);
  });

  it("a whole past month is past; a future month has nothing past", () => {
    expect(monthGrid("2026-10", "2026-11-22").flat().every((d) => d.past)).toBe(true);
    expect(monthGrid("2027-03", "2026-11-22").flat().some((d) => d.past)).toBe(false);
  });

  it("a month starting on Monday has no leading days (February 2027: exactly four weeks)", () => {
    const grid = monthGrid("2027-02", "2027-01-01");
    expect(grid).toHaveLength(4);
    expect(grid[0]![0]).toEqual({ date: "2027-02-01", day: 1, inMonth: true, past: false });
    expect(grid[3]![6]).toEqual({ date: "2027-02-28", day: 28, inMonth: true, past: false });
  });

  it("March 2027 (starts Monday, 31 days) takes five weeks and spills into April", () => {
    const grid = monthGrid("2027-03", "2027-01-01");
    expect(grid).toHaveLength(5);
    expect(dates(grid[4])).toEqual(["2027-03-29", "2027-03-30", "2027-03-31", "2027-04-01", "2027-04-02", "2027-04-03", "2027-04-04"]);
  });

  it("crosses the year end and the DST months without skipping or repeating a day", () => {
    for (const month of ["2026-03", "2026-10", "2026-12", "2027-01"]) {
      const days = monthGrid(month, "2026-01-01").flat();
      for (let i = 1; i < days.length; i++) {
        const prev = Date.parse(`${days[i - 1]!.date}T00:00:00Z`);
        expect(Date.parse(`${days[i]!.date}T00:00:00Z`) - prev).toBe(86_400_000);
      }
    }
    expect(dates(monthGrid("2026-12", "2026-01-01").at(-1))).toEqual([
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
      "2027-01-03",
    ]);
  });
});

describe("monthGrid memo", () => {
  it("hands out the same frozen grid for the same month and day, and a new one when today moves", () => {
    const a = monthGrid("2026-12", "2026-12-05");
    expect(monthGrid("2026-12", "2026-12-05")).toBe(a);
    expect(Object.isFrozen(a) && Object.isFrozen(a[0]) && Object.isFrozen(a[0]![0])).toBe(true);
    const later = monthGrid("2026-12", "2026-12-06");
    expect(later).not.toBe(a);
    expect(later.flat().find((d) => d.date === "2026-12-05")?.past).toBe(true);
    expect(a.flat().find((d) => d.date === "2026-12-05")?.past).toBe(false);
  });
});

describe("closed days", () => {
  // Wednesday to Sunday, 10:00–22:00 (the seed); Monday and Tuesday have no birthdays or games.
  const rules = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, openMin: 600, closeMin: 1320, birthdays: weekday === 0 || weekday >= 3 }));

  it("marks Monday and Tuesday closed", () => {
    expect(closedWeekdays(rules)).toEqual([1, 2]);
    expect(isClosedDay("2026-11-23", [1, 2])).toBe(true); // a Monday
    expect(isClosedDay("2026-11-25", [1, 2])).toBe(false); // a Wednesday
  });

  it("opens on today while a slot can still start, else on the next open day", () => {
    expect(firstBookableDay({ date: "2026-11-25", minutes: 9 * 60 }, rules, 120)).toBe("2026-11-25");
    expect(firstBookableDay({ date: "2026-11-25", minutes: 19 * 60 + 59 }, rules, 120)).toBe("2026-11-25");
    // Past the last two-hour start (20:00): tomorrow.
    expect(firstBookableDay({ date: "2026-11-25", minutes: 20 * 60 }, rules, 120)).toBe("2026-11-26");
    // A closed Monday: Wednesday.
    expect(firstBookableDay({ date: "2026-11-23", minutes: 8 * 60 }, rules, 120)).toBe("2026-11-25");
    // Sunday evening: the next Wednesday.
    expect(firstBookableDay({ date: "2026-11-29", minutes: 21 * 60 + 45 }, rules, 20)).toBe("2026-12-02");
  });

  it("stays on today when nothing is ever open (no rules)", () => {
    expect(firstBookableDay({ date: "2026-11-23", minutes: 0 }, [], 120)).toBe("2026-11-23");
  });
});

describe("dayOffer / monthOffered / clampMonth (booking horizon)", () => {
  const limits = { today: "2026-11-26", lastDay: "2027-11-26" };
  it("offers today up to and including the horizon's last day", () => {
    expect(dayOffer("2026-11-25", limits)).toBe("past");
    expect(dayOffer("2026-11-26", limits)).toBe("open");
    expect(dayOffer("2027-11-26", limits)).toBe("open");
    expect(dayOffer("2027-11-27", limits)).toBe("beyond");
    expect(dayOffer("2030-01-05", limits)).toBe("beyond");
  });
  it("offers every future day without a horizon", () => {
    expect(dayOffer("2030-01-05", { today: "2026-11-26" })).toBe("open");
    expect(dayOffer("2030-01-05", { today: "2026-11-26", lastDay: null })).toBe("open");
  });
  it("stops month navigation at today's month and the horizon's month", () => {
    expect(monthOffered("2026-10", limits)).toBe(false);
    expect(monthOffered("2026-11", limits)).toBe(true);
    expect(monthOffered("2027-11", limits)).toBe(true);
    expect(monthOffered("2027-12", limits)).toBe(false);
    expect(monthOffered("2030-01", { today: "2026-11-26" })).toBe(true);
  });
  it("clamps a requested month into the offered months", () => {
    expect(clampMonth("2020-01", limits)).toBe("2026-11");
    expect(clampMonth("2027-03", limits)).toBe("2027-03");
    expect(clampMonth("2030-01", limits)).toBe("2027-11");
  });
});

describe("special hours in the calendar (issue #28 §4)", () => {
  const rules = [3, 4, 5, 6, 0].map((weekday) => ({ weekday, openMin: 600, closeMin: 1320, birthdays: true, games: true }));

  it("marks a special opening on a closed weekday as open and a special day without the kind as closed; a closure wins", () => {
    const specials = [
      { date: "2027-04-05", birthdays: true, games: false }, // Easter Monday: birthdays only
      { date: "2027-04-10", birthdays: false, games: true }, // a Saturday with games only
      { date: "2027-04-12", birthdays: true, games: true }, // a Monday, but closed by a closure
      { date: "2027-05-03", birthdays: true, games: true }, // another month
    ];
    expect(calendarMarks(rules, specials, ["2027-04-12"], "2027-04", "birthdays")).toEqual({ closed: [1, 2], closedDates: ["2027-04-10", "2027-04-12"], openDates: ["2027-04-05"] });
    expect(calendarMarks(rules, specials, [], "2027-04", "games")).toEqual({ closed: [1, 2], closedDates: ["2027-04-05"], openDates: ["2027-04-12"] });
    expect(isClosedDay("2027-04-05", [1, 2], [], ["2027-04-05"])).toBe(false);
    expect(isClosedDay("2027-04-12", [1, 2], ["2027-04-12"], ["2027-04-12"])).toBe(true);
    expect(isClosedDay("2027-04-19", [1, 2], [], ["2027-04-05"])).toBe(true);
  });

  it("opens on a special opening day when the weekly rules would skip it", () => {
    const specialMonday = (iso: string) => (iso === "2026-11-30" ? [{ weekday: 1, openMin: 600, closeMin: 1080, birthdays: true }] : rules);
    expect(firstBookableDay({ date: "2026-11-30", minutes: 8 * 60 }, rules, 120)).toBe("2026-12-02");
    expect(firstBookableDay({ date: "2026-11-30", minutes: 8 * 60 }, specialMonday, 120)).toBe("2026-11-30");
  });
});

describe("labels in every language (issue #33)", () => {
  it("keeps the German labels the calendar always showed", () => {
    expect(weekdayHeads("de")).toEqual({ short: ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"], long: ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"] });
    expect(longDateLabel("2026-11-28")).toBe("Samstag, 28. November 2026");
    expect(shortDateLabel("2026-03-05")).toBe("05.03.2026");
    expect(monthLabel("2026-11")).toBe("November 2026");
  });

  it("words French, Italian and English in their Swiss locale", () => {
    expect(longDateLabel("2026-11-28", "fr")).toBe("samedi, 28 novembre 2026");
    expect(weekdayHeads("it").long[0]).toBe("lunedì");
    expect(monthLabel("2026-11", "en")).toBe("November 2026");
    expect(shortDateLabel("2026-03-05", "fr")).toBe("05.03.2026");
  });
});
