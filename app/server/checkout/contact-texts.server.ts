import { venueWord } from "~/domain/venue-translations";
import { CONTACT_COUNTRIES, CONTACT_MAX_LENGTH, germanContactMessages, type ContactField, type ContactMessages } from "~/domain/contact";
import type { DataSection } from "~/domain/data-fields";
import { EXTRAS_MSG, type ExtraProblem } from "~/domain/extras";
import { MSG } from "~/domain/messages";
import { formatChf } from "~/domain/money";
import { GERMAN_PARTY_TEXTS, PARTY_LIMITS, PARTY_MSG, type PartyTexts } from "~/domain/party-details";
import { LOCALE, type Lang } from "~/i18n/locales";
import { requireCompleteDraft, type CompleteDraft } from "../booking/draft.server";
import { extrasFor } from "../booking/extras.server";
import { getVenue } from "../booking/venue.server";
import { answerIn } from "../i18n/answers.server";
import { localRedirect } from "../i18n/request.server";
import { localizeMsg, t, texts } from "../i18n/texts.server";
import type { Db } from "../platform/db.server";
import type { CouponResult } from "../vouchers/coupon.server";
import { draftExtrasTarget, extrasSection } from "./checkout.server";
import { deadlineIn, extraGroupsIn } from "../booking/party-pages.server";
import { summaryTemplates, template } from "../booking/summary-texts.server";

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
 * page's language: the extras' from `dataFields`, a promo code's verdict, the lead time's refusal and
 * the shared ones (MSG) by `answerIn`. Anything else stays as it is.
 */
export function localText(lang: Lang, german: string): string {
  if (lang === "de") return german;
  if (german === EXTRAS_MSG.check) return stepMessage(lang, "extrasCheck");
  const notOrderable = NOT_ORDERABLE.exec(german);
  if (notOrderable) return t(lang, "dataFields", "extraNotOrderable", { name: notOrderable[1]! });
  return answerIn(lang, german);
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

/**
 * The extras section in the page's language: the server's section (fields, counts, order) with its
 * words replaced; German as the server words it. The extras' names, choices and descriptions are the venue's.
 */
export async function extrasSectionIn(lang: Lang, db: Db, draft: CompleteDraft): Promise<DataSection | null> {
  const section = await extrasSection(db, draft);
  if (!section || lang === "de") return section;
  const words = texts(lang, "dataFields");
  const target = draftExtrasTarget(draft);
  const venue = await getVenue(db);
  const { orderable, late } = extrasFor(venue, target);
  return {
    ...section,
    title: words.extrasTitle,
    hint: words.extrasHint,
    button: section.button ? { ...section.button, label: words.extrasUpdate } : undefined,
    groups: extraGroupsIn(lang, section.groups, orderable, target.children, draft.date, venue.translations),
    notes: late.map((e) => t(lang, "dataFields", "lateNote", { name: venueWord(venue.translations, lang, e.name), deadline: deadlineIn(lang, e.deadlineDays, draft.date) ?? words.untilParty })),
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
