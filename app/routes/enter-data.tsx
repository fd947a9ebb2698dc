import type { RouteHandle } from "~/root";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { data, Form, redirect, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { BookingSummary } from "~/components/BookingSummary";
import { Page } from "~/components/Page";
import { useHydrated } from "~/components/useHydrated";
import { fill, useCommonTexts, useLang, useLocalePath } from "~/components/useLanguage";
import { normalizeCode } from "~/domain/codes";
import { CONTACT_MAX_LENGTH, contactProblemsIn, firstContactErrorIn, toContact, type ContactField, type ContactInput, type ContactProblem } from "~/domain/contact";
import { isDiallablePhone } from "~/domain/phone";
import { CountrySelect } from "~/components/CountrySelect";
import { formatChf } from "~/domain/money";
import type { CouponResult } from "~/server/vouchers/coupon.server";
import { bookableDraftPicks, checkoutSummary, offeredDraftExtras } from "~/server/checkout/checkout.server";
import { parseExtraPicks, samePicks, type ExtraProblem } from "~/domain/extras";
import { placeBooking } from "~/server/checkout/place-booking.server";
import { clientKey } from "~/server/platform/client.server";
import { getDb } from "~/server/platform/db.server";
import { holdMinutes, loadVenuePolicy, venueWordsIn } from "~/server/booking/venue.server";
import { lateBookingNotice } from "~/domain/self-service";
import { clearDraft, redirectWithDraft, takeFormFlash, updateDraft } from "~/server/booking/draft.server";
import { applyCouponToDraft, removeCouponFromDraft } from "~/server/checkout/draft-coupon.server";
import { changeHeldBooking, confirmedDraftBooking, openHoldOf, resumePayment, typedValuesOf } from "~/server/checkout/held-booking.server";
import {
  cancelText,
  completeDraft,
  contactMessages,
  countriesIn,
  extraProblemsIn,
  extrasSectionIn,
  lateIn,
  localAnswer,
  localCoupon,
  localText,
  pageTexts,
  partyTexts,
  payTexts,
  stepMessage,
  type CancelText,
} from "~/server/checkout/contact-texts.server";
import { summaryIn } from "~/server/booking/summary-texts.server";
import { localPageMeta } from "~/domain/page-meta";
import { DataFields, DataSection as Section } from "~/components/DataFields";
import type { DataSection } from "~/domain/data-fields";
import { parsePartyDetails, partyDataFields, type DataField, type PartyField, type PartyProblem } from "~/domain/party-details";
import { localePath } from "~/i18n/locales";
import { familyPath, requestLang } from "~/server/i18n/request.server";

export const handle: RouteHandle = { hydrate: true, translated: true };
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
  // A promo code's message in the box («Aktionscode … eingelöst: …»), worded in the page's language.
  const summary = summaryIn(lang, { ...checkout, promoMessage: checkout.promoMessage && localText(lang, checkout.promoMessage) }, policy.balanceDays, await venueWordsIn(db, lang));
  const { flash, cookie } = await takeFormFlash(request);
  const t = pageTexts(lang);
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
      // `payText`, `holdText`: with a deposit only it is paid now (issue #30 §3): «Jetzt zu bezahlen (Anzahlung): …».
      ...payTexts(lang, summary, await holdMinutes(db)),
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
    if ("error" in outcome) return data<ActionData>({ alert: pageTexts(lang).bookingFailed, values: (draft.bookingCode ? await typedValuesOf(db, draft.bookingCode) : null) ?? values }, { status: 502 });
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
  const extraProblems = extras.ok ? [] : extraProblemsIn(lang, extras.problems);
  const extrasCheck = stepMessage(lang, "extrasCheck");
  // The notice waits in the flash for the page's next load, worded in its language.
  const updated = { values: withoutExtras(values), notice: stepMessage(lang, "extrasUpdated") };
  if (intent === "extras") {
    if (!extras.ok) return data<ActionData>({ alert: extrasCheck, problems: extraProblems, values }, { status: 400 });
    return redirectWithDraft(self, await updateDraft(request, { extras: extras.picks }, updated));
  }
  if (intent !== "book") return data<ActionData>({ values }, { status: 400 });

  const input = Object.fromEntries(form) as ContactInput;
  const checks = contactMessages(lang);
  const problem = firstContactErrorIn(input, checks, isDiallablePhone);
  // The party section is optional, but what is typed there is checked too, and all problems are listed at once.
  const party = asksParty(draft) ? parsePartyDetails(values, partyTexts(lang).texts) : null;
  const partyProblems = party && !party.ok ? party.problems : [];
  if (problem) return data<ActionData>({ alert: problem, problems: [...contactProblemsIn(input, checks, isDiallablePhone), ...partyProblems, ...extraProblems], values }, { status: 400 });
  if (partyProblems.length > 0) return data<ActionData>({ alert: stepMessage(lang, "partyCheck"), problems: [...partyProblems, ...extraProblems], values }, { status: 400 });
  if (!extras.ok) return data<ActionData>({ alert: extrasCheck, problems: extraProblems, values }, { status: 400 });
  // Counts changed without «Preis aktualisieren»: taken over and shown priced before anything is booked.
  const picks = await bookableDraftPicks(db, draft);
  if (!samePicks(extras.picks, picks)) {
    return redirectWithDraft(self, await updateDraft(request, { extras: extras.picks }, updated));
  }
  // Something chosen can no longer be booked as the family last saw it (its deadline passed at
  // midnight, the manager switched it off): never dropped silently, the new total is shown first.
  if (!samePicks(picks, draft.extras ?? [])) {
    return redirectWithDraft(self, await updateDraft(request, { extras: picks }, { values: withoutExtras(values), notice: stepMessage(lang, "extrasAdjusted") }));
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
  const slotTaken = outcome.status === 409 && !outcome.coupon ? pageTexts(lang).slotTaken : undefined;
  return data<ActionData>({ alert: localText(lang, outcome.message), values, coupon: localCoupon(lang, outcome.coupon ?? undefined), slotTaken }, { status: outcome.status });
}

const EXTRA_FIELD = /^extra-\d{1,6}(?:-\d{1,2})?$/;

/** The extras' counts live in the draft once taken over; the flash carries the rest of what was typed. */
function withoutExtras(values: Values): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !name.startsWith("extra-")));
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
