import { describe, expect, it } from "vitest";
import type { DayRule } from "./availability";
import {
  ANY_DAY,
  gameAvailability,
  gameChoiceProblem,
  gamePriceRappen,
  gameStartGrid,
  gameSummaryLines,
  bookingSummaryLines,
  gameTypePoints,
  GAME_TYPES,
  roundLimits,
  roundsRange,
  packageWeekdays,
  nextDateOnWeekday,
  ROUND_MINUTES,
  totalRounds,
  type GameLocation,
} from "./games";
import { formatTime, weekdayOf } from "./time";

/** The seeded venue: open 10:00–22:00 every day, games (like birthdays) Wednesday to Sunday. */
const RULES: DayRule[] = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
  weekday,
  openMin: 600,
  closeMin: 1320,
  birthdays: weekday === 0 || weekday >= 3,
  games: weekday === 0 || weekday >= 3,
}));

/** The seeded locations' numbers (SEED_GAME_LOCATIONS), repeated here so a changed seed is noticed. */
const LABOR: GameLocation = {
  id: 1,
  name: "Escape Room «Das Labor»",
  capacity: 6,
  reservationType: "ESCAPE_ROOM_ADULT",
  pricePerPlayerRoundRappen: 1200,
  packagePriceRappen: 19900,
  extraRoundPriceRappen: 5500,
};
const PIXEL: GameLocation = {
  id: 3,
  name: "Pixel Games",
  capacity: 10,
  reservationType: "PIXEL_GAMES",
  pricePerPlayerRoundRappen: 700,
  packagePriceRappen: 18900,
  extraRoundPriceRappen: 5000,
};

// 2026-11-23 is a Monday.
const MONDAY = "2026-11-23";
const TUESDAY = "2026-11-24";
const WEDNESDAY = "2026-11-25";
const SATURDAY = "2026-11-28";
const SUNDAY = "2026-11-29";

/** A "now" long before every test date, so no start has begun. */
const EARLY = { date: "2026-01-01", minutes: 0 };

const starts = (date: string, rounds: number) => gameStartGrid(date, RULES, rounds).map((s) => formatTime(s.startMin));

describe("round limits per location", () => {
  const SHORT = { ...LABOR, maxRounds: 3, packageRounds: 2, packageExtraRounds: 1 };
  it("the spec's numbers are the defaults, word for word on the cards", () => {
    expect(roundLimits({})).toEqual({ maxRounds: 5, packageRounds: 3, packageExtraRounds: 3 });
    const [normal, pkg] = GAME_TYPES;
    expect(gameTypePoints(normal!.points, "Mittwoch bis Sonntag", { capacity: 6 })).toEqual(["Tag frei wählbar (Mittwoch bis Sonntag)", "Maximal 5 Runden à 20 Minuten", "Maximal 6 Spieler"]);
    expect(gameTypePoints(pkg!.points, "Mittwoch bis Sonntag", { capacity: 6 })).toEqual(["Buchbar Mittwoch bis Sonntag", "3 Runden à 20 Minuten inklusive", "Um 3 weitere Runden verlängerbar"]);
  });
  it("a location's own limits reach the cards, the choice check, the totals and the price", () => {
    const [normal, pkg] = GAME_TYPES;
    expect(gameTypePoints(normal!.points, null, SHORT)[1]).toBe("Maximal 3 Runden à 20 Minuten");
    expect(gameTypePoints(pkg!.points, null, SHORT).slice(1)).toEqual(["2 Runden à 20 Minuten inklusive", "Um 1 weitere Runde verlängerbar"]);
    expect(gameTypePoints(pkg!.points, null, { ...SHORT, packageExtraRounds: 0 })).toHaveLength(2);
    expect(gameTypePoints(normal!.points, null, { ...SHORT, maxRounds: 1 })[1]).toBe("1 Runde à 20 Minuten");
    expect(gameChoiceProblem(SHORT, { gameType: 1, rounds: 4, players: 2 })).toBe("Bitte wählen Sie 1 bis 3 Runden.");
    expect(gameChoiceProblem(SHORT, { gameType: 2, rounds: 4, players: 2 })).toBe("Bitte wählen Sie 2 bis 3 Runden.");
    expect(gameChoiceProblem(SHORT, { gameType: 2, rounds: 3, players: 2 })).toBeNull();
    expect(totalRounds(2, 1, SHORT)).toBe(3);
    expect(roundsRange(2, SHORT)).toEqual({ min: 0, max: 1 });
    expect(roundsRange(1, SHORT)).toEqual({ min: 1, max: 3 });
    expect(gamePriceRappen(SHORT, { gameType: 2, rounds: 3, players: 4 })).toBe(SHORT.packagePriceRappen + SHORT.extraRoundPriceRappen);
  });
});

