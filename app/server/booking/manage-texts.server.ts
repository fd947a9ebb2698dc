import type { TextPart } from "~/components/ManageText";
import type { SummaryTexts } from "~/components/BookingSummary";
import type { ChangeConfirmWords } from "~/components/ChangeConfirm";
import type { PriceWords } from "~/components/PriceChange";
import type { ChangeQuote, Settlement } from "~/domain/booking-change";
import { longDateLabel, shortDateLabel } from "~/domain/calendar";
import { headcountDeadlineDay } from "~/domain/headcount";
import { EXTRAS_MSG, tooManyPerChild, type BookedExtra } from "~/domain/extras";
import { horizonMessage } from "~/domain/horizon";
import { formatChf } from "~/domain/money";
import { birthdayChildText, type PartyDetails } from "~/domain/party-details";
import { partyRuleIssue, partyRuleProblem, type PartyRules } from "~/domain/party-rules";
import type { PartyCounts } from "~/domain/pricing";
import { formatLongDate, formatVenueInstant, selfServiceDeadline, selfServiceEndsNotice } from "~/domain/self-service";
import { formatDateDE, formatTime, venueNow } from "~/domain/time";
import { germanSummary } from "~/i18n/messages/enterData";
import type { Lang } from "~/i18n/locales";
import { unpaidTexts } from "./summary-texts.server";
import { localizeIn, localizeMsg, t, type ArgKey, type MessageArgs, type Namespace, type StaticKey } from "../i18n/texts.server";
import type { Db } from "../platform/db.server";
import { getEnv } from "../platform/env.server";
import type { Reservation } from "./bookings.server";
import { headcountLockedMessage, headcountLockOption } from "./headcount.server";
import { loadVenueContact } from "./venue.server";

/**
 * The family's manage pages in the page's language (issue #33; namespaces `manage`, `manageChange`,
 * `managePay`): dates, moments and amounts in the language's format, and the German texts server
 * functions answer with, worded anew. German stays exactly what those functions say (the domain's
 * own texts, word for word): every function here gives German back unchanged.
 */

/** «Donnerstag, 3. Dezember 2026, 14:00 Uhr» (venue time), «jeudi, 3 décembre 2026 à 14:00». */
export function instantIn(lang: Lang, instant: Date): string {
  if (lang === "de") return formatVenueInstant(instant);
  const { date, minutes } = venueNow(instant);
  return t(lang, "manage", "instant", { date: longDateLabel(date, lang), time: formatTime(minutes) });
}

/** «Mittwoch, 2. Dezember 2026» for a venue date. */
export function longDateIn(lang: Lang, iso: string): string {
  return lang === "de" ? formatLongDate(iso) : longDateLabel(iso, lang);
}

/** «09.12.2026» in every Swiss locale. */
export function dateIn(lang: Lang, iso: string): string {
  return lang === "de" ? formatDateDE(iso) : shortDateLabel(iso, lang);
}

/** «14:00 - 16:00 Uhr», «14:00 - 16:00». */
export function timeRangeIn(lang: Lang, startMin: number, endMin: number): string {
  return t(lang, "common", "timeRange", { start: formatTime(startMin), end: formatTime(endMin) });
}

/** What a cancellation after the free deadline costs (AGB §4), as `lateCancellationSentence` says it. */
export function lateCancellationIn(lang: Lang, feePercent: number): string {
  if (feePercent >= 100) return t(lang, "manage", "lateNoRefund");
  if (feePercent <= 0) return t(lang, "manage", "lateFullRefund");
  return t(lang, "manage", "lateFee", { percent: String(feePercent) });
}

/** «Lena, wird 7» and the allergies, as `partyRows` lists them (only what is known). */
export function partyRowsIn(lang: Lang, d: PartyDetails): [string, string][] {
  const child =
    d.childName && d.childAge !== null
      ? t(lang, "manage", "partyChildNameAge", { name: d.childName, age: String(d.childAge) })
      : d.childAge !== null
        ? t(lang, "manage", "partyChildAge", { age: String(d.childAge) })
        : birthdayChildText(d);
  return [...(child ? [[t(lang, "manage", "partyChild"), child] as [string, string]] : []), ...(d.notes ? [[t(lang, "manage", "partyNotes"), d.notes] as [string, string]] : [])];
}

