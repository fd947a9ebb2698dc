import type { SummaryData } from "~/components/BookingSummary";
import { longDateLabel, shortDateLabel } from "~/domain/calendar";
import { CONTACT_COUNTRIES, CONTACT_MAX_LENGTH, germanContactMessages, type ContactField, type ContactMessages } from "~/domain/contact";
import type { DataSection } from "~/domain/data-fields";
import { EXTRAS_MSG, lastOrderDay, quantityLimit, type Extra, type ExtraProblem } from "~/domain/extras";
import { GAME_TYPES } from "~/domain/games";
import { MSG } from "~/domain/messages";
import { formatChf } from "~/domain/money";
import { GERMAN_PARTY_TEXTS, PARTY_LIMITS, PARTY_MSG, type PartyTexts } from "~/domain/party-details";
import { qtyDetail, type SummaryLine } from "~/domain/pricing";
import { PROMO_MSG } from "~/domain/promo-codes";
import { addDays, formatTime } from "~/domain/time";
import { LOCALE, type Lang } from "~/i18n/locales";
import { requireCompleteDraft, type CompleteDraft } from "../booking/draft.server";
import { extrasFor } from "../booking/extras.server";
import { getVenue } from "../booking/venue.server";
import { localRedirect } from "../i18n/request.server";
import { localizeMsg, t, texts } from "../i18n/texts.server";
import type { Db } from "../platform/db.server";
import type { CouponResult } from "../vouchers/coupon.server";
import { draftExtrasTarget, extrasSection } from "./checkout.server";

/**
 * The contact step's words in the page's language (issue #33), for /enter-data and
 * /enter-data/unpaid: their loaders and actions call these, the browser gets strings. German stays
 * what the server functions answer, word for word. Server only: routes import it in loaders and
 * actions alone (Remix strips those from the browser build).
 */

/** The complete draft, or a redirect to the step that is missing, in the page's language. */
export async function completeDraft(lang: Lang, request: Request): Promise<CompleteDraft> {
  try {
    return await requireCompleteDraft(request);
  } catch (error) {
    throw localRedirect(lang, error);
  }
}

/** A simple template for the browser's `fill()`: the message with its placeholders left in. */
function template(lang: Lang, key: "summaryRoundsValue" | "summaryPersonsValue" | "missingList", names: readonly string[]): string {
  return t(lang, "enterData", key, Object.fromEntries(names.map((n) => [n, `{${n}}`])));
}

/** BookingSummary's two templates (its other words are in `texts(lang, "enterData")`). */
function summaryTemplates(lang: Lang) {
  return {
    summaryRoundsValue: template(lang, "summaryRoundsValue", ["rounds"]),
    summaryPersonsValue: template(lang, "summaryPersonsValue", ["total", "children", "active", "accompanying"]),
  };
}

const pageTextsCache = new Map<Lang, ReturnType<typeof buildPageTexts>>();
function buildPageTexts(lang: Lang) {
  return {
    ...texts(lang, "enterData"),
    ...summaryTemplates(lang),
    missingList: template(lang, "missingList", ["fields"]),
    // Shared messages (namespace `msg`) the browser shows by itself.
    bookingFailed: localizeMsg(lang, MSG.bookingFailed),
    voucherValid: localizeMsg(lang, MSG.voucherValid),
    voucherAvailable: localizeMsg(lang, MSG.voucherAvailable),
    voucherCheckFailed: localizeMsg(lang, MSG.voucherCheckFailed),
  };
}
/** Every word the contact step's browser shows, in the page's language. */
export function pageTexts(lang: Lang) {
  let out = pageTextsCache.get(lang);
  if (!out) pageTextsCache.set(lang, (out = buildPageTexts(lang)));
  return out;
}

/** The held booking's page (/enter-data/unpaid): its words and BookingSummary's (namespace `enterData`, with the summary's two templates). */
export function unpaidTexts(lang: Lang) {
  return { ...texts(lang, "enterData"), ...summaryTemplates(lang) };
}

/** «Wir halten den Termin bis 14:05 Uhr für Sie frei. …» (`until`: the hold's end, venue time). */
export function holdUntilText(lang: Lang, until: string): string {
  return t(lang, "enterData", "holdUntil", { until });
}

/**
 * The sentences under the form: what is paid now (with a deposit only it: «Jetzt zu bezahlen
 * (Anzahlung): …», issue #30 §3) and, when something is paid, how long the table is held.
 */
export function payTexts(lang: Lang, summary: { depositLines: string[]; amountRappen: number; payNowRappen: number }, holdMinutes: number) {
  return {
    payText: summary.depositLines[0] ?? t(lang, "enterData", "toPay", { amount: formatChf(summary.amountRappen, lang) }),
    holdText: summary.payNowRappen > 0 ? t(lang, "enterData", "holdNotice", { minutes: holdMinutes }) : null,
  };
}