describe("totalRounds", () => {
  it("counts type 1 rounds as chosen and adds the 3 included rounds to type 2 extras", () => {
    expect(totalRounds(1, 1)).toBe(1);
    expect(totalRounds(1, 5)).toBe(5);
    expect(totalRounds(2, 0)).toBe(3);
    expect(totalRounds(2, 3)).toBe(6);
  });
});

describe("gameChoiceProblem", () => {
  it("accepts the edges of players and rounds for both types", () => {
    for (const players of [1, LABOR.capacity]) {
      for (const rounds of [1, 5]) expect(gameChoiceProblem(LABOR, { gameType: 1, rounds, players })).toBeNull();
      for (const rounds of [3, 6]) expect(gameChoiceProblem(LABOR, { gameType: 2, rounds, players })).toBeNull();
    }
  });

  it.each([0, LABOR.capacity + 1, 2.5, Number.NaN])("refuses %s players with the location's range", (players) => {
    expect(gameChoiceProblem(LABOR, { gameType: 1, rounds: 2, players })).toBe("Bitte wählen Sie 1 bis 6 Spieler.");
  });

  it.each([0, 6, 1.5])("refuses %s rounds for type 1", (rounds) => {
    expect(gameChoiceProblem(LABOR, { gameType: 1, rounds, players: 2 })).toBe("Bitte wählen Sie 1 bis 5 Runden.");
  });

  // Type 2's rounds are totals: the 3 included plus 0 to 3 extra.
  it.each([2, 7])("refuses %s total rounds for type 2", (rounds) => {
    expect(gameChoiceProblem(LABOR, { gameType: 2, rounds, players: 2 })).toBe("Bitte wählen Sie 3 bis 6 Runden.");
  });
});

describe("gamePriceRappen", () => {
  it("charges type 1 per player and round", () => {
    expect(gamePriceRappen(LABOR, { gameType: 1, rounds: 1, players: 1 })).toBe(1200);
    expect(gamePriceRappen(LABOR, { gameType: 1, rounds: 3, players: 4 })).toBe(4 * 3 * 1200);
    expect(gamePriceRappen(PIXEL, { gameType: 1, rounds: 5, players: 10 })).toBe(10 * 5 * 700);
  });

  it("charges type 2 the package whatever the players, plus each extra round", () => {
    expect(gamePriceRappen(LABOR, { gameType: 2, rounds: 3, players: 1 })).toBe(19900);
    expect(gamePriceRappen(LABOR, { gameType: 2, rounds: 3, players: 6 })).toBe(19900);
    expect(gamePriceRappen(LABOR, { gameType: 2, rounds: 6, players: 6 })).toBe(19900 + 3 * 5500);
    expect(gamePriceRappen(PIXEL, { gameType: 2, rounds: 4, players: 8 })).toBe(18900 + 5000);
  });
});

describe("gameStartGrid", () => {
  it("starts every 20 minutes from opening, the last so that the final round ends at closing", () => {
    const one = starts(SATURDAY, 1);
    expect(one[0]).toBe("10:00");
    expect(one[1]).toBe("10:20");
    expect(one.at(-1)).toBe("21:40");
    expect(one).toHaveLength((1320 - 600) / ROUND_MINUTES);
    expect(starts(SATURDAY, 5).at(-1)).toBe("20:20");
    expect(starts(SUNDAY, 6).at(-1)).toBe("20:00");
  });

  it("gives each start its rounds' length and never passes closing", () => {
    for (const rounds of [1, 2, 3, 4, 5, 6]) {
      const grid = gameStartGrid(WEDNESDAY, RULES, rounds);
      for (const slot of grid) {
        expect(slot.endMin - slot.startMin).toBe(rounds * ROUND_MINUTES);
        expect(slot.startMin % ROUND_MINUTES).toBe(0);
        expect(slot.endMin).toBeLessThanOrEqual(1320);
      }
      expect(grid.at(-1)!.endMin).toBe(1320);
    }
  });

  it("is empty on Monday and Tuesday, and for fewer than one round", () => {
    expect(starts(MONDAY, 1)).toEqual([]);
    expect(starts(TUESDAY, 3)).toEqual([]);
    expect(starts(SATURDAY, 0)).toEqual([]);
    expect(starts(SATURDAY, -1)).toEqual([]);
  });
});