/** After the headcount deadline (issue #30 §4): what the persons page says, in the language; null while open. */
export async function headcountLockedIn(lang: Lang, db: Db, r: Reservation): Promise<string | null> {
  const german = await headcountLockedMessage(db, r);
  if (!german || lang === "de") return german;
  return (await headcountLockIn(lang, db, r)).lockedMessage;
}

/** The headcount deadline for a family's change of its numbers, with the message after it in the language. */
export async function headcountLockIn(lang: Lang, db: Db, r: Reservation): Promise<{ days: number; lockedMessage: string }> {
  const option = await headcountLockOption(db, r);
  if (lang === "de") return option;
  const deadline = longDateLabel(headcountDeadlineDay(r.date, option.days), lang);
  return { days: option.days, lockedMessage: t(lang, "manageChange", "headcountLocked", { deadline, phone: (await loadVenueContact(db)).phone }) };
}

/** A move into the self-service window (issue #27 §6), said before it happens: `selfServiceEndsNotice` in the language. */
export function movedIntoWindowIn(lang: Lang, target: { date: string; startMin: number }, now: Date, hours: number): string | null {
  const german = selfServiceEndsNotice(target, now, hours);
  if (!german || lang === "de") return german;
  return t(lang, "manageChange", "movedIntoWindow", { hours, deadline: instantIn(lang, selfServiceDeadline(target, hours)) });
}

/**
 * What a family's change or cancellation answered (CHANGE_MSG, MSG, the booking horizon, an offer's
 * party rules, the booked extras: `about` names the offer's rules, the counts asked for and the
 * booking's extras) in the language. The self-service and headcount messages are passed in already
 * worded; anything else stays as it is.
 */
export function changeMessageIn(lang: Lang, german: string, about: { rules?: PartyRules; counts?: PartyCounts; extras?: readonly BookedExtra[] } = {}): string {
  if (lang === "de") return german;
  const horizon = getEnv().BOOKING_HORIZON_DAYS;
  if (german === horizonMessage(horizon)) return t(lang, "findSlot", "beyondHorizon", { n: horizon });
  if (about.rules && about.counts) {
    const issue = partyRuleIssue(about.rules, about.counts);
    if (issue && german === partyRuleProblem(about.rules, about.counts)) return t(lang, "findSlot", issue.key, { n: issue.n });
  }
  // An extra that cannot follow the change (issue #30 §2), named as the venue named it.
  const over = about.extras && about.counts ? tooManyPerChild(about.extras, about.counts.numChildren) : null;
  if (over && german === EXTRAS_MSG.moreThanChildren(over.name, over.quantity)) return t(lang, "manageChange", "extrasMoreThanChildren", over);
  const late = about.extras?.find((extra) => german === EXTRAS_MSG.tooLateForMove(extra.name));
  if (late) return t(lang, "manageChange", "extrasTooLate", { name: late.name });
  const own = localizeIn(lang, "manageChange", german);
  return own !== german ? own : localizeMsg(lang, german);
}

/** `+ CHF 20.00`, `- CHF 5.00`, `CHF 0.00` (`formatDifference`) in the language's format. */
function differenceIn(lang: Lang, rappen: number): string {
  if (rappen === 0) return formatChf(0, lang);
  return `${rappen > 0 ? "+" : "-"} ${formatChf(Math.abs(rappen), lang)}`;
}

