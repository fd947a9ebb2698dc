import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { Page } from "~/components/Page";
import { HEADCOUNT_MSG } from "~/domain/headcount";
import { HOST_TEXT } from "~/domain/guests";
import { formatChf } from "~/domain/money";
import { pageMeta } from "~/domain/page-meta";
import { confirmHeadcount, headcountPage } from "~/server/booking/headcount.server";
import { CUSTOMER_ACTOR } from "~/server/booking/reschedule.server";
import { MANAGE_HEADERS, manageView, requireManagedBooking, selfServicePolicy } from "~/server/booking/manage.server";
import { familyMayChooseExtras } from "~/server/payments/extras-change.server";
import { getDb } from "~/server/platform/db.server";

export const headers: HeadersFunction = () => MANAGE_HEADERS;
export const meta: MetaFunction = () => pageMeta("Schlusszahl bestätigen", [{ name: "robots", content: "noindex" }]);

/**
 * The final headcount through the manage link (issue #30 §4): the numbers and meals as booked, what
 * does not add up yet, the ways to change them (the persons and extras pages, with their prices),
 * and one button that confirms. A table birthday only; others go back to the booking.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const page = await headcountPage(db, r);
  if (!page) throw redirect(`/buchung/${params.token}`);
  const view = manageView(r, await selfServicePolicy(db));
  return {
    page,
    token: params.token!,
    // Back from «Zur Gästeliste übernehmen» (issue #32 §3): the meals are in, the family confirms here.
    takenOver: new URL(request.url).searchParams.get("ok") === "gaeste" ? HOST_TEXT.takeoverDone : null,
    total: formatChf(r.amountRappen),
    depositLines: view.deposit?.lines ?? [],
    canChangePersons: page.state.open && view.canChange,
    canChangeMeals: page.state.open && (await familyMayChooseExtras(db, r)),
  };
}

export async function action({ params }: ActionFunctionArgs) {
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const result = await confirmHeadcount(db, { reservationId: r.id, actor: CUSTOMER_ACTOR });
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  return redirect(`/buchung/${params.token}?ok=${result.already ? "schlusszahl-bereits" : "schlusszahl"}`, { status: 303 });
}

export default function Headcount() {
  const { page, token, total, depositLines, canChangePersons, canChangeMeals, takenOver } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const base = `/buchung/${token}`;
  const { state } = page;
  const problem = result?.error ?? page.problem;
  return (
    <Page title="Schlusszahl bestätigen">
      {takenOver ? (
        <p role="status" className="alert alert-success">
          {takenOver}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="alert alert-warning">
          {problem}
        </p>
      ) : null}
      <section className="card summary" aria-labelledby="headcount-title">
        <h2 id="headcount-title">{HEADCOUNT_MSG.title}</h2>
        <p>Ihre Feier am {page.when}.</p>
        {page.lockedMessage ? (
          <p>{page.lockedMessage}</p>
        ) : state.confirmedAt ? (
          <p>
            {HEADCOUNT_MSG.confirmed(state.confirmedAt)} {HEADCOUNT_MSG.changeUntil(state.deadline)}
          </p>
        ) : (
          <p>{HEADCOUNT_MSG.ask(state.deadline)}</p>
        )}
        <dl>
          {page.counts.map(([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
          {page.meals.map((m) => (
            <Fragment key={m.name}>
              <dt>{m.name}</dt>
              <dd>{m.text}</dd>
            </Fragment>
          ))}
          <dt>Total</dt>
          <dd>
            <strong className="nobreak">{total}</strong>
          </dd>
        </dl>
        {depositLines.length > 0 ? (
          <ul className="systems">
            {depositLines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
        {canChangePersons || canChangeMeals ? (
          <p className="actions">
            {canChangePersons ? (
              <a className="button button-secondary" href={`${base}/personen`}>
                Anzahl Personen ändern
              </a>
            ) : null}{" "}
            {canChangeMeals ? (
              <a className="button button-secondary" href={`${base}/zusatzleistungen`}>
                Menüs und Zusatzleistungen ändern
              </a>
            ) : null}
          </p>
        ) : null}
        {state.open && !state.confirmedAt ? (
          <Form method="post" className="actions">
            <button type="submit" className="button">
              {HEADCOUNT_MSG.confirm}
            </button>{" "}
            <a className="button button-secondary" href={base}>
              Zurück zur Buchung
            </a>
          </Form>
        ) : (
          <p>
            <a className="button button-secondary" href={base}>
              Zurück zur Buchung
            </a>
          </p>
        )}
      </section>
    </Page>
  );
}