describe("gameAvailability", () => {
  const availableAt = (taken: { startMin: number; endMin: number }[], rounds: number, now = EARLY, date = SATURDAY) =>
    Object.fromEntries(gameAvailability({ date, rounds, rules: RULES, taken, now }).map((s) => [s.startTime, s.available]));

  it("blocks every start one of whose rounds overlaps a taken range", () => {
    // 12:00–13:00 is taken; two rounds (40 min) starting 11:40 would run into it, 11:20 would not.
    const a = availableAt([{ startMin: 720, endMin: 780 }], 2);
    expect(a["11:00"]).toBe(true);
    expect(a["11:20"]).toBe(true);
    expect(a["11:40"]).toBe(false);
    expect(a["12:00"]).toBe(false);
    expect(a["12:40"]).toBe(false);
    expect(a["13:00"]).toBe(true);
  });

  it("lets a game start right when the previous one ends, and end right when the next one starts", () => {
    const a = availableAt([{ startMin: 600, endMin: 660 }, { startMin: 720, endMin: 740 }], 3);
    expect(a["11:00"]).toBe(true);
    expect(a["10:40"]).toBe(false);
    expect(a["11:20"]).toBe(false);
  });

  it("carries the start and end time of each start", () => {
    const first = gameAvailability({ date: SATURDAY, rounds: 4, rules: RULES, taken: [], now: EARLY })[0];
    expect(first).toEqual({ startTime: "10:00", endTime: "11:20", available: true });
  });

  it("marks starts that have begun today as unavailable, later ones stay available", () => {
    const a = availableAt([], 1, { date: SATURDAY, minutes: 12 * 60 + 5 }, SATURDAY);
    expect(a["12:00"]).toBe(false);
    expect(a["12:20"]).toBe(true);
    // Exactly at a start time it has begun.
    expect(availableAt([], 1, { date: SATURDAY, minutes: 12 * 60 + 20 })["12:20"]).toBe(false);
  });
});

describe("nextDateOnWeekday", () => {
  it("keeps the date for 'any day' (7)", () => {
    expect(nextDateOnWeekday(MONDAY, ANY_DAY)).toBe(MONDAY);
  });

  it("gives the next date on each weekday, the same day included", () => {
    for (let weekday = 0; weekday <= 6; weekday++) {
      const date = nextDateOnWeekday(WEDNESDAY, weekday);
      expect(weekdayOf(date)).toBe(weekday);
      expect(date >= WEDNESDAY && date < "2026-12-02").toBe(true);
    }
    expect(nextDateOnWeekday(WEDNESDAY, 3)).toBe(WEDNESDAY);
    expect(nextDateOnWeekday(WEDNESDAY, 0)).toBe(SUNDAY);
    expect(nextDateOnWeekday(WEDNESDAY, 2)).toBe("2026-12-01");
  });

  it("crosses month and year ends", () => {
    // 2026-12-31 is a Thursday; the next Monday is in 2027.
    expect(nextDateOnWeekday("2026-12-31", 1)).toBe("2027-01-04");
  });
});

describe("games follow their own weekday flag", () => {
  it("a day with birthdays but without games has no game starts", () => {
    const rules = RULES.map((r) => ({ ...r, games: false }));
    expect(gameStartGrid("2026-12-02", rules, 1)).toEqual([]);
    expect(gameStartGrid("2026-12-02", RULES, 1).length).toBeGreaterThan(0);
  });
});

describe("game days from the opening hours (issue #28 §3)", () => {
  const day = (weekday: number, games: boolean) => ({ weekday, openMin: 600, closeMin: 1320, birthdays: games, games });
  it("lists the package's weekdays Monday first, from the days games are offered", () => {
    expect(packageWeekdays([day(0, true), day(1, false), day(3, true), day(6, true)]).map((d) => d.label)).toEqual(["Mittwoch", "Samstag", "Sonntag"]);
    expect(packageWeekdays([1, 2, 3, 4, 5, 6, 0].map((d) => day(d, true)))[0]).toEqual({ day: 1, label: "Montag" });
  });
  it("fills the cards' days and capacity", () => {
    expect(gameTypePoints(["Tag frei wählbar ({days})", "Maximal {capacity} Spieler"], "Mittwoch bis Sonntag", { capacity: 6 })).toEqual(["Tag frei wählbar (Mittwoch bis Sonntag)", "Maximal 6 Spieler"]);
    expect(gameTypePoints(["Buchbar {days}"], "Montag bis Sonntag", { capacity: 6 })).toEqual(["Buchbar Montag bis Sonntag"]);
  });
});

