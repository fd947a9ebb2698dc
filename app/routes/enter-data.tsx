import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { data, Form, redirect, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { BookingSummary, type SummaryData } from "~/components/BookingSummary";
import { Page } from "~/components/Page";
import { useHydrated } from "~/components/useHydrated";
import { fill, useCommonTexts, useLang, useLocalePath } from "~/components/useLanguage";
import { normalizeCode } from "~/domain/codes";
import {
  CONTACT_COUNTRIES,
  CONTACT_MAX_LENGTH,
  contactProblemsIn,
  firstContactErrorIn,
  germanContactMessages,
  toContact,
  type ContactField,
  type ContactInput,
  type ContactMessages,
  type ContactProblem,
} from "~/domain/contact";
import { isDiallablePhone } from "~/domain/phone";
import { CountrySelect } from "~/components/CountrySelect";
import { MSG } from "~/domain/messages";
import { formatChf } from "~/domain/money";
import type { CouponResult } from "~/server/vouchers/coupon.server";
import { bookableDraftPicks, checkoutSummary, draftExtrasTarget, extrasSection, offeredDraftExtras } from "~/server/checkout/checkout.server";
import { EXTRAS_MSG, lastOrderDay, parseExtraPicks, quantityLimit, samePicks, type Extra, type ExtraProblem } from "~/domain/extras";
import { placeBooking } from "~/server/checkout/place-booking.server";
import { clientKey } from "~/server/platform/client.server";
import { getDb } from "~/server/platform/db.server";
import { getVenue, holdMinutes, loadVenuePolicy } from "~/server/booking/venue.server";
import { extrasFor } from "~/server/booking/extras.server";
import { lateBookingNotice } from "~/domain/self-service";
import { clearDraft, redirectWithDraft, requireCompleteDraft, takeFormFlash, updateDraft, type CompleteDraft } from "~/server/booking/draft.server";
import { applyCouponToDraft, removeCouponFromDraft } from "~/server/checkout/draft-coupon.server";
import { changeHeldBooking, confirmedDraftBooking, openHoldOf, resumePayment, typedValuesOf } from "~/server/checkout/held-booking.server";
import { localPageMeta } from "~/domain/page-meta";
import { DataFields, DataSection as Section } from "~/components/DataFields";
import type { DataSection } from "~/domain/data-fields";
import { GERMAN_PARTY_TEXTS, PARTY_LIMITS, PARTY_MSG, parsePartyDetails, partyDataFields, type DataField, type PartyField, type PartyProblem, type PartyTexts } from "~/domain/party-details";
import { addDays, formatTime } from "~/domain/time";
import { longDateLabel, shortDateLabel } from "~/domain/calendar";
import type { SummaryLine } from "~/domain/pricing";
import { LOCALE, localePath, UNPREFIXED_PATHS, type Lang } from "~/i18n/locales";
import { requestLang } from "~/server/i18n/request.server";
import { localizeMsg, t as tr, texts } from "~/server/i18n/texts.server";
import type { t as Translate } from "~/server/i18n/texts.server";
import type { Db } from "~/server/platform/db.server";

export const handle = { hydrate: true };
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => localPageMeta(matches, data?.t.title ?? "Kontaktdaten");

const TEXT_FIELDS = ["firstName", "lastName", "street", "zip", "city", "phone", "email", "emailRepeat", "message"] as const;
/** The party section's names, written out: importing them would cost this step a script file of its own (budget). */
const PARTY_FIELD_NAMES = ["partyChildName", "partyChildAge", "partyNotes"] as const satisfies readonly PartyField[];
type Values = Partial<Record<(typeof TEXT_FIELDS)[number] | (typeof PARTY_FIELD_NAMES)[number] | "country" | "couponCode" | "terms", string>>;

/** Birthday tables and the games' birthday package ask for the birthday child (issue #30 §1). */
const asksParty = (draft: { kind: string; gameType?: number }) => draft.kind === "birthday" || draft.gameType === 2;


/** Personal data (typed contact details): never kept by a browser or proxy cache. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const draft = await completeDraft(lang, request);
  const db = await getDb();
  const confirmed = await confirmedDraftBooking(db, draft.bookingCode);
  if (confirmed) throw redirectWithDraft(familyPath(lang, confirmed.to), await clearDraft(request, { bookingCode: confirmed.code }));
  const policy = await loadVenuePolicy(db);
  const checkout = await checkoutSummary(db, draft);
  if (!checkout) throw redirect(localePath(lang, "/offers"));
  // Back from the provider's page (or another tab) while the booking still holds the table: that
  // booking is shown (its own page, with «Zahlung fortsetzen» and «Ändern») instead of an empty second start.
  if (await openHoldOf(db, draft.bookingCode)) throw redirect(localePath(lang, "/enter-data/unpaid"));
  const summary = summaryIn(lang, tr, checkout, policy.balanceDays);
  const { flash, cookie } = await takeFormFlash(request);
  const t = pageTexts(lang);
  const minutes = await holdMinutes(db);
  const party = partyTexts(lang);
  return data(
    {
      // The page's words (and the summary's: the same object, sent once) in its language.
      t,
      summaryTexts: t,
      // The contact checks' words: the browser checks with the server's rules and messages.
      checks: contactMessages(lang),
      summary,
      flash: flash ? localAnswer(lang, flash as ActionData) : null,
      // Back after a cancelled or failed payment: the contact data typed before is filled in again.
      previous: draft.bookingCode ? ((await typedValuesOf(db, draft.bookingCode)) as Values | null) : null,
      // With a deposit only it is paid now (issue #30 §3): «Jetzt zu bezahlen (Anzahlung): …».
      payText: summary.depositLines[0] ?? tr(lang, "enterData", "toPay", { amount: formatChf(summary.amountRappen, lang) }),
      holdText: summary.payNowRappen > 0 ? tr(lang, "enterData", "holdNotice", { minutes }) : null,
      // The country names as data, not JavaScript (the step's budget).
      countries: countriesIn(lang),
      // Said before paying: a start inside the self-service window cannot be changed online later.
      lateNotice: lateIn(lang, lateBookingNotice(draft, policy.selfServiceHours, new Date()), policy.selfServiceHours),
      // The party section's words and fields as data (the step's JavaScript budget); values and
      // problems of a submit are filled in by the page.
      messageField: { name: "message", label: t.messageLabel, value: "", maxLength: CONTACT_MAX_LENGTH.message, kind: "multiline" } satisfies DataField,
      party: asksParty(draft)
        ? ({ className: "party-section", title: party.title, hint: party.hint, groups: [{ id: "party", fields: partyDataFields({}, [], party.texts) }] } satisfies DataSection)
        : null,
      // The extras (issue #30 §2), with the draft's counts, likewise as data.
      extras: await extrasSectionIn(lang, db, draft),
    },
    cookie ? { headers: { "Set-Cookie": cookie } } : undefined,
  );
}

/**
 * `problems`: each field's problem after a refused submit, as the server found them (its phone rule is stricter than the browser's).
 * `lost`: the connection was lost (see `clientAction`); the page shows `MSG.bookingFailed` in its language.
 */
type ActionData = {
  alert?: string;
  notice?: string;
  problems?: (ContactProblem | PartyProblem | ExtraProblem)[];
  coupon?: CouponResult | null;
  values: Values;
  slotTaken?: string;
  confirmCancel?: CancelText;
  lost?: true;
};

/**
 * With JavaScript a lost connection must not replace the page with an error screen: the family
 * keeps everything typed and sees the spec's message instead.
 */
export async function clientAction({ serverAction, request }: ClientActionFunctionArgs) {
  const values = valuesOf(await request.clone().formData());
  try {
    return await serverAction<typeof action>();
  } catch (error) {
    // Redirects arrive as thrown responses (to the payment or the confirmation): let them through.
    if (error instanceof Response) throw error;
    return { lost: true, values } satisfies ActionData;
  }
}

function valuesOf(form: FormData): Values {
  const values: Values = {};
  for (const f of [...TEXT_FIELDS, ...PARTY_FIELD_NAMES, "country", "couponCode", "terms"] as const) {
    const v = form.get(f);
    if (typeof v === "string") values[f] = v;
  }
  return values;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = requestLang(params);
  const form = await request.formData();
  const intent = form.get("intent");
  const values = valuesOf(form);
  // The extras' counts as typed go along too (a voucher check or «Zurück» without JavaScript keeps
  // them; they are priced once taken over, see below).
  // Only names an extra can have, and not more than a venue offers: they are kept in the draft's row.
  const typedExtras = [...form].filter(([name, value]) => EXTRA_FIELD.test(name) && typeof value === "string").slice(0, 64);
  for (const [name, value] of typedExtras) (values as Record<string, string>)[name] = String(value).slice(0, 10);
  const db = await getDb();

  // "Abbrechen" asks first (a second step that works without JavaScript); only the confirmation discards.
  if (intent === "cancel") return data<ActionData>({ confirmCancel: cancelText(lang), values });
  if (intent === "cancel-confirmed") return redirectWithDraft(localePath(lang, "/"), await clearDraft(request));
  if (intent === "cancel-keep") return data<ActionData>({ values });
  // "Zurück" to the slot choice: what was typed waits in the draft (one-time flash) for the way back.
  if (intent === "back") {
    const draft = await completeDraft(lang, request);
    const { terms: _t, ...typed } = values;
    const back = draft.kind === "game" ? `/slot?date=${draft.date}` : `/find-slot?date=${draft.date}`;
    return redirectWithDraft(localePath(lang, back), await updateDraft(request, {}, { values: typed as Record<string, string> }));
  }
  // Voucher buttons without JavaScript: change the draft, then show the page again (post/redirect/get)
  // with everything typed carried over once, so the summary is priced with the new voucher.
  const self = localePath(lang, "/enter-data");
  if (intent === "coupon-clear") return redirectWithDraft(self, await removeCouponFromDraft(request, values));
  const draft = await completeDraft(lang, request);
  // The booking in progress (see the loader): continue paying, or give hold and voucher back and edit.
  if (intent === "resume" || intent === "change") {
    const outcome = intent === "resume" ? await resumePayment(db, request, draft) : await changeHeldBooking(db, request, draft);
    // The typed data come back with the message, whether the hold is still there or was given up.
    if ("error" in outcome) return data<ActionData>({ alert: localizeMsg(lang, MSG.bookingFailed), values: (draft.bookingCode ? await typedValuesOf(db, draft.bookingCode) : null) ?? values }, { status: 502 });
    return outcome.cookie ? redirectWithDraft(familyPath(lang, outcome.to), outcome.cookie) : redirect(familyPath(lang, outcome.to));
  }

  const typedCode = normalizeCode(values.couponCode);
  // Shown back as it is checked and stored: upper-cased and trimmed, also without JavaScript.
  if (values.couponCode !== undefined) values.couponCode = typedCode;
  // A code typed but not yet checked is checked first, so the family sees the new total before booking;
  // a field emptied by hand removes the voucher the same way.
  if (intent === "book" && typedCode === "" && draft.couponCode) {
    return redirectWithDraft(self, await removeCouponFromDraft(request, values));
  }
  if (intent === "coupon" || (intent === "book" && typedCode !== "" && typedCode !== draft.couponCode)) {
    if (!typedCode) return data<ActionData>({ coupon: null, values });
    const { check, cookie } = await applyCouponToDraft(db, request, context, typedCode, values);
    if (check.status === 429) return data<ActionData>({ coupon: localCoupon(lang, check.result), values }, { status: 429, headers: { "Set-Cookie": cookie } });
    return redirectWithDraft(self, cookie);
  }
  // The extras' counts (fields `extra-…`): checked against what is offered for this booking now.
  const offered = await offeredDraftExtras(db, draft);
  const extras = parseExtraPicks(Object.fromEntries(form), offered.offered, offered.children);
  const extraProblems = extras.ok ? [] : extraProblemsIn(lang, extras.problems, offered.offered, offered.children);
  const extrasCheck = localText(lang, EXTRAS_MSG.check);
  if (intent === "extras") {
    if (!extras.ok) return data<ActionData>({ alert: extrasCheck, problems: extraProblems, values }, { status: 400 });
    return redirectWithDraft(self, await updateDraft(request, { extras: extras.picks }, { values: withoutExtras(values), notice: EXTRAS_MSG.updated }));
  }
  if (intent !== "book") return data<ActionData>({ values }, { status: 400 });

  const input = Object.fromEntries(form) as ContactInput;
  const checks = contactMessages(lang);
  const problem = firstContactErrorIn(input, checks, isDiallablePhone);
  // The party section is optional, but what is typed there is checked too, and all problems are listed at once.
  const party = asksParty(draft) ? parsePartyDetails(values, partyTexts(lang).texts) : null;
  const partyProblems = party && !party.ok ? party.problems : [];
  if (problem) return data<ActionData>({ alert: problem, problems: [...contactProblemsIn(input, checks, isDiallablePhone), ...partyProblems, ...extraProblems], values }, { status: 400 });
  if (partyProblems.length > 0) return data<ActionData>({ alert: localText(lang, PARTY_MSG.check), problems: [...partyProblems, ...extraProblems], values }, { status: 400 });
  if (!extras.ok) return data<ActionData>({ alert: extrasCheck, problems: extraProblems, values }, { status: 400 });
  // Counts changed without «Preis aktualisieren»: taken over and shown priced before anything is booked.
  const picks = await bookableDraftPicks(db, draft);
  if (!samePicks(extras.picks, picks)) {
    return redirectWithDraft(self, await updateDraft(request, { extras: extras.picks }, { values: withoutExtras(values), notice: EXTRAS_MSG.updated }));
  }
  // Something chosen can no longer be booked as the family last saw it (its deadline passed at
  // midnight, the manager switched it off): never dropped silently, the new total is shown first.
  if (!samePicks(picks, draft.extras ?? [])) {
    return redirectWithDraft(self, await updateDraft(request, { extras: picks }, { values: withoutExtras(values), notice: EXTRAS_MSG.adjusted }));
  }
  // An old tab of a booking that is already confirmed: show that booking instead of starting a second one.
  const confirmed = await confirmedDraftBooking(db, draft.bookingCode);
  if (confirmed) return redirectWithDraft(familyPath(lang, confirmed.to), await clearDraft(request, { bookingCode: confirmed.code }));
  const outcome = await placeBooking(db, request, draft, toContact(input), clientKey(request, context), party?.ok ? party.details : undefined, picks, lang);
  // Our payment page or confirmation, in the page's language (a provider's address stays as it is).
  if (outcome.kind === "redirect") return redirectWithDraft(familyPath(lang, outcome.to), outcome.cookie);
  // A lost slot is answered without writing anything: in a rush hundreds of families lose at once,
  // and the answer must stay cheap. What they typed is on the page again; its "Anderen Zeitslot
  // wählen" button posts it (intent "back") and only then is it kept in the draft for their return.
  // The button's label comes with the answer: a rare view, kept out of the step's JavaScript (budget).
  const slotTaken = outcome.status === 409 && !outcome.coupon ? texts(lang, "enterData").slotTaken : undefined;
  return data<ActionData>({ alert: localText(lang, outcome.message), values, coupon: localCoupon(lang, outcome.coupon ?? undefined), slotTaken }, { status: outcome.status });
}

const EXTRA_FIELD = /^extra-\d{1,6}(?:-\d{1,2})?$/;

/** The extras' counts live in the draft once taken over; the flash carries the rest of what was typed. */
function withoutExtras(values: Values): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !name.startsWith("extra-")));
}

