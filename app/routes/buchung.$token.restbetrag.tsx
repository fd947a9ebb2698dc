import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "~/components/Page";
import { pageMeta } from "~/domain/page-meta";
import { MANAGE_HEADERS, requireManagedBooking, selfServicePolicy } from "~/server/booking/manage.server";
import { balancePage } from "~/server/booking/deposit.server";
import { payBalance } from "~/server/payments/payment-link.server";
import { getDb } from "~/server/platform/db.server";

export const headers: HeadersFunction = () => MANAGE_HEADERS;
export const meta: MetaFunction = () => pageMeta("Restbetrag bezahlen", [{ name: "robots", content: "noindex" }]);

/**
 * «Restbetrag bezahlen» (issue #30 §3): a deposit booking's open balance, linked from the manage
 * page and the e-mails. Opening it shows the amount and changes nothing (mail scanners open links);
 * its button opens the payment at the provider. A booking with nothing open goes back to its page.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const page = balancePage(r, await selfServicePolicy(db));
  if (!page) throw redirect(`/buchung/${params.token}`);
  return { token: params.token!, page };
}

export async function action({ params }: ActionFunctionArgs) {
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const policy = await selfServicePolicy(db);
  const result = await payBalance(db, r, { token: params.token!, atVenue: policy.balanceAtVenue ?? false });
  if (result.ok) return redirect(result.redirect, { status: 303 });
  return data({ error: result.message }, { status: result.status, headers: result.status === 503 ? { "Retry-After": "60" } : undefined });
}

export default function PayBalance() {
  const { token, page } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <Page title="Restbetrag bezahlen">
      {result?.error ? (
        <p role="alert" className="alert alert-error">
          {result.error}
        </p>
      ) : null}
      <section className="card summary" aria-labelledby="balance-title">
        <h2 id="balance-title">Ihre Buchung {page.code}</h2>
        <p>{page.when}</p>
        <ul className="systems">
          {page.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {page.payable ? (
          <>
            <Form method="post" className="actions">
              <button type="submit" className="button">
                {page.amount} jetzt bezahlen
              </button>
            </Form>
            <p className="muted">Sie werden zur sicheren Zahlungsseite unseres Zahlungsanbieters weitergeleitet (TWINT oder Kreditkarte).</p>
          </>
        ) : (
          <p>Den Restbetrag bezahlen Sie bei uns am Empfang.</p>
        )}
        <p>
          <a href={`/buchung/${token}`}>Zurück zur Buchung</a>
        </p>
      </section>
    </Page>
  );
}