/** `settlementLines` in the language: the same lines in the same order. */
export function settlementLinesIn(lang: Lang, s: Settlement, voucherCode: string | null): string[] {
  const say = (key: ArgKey<"manageChange">, rappen: number) => t(lang, "manageChange", key, { amount: formatChf(rappen, lang), code: voucherCode ?? "" });
  const lines: string[] = [];
  if (s.refundRappen > 0) lines.push(say("lineRefund", s.refundRappen));
  if (s.voucherCreditRappen > 0) lines.push(say(voucherCode ? "lineVoucherCredit" : "lineVoucherCreditNoCode", s.voucherCreditRappen));
  if (s.payOnlineRappen > 0) lines.push(say("linePayOnline", s.payOnlineRappen));
  if (s.venueDeltaRappen > 0) lines.push(say("lineVenueMore", s.venueDeltaRappen));
  if (s.venueDeltaRappen < 0) lines.push(say("lineVenueLess", -s.venueDeltaRappen));
  if (s.toBalance) {
    if (s.openBalanceDeltaRappen > 0) lines.push(say("lineBalanceUp", s.openBalanceDeltaRappen));
    if (s.openBalanceDeltaRappen < 0) lines.push(say("lineBalanceDown", -s.openBalanceDeltaRappen));
  } else {
    if (s.openBalanceDeltaRappen > 0) lines.push(say("lineOpenMore", s.openBalanceDeltaRappen));
    if (s.openBalanceDeltaRappen < 0) lines.push(say("lineOpenLess", -s.openBalanceDeltaRappen));
  }
  if (s.voucherIssueRappen > 0) lines.push(say("lineNewVoucher", s.voucherIssueRappen));
  return lines;
}

/** PriceChange's words for a settlement. */
export function priceWordsIn(lang: Lang, s: Settlement, voucherCode: string | null): PriceWords {
  const say = (key: StaticKey<"manageChange">) => t(lang, "manageChange", key);
  return {
    labels: { title: say("priceTitle"), before: say("priceBefore"), after: say("priceAfter"), difference: say("priceDifference"), same: say("priceSame") },
    before: formatChf(s.before.priceRappen, lang),
    after: formatChf(s.after.priceRappen, lang),
    difference: differenceIn(lang, s.differenceRappen),
    lines: settlementLinesIn(lang, s, voucherCode),
  };
}

/** The confirmation step of a move or a change of persons (ChangeConfirm): before and after, the price, the buttons. */
export function changeWordsIn(lang: Lang, quote: ChangeQuote): ChangeConfirmWords {
  const say = (key: StaticKey<"manageChange">) => t(lang, "manageChange", key);
  const when = (b: ChangeQuote["before"]) =>
    t(lang, "manageChange", "whenPersons", { date: dateIn(lang, b.date), time: timeRangeIn(lang, b.startMin, b.endMin), persons: b.persons });
  return {
    labels: { title: say("reviewTitle"), before: say("before"), after: say("after"), toPayment: say("toPayment"), confirm: say("confirmChange"), back: say("back") },
    before: when(quote.before),
    after: when(quote.after),
    price: priceWordsIn(lang, quote.settlement, quote.voucherCode),
  };
}

/** BookingSummary's words (`summaryTexts`: namespace `enterData`, its two templates filled by the component). */
export function summaryTextsIn(lang: Lang): SummaryTexts {
  const all = unpaidTexts(lang) as Record<string, string>;
  return Object.fromEntries(Object.keys(germanSummary).map((key) => [key, all[key]!])) as SummaryTexts;
}

/**
 * A message with some of its values set apart (`marks`: a booking code in bold, the venue's words
 * marked German on another language's page), as its parts in order; the page renders them with `ManageText`.
 */
export function markedIn<NS extends Namespace>(lang: Lang, ns: NS, key: ArgKey<NS>, args: MessageArgs, marks: Record<string, NonNullable<TextPart["mark"]>>): TextPart[] {
  const names = Object.keys(marks);
  const held: MessageArgs = { ...args };
  names.forEach((name, i) => (held[name] = `\u0000${i}\u0000`));
  return t(lang, ns, key, held)
    .split("\u0000")
    .map((piece, i): TextPart => {
      if (i % 2 === 0) return { text: piece };
      const name = names[Number(piece)]!;
      return { text: String(args[name]), mark: marks[name] };
    })
    .filter((part) => part.text !== "");
}