// ---------------------------------------------------------------------------------------------
// The page's language (issue #33), on the server only: the loader and the action word everything,
// the browser gets strings. German stays what the server functions answer, word for word.
// The exported helpers (shared with /enter-data/unpaid) import nothing from the server: a route's
// browser build keeps its exports, and a server module must never reach it (the formatter is a parameter).

/** A family page's path in the page's language; anything else (the provider's page, /simulated-pay) as it is. */
export function familyPath(lang: Lang, to: string): string {
  return to.startsWith("/") && !to.startsWith("//") && !UNPREFIXED_PATHS.test(to.slice(1).split(/[?#]/)[0]!) ? localePath(lang, to) : to;
}

/** A redirect thrown by a server function (to an earlier step), to that step in the page's language. */
export function localRedirect(lang: Lang, error: unknown): unknown {
  const location = error instanceof Response ? error.headers.get("Location") : null;
  if (lang === "de" || !(error instanceof Response) || !location) return error;
  const headers = new Headers(error.headers);
  headers.set("Location", familyPath(lang, location));
  return new Response(error.body, { status: error.status, headers });
}

/** The complete draft, or a redirect to the step that is missing, in the page's language. */
async function completeDraft(lang: Lang, request: Request): Promise<CompleteDraft> {
  try {
    return await requireCompleteDraft(request);
  } catch (error) {
    throw localRedirect(lang, error);
  }
}

/** A simple template for the browser's `fill()`: the message with its placeholders left in. */
function template(lang: Lang, t: typeof Translate, key: "summaryRoundsValue" | "summaryPersonsValue" | "missingList", names: readonly string[]): string {
  return t(lang, "enterData", key, Object.fromEntries(names.map((n) => [n, `{${n}}`])));
}

/** BookingSummary's two templates (its other words are in `texts(lang, "enterData")`). */
export function summaryTemplates(lang: Lang, t: typeof Translate) {
  return {
    summaryRoundsValue: template(lang, t, "summaryRoundsValue", ["rounds"]),
    summaryPersonsValue: template(lang, t, "summaryPersonsValue", ["total", "children", "active", "accompanying"]),
  };
}

const pageTextsCache = new Map<Lang, ReturnType<typeof buildPageTexts>>();
function buildPageTexts(lang: Lang) {
  return {
    ...texts(lang, "enterData"),
    ...summaryTemplates(lang, tr),
    missingList: template(lang, tr, "missingList", ["fields"]),
    // Shared messages (namespace `msg`) the browser shows by itself.
    bookingFailed: localizeMsg(lang, MSG.bookingFailed),
    voucherValid: localizeMsg(lang, MSG.voucherValid),
    voucherAvailable: localizeMsg(lang, MSG.voucherAvailable),
    voucherCheckFailed: localizeMsg(lang, MSG.voucherCheckFailed),
  };
}
/** Every word the contact step's browser shows, in the page's language. */
function pageTexts(lang: Lang) {
  let out = pageTextsCache.get(lang);
  if (!out) pageTextsCache.set(lang, (out = buildPageTexts(lang)));
  return out;
}

const checksCache = new Map<Lang, ContactMessages>();
/** The contact checks' words (German: the domain's own, the same the staff and API checks use). */
function contactMessages(lang: Lang): ContactMessages {
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
      tooLong: each((f) => tr(lang, "enterData", "tooLong", { label: words[f], max: String(CONTACT_MAX_LENGTH[f]) })),
      missing: each((f) => tr(lang, "enterData", "missingField", { label: words[f] })),
      labels: each((f) => words[f]),
    };
    checksCache.set(lang, m);
  }
  return m;
}

/** The party section's words and checks (German: the domain's own). */
function partyTexts(lang: Lang): { title: string; hint: string; texts: PartyTexts } {
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
      childNameTooLong: tr(lang, "dataFields", "childNameTooLong", { max: String(PARTY_LIMITS.childName) }),
      childAge: tr(lang, "dataFields", "childAge", { min: String(PARTY_LIMITS.minAge), max: String(PARTY_LIMITS.maxAge) }),
      notesTooLong: tr(lang, "dataFields", "notesTooLong", { max: String(PARTY_LIMITS.notes) }),
    },
  };
}

