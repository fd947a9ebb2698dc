import { hasBegun, overlaps, type DayRule, type SlotRange } from "./availability";
import { formatChf } from "./money";
import { birthdaySummaryLines, qtyDetail, storedAdultPrices, type LineQty, type LineWord, type PartyCounts, type SummaryLine } from "./pricing";
import { formatTime, weekdayOf, type VenueNow } from "./time";
import { LOCALE, type Lang } from "~/i18n/locales";

/** A round at a game location lasts 20 minutes (spec §2, §9). */
export const ROUND_MINUTES = 20;
/** Type 1, Normales Spiel: 1 to 5 rounds (the spec's default; a location may set its own). */
export const NORMAL_MAX_ROUNDS = 5;
/** Type 2, Geburtstagspaket: 3 rounds included, up to 3 more (defaults; per location). */
export const PACKAGE_INCLUDED_ROUNDS = 3;
export const PACKAGE_MAX_EXTRA_ROUNDS = 3;
/** The most rounds any setting allows (12 × 20 minutes = 4 hours, the longest stay of a birthday table). */
export const ROUNDS_SETTING_MAX = 12;

/** A location's round limits (issue #28 §3); the spec's numbers where a location has none stored. */
export type RoundLimits = { maxRounds: number; packageRounds: number; packageExtraRounds: number };

export function roundLimits(location: Partial<RoundLimits>): RoundLimits {
  return {
    maxRounds: location.maxRounds ?? NORMAL_MAX_ROUNDS,
    packageRounds: location.packageRounds ?? PACKAGE_INCLUDED_ROUNDS,
    packageExtraRounds: location.packageExtraRounds ?? PACKAGE_MAX_EXTRA_ROUNDS,
  };
}
/** Spec §2: "type 1 goes to /date?day=7" – 7 stands for "any day". */
export const ANY_DAY = 7;
const WEEKDAY_LABELS = ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"];
/** Monday first, as a Swiss reader expects. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

/**
 * The weekday picker of the birthday package: the game days of the opening hours (the spec's
 * Mittwoch … Sonntag with the seed's hours), so a day the manager opens or closes appears or goes.
 */
export function packageWeekdays(rules: readonly DayRule[]): { day: number; label: string }[] {
  return WEEK_ORDER.filter((d) => rules.some((r) => r.weekday === d && r.games)).map((day) => ({ day, label: WEEKDAY_LABELS[day]! }));
}

/** Weekday names (0 = Sunday) in a language, from Intl: lower case in French and Italian («mercredi»). */
const weekdayNamesCache: Partial<Record<Lang, readonly string[]>> = {};
function weekdayNames(lang: Lang): readonly string[] {
  if (lang === "de") return WEEKDAY_LABELS;
  let names = weekdayNamesCache[lang];
  if (!names) {
    const format = new Intl.DateTimeFormat(LOCALE[lang], { weekday: "long", timeZone: "UTC" });
    // 2026-11-29 is a Sunday: it and the six days after it, Sunday first like `weekdayOf`.
    names = Array.from({ length: 7 }, (_, d) => format.format(new Date(Date.UTC(2026, 10, 29 + d, 12))));
    weekdayNamesCache[lang] = names;
  }
  return names;
}

/** «mercredi» → «Mercredi»: a weekday standing alone (a button) starts with a capital in every language. */
function capitalized(word: string): string {
  return word.charAt(0).toLocaleUpperCase() + word.slice(1);
}

/** `packageWeekdays` in a page's language (German: the same labels). */
export function packageWeekdaysIn(rules: readonly DayRule[], lang: Lang): { day: number; label: string }[] {
  if (lang === "de") return packageWeekdays(rules);
  const names = weekdayNames(lang);
  return packageWeekdays(rules).map(({ day }) => ({ day, label: capitalized(names[day]!) }));
}

