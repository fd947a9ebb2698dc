import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { ChangeConfirm } from "~/components/ChangeConfirm";
import { Page } from "~/components/Page";
import { CHANGE_MSG } from "~/domain/booking-change";
import { changeNotice, parseCounts, parseExpectedPrice } from "~/domain/change-form";
import { pageMeta } from "~/domain/page-meta";
import { formatDateDE, formatTime } from "~/domain/time";
import { MANAGE_HEADERS, manageView, requireManagedBooking, selfServiceClosedMessage, selfServicePolicy } from "~/server/booking/manage.server";
import { changeByFamily } from "~/server/payments/booking-change.server";
import { getDb } from "~/server/platform/db.server";
import { findOffer } from "~/server/booking/venue.server";
import { counterMax, DEFAULT_PARTY_RULES } from "~/domain/party-rules";
import { HOST_TEXT } from "~/domain/guests";
import { headcountLockedMessage, headcountLockOption } from "~/server/booking/headcount.server";

export const headers: HeadersFunction = () => MANAGE_HEADERS;
export const meta: MetaFunction = () => pageMeta("Anzahl Personen ändern", [{ name: "robots", content: "noindex" }]);

const COUNTERS = [
  { name: "numChildren", label: "Kinder" },
  { name: "numActiveAdults", label: "Erwachsene (mitspielend)" },
  { name: "numAccompanyingAdults", label: "Erwachsene (nur Begleitung)" },
] as const;

/** Birthdays only (a game keeps its players), within the self-service time like moving and cancelling. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const view = manageView(r, await selfServicePolicy(db));
  if (!view.canChange || view.booking.players !== null) throw redirect(`/buchung/${params.token}`);
  const offer = r.offerId === null ? undefined : await findOffer(db, r.offerId);
  // After the headcount deadline the page says so instead of offering the form (issue #30 §4).
  // «Zur Gästeliste übernehmen» and «Anzahl Kinder erhöhen» (issue #32 §3) suggest a number of children; the family still checks the price.
  const kinder = new URL(request.url).searchParams.get("kinder") ?? "";
  const suggested = /^\d{1,2}$/.test(kinder) ? Number(kinder) : null;
  return { view, token: params.token!, suggested, locked: await headcountLockedMessage(db, r), rules: offer ? { minChildren: offer.minChildren, maxChildren: offer.maxChildren, maxAdults: offer.maxAdults, minChargedChildren: offer.minChargedChildren } : DEFAULT_PARTY_RULES };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const form = await request.formData();
  const counts = parseCounts(form);
  if (!counts) return data({ error: CHANGE_MSG.countsRange, quote: null, counts: null }, { status: 400 });
  const result = await changeByFamily(db, r, { date: r.date, startMin: r.startMin, counts }, {
    token: params.token!,
    confirmed: form.get("confirm") === "1",
    expectedPriceRappen: parseExpectedPrice(form.get("expect")),
    alwaysQuote: true,
    hours: (await selfServicePolicy(db)).hours,
    closedMessage: await selfServiceClosedMessage(db),
    headcount: await headcountLockOption(db, r),
  });
  if ("ok" in result) {
    const status = result.reason === "slot_taken" || result.reason === "refused" ? 409 : result.reason === "payment_failed" ? 502 : 400;
    return data({ error: result.message, quote: null, counts }, { status });
  }
  if (result.kind === "quote") return data({ error: result.message, quote: result.quote, counts });
  if (result.kind === "payment") return redirect(result.paymentUrl, { status: 303 });
  return redirect(`/buchung/${params.token}?ok=${changeNotice("geaendert", result.refund)}`, { status: 303 });
}

export default function ChangePersons() {
  const { view, token, rules, locked, suggested } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const b = view.booking;
  const base = `/buchung/${token}/personen`;
  if (result?.quote) {
    const { counts } = result.quote.after;
    return (
      <Page title="Anzahl Personen ändern">
        <ChangeConfirm
          quote={result.quote}
          message={result.error}
          backHref={base}
          hidden={{ numChildren: String(counts.numChildren), numActiveAdults: String(counts.numActiveAdults), numAccompanyingAdults: String(counts.numAccompanyingAdults) }}
        />
      </Page>
    );
  }
  const shown = result?.counts ?? (suggested !== null ? { ...b, numChildren: suggested } : b);
  if (locked) {
    return (
      <Page title="Anzahl Personen ändern">
        <p role="alert" className="alert alert-warning">
          {locked}
        </p>
        <p>
          <a className="button button-secondary" href={`/buchung/${token}`}>
            Zurück zur Buchung
          </a>
        </p>
      </Page>
    );
  }
  return (
    <Page title="Anzahl Personen ändern">
      {result?.error ? (
        <p role="alert" className="alert alert-error">
          {result.error}
        </p>
      ) : null}
      <section className="card" aria-labelledby="persons-title">
        <h2 id="persons-title">Wie viele kommen?</h2>
        <p>
          Ihre Feier am {formatDateDE(b.date)}, {formatTime(b.startMin)} - {formatTime(b.endMin)} Uhr ({b.offerName}). Möglich, solange ein passender
          Tisch frei ist; Datum und Zeit bleiben gleich. Änderungen bis {view.deadline}.
        </p>
        {suggested !== null && suggested !== b.numChildren ? <p className="alert alert-info">{HOST_TEXT.suggested(suggested)}</p> : null}
        <Form method="post">
          {COUNTERS.map((c) => (
            <p key={c.name} className="field">
              <label htmlFor={`persons-${c.name}`}>{c.label}</label>
              <input id={`persons-${c.name}`} type="number" name={c.name} min={0} max={counterMax(rules, c.name)} step={1} inputMode="numeric" required defaultValue={shown[c.name]} />
            </p>
          ))}
          <p className="actions">
            <button type="submit" className="button">
              Weiter
            </button>{" "}
            <a className="button button-secondary" href={`/buchung/${token}`}>
              Abbrechen
            </a>
          </p>
        </Form>
      </section>
    </Page>
  );
}