/** The second step of «Abbrechen»: its words travel with the action's answer, not with the step's JavaScript (budget). */
type CancelText = { question: string; detail: string; keep: string; confirm: string };
function cancelText(lang: Lang): CancelText {
  const words = texts(lang, "enterData");
  return { question: words.cancelQuestion, detail: words.cancelDetail, keep: words.cancelKeep, confirm: words.cancelConfirm };
}

/** German texts of the extras and party rules a server function or flash carries, by their key in `dataFields`. */
const DATA_FIELD_TEXTS = new Map<string, "extrasUpdated" | "extrasAdjusted" | "extrasCheck" | "partyCheck">([
  [EXTRAS_MSG.updated, "extrasUpdated"],
  [EXTRAS_MSG.adjusted, "extrasAdjusted"],
  [EXTRAS_MSG.check, "extrasCheck"],
  [PARTY_MSG.check, "partyCheck"],
]);
const NOT_ORDERABLE = /^«(.+)» ist für diesen Termin nicht mehr bestellbar\. Bitte prüfen Sie Ihre Auswahl\.$/;

/**
 * A German message a server function answered with, in the page's language: the extras' and the
 * party's from `dataFields`, the shared ones (MSG) from `msg`. Anything else (a promo code's words,
 * see the report in issue #33) stays as it is.
 */