describe("a game's price as lines (issue #30 §3)", () => {
  const pixel = { id: 3, name: "Pixel Games", capacity: 10, reservationType: "PIXEL_GAMES", pricePerPlayerRoundRappen: 700, packagePriceRappen: 18_900, extraRoundPriceRappen: 5_000 };
  it("splits the package and its extra rounds, or players × rounds", () => {
    expect(gameSummaryLines(pixel, { gameType: 2, rounds: 5, players: 9 }, 28_900, "Geburtstagspaket – Pixel Games")).toEqual([
      { label: "Geburtstagspaket (3 Runden)", detail: null, amountRappen: 18_900, word: { key: "package", n: 3 } },
      { label: "Zusatzrunden", detail: "2 × CHF 50.00", amountRappen: 10_000, word: { key: "extraRounds" }, qty: { counts: [2], unitRappen: 5_000 } },
    ]);
    expect(gameSummaryLines(pixel, { gameType: 2, rounds: 3, players: 9 }, 18_900, "Paket")).toEqual([{ label: "Geburtstagspaket (3 Runden)", detail: null, amountRappen: 18_900, word: { key: "package", n: 3 } }]);
    expect(gameSummaryLines(pixel, { gameType: 1, rounds: 2, players: 4 }, 5_600, "Normales Spiel")).toEqual([
      { label: "Spieler × Runden", detail: "4 × 2 × CHF 7.00", amountRappen: 5_600, word: { key: "playersRounds" }, qty: { counts: [4, 2], unitRappen: 700 } },
    ]);
  });
  it("shows the price charged as one line when today's prices no longer add up to it, or without the location", () => {
    expect(gameSummaryLines({ ...pixel, extraRoundPriceRappen: 6_000 }, { gameType: 2, rounds: 5, players: 9 }, 28_900, "Paket")).toEqual([{ label: "Paket", detail: null, amountRappen: 28_900, word: { key: "whole" } }]);
    expect(gameSummaryLines(null, { gameType: 1, rounds: 2, players: 4 }, 5_600, "Normales Spiel")).toEqual([{ label: "Normales Spiel", detail: null, amountRappen: 5_600, word: { key: "whole" } }]);
  });
});

describe("a stored booking's price lines (issue #30 §3)", () => {
  const party = { numChildren: 5, numActiveAdults: 1, numAccompanyingAdults: 1, players: null, gameType: null, rounds: null, offerName: "Geburtstag Classic" };
  it("shows a staff discount as its own line, not folded into the per-child price", () => {
    // 5 × 29 + 28 + 5 = 178, less a discount of 20 = 158.
    expect(bookingSummaryLines({ ...party, priceRappen: 15_800, priceAdjustRappen: -2_000, priceAdjustReason: "Stammkunde" }, null)).toEqual([
      { label: "Kinder", detail: "5 × CHF 29.00", amountRappen: 14_500, word: { key: "children" }, qty: { counts: [5], unitRappen: 2_900 } },
      { label: "Erwachsene mitspielend", detail: "1 × CHF 28.00", amountRappen: 2_800, word: { key: "active" }, qty: { counts: [1], unitRappen: 2_800 } },
      { label: "Erwachsene nur Begleitung", detail: "1 × CHF 5.00", amountRappen: 500, word: { key: "accompanying" }, qty: { counts: [1], unitRappen: 500 } },
      { label: "Rabatt: Stammkunde", detail: null, amountRappen: -2_000, word: { key: "adjust", reason: "Stammkunde" } },
    ]);
    expect(bookingSummaryLines({ ...party, priceRappen: 17_800 }, null).map((l) => l.label)).toEqual(["Kinder", "Erwachsene mitspielend", "Erwachsene nur Begleitung"]);
    expect(bookingSummaryLines({ ...party, priceRappen: 18_800, priceAdjustRappen: 1_000, priceAdjustReason: null }, null).at(-1)).toEqual({ label: "Zuschlag", detail: null, amountRappen: 1_000, word: { key: "adjust" } });
  });
});
