import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { Page } from "~/components/Page";
import { PartyNamed } from "~/components/PartyNamed";
import { useVenueTextLang } from "~/components/SiteFooter";
import { useLocalePath } from "~/components/useLanguage";
import { DEFAULT_BALANCE_DAYS } from "~/domain/deposit";
import { HOST_TEXT } from "~/domain/guests";
import { formatChf } from "~/domain/money";
import { localPageMeta } from "~/domain/page-meta";
import { localePath } from "~/i18n/locales";
import type { RouteHandle } from "~/root";
import { depositView } from "~/server/booking/deposit.server";
import { confirmHeadcount, headcountPage } from "~/server/booking/headcount.server";
import { MANAGE_HEADERS, manageView, requireManagedBooking, selfServicePolicy } from "~/server/booking/manage.server";
import { named, NAME_MARK, partyMessageIn, partyWords, whenRange } from "~/server/booking/party-pages.server";
import { CUSTOMER_ACTOR } from "~/server/booking/reschedule.server";
import { requestLang } from "~/server/i18n/request.server";
import { t } from "~/server/i18n/texts.server";
import { familyMayChooseExtras } from "~/server/payments/extras-change.server";
import { getDb } from "~/server/platform/db.server";

export const handle: RouteHandle = { translated: true };
export const headers: HeadersFunction = () => MANAGE_HEADERS;
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  localPageMeta(matches, data?.t.headcountTitle ?? "Schlusszahl bestätigen", [{ name: "robots", content: "noindex" }]);

/**
 * The final headcount through the manage link (issue #30 §4): the numbers and meals as booked, what
 * does not add up yet, the ways to change them (the persons and extras pages, with their prices),
 * and one button that confirms. A table birthday only; others go back to the booking. In the
 * page's language (issue #33); the offer and the meals are the venue's words.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const page = await headcountPage(db, r, new Date(), lang);
  if (!page) throw redirect(localePath(lang, `/buchung/${params.token}`));
  const policy = await selfServicePolicy(db);
  const view = manageView(r, policy);
  const deposit = lang === "de" ? view.deposit : depositView(r, { balanceDays: policy.balanceDays ?? DEFAULT_BALANCE_DAYS, balanceAtVenue: policy.balanceAtVenue ?? false }, "", lang);
  return {
    t: partyWords(lang, ["headcountTitle", "headcountHeading", "total", "changePersons", "changeMeals", "confirmHeadcount", "backToBooking"]),
    token: params.token!,
    // «Ihre Feier am 09.12.2026, 14:00 - 16:00 Uhr, Kindergeburtstag.»
    partyOn: named(t(lang, "party", "partyOn", { when: whenRange(lang, r, NAME_MARK) }), r.offerName),
    status: page.status,
    problem: page.problem,
    counts: page.counts,
    meals: page.meals,
    open: page.state.open,
    confirmed: page.state.confirmedAt !== null,
    // Back from «Zur Gästeliste übernehmen» (issue #32 §3): the meals are in, the family confirms here.
    takenOver: new URL(request.url).searchParams.get("ok") === "gaeste" ? partyMessageIn(lang, HOST_TEXT.takeoverDone) : null,
    total: formatChf(r.amountRappen, lang),
    depositLines: deposit?.lines ?? [],
    canChangePersons: page.state.open && view.canChange,
    canChangeMeals: page.state.open && (await familyMayChooseExtras(db, r)),
  };
}

export async function action({ params }: ActionFunctionArgs) {
  const lang = requestLang(params);
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const result = await confirmHeadcount(db, { reservationId: r.id, actor: CUSTOMER_ACTOR, lang });
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  return redirect(localePath(lang, `/buchung/${params.token}?ok=${result.already ? "schlusszahl-bereits" : "schlusszahl"}`), { status: 303 });
}

export default function Headcount() {
  const { t, token, partyOn, status, counts, meals, open, confirmed, total, depositLines, canChangePersons, canChangeMeals, takenOver, problem: mealsProblem } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const to = useLocalePath();
  const venueLang = useVenueTextLang();
  const base = to(`/buchung/${token}`);
  const problem = result?.error ?? mealsProblem;
  return (
    <Page title={t.headcountTitle}>
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
        <h2 id="headcount-title">{t.headcountHeading}</h2>
        <p>
          <PartyNamed text={partyOn} />
        </p>
        <p>{status}</p>
        <dl>
          {counts.map(([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
          {meals.map((m) => (
            <Fragment key={m.name}>
              <dt lang={venueLang}>{m.name}</dt>
              <dd lang={m.chosen ? venueLang : undefined}>{m.text}</dd>
            </Fragment>
          ))}
          <dt>{t.total}</dt>
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
                {t.changePersons}
              </a>
            ) : null}{" "}
            {canChangeMeals ? (
              <a className="button button-secondary" href={`${base}/zusatzleistungen`}>
                {t.changeMeals}
              </a>
            ) : null}
          </p>
        ) : null}
        {open && !confirmed ? (
          <Form method="post" className="actions">
            <button type="submit" className="button">
              {t.confirmHeadcount}
            </button>{" "}
            <a className="button button-secondary" href={base}>
              {t.backToBooking}
            </a>
          </Form>
        ) : (
          <p>
            <a className="button button-secondary" href={base}>
              {t.backToBooking}
            </a>
          </p>
        )}
      </section>
    </Page>
  );
}