/**
 * The days a kind of booking takes place, in a language, like venue-settings' `weekdaysLine`
 * ("Mittwoch bis Sonntag", "Montag, Mittwoch und Freitag"): three or more consecutive days (Monday
 * first) read as a range, `range(from, to)` from the page's messages ("{from} bis {to}",
 * "du {from} au {to}"); the parts joined as a list of the language. Null when there is none.
 */
export function weekdaysLineIn(rules: readonly DayRule[], what: "birthdays" | "games", lang: Lang, range: (from: string, to: string) => string): string | null {
  const days = WEEK_ORDER.filter((d) => rules.some((r) => r.weekday === d && r[what]));
  if (days.length === 0) return null;
  const names = weekdayNames(lang);
  const runs: number[][] = [];
  for (const d of days) {
    const last = runs[runs.length - 1];
    if (last && WEEK_ORDER.indexOf(d) === WEEK_ORDER.indexOf(last[last.length - 1]!) + 1) last.push(d);
    else runs.push([d]);
  }
  const parts = runs.flatMap((run) => (run.length >= 3 ? [range(names[run[0]!]!, names[run[run.length - 1]!]!)] : run.map((d) => names[d]!)));
  if (parts.length === 1) return parts[0]!;
  if (lang === "de") return `${parts.slice(0, -1).join(", ")} und ${parts[parts.length - 1]}`;
  return new Intl.ListFormat(LOCALE[lang], { type: "conjunction" }).format(parts);
}

export type GameType = 1 | 2;

export const GAME_TYPES: { id: GameType; name: string; points: string[] }[] = [
  {
    id: 1,
    name: "Normales Spiel",
    points: ["Tag frei wählbar ({days})", "Maximal {maxRounds} Runden à 20 Minuten", "Maximal {capacity} Spieler"],
  },
  {
    id: 2,
    name: "Geburtstagspaket",
    points: ["Buchbar {days}", "{packageRounds} Runden à 20 Minuten inklusive", "Um {extraRounds} weitere Runden verlängerbar"],
  },
];

/** "1 Runde", "3 Runden". */
function roundsWord(n: number): string {
  return n === 1 ? "Runde" : "Runden";
}

/**
 * A game type's points for its card: `{days}` becomes the game days from the opening hours
 * (`weekdaysLine`, "Mittwoch bis Sonntag" with the seed's hours), `{capacity}` and the round
 * limits the location's (with the spec's numbers the spec's sentences, word for word). A package
 * without extra rounds drops the "verlängerbar" point.
 */
export function gameTypePoints(points: readonly string[], gameDays: string | null, location: { capacity: number } & Partial<RoundLimits>): string[] {
  const days = gameDays ?? "derzeit an keinem Tag";
  const limits = roundLimits(location);
  return points
    .filter((p) => !(p.includes("{extraRounds}") && limits.packageExtraRounds === 0))
    .map((p) =>
      p
        .replace("{days}", days)
        .replace("{capacity}", String(location.capacity))
        .replace("Maximal {maxRounds} Runden", limits.maxRounds === 1 ? "1 Runde" : `Maximal ${limits.maxRounds} Runden`)
        .replace("{packageRounds} Runden", `${limits.packageRounds} ${roundsWord(limits.packageRounds)}`)
        .replace("{extraRounds} weitere Runden", `${limits.packageExtraRounds} ${limits.packageExtraRounds === 1 ? "weitere Runde" : "weitere Runden"}`),
    );
}

export type GameLocation = {
  id: number;
  name: string;
  capacity: number;
  reservationType: string;
  pricePerPlayerRoundRappen: number;
  packagePriceRappen: number;
  extraRoundPriceRappen: number;
} & Partial<RoundLimits>;

export type GameChoice = { gameType: GameType; rounds: number; players: number };

/** Total rounds of a choice: type 2 counts its included rounds (3 by default) plus the extra ones. */
export function totalRounds(gameType: GameType, roundsOrExtra: number, location: Partial<RoundLimits> = {}): number {
  return gameType === 1 ? roundsOrExtra : roundLimits(location).packageRounds + roundsOrExtra;
}