const checksCache = new Map<Lang, ContactMessages>();
/** The contact checks' words (German: the domain's own, the same the staff and API checks use). */
export function contactMessages(lang: Lang): ContactMessages {
  if (lang === "de") return germanContactMessages();
  let m = checksCache.get(lang);
  if (!m) {
    const words = texts(lang, "enterData");
    const fields = Object.keys(CONTACT_MAX_LENGTH) as ContactField[];
    const each = (word: (f: ContactField) => string) => Object.fromEntries(fields.map((f) => [f, word(f)])) as Record<ContactField, string>;
    m = {
      emailsDiffer: localizeMsg(lang, MSG.emailsDiffer),
      requiredFields: localizeMsg(lang, MSG.requiredFields),
      invalidZip: localizeMsg(lang, MSG.invalidZip),
      invalidPhone: localizeMsg(lang, MSG.invalidPhone),
      invalidEmail: localizeMsg(lang, MSG.invalidEmail),
      acceptTerms: localizeMsg(lang, MSG.acceptTerms),
      // The limit as written (`2000`, not `2 000`): as the German message has it.
      tooLong: each((f) => t(lang, "enterData", "tooLong", { label: words[f], max: String(CONTACT_MAX_LENGTH[f]) })),
      missing: each((f) => t(lang, "enterData", "missingField", { label: words[f] })),
      labels: each((f) => words[f]),
    };
    checksCache.set(lang, m);
  }
  return m;
}

/** The party section's words and checks (German: the domain's own). */
export function partyTexts(lang: Lang): { title: string; hint: string; texts: PartyTexts } {
  if (lang === "de") return { title: PARTY_MSG.title, hint: PARTY_MSG.hint, texts: GERMAN_PARTY_TEXTS };
  const words = texts(lang, "dataFields");
  return {
    title: words.partyTitle,
    hint: words.partyHint,
    texts: {
      childNameLabel: words.childNameLabel,
      childAgeLabel: words.childAgeLabel,
      notesLabel: words.notesLabel,
      notesHint: words.notesHint,
      childNameTooLong: t(lang, "dataFields", "childNameTooLong", { max: String(PARTY_LIMITS.childName) }),
      childAge: t(lang, "dataFields", "childAge", { min: String(PARTY_LIMITS.minAge), max: String(PARTY_LIMITS.maxAge) }),
      notesTooLong: t(lang, "dataFields", "notesTooLong", { max: String(PARTY_LIMITS.notes) }),
    },
  };
}

/** The second step of «Abbrechen»: its words travel with the action's answer, not with the step's JavaScript (budget). */
export type CancelText = { question: string; detail: string; keep: string; confirm: string };
export function cancelText(lang: Lang): CancelText {
  const words = texts(lang, "enterData");
  return { question: words.cancelQuestion, detail: words.cancelDetail, keep: words.cancelKeep, confirm: words.cancelConfirm };
}

/** The extras' and the party's messages the contact step says itself, by their key in `dataFields` (German: the domain's own words). */
const STEP_MESSAGES = { extrasUpdated: EXTRAS_MSG.updated, extrasAdjusted: EXTRAS_MSG.adjusted, extrasCheck: EXTRAS_MSG.check, partyCheck: PARTY_MSG.check } as const;

export function stepMessage(lang: Lang, key: keyof typeof STEP_MESSAGES): string {
  return lang === "de" ? STEP_MESSAGES[key] : t(lang, "dataFields", key);
}

/**
 * `EXTRAS_MSG.notOrderable(name)` as the booking's server functions answer it (extras.server, via
 * placeBooking): they return the German sentence only, so the extra's name is read back from it.
 */
const NOT_ORDERABLE = /^«(.+)» ist für diesen Termin nicht mehr bestellbar\. Bitte prüfen Sie Ihre Auswahl\.$/;

/**
 * A German message a server function answered with (placeBooking, a voucher check, a flash), in the
 * page's language: the extras' from `dataFields`, the shared ones (MSG) from `msg`. Anything else (a
 * promo code's words, see the report in issue #33) stays as it is.
 */
export function localText(lang: Lang, german: string): string {
  if (lang === "de") return german;
  if (german === EXTRAS_MSG.check) return stepMessage(lang, "extrasCheck");
  const notOrderable = NOT_ORDERABLE.exec(german);
  if (notOrderable) return t(lang, "dataFields", "extraNotOrderable", { name: notOrderable[1]! });
  return localizeMsg(lang, german);
}

export function localCoupon<C extends CouponResult | null | undefined>(lang: Lang, coupon: C): C {
  return coupon ? { ...coupon, message: localText(lang, coupon.message) } : coupon;
}

/**
 * A flash kept for the page (a voucher checked without JavaScript), in its language. Its `notice`
 * (extras taken over) is written in the page's language by the action already (`stepMessage`).
 */
export function localAnswer<A extends { alert?: string; coupon?: CouponResult | null }>(lang: Lang, answer: A): A {
  if (lang === "de") return answer;
  return { ...answer, alert: answer.alert === undefined ? undefined : localText(lang, answer.alert), coupon: localCoupon(lang, answer.coupon) };
}

