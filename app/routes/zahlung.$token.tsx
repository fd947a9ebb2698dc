import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "~/components/Page";
import { pageMeta } from "~/domain/page-meta";
import { PAYMENT_LINK_TITLES } from "~/domain/payment-link";
import { VenuePhone } from "~/components/VenueContactLinks";
import { payByLink, paymentLinkPage, type PaymentLinkPage, type PaymentLinkRefusal } from "~/server/payments/payment-link.server";
import { clientKey } from "~/server/platform/client.server";
import { getDb } from "~/server/platform/db.server";

/** A page reached by a secret link: never cached, never indexed (Referrer-Policy: server.ts). */
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => ({
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
  ...(actionHeaders.get("Retry-After") ? { "Retry-After": actionHeaders.get("Retry-After")! } : {}),
  ...(loaderHeaders.get("Retry-After") ? { "Retry-After": loaderHeaders.get("Retry-After")! } : {}),
});
export const meta: MetaFunction = () => pageMeta("Zahlung", [{ name: "robots", content: "noindex" }]);

/** What the page renders: the booking's state (or none, when refused), and a message above it. */
type PageData = { page: PaymentLinkPage | null; error: string | null };

/** A held booking can be paid (200); one that no longer can says why (410); unknown links 404. */
function answer(result: { ok: true; page: PaymentLinkPage } | PaymentLinkRefusal) {
  if (!result.ok) {
    if (result.status === 404) throw new Response("Not Found", { status: 404 });
    const headers = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
    return data<PageData>({ page: null, error: result.message }, { status: result.status, headers });
  }
  const status = result.page.status === "open" || result.page.status === "paid" ? 200 : 410;
  return data<PageData>({ page: result.page, error: null }, { status });
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return answer(await paymentLinkPage(await getDb(), { token: params.token, clientKey: clientKey(request, context) }));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const db = await getDb();
  const result = await payByLink(db, { token: params.token, clientKey: clientKey(request, context) });
  if (result.ok && "redirect" in result) return redirect(result.redirect, { status: 303 });
  if (!result.ok && result.status === 503) {
    // The hold stays; the page is shown again with the message above the button.
    const again = await paymentLinkPage(db, { token: params.token, clientKey: clientKey(request, context) });
    if (again.ok) return data<PageData>({ page: again.page, error: result.message }, { status: 503, headers: { "Retry-After": String(result.retryAfterSeconds ?? 60) } });
  }
  return answer(result);
}

export default function PaymentLink() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const { page, error } = acted ?? loaded;
  const title = page ? PAYMENT_LINK_TITLES[page.status] : "Zahlung";
  return (
    <Page title={title}>
      {error ? (
        <p role="alert" className="alert alert-error">
          {error}
        </p>
      ) : null}
      {page?.status === "open" ? (
        <section className="card summary" aria-labelledby="pay-title">
          <h2 id="pay-title">{page.balance ? "Ihre Buchung" : "Ihre Reservierung"}</h2>
          <dl>
            <dt>Buchungscode</dt>
            <dd>
              <strong>{page.code}</strong>
            </dd>
            <dt>Datum</dt>
            <dd>{page.date}</dd>
            <dt>Zeit</dt>
            <dd>{page.time}</dd>
            <dt>Paket</dt>
            <dd>{page.offerName}</dd>
            <dt>Teilnehmende</dt>
            <dd>{page.party}</dd>
            <dt>{page.balance ? "Noch offen" : "Zu bezahlen"}</dt>
            <dd>
              <strong>{page.amount}</strong>
            </dd>
          </dl>
          {page.balance ? (
            <p>
              Ihre Buchung ist bestätigt. Offen ist noch der Betrag aus der Änderung Ihrer Buchung. Sie können ihn hier bis <strong>{page.validUntil}</strong>{" "}
              online bezahlen oder bei uns am Empfang.
            </p>
          ) : (
            <p>
              Der Termin ist für Sie reserviert bis <strong>{page.validUntil}</strong>. Nach der Zahlung erhalten Sie die Buchungsbestätigung per
              E-Mail.
            </p>
          )}
          <Form method="post" className="actions">
            <button type="submit" className="button">
              Jetzt bezahlen
            </button>
          </Form>
          <p className="muted">Sie werden zur sicheren Zahlungsseite unseres Zahlungsanbieters weitergeleitet (TWINT oder Kreditkarte).</p>
        </section>
      ) : page ? (
        <section className="card" aria-labelledby="state-title">
          <h2 id="state-title">Buchung {page.code}</h2>
          <p>{page.message}</p>
          {page.phone ? (
            <p>
              Möchten Sie den Termin trotzdem? Rufen Sie uns an: <VenuePhone />.
            </p>
          ) : null}
          <a className="button" href="/">
            Zur Startseite
          </a>
        </section>
      ) : null}
    </Page>
  );
}