/** The rounds a family may pick at a location: type 1 all rounds, type 2 the extra ones on top of the included. */
export function roundsRange(gameType: GameType, location: Partial<RoundLimits>): { min: number; max: number } {
  const limits = roundLimits(location);
  return gameType === 1 ? { min: 1, max: limits.maxRounds } : { min: 0, max: limits.packageExtraRounds };
}

/** Why a choice is not bookable, or null. */
export function gameChoiceProblem(location: GameLocation, choice: GameChoice): string | null {
  if (!Number.isInteger(choice.players) || choice.players < 1 || choice.players > location.capacity) {
    return `Bitte wählen Sie 1 bis ${location.capacity} Spieler.`;
  }
  const limits = roundLimits(location);
  const min = choice.gameType === 1 ? 1 : limits.packageRounds;
  const max = choice.gameType === 1 ? limits.maxRounds : limits.packageRounds + limits.packageExtraRounds;
  if (!Number.isInteger(choice.rounds) || choice.rounds < min || choice.rounds > max) {
    return `Bitte wählen Sie ${min} bis ${max} Runden.`;
  }
  return null;
}

/**
 * Type 1: players × rounds × price per player and round. Type 2: the package price (any number of
 * players up to the capacity) plus each extra round.
 */
export function gamePriceRappen(location: GameLocation, choice: GameChoice): number {
  if (choice.gameType === 1) return choice.players * choice.rounds * location.pricePerPlayerRoundRappen;
  return location.packagePriceRappen + Math.max(0, choice.rounds - roundLimits(location).packageRounds) * location.extraRoundPriceRappen;
}

/**
 * A game's price as lines (issue #30 §3): the package with its included rounds and the extra rounds
 * × their price, or players × rounds × the price per player and round. The location's prices today
 * must add up to the price charged; otherwise (prices changed since) one line with the package's
 * name and the price charged, so a summary never shows a sum that is not what was paid.
 */
export function gameSummaryLines(location: GameLocation | null, choice: GameChoice, priceRappen: number, name: string): SummaryLine[] {
  const words = { playersRounds: "Spieler × Runden", packageLabel: `Geburtstagspaket (${roundLimits(location ?? {}).packageRounds} Runden)`, extraRounds: "Zusatzrunden" };
  return gameSummaryLinesIn(location, choice, priceRappen, name, words, "de");
}

/**
 * The words of a game's price lines in a page's language: the page's loader formats them from its
 * messages (`packageLabel` with the location's included rounds), the page adds the lines up as the
 * family changes rounds and players.
 */
export type GameLineWords = { playersRounds: string; packageLabel: string; extraRounds: string };

/** `gameSummaryLines` with the words and the prices' format of a page's language (German: the same lines). */
export function gameSummaryLinesIn(location: GameLocation | null, choice: GameChoice, priceRappen: number, name: string, words: GameLineWords, lang: Lang): SummaryLine[] {
  const whole: SummaryLine[] = [{ label: name, detail: null, amountRappen: priceRappen, word: { key: "whole" } }];
  if (!location) return whole;
  const packageRounds = roundLimits(location).packageRounds;
  const extra = choice.rounds - packageRounds;
  const line = (label: string, word: LineWord, amountRappen: number, qty?: LineQty): SummaryLine =>
    qty ? { label, detail: qtyDetail(qty, (r) => formatChf(r, lang), ""), amountRappen, word, qty } : { label, detail: null, amountRappen, word };
  const lines =
    choice.gameType === 1
      ? [line(words.playersRounds, { key: "playersRounds" }, choice.players * choice.rounds * location.pricePerPlayerRoundRappen, { counts: [choice.players, choice.rounds], unitRappen: location.pricePerPlayerRoundRappen })]
      : [
          line(words.packageLabel, { key: "package", n: packageRounds }, location.packagePriceRappen),
          ...(extra > 0 ? [line(words.extraRounds, { key: "extraRounds" }, extra * location.extraRoundPriceRappen, { counts: [extra], unitRappen: location.extraRoundPriceRappen })] : []),
        ];
  return lines.reduce((sum, l) => sum + l.amountRappen, 0) === priceRappen ? lines : whole;
}