function localText(lang: Lang, german: string): string {
  if (lang === "de") return german;
  const key = DATA_FIELD_TEXTS.get(german);
  if (key) return tr(lang, "dataFields", key);
  const notOrderable = NOT_ORDERABLE.exec(german);
  if (notOrderable) return tr(lang, "dataFields", "extraNotOrderable", { name: notOrderable[1]! });
  return localizeMsg(lang, german);
}

function localCoupon<C extends CouponResult | null | undefined>(lang: Lang, coupon: C): C {
  return coupon ? { ...coupon, message: localText(lang, coupon.message) } : coupon;
}

/** A flash kept for the page (a voucher checked or extras taken over without JavaScript), in its language. */
function localAnswer(lang: Lang, answer: ActionData): ActionData {
  if (lang === "de") return answer;
  return {
    ...answer,
    alert: answer.alert === undefined ? undefined : localText(lang, answer.alert),
    notice: answer.notice === undefined ? undefined : localText(lang, answer.notice),
    coupon: localCoupon(lang, answer.coupon),
  };
}

/** The self-service notice (`lateBookingNotice`, German) in the page's language. */
function lateIn(lang: Lang, german: string | null, hours: number): string | null {
  return german && lang !== "de" ? tr(lang, "enterData", "lateNotice", { hours }) : german;
}