/** The self-service notice (`lateBookingNotice`, German) in the page's language. */
export function lateIn(lang: Lang, german: string | null, hours: number): string | null {
  return german && lang !== "de" ? t(lang, "enterData", "lateNotice", { hours }) : german;
}

/** The countries of the address: German as before; other languages named by the runtime's CLDR data, in the same order. */
export function countriesIn(lang: Lang): [string, string][] {
  if (lang === "de") return Object.entries(CONTACT_COUNTRIES);
  const names = new Intl.DisplayNames(LOCALE[lang], { type: "region" });
  const other = texts(lang, "enterData").otherCountry;
  return Object.keys(CONTACT_COUNTRIES).map((code) => [code, code === "XX" ? other : (names.of(code) ?? code)]);
}

/** «Bestellbar bis …» in the page's language (null: until the party). */
function deadlineIn(lang: Lang, deadlineDays: number, date: string): string | null {
  const last = lastOrderDay(date, deadlineDays);
  return last === null ? null : t(lang, "dataFields", "orderUntil", { date: longDateLabel(last, lang), days: deadlineDays });
}

const UNIT_KEYS = { piece: "perPiece", child: "perChild", party: "perParty" } as const;

/** An extra's sentence under its name (as `extraGroups` words it in German): what it is, price, how many, until when. */
function extraTextIn(lang: Lang, extra: Extra, children: number, date: string): string {
  const limit = String(quantityLimit(extra, children));
  const price = extra.priceRappen > 0 ? `${formatChf(extra.priceRappen, lang)} ${t(lang, "dataFields", UNIT_KEYS[extra.unit])}` : t(lang, "dataFields", "noSurcharge");
  const rule = extra.unit === "party" ? t(lang, "dataFields", "ruleParty") : t(lang, "dataFields", extra.unit === "child" ? "ruleChild" : "ruleMax", { limit });
  // The venue's description is shown apart (`venueText`, marked as German); these are the page's words.
  const text = [t(lang, "dataFields", "priceAndRule", { price, rule }), deadlineIn(lang, extra.deadlineDays, date) ?? ""].filter(Boolean).join(" ");
  return text.endsWith(".") ? text : `${text}.`;
}

/**
 * The extras section in the page's language: the server's section (fields, counts, order) with its
 * words replaced; German as the server words it. The extras' names, choices and descriptions are the venue's.
 */
export async function extrasSectionIn(lang: Lang, db: Db, draft: CompleteDraft): Promise<DataSection | null> {
  const section = await extrasSection(db, draft);
  if (!section || lang === "de") return section;
  const words = texts(lang, "dataFields");
  const target = draftExtrasTarget(draft);
  const { orderable, late } = extrasFor(await getVenue(db), target);
  return {
    ...section,
    title: words.extrasTitle,
    hint: words.extrasHint,
    button: section.button ? { ...section.button, label: words.extrasUpdate } : undefined,
    groups: section.groups.map((group) => {
      const extra = orderable.find((e) => e.id === group.id);
      if (!extra) return group;
      return {
        ...group,
        lang: "de-CH",
        venueText: extra.description ? (/[.!?]$/.test(extra.description) ? extra.description : `${extra.description}.`) : undefined,
        text: extraTextIn(lang, extra, target.children, draft.date),
        // A choice's label is the venue's word (a meal); a plain extra's is the page's «Quantity».
        fields: extra.choices.length > 0 ? group.fields.map((f) => ({ ...f, lang: "de-CH" })) : group.fields.map((f) => ({ ...f, label: words.quantity })),
      };
    }),
    notes: late.map((e) => t(lang, "dataFields", "lateNote", { name: e.name, deadline: deadlineIn(lang, e.deadlineDays, draft.date) ?? words.untilParty })),
  };
}

/** The extras' problems of a submit (`parseExtraPicks`, German) in the page's language: the same fields, the same rules, from each problem's data. */
export function extraProblemsIn(lang: Lang, problems: ExtraProblem[]): ExtraProblem[] {
  if (lang === "de") return problems;
  return problems.map((p) => {
    const limit = String(p.limit);
    const message =
      p.kind === "wholeNumber" ? t(lang, "dataFields", "wholeNumber", { label: p.choice ? `${p.name}, ${p.choice}` : p.name, limit }) : t(lang, "dataFields", p.kind, { name: p.name, limit });
    return { ...p, message };
  });
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
  const offerName = gameNameIn(lang, summary.gameType, summary.offerName);
  return {
    ...summary,
    dateText: shortDateLabel(summary.date, lang),
    timeText: t(lang, "common", "timeRange", { start: formatTime(summary.startMin), end: formatTime(summary.endMin) }),
    offerName,
    lines: summary.lines.map((line) => lineIn(lang, line, offerName)),
    depositLines,
  };
}
