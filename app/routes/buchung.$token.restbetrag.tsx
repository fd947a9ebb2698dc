import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "~/components/Page";
import { PartyNamed } from "~/components/PartyNamed";
import { useLocalePath } from "~/components/useLanguage";
import { localPageMeta } from "~/domain/page-meta";
import { localePath } from "~/i18n/locales";
import type { RouteHandle } from "~/root";
import { MANAGE_HEADERS, requireManagedBooking, selfServicePolicy } from "~/server/booking/manage.server";
import { balancePage } from "~/server/booking/deposit.server";
import { partyMessageIn, partyWords } from "~/server/booking/party-pages.server";
import { requestLang } from "~/server/i18n/request.server";
import { t } from "~/server/i18n/texts.server";
import { payBalance } from "~/server/payments/payment-link.server";
import { getDb } from "~/server/platform/db.server";

export const handle: RouteHandle = { translated: true };
export const headers: HeadersFunction = () => MANAGE_HEADERS;
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => localPageMeta(matches, data?.t.balanceTitle ?? "Restbetrag bezahlen", [{ name: "robots", content: "noindex" }]);

/**
 * «Restbetrag bezahlen» (issue #30 §3): a deposit booking's open balance, linked from the manage
 * page and the e-mails. Opening it shows the amount and changes nothing (mail scanners open links);
 * its button opens the payment at the provider. A booking with nothing open goes back to its page.
 * In the page's language (issue #33).
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const page = balancePage(r, await selfServicePolicy(db), lang);
  if (!page) throw redirect(localePath(lang, `/buchung/${params.token}`));
  return {
    t: partyWords(lang, ["balanceTitle", "payRedirect", "payAtDesk", "backToBooking"]),
    token: params.token!,
    page,
    heading: t(lang, "party", "balanceHeading", { code: page.code }),
    payNow: t(lang, "party", "payNow", { amount: page.amount }),
  };
}

export async function action({ params }: ActionFunctionArgs) {
  const lang = requestLang(params);
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const policy = await selfServicePolicy(db);
  const result = await payBalance(db, r, { token: params.token!, atVenue: policy.balanceAtVenue ?? false, lang });
  if (result.ok) return redirect(result.redirect, { status: 303 });
  return data({ error: partyMessageIn(lang, result.message) }, { status: result.status, headers: result.status === 503 ? { "Retry-After": "60" } : undefined });
}

export default function PayBalance() {
  const { t, token, page, heading, payNow } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const to = useLocalePath();
  return (
    <Page title={t.balanceTitle}>
      {result?.error ? (
        <p role="alert" className="alert alert-error">
          {result.error}
        </p>
      ) : null}
      <section className="card summary" aria-labelledby="balance-title">
        <h2 id="balance-title">{heading}</h2>
        <p>
          <PartyNamed text={page.when} />
        </p>
        <ul className="systems">
          {page.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {page.payable ? (
          <>
            <Form method="post" className="actions">
              <button type="submit" className="button">
                {payNow}
              </button>
            </Form>
            <p className="muted">{t.payRedirect}</p>
          </>
        ) : (
          <p>{t.payAtDesk}</p>
        )}
        <p>
          <a href={to(`/buchung/${token}`)}>{t.backToBooking}</a>
        </p>
      </section>
    </Page>
  );
}
