import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { ChangeConfirm } from "~/components/ChangeConfirm";
import { ManageText } from "~/components/ManageText";
import { Page } from "~/components/Page";
import { CHANGE_MSG } from "~/domain/booking-change";
import { changeNotice, parseCounts, parseExpectedPrice } from "~/domain/change-form";
import { localPageMeta } from "~/domain/page-meta";
import { localePath } from "~/i18n/locales";
import { MANAGE_HEADERS, manageView, requireManagedBooking, selfServiceClosedMessage, selfServicePolicy } from "~/server/booking/manage.server";
import { changeMessageIn, changeWordsIn, dateIn, markedIn, headcountLockedIn, headcountLockIn, timeRangeIn } from "~/server/booking/manage-texts.server";
import { changeByFamily } from "~/server/payments/booking-change.server";
import { getDb } from "~/server/platform/db.server";
import { findOffer } from "~/server/booking/venue.server";
import { extrasOf } from "~/server/booking/extras.server";
import { counterMax, DEFAULT_PARTY_RULES, type PartyRules } from "~/domain/party-rules";
import type { Reservation } from "~/server/booking/bookings.server";
import type { Db } from "~/server/platform/db.server";
import { requestLang } from "~/server/i18n/request.server";
import { localizeIn, t, texts } from "~/server/i18n/texts.server";
import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { translated: true };
export const headers: HeadersFunction = () => MANAGE_HEADERS;
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => localPageMeta(matches, data?.t.personsTitle ?? "Anzahl Personen ändern", [{ name: "robots", content: "noindex" }]);

/** The three counters, labelled as on /find-slot (namespace `findSlot`). */
const COUNTERS = [
  { name: "numChildren", label: "children" },
  { name: "numActiveAdults", label: "activeAdults" },
  { name: "numAccompanyingAdults", label: "accompanyingAdults" },
] as const;

/** The booking's offer's party rules (the spec's when it has none, or the offer is gone). */
async function rulesOf(db: Db, r: Reservation): Promise<PartyRules> {
  const offer = r.offerId === null ? undefined : await findOffer(db, r.offerId);
  return offer ? { minChildren: offer.minChildren, maxChildren: offer.maxChildren, maxAdults: offer.maxAdults, minChargedChildren: offer.minChargedChildren } : DEFAULT_PARTY_RULES;
}

/** Birthdays only (a game keeps its players), within the self-service time like moving and cancelling. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const view = manageView(r, await selfServicePolicy(db), new Date(), null, null, [], lang);
  const overview = localePath(lang, `/buchung/${params.token!}`);
  if (!view.canChange || view.booking.players !== null) throw redirect(overview);
  const rules = await rulesOf(db, r);
  const b = view.booking;
  // After the headcount deadline the page says so instead of offering the form (issue #30 §4).
  // «Zur Gästeliste übernehmen» and «Anzahl Kinder erhöhen» (issue #32 §3) suggest a number of children; the family still checks the price.
  const kinder = new URL(request.url).searchParams.get("kinder") ?? "";
  const suggested = /^\d{1,2}$/.test(kinder) ? Number(kinder) : null;
  return {
    t: texts(lang, "manageChange"),
    overview,
    page: localePath(lang, `/buchung/${params.token!}/personen`),
    // The offer as the venue named it (a game's name is ours, in the page's language).
    intro: markedIn(
      lang,
      "manageChange",
      "personsIntro",
      { date: dateIn(lang, b.date), time: timeRangeIn(lang, b.startMin, b.endMin), offer: b.offerName, deadline: view.deadline },
      b.players === null ? { offer: "venue" } : {},
    ),
    counters: COUNTERS.map((c) => ({ name: c.name, label: t(lang, "findSlot", c.label), max: counterMax(rules, c.name) })),
    counts: { numChildren: suggested ?? b.numChildren, numActiveAdults: b.numActiveAdults, numAccompanyingAdults: b.numAccompanyingAdults },
    suggested: suggested !== null && suggested !== b.numChildren ? t(lang, "manageChange", "suggested", { children: suggested }) : null,
    locked: await headcountLockedIn(lang, db, r),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = requestLang(params);
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const form = await request.formData();
  const counts = parseCounts(form);
  if (!counts) return data({ error: localizeIn(lang, "manageChange", CHANGE_MSG.countsRange), quote: null, words: null, counts: null }, { status: 400 });
  const result = await changeByFamily(db, r, { date: r.date, startMin: r.startMin, counts }, {
    token: params.token!,
    confirmed: form.get("confirm") === "1",
    expectedPriceRappen: parseExpectedPrice(form.get("expect")),
    alwaysQuote: true,
    hours: (await selfServicePolicy(db)).hours,
    closedMessage: await selfServiceClosedMessage(db, lang),
    headcount: await headcountLockIn(lang, db, r),
    lang,
  });
  if ("ok" in result) {
    const status = result.reason === "slot_taken" || result.reason === "refused" ? 409 : result.reason === "payment_failed" ? 502 : 400;
    // An offer's own bounds (issue #28 §3) are worded as /find-slot words them, a booked extra's as the extras page would.
    const about = { rules: await rulesOf(db, r), counts, extras: await extrasOf(db, r.id) };
    return data({ error: changeMessageIn(lang, result.message, about), quote: null, words: null, counts }, { status });
  }
  if (result.kind === "quote") {
    return data({ error: result.message === null ? null : changeMessageIn(lang, result.message), quote: result.quote, words: changeWordsIn(lang, result.quote), counts });
  }
  if (result.kind === "payment") return redirect(result.paymentUrl, { status: 303 });
  return redirect(`${localePath(lang, `/buchung/${params.token!}`)}?ok=${changeNotice("geaendert", result.refund)}`, { status: 303 });
}

export default function ChangePersons() {
  const { t, overview, page, intro, counters, counts, suggested, locked } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (result?.quote && result.words) {
    const after = result.quote.after.counts;
    return (
      <Page title={t.personsTitle}>
        <ChangeConfirm
          quote={result.quote}
          message={result.error}
          backHref={page}
          hidden={{ numChildren: String(after.numChildren), numActiveAdults: String(after.numActiveAdults), numAccompanyingAdults: String(after.numAccompanyingAdults) }}
          words={result.words}
        />
      </Page>
    );
  }
  const shown = result?.counts ?? counts;
  if (locked) {
    return (
      <Page title={t.personsTitle}>
        <p role="alert" className="alert alert-warning">
          {locked}
        </p>
        <p>
          <a className="button button-secondary" href={overview}>
            {t.backToBooking}
          </a>
        </p>
      </Page>
    );
  }
  return (
    <Page title={t.personsTitle}>
      {result?.error ? (
        <p role="alert" className="alert alert-error">
          {result.error}
        </p>
      ) : null}
      <section className="card" aria-labelledby="persons-title">
        <h2 id="persons-title">{t.personsQuestion}</h2>
        <p>
          <ManageText parts={intro} />
        </p>
        {suggested ? <p className="alert alert-info">{suggested}</p> : null}
        <Form method="post">
          {counters.map((c) => (
            <p key={c.name} className="field">
              <label htmlFor={`persons-${c.name}`}>{c.label}</label>
              <input id={`persons-${c.name}`} type="number" name={c.name} min={0} max={c.max} step={1} inputMode="numeric" required defaultValue={shown[c.name]} />
            </p>
          ))}
          <p className="actions">
            <button type="submit" className="button">
              {t.next}
            </button>{" "}
            <a className="button button-secondary" href={overview}>
              {t.abort}
            </a>
          </p>
        </Form>
      </section>
    </Page>
  );
}