/** The countries of the address: German as before; other languages named by the runtime's CLDR data, in the same order. */
function countriesIn(lang: Lang): [string, string][] {
  if (lang === "de") return Object.entries(CONTACT_COUNTRIES);
  const names = new Intl.DisplayNames(LOCALE[lang], { type: "region" });
  const other = texts(lang, "enterData").otherCountry;
  return Object.keys(CONTACT_COUNTRIES).map((code) => [code, code === "XX" ? other : (names.of(code) ?? code)]);
}

/** «Bestellbar bis …» in the page's language (null: until the party). */
function deadlineIn(lang: Lang, deadlineDays: number, date: string): string | null {
  const last = lastOrderDay(date, deadlineDays);
  return last === null ? null : tr(lang, "dataFields", "orderUntil", { date: longDateLabel(last, lang), days: deadlineDays });
}

const UNIT_KEYS = { piece: "perPiece", child: "perChild", party: "perParty" } as const;

/** An extra's sentence under its name (as `extraGroups` words it in German): what it is, price, how many, until when. */
function extraTextIn(lang: Lang, extra: Extra, children: number, date: string): string {
  const limit = String(quantityLimit(extra, children));
  const price = extra.priceRappen > 0 ? `${formatChf(extra.priceRappen, lang)} ${tr(lang, "dataFields", UNIT_KEYS[extra.unit])}` : tr(lang, "dataFields", "noSurcharge");
  const rule = extra.unit === "party" ? tr(lang, "dataFields", "ruleParty") : tr(lang, "dataFields", extra.unit === "child" ? "ruleChild" : "ruleMax", { limit });
  const text = [extra.description, tr(lang, "dataFields", "priceAndRule", { price, rule }), deadlineIn(lang, extra.deadlineDays, date) ?? ""].filter(Boolean).join(" ");
  return text.endsWith(".") ? text : `${text}.`;
}

/**
 * The extras section in the page's language: the server's section (fields, counts, order) with its
 * words replaced; German as the server words it. The extras' names, choices and descriptions are the venue's.
 */
async function extrasSectionIn(lang: Lang, db: Db, draft: CompleteDraft): Promise<DataSection | null> {
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
        text: extraTextIn(lang, extra, target.children, draft.date),
        fields: extra.choices.length > 0 ? group.fields : group.fields.map((f) => ({ ...f, label: words.quantity })),
      };
    }),
    notes: late.map((e) => tr(lang, "dataFields", "lateNote", { name: e.name, deadline: deadlineIn(lang, e.deadlineDays, draft.date) ?? words.untilParty })),
  };
}

/** The extras' problems of a submit (`parseExtraPicks`, German) in the page's language: the same fields, the same rules. */
function extraProblemsIn(lang: Lang, problems: ExtraProblem[], offered: readonly Extra[], children: number): ExtraProblem[] {
  if (lang === "de") return problems;
  return problems.map((p) => {
    const [, id, choice] = /^extra-(\d+)(?:-(\d+))?$/.exec(p.field) ?? [];
    const extra = offered.find((e) => e.id === Number(id));
    if (!extra) return p;
    const limit = String(quantityLimit(extra, children));
    if (p.message.startsWith(`${extra.name}: zu viele gewählt`)) {
      return { field: p.field, message: tr(lang, "dataFields", extra.unit === "child" ? "tooManyPerChild" : "tooMany", { name: extra.name, limit }) };
    }
    const chosen = choice === undefined ? "" : (extra.choices[Number(choice)] ?? "");
    return { field: p.field, message: tr(lang, "dataFields", "wholeNumber", { label: chosen ? `${extra.name}, ${chosen}` : extra.name, limit }) };
  });
}

/** A price line's German words (`birthdaySummaryLines`, `gameSummaryLines`, the extras', a promo code's) in the page's language. */
function lineIn(lang: Lang, t: typeof Translate, line: SummaryLine): SummaryLine {
  const l = line.label;
  let m: RegExpExecArray | null;
  const label =
    l === "Kinder"
      ? t(lang, "enterData", "lineChildren")
      : (m = /^Kinder \(mindestens (\d+) verrechnet\)$/.exec(l))
        ? t(lang, "enterData", "lineChildrenMin", { count: Number(m[1]) })
        : l === "Erwachsene mitspielend"
          ? t(lang, "enterData", "lineActive")
          : l === "Erwachsene nur Begleitung"
            ? t(lang, "enterData", "lineAccompanying")
            : l === "Spieler × Runden"
              ? t(lang, "gameFlow", "linePlayersRounds")
              : (m = /^Geburtstagspaket \((\d+) Runden\)$/.exec(l))
                ? t(lang, "gameFlow", "linePackage", { rounds: Number(m[1]) })
                : l === "Zusatzrunden"
                  ? t(lang, "gameFlow", "lineExtraRounds")
                  : (m = /^Rabatt: Aktionscode (.+)$/.exec(l))
                    ? t(lang, "enterData", "lineDiscount", { code: m[1]! })
                    : gameNameIn(lang, t, l);
  // «2 × CHF 30.00», «4 × inbegriffen»: the amounts in the language's format.
  const detail =
    line.detail
      ?.replace(/CHF ([\d'’]+\.\d{2})/g, (_, amount: string) => formatChf(Math.round(Number(amount.replace(/['’]/g, "")) * 100), lang))
      .replace(/× inbegriffen$/, `× ${t(lang, "dataFields", "included")}`) ?? null;
  return { ...line, label, detail };
}