/** A stored booking's price as lines: a game's by its location's prices (see `gameSummaryLines`), a birthday's per kind of person. */
export function bookingSummaryLines(
  r: PartyCounts & {
    players: number | null;
    gameType: number | null;
    rounds: number | null;
    priceRappen: number;
    offerName: string;
    activeAdultPriceRappen?: number | null;
    accompanyingAdultPriceRappen?: number | null;
    minChargedChildren?: number | null;
    /** A staff discount (< 0) or surcharge included in the price (issue #29 §2), with its reason. */
    priceAdjustRappen?: number;
    priceAdjustReason?: string | null;
    /** The extras included in the price (issue #30 §2); `extras` are their rows. */
    extrasRappen?: number;
  },
  location: GameLocation | null,
  /** The extras' lines (`extraSummaryLines`), after the persons or rounds and before an adjustment. */
  extraLines: readonly SummaryLine[] = [],
): SummaryLine[] {
  // The list price without the adjustment and the extras is split into lines; the extras and the
  // adjustment are lines of their own, so a discount never hides in a lower per-child price.
  const adjust = r.priceAdjustRappen ?? 0;
  const listPrice = r.priceRappen - adjust - (r.extrasRappen ?? 0);
  const lines =
    r.players !== null && r.gameType !== null
      ? gameSummaryLines(location, { gameType: r.gameType as GameType, rounds: r.rounds ?? 0, players: r.players }, listPrice, r.offerName)
      : birthdaySummaryLines(r, listPrice, storedAdultPrices(r), r.minChargedChildren ?? 0);
  const withExtras = [...lines, ...extraLines];
  if (adjust === 0) return withExtras;
  const kind = adjust < 0 ? "Rabatt" : "Zuschlag";
  const reason = r.priceAdjustReason;
  return [...withExtras, { label: reason ? `${kind}: ${reason}` : kind, detail: null, amountRappen: adjust, word: reason ? { key: "adjust", reason } : { key: "adjust" } }];
}

/** Start times every 20 minutes on game days (Wednesday to Sunday), so that all rounds end by closing. */
export function gameStartGrid(date: string, rules: DayRule[], rounds: number): SlotRange[] {
  const rule = rules.find((r) => r.weekday === weekdayOf(date));
  if (!rule || !rule.games || rounds < 1) return [];
  const length = rounds * ROUND_MINUTES;
  const grid: SlotRange[] = [];
  for (let start = rule.openMin; start + length <= rule.closeMin; start += ROUND_MINUTES) grid.push({ startMin: start, endMin: start + length });
  return grid;
}

export type GameStart = { startTime: string; endTime: string; available: boolean };

/** A start is available when every chosen round is free at the location (one group at a time). */
export function gameAvailability(input: { date: string; rounds: number; rules: DayRule[]; taken: SlotRange[]; now: VenueNow }): GameStart[] {
  return gameStartGrid(input.date, input.rules, input.rounds).map((slot) => ({
    startTime: formatTime(slot.startMin),
    endTime: formatTime(slot.endMin),
    available: !hasBegun(input.date, slot.startMin, input.now) && !input.taken.some((t) => overlaps(t, slot)),
  }));
}

/** The next date on or after `from` that falls on `weekday` (0 = Sunday); `ANY_DAY` keeps `from`. */
export function nextDateOnWeekday(from: string, weekday: number): string {
  if (weekday === ANY_DAY || weekday < 0 || weekday > 6) return from;
  let d = from;
  for (let i = 0; i < 7 && weekdayOf(d) !== weekday; i++) {
    const next = new Date(`${d}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    d = next.toISOString().slice(0, 10);
  }
  return d;
}
