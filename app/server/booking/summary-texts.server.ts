import type { SummaryData } from "~/components/BookingSummary";
import { shortDateLabel } from "~/domain/calendar";
import { GAME_TYPES } from "~/domain/games";
import { formatChf } from "~/domain/money";
import { qtyDetail, type SummaryLine } from "~/domain/pricing";
import { PROMO_MSG } from "~/domain/promo-codes";
import { addDays, formatTime } from "~/domain/time";
import type { Lang } from "~/i18n/locales";
import { t, texts } from "../i18n/texts.server";

/**
 * A booking summary (components/BookingSummary) in the page's language (issue #33): the contact
 * step's, a held booking's and the manage link's. German stays as the server words it.
 */

/** A simple template for the browser's `fill()`: the message with its placeholders left in. */
export function template(lang: Lang, key: "summaryRoundsValue" | "summaryPersonsValue" | "missingList", names: readonly string[]): string {
  return t(lang, "enterData", key, Object.fromEntries(names.map((n) => [n, `{${n}}`])));
}

/** BookingSummary's two templates (its other words are in `texts(lang, "enterData")`). */
export function summaryTemplates(lang: Lang) {
  return {
    summaryRoundsValue: template(lang, "summaryRoundsValue", ["rounds"]),
    summaryPersonsValue: template(lang, "summaryPersonsValue", ["total", "children", "active", "accompanying"]),
  };
}

/** The held booking's page (/enter-data/unpaid): its words and BookingSummary's (namespace `enterData`, with the summary's two templates). */
export function unpaidTexts(lang: Lang) {
  return { ...texts(lang, "enterData"), ...summaryTemplates(lang) };
}

/** A booked promo code's reason as the booking stores it (`PROMO_MSG.lineReason`, bookings.server): its code, else null. */
function promoCodeOf(reason: string | undefined): string | null {
  const prefix = PROMO_MSG.lineReason("");
  const code = reason?.startsWith(prefix) ? reason.slice(prefix.length) : "";
  return code && PROMO_MSG.lineReason(code) === reason ? code : null;
}

/**
 * A price line in the page's language, from its `word` and `qty` (set where the line is built:
 * pricing, games, extras, checkout): persons, rounds, a promo code or a staff adjustment in the
 * page's words, counts × amounts in its format. What the venue named (an extra) stays as named; the
 * whole game line is the booking's name, worded by `summaryIn` (`offerName`).
 */
function lineIn(lang: Lang, line: SummaryLine, offerName: string): SummaryLine {
  const word = line.word;
  const discount = (code: string) => t(lang, "enterData", "lineDiscount", { code });
  let label = line.label;
  switch (word?.key) {
    case "children":
      label = t(lang, "enterData", "lineChildren");
      break;
    case "childrenMin":
      label = t(lang, "enterData", "lineChildrenMin", { count: word.n ?? 0 });
      break;
    case "active":
      label = t(lang, "enterData", "lineActive");
      break;
    case "accompanying":
      label = t(lang, "enterData", "lineAccompanying");
      break;
    case "playersRounds":
      label = t(lang, "gameFlow", "linePlayersRounds");
      break;
    case "package":
      label = t(lang, "gameFlow", "linePackage", { rounds: word.n ?? 0 });
      break;
    case "extraRounds":
      label = t(lang, "gameFlow", "lineExtraRounds");
      break;
    case "promo":
      label = discount(word.code ?? "");
      break;
    case "adjust": {
      // A held booking keeps its promo code as its price adjustment (bookings.server): worded as before booking.
      const code = line.amountRappen < 0 ? promoCodeOf(word.reason) : null;
      const reason = word.reason;
      label = code
        ? discount(code)
        : line.amountRappen < 0
          ? reason
            ? t(lang, "payment", "lineDiscountReason", { reason })
            : t(lang, "payment", "lineDiscount")
          : reason
            ? t(lang, "payment", "lineSurchargeReason", { reason })
            : t(lang, "payment", "lineSurcharge");
      break;
    }
    case "whole":
      label = offerName;
      break;
  }
  // «2 × CHF 30.00», «4 × inbegriffen»: the amounts in the language's format.
  const detail = line.qty ? qtyDetail(line.qty, (rappen) => formatChf(rappen, lang), t(lang, "dataFields", "included")) : line.detail;
  return { ...line, label, detail };
}

/**
 * A game's booking name («Normales Spiel – Arena», `gameBookingName`): the type's name in the page's
 * language, the rest (the location, as the venue named it) as it is.
 */
function gameNameIn(lang: Lang, gameType: number | null | undefined, name: string): string {
  const type = GAME_TYPES.find((g) => g.id === gameType);
  if (!type || !name.startsWith(type.name)) return name;
  return `${t(lang, "gameFlow", type.id === 1 ? "typeNormal" : "typePackage")}${name.slice(type.name.length)}`;
}

/**
 * A summary (the contact step's, or a held booking's) in the page's language: date, time, price
 * lines, a game's name and the deposit's lines (`balanceDays`: the venue's, for its due date).
 * German as the server words it.
 */
export function summaryIn<S extends SummaryData & { startMin: number; endMin: number; payNowRappen?: number; gameType?: number | null }>(
  lang: Lang,
  summary: S,
  balanceDays?: number,
  /** The venue's words in the language (`venueWordsIn`): a birthday offer's name as the venue translated it. */
  venueWord: (german: string) => string = (german) => german,
): S {
  if (lang === "de") return summary;
  const payNow = summary.payNowRappen;
  const depositLines =
    summary.depositLines?.length === 2 && payNow !== undefined && balanceDays !== undefined
      ? [
          t(lang, "enterData", "depositNow", { amount: formatChf(payNow, lang) }),
          t(lang, "enterData", "depositRest", { amount: formatChf(summary.amountRappen - payNow, lang), date: shortDateLabel(addDays(summary.date, -balanceDays), lang) }),
        ]
      : summary.depositLines;
  const offerName = summary.gameType ? gameNameIn(lang, summary.gameType, summary.offerName) : venueWord(summary.offerName);
  return {
    ...summary,
    dateText: shortDateLabel(summary.date, lang),
    timeText: t(lang, "common", "timeRange", { start: formatTime(summary.startMin), end: formatTime(summary.endMin) }),
    offerName,
    lines: summary.lines.map((line) => lineIn(lang, line, offerName)),
    depositLines,
  };
}