/** A game's booking name («Normales Spiel – Arena»): the kind in the page's language, the location as the venue named it. */
function gameNameIn(lang: Lang, t: typeof Translate, name: string): string {
  const m = /^(Normales Spiel|Geburtstagspaket) – (.+)$/.exec(name);
  return m ? `${t(lang, "gameFlow", m[1] === "Normales Spiel" ? "typeNormal" : "typePackage")} – ${m[2]}` : name;
}

/**
 * A summary (the contact step's, or a held booking's) in the page's language: date, time, price
 * lines, a game's name and the deposit's lines (`balanceDays`: the venue's, for its due date).
 * German as the server words it.
 */
export function summaryIn<S extends SummaryData & { startMin: number; endMin: number; payNowRappen?: number }>(
  lang: Lang,
  t: typeof Translate,
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
  return {
    ...summary,
    dateText: shortDateLabel(summary.date, lang),
    timeText: t(lang, "common", "timeRange", { start: formatTime(summary.startMin), end: formatTime(summary.endMin) }),
    offerName: summary.players ? gameNameIn(lang, t, summary.offerName) : summary.offerName,
    lines: summary.lines.map((line) => lineIn(lang, t, line)),
    depositLines,
  };
}

/**
 * The list at the top of the page after a refused submit (issue #28 §5): the spec's message, then
 * each field's problem as a link to that field. Not an alert itself: the form's alert announces it.
 */
function ErrorSummary({ title, message, problems }: { title: string; message: string; problems: readonly { field: string; message: string }[] }) {
  return (
    <section className="alert alert-error error-summary" aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">{title}</h2>
      {problems.length > 0 ? (
        <ul>
          {problems.map((p) => (
            <li key={p.field}>
              <a href={`#${p.field}`}>{p.message}</a>
            </li>
          ))}
        </ul>
      ) : (
        <p>
          <a href="#contact-alert">{message}</a>
        </p>
      )}
    </section>
  );
}

/** The form's one alert; on a phone it would sit far above the submit button, so it is scrolled to and focused. */
function FormAlert({ message, slotTaken, missing }: { message?: string | null; slotTaken?: string; missing?: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!message || !ref.current) return;
    ref.current.scrollIntoView({ block: "center" });
    ref.current.focus({ preventScroll: true });
  }, [message]);
  return (
    <div role="alert" aria-live="assertive" ref={ref} tabIndex={-1} id="contact-alert">
      {message ? (
        <div className="alert alert-error">
          <p>{message}</p>
          {/* The spec's message names no field: the fields follow it. */}
          {missing ? <p>{missing}</p> : null}
          {slotTaken ? (
            <p>
              {/* A button of the form, not a link: it takes what was typed along (see the action). */}
              <button type="submit" name="intent" value="back" className="button button-secondary button-small" formNoValidate>
                {slotTaken}
              </button>
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** The second step of "Abbrechen": nothing is thrown away before the family says so. */
function CancelConfirm({ text }: { text: CancelText }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "center" });
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div className="alert alert-warning" role="alert" tabIndex={-1} ref={ref}>
      <p>
        <strong>{text.question}</strong> {text.detail}
      </p>
      <div className="actions">
        <button type="submit" name="intent" value="cancel-keep" className="button button-secondary" formNoValidate>
          {text.keep}
        </button>
        <button type="submit" name="intent" value="cancel-confirmed" className="button" formNoValidate>
          {text.confirm}
        </button>
      </div>
    </div>
  );
}

function TextField({
  name,
  label,
  values,
  type = "text",
  autoComplete,
  disabled,
  onChange,
  children,
  describedBy,
  problem,
}: {
  name: (typeof TEXT_FIELDS)[number];
  label: string;
  values: Values;
  type?: string;
  autoComplete?: string;
  disabled?: boolean;
  onChange?: (value: string) => void;
  children?: React.ReactNode;
  describedBy?: string;
  /** What is wrong with this field after a submit (marked, and linked from the list at the top). */
  problem?: string;
}) {
  const errorId = problem ? `${name}-problem` : undefined;
  const described = [describedBy, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      {/* Every contact field is required (the message is a DataField of its own). */}
      <label htmlFor={name}>
        {label}
        {" *"}
      </label>
      <input
        id={name}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={values[name] ?? ""}
        maxLength={CONTACT_MAX_LENGTH[name]}
        aria-required
        aria-describedby={described}
        aria-invalid={described ? true : undefined}
        readOnly={disabled}
        onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}
      />
      {problem ? (
        <p className="field-error" id={errorId}>
          {problem}
        </p>
      ) : null}
      {children}
    </div>
  );
}

export default function EnterData() {
  return <ContactForm {...useLoaderData<typeof loader>()} actionData={useActionData<ActionData>()} />;
}

function ContactForm({
  t,
  checks,
  summary,
  flash,
  previous,
  payText,
  holdText,
  lateNotice,
  countries,
  party,
  extras,
  messageField,
  actionData: posted,
}: ReturnType<typeof useLoaderData<typeof loader>> & { actionData: ActionData | undefined }) {
  const actionData = posted ?? flash ?? undefined;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const common = useCommonTexts();
  const lang = useLang();
  const to = useLocalePath();
  const values = actionData?.values ?? previous ?? {};
  const [email, setEmail] = useState(values.email ?? "");
  const [emailRepeat, setEmailRepeat] = useState(values.emailRepeat ?? "");
  const [terms, setTerms] = useState(values.terms === "on");
  const [couponCode, setCouponCode] = useState(values.couponCode ?? summary.couponCode ?? "");
  const [coupon, setCoupon] = useState<CouponResult | null | undefined>(actionData?.coupon);
  const [checking, setChecking] = useState(false);
  const [clientAlert, setClientAlert] = useState<string | null>(null);
  const [clientProblems, setClientProblems] = useState<ContactProblem[]>([]);
  const termsRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // After "Back", or when typed before hydration, the form holds what the family entered; the state must follow it.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    setTerms(termsRef.current?.checked ?? false);
    setEmail((form.elements.namedItem("email") as HTMLInputElement | null)?.value ?? "");
    setEmailRepeat((form.elements.namedItem("emailRepeat") as HTMLInputElement | null)?.value ?? "");
    const typedCode = (form.elements.namedItem("couponCode") as HTMLInputElement | null)?.value;
    if (typedCode !== undefined) setCouponCode(typedCode.toUpperCase());
  }, []);
  const lastAction = useRef(actionData);
  if (lastAction.current !== actionData) {
    lastAction.current = actionData;
    if (actionData && "coupon" in actionData) setCoupon(actionData.coupon);
  }

  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "book";
  // Also rendered by the server after a submit without JavaScript (spec §5: inline as well as in the alert).
  const emailsDiffer = emailRepeat !== "" && email.trim().toLowerCase() !== emailRepeat.trim().toLowerCase();
  const busy = submitting;
  const couponValid = coupon ? coupon.valid : summary.couponCode !== null;
  // A voucher that covers the deposit books without a payment, like one that covers the whole price.
  const label = submitting ? t.submitting : summary.payNowRappen <= 0 && couponValid ? t.finish : t.toPayment;

  async function checkCoupon() {
    const code = normalizeCode(couponCode);
    setCouponCode(code);
    if (!code) return;
    setChecking(true);
    try {
      const body = new FormData();
      body.set("couponCode", code);
      const response = await fetch(to("/enter-data/coupon"), { method: "POST", body });
      const result = (await response.json()) as CouponResult;
      if (typeof result?.valid !== "boolean" || typeof result.message !== "string") throw new Error("unexpected answer");
      setCoupon(result);
    } catch {
      setCoupon({ valid: false, message: t.voucherCheckFailed, couponCode: code, remainingValue: 0 });
    } finally {
      setChecking(false);
      revalidator.revalidate();
    }
  }

  async function clearCoupon() {
    setCouponCode("");
    setCoupon(null);
    const body = new FormData();
    body.set("intent", "coupon-clear");
    await fetch(to("/enter-data/coupon"), { method: "POST", body }).catch(() => undefined);
    revalidator.revalidate();
  }

  /** The same rules and words as the action, before the round trip; the server checks again regardless. */
  function validateBeforeSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value !== "book") return;
    const input = Object.fromEntries(new FormData(event.currentTarget)) as ContactInput;
    const problem = firstContactErrorIn(input, checks);
    setClientAlert(problem);
    setClientProblems(problem ? contactProblemsIn(input, checks) : []);
    if (problem) event.preventDefault();
  }

  function onCouponKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      void checkCoupon();
    }
  }

  const shownCoupon: CouponResult | null | undefined = coupon === undefined && summary.couponCode
    ? summary.promoMessage
      ? { valid: true, message: summary.promoMessage, couponCode: summary.couponCode, remainingValue: 0, promo: true }
      : { valid: true, message: t.voucherValid, couponCode: summary.couponCode, remainingValue: (summary.couponRemainingRappen ?? 0) / 100 }
    : coupon;

  // After a refused submit: what is wrong, per field (from the browser's check, or from the server's answer without JavaScript).
  const alert = clientAlert ?? (actionData?.lost ? t.bookingFailed : actionData?.alert) ?? null;
  const problems = clientAlert !== null ? clientProblems : actionData?.alert ? (actionData.problems ?? []) : [];
  const problemOf = (field: string) => problems.find((p) => p.field === field)?.message;
  const missing = problems.filter((p) => p.message === checks.missing[p.field as ContactField]).map((p) => checks.labels[p.field as ContactField]);
  // The spec's message names no field: the fields follow it.
  const missingText = missing.length > 0 && alert === checks.requiredFields ? fill(t.missingList, { fields: missing.join(", ") }) : null;

  return (
    <Page title={t.title}>
      {/* Without JavaScript the answer opens at the top of the page, far above the form on a phone:
          the problems are listed here first, each a link to its field. */}
      {alert ? <ErrorSummary title={t.errorSummaryTitle} message={alert} problems={problems} /> : null}
      <BookingSummary summary={summary} />
      {actionData?.notice ? (
        <p className="alert alert-success" role="status">
          {actionData.notice}
        </p>
      ) : null}
      <Form method="post" className="card" noValidate onSubmit={validateBeforeSubmit} ref={formRef}>
        {/* The first submit button is the form's default: Enter in a text field books, as it reads. */}
        <button type="submit" name="intent" value="book" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          {label}
        </button>
        <h2>{t.contactHeading}</h2>
        <FormAlert message={alert} slotTaken={clientAlert ? undefined : actionData?.slotTaken} missing={missingText} />
        <div className="grid-2">
          <TextField name="firstName" label={t.firstName} values={values} autoComplete="given-name" problem={problemOf("firstName")} />
          <TextField name="lastName" label={t.lastName} values={values} autoComplete="family-name" problem={problemOf("lastName")} />
        </div>
        <TextField name="street" label={t.street} values={values} autoComplete="address-line1" problem={problemOf("street")} />
        <div className="grid-2">
          <TextField name="zip" label={t.zip} values={values} autoComplete="postal-code" problem={problemOf("zip")} />
          <TextField name="city" label={t.city} values={values} autoComplete="address-level2" problem={problemOf("city")} />
        </div>
        <CountrySelect id="country" label={t.country} options={countries} value={values.country} />
        <TextField name="phone" label={t.phone} type="tel" values={values} autoComplete="tel" problem={problemOf("phone")} />
        <div className="grid-2">
          <TextField name="email" label={t.email} type="email" values={values} autoComplete="email" onChange={setEmail} problem={problemOf("email")} />
          <TextField
            name="emailRepeat"
            label={t.emailRepeat}
            type="email"
            values={values}
            autoComplete="email"
            onChange={setEmailRepeat}
            describedBy={emailsDiffer ? "emailRepeat-error" : undefined}
            // The live message under the field already says it while they differ.
            problem={emailsDiffer && problemOf("emailRepeat") === checks.emailsDiffer ? undefined : problemOf("emailRepeat")}
          >
            {emailsDiffer ? (
              <p className="field-error" id="emailRepeat-error">
                {checks.emailsDiffer}
              </p>
            ) : null}
          </TextField>
        </div>
        <DataFields fields={[{ ...messageField, value: values.message ?? "", problem: problemOf("message") }]} />
        {party ? <Section section={party} typed={values} problemOf={problemOf} /> : null}
        {extras ? <Section section={extras} typed={values} problemOf={problemOf} /> : null}

        <fieldset className="card" disabled={busy}>
          <legend>{t.voucher}</legend>
          <label htmlFor="couponCode">{t.voucherCode}</label>
          <div className="coupon-row">
            <input
              id="couponCode"
              name="couponCode"
              type="text"
              autoComplete="off"
              value={couponCode}
              onChange={(e) => setCouponCode(e.currentTarget.value.toUpperCase())}
              onKeyDown={hydrated ? onCouponKey : undefined}
            />
            <button
              type={hydrated ? "button" : "submit"}
              name="intent"
              value="coupon"
              className="button button-secondary button-small"
              onClick={hydrated ? () => void checkCoupon() : undefined}
            >
              {t.voucherCheck}
            </button>
            <button
              type={hydrated ? "button" : "submit"}
              name="intent"
              value="coupon-clear"
              className="button button-secondary button-small"
              onClick={hydrated ? () => void clearCoupon() : undefined}
            >
              {t.voucherClear}
            </button>
          </div>
          <div className="coupon-result" aria-live="polite">
            {checking ? <p className="muted">{t.voucherChecking}</p> : null}
            {!checking && shownCoupon ? (
              shownCoupon.valid && shownCoupon.promo ? (
                <div className="alert alert-success">
                  <p>{shownCoupon.message}</p>
                </div>
              ) : shownCoupon.valid ? (
                <div className="alert alert-success">
                  <p>{shownCoupon.message}</p>
                  <p>
                    {t.voucherAvailable}{" "}
                    <span className="nobreak">{lang === "de" ? `CHF ${shownCoupon.remainingValue.toFixed(2)}` : formatChf(Math.round(shownCoupon.remainingValue * 100), lang)}</span>
                  </p>
                  {/* The balance above is before this booking; a parent also wants what is left after it. */}
                  <p>
                    {t.remainingAfter}{" "}
                    <span className="nobreak">{formatChf(Math.max(0, Math.round(shownCoupon.remainingValue * 100) - summary.priceRappen), lang)}</span>
                  </p>
                </div>
              ) : (
                <div className="alert alert-error">
                  <p>{shownCoupon.message}</p>
                </div>
              )
            ) : null}
          </div>
        </fieldset>

        <fieldset className="field">
          <legend>{t.paymentMethod}</legend>
          <label>
            <input type="radio" name="paymentMethod" value="online" defaultChecked /> {t.payOnline}
          </label>
        </fieldset>

        <div className="field">
          <label className="check-row">
            <input
              ref={termsRef}
              id="terms"
              type="checkbox"
              name="terms"
              aria-required="true"
              aria-invalid={problemOf("terms") ? true : undefined}
              aria-describedby={problemOf("terms") ? "terms-problem" : undefined}
              defaultChecked={values.terms === "on"}
              onChange={(e) => setTerms(e.currentTarget.checked)}
            />{" "}
            {t.acceptTerms}{" "}
            <a href={to("/agb")} target="_blank" rel="noopener noreferrer">
              {common.terms}
            </a>{" "}
            *
          </label>
          {problemOf("terms") ? (
            <p className="field-error" id="terms-problem">
              {problemOf("terms")}
            </p>
          ) : null}
        </div>
        <p className="muted">{payText}</p>
        {holdText ? <p className="muted">{holdText}</p> : null}
        {lateNotice ? (
          <p className="alert alert-warning" id="late-booking-notice">
            {lateNotice}
          </p>
        ) : null}

        {actionData?.confirmCancel ? <CancelConfirm text={actionData.confirmCancel} /> : null}
        <div className="actions">
          <button type="submit" name="intent" value="back" className="button button-secondary" disabled={busy} formNoValidate>
            {common.back}
          </button>
          <button type="submit" name="intent" value="cancel" className="button button-secondary" disabled={busy} formNoValidate>
            {t.cancel}
          </button>
          <button type="submit" name="intent" value="book" className="button" disabled={busy || (hydrated && !terms)}>
            {label}
          </button>
        </div>
      </Form>
    </Page>
  );
}
