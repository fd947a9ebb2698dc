import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useLoaderData } from "@remix-run/react";
import { Page } from "~/components/Page";
import { formatChf } from "~/domain/money";
import { MSG } from "~/domain/messages";
import { pageMeta } from "~/domain/page-meta";
import { formatDateDE } from "~/domain/time";
import { VOUCHER_SALE_TEXT as T } from "~/domain/voucher-sale";
import { orderPage, payOrderAgain } from "~/server/checkout/voucher-sale.server";
import { MANAGE_HEADERS } from "~/server/booking/manage.server";
import { clientKey } from "~/server/platform/client.server";
import { getDb } from "~/server/platform/db.server";

/** A page reached by a secret link: never cached, never indexed (Referrer-Policy `same-origin`: serve.server.ts). */
export const headers: HeadersFunction = () => MANAGE_HEADERS;
export const meta: MetaFunction = () => pageMeta(T.orderTitle, [{ name: "robots", content: "noindex" }]);

const NOTICES = { abgebrochen: T.paymentCancelled, fehler: T.paymentError } as const;

/** The buyer's order (also where the provider sends the browser back): paid, still being confirmed, or open. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const view = await orderPage(await getDb(), params.token ?? "");
  if (!view) throw new Response(T.notFound, { status: 404, headers: MANAGE_HEADERS });
  if ("kind" in view) throw new Response(MSG.tooManyRequests, { status: 429, headers: { ...MANAGE_HEADERS, "Retry-After": String(view.retryAfterSeconds) } });
  const r = new URL(request.url).searchParams.get("r");
  const notice = view.state === "open" && (r === "abgebrochen" || r === "fehler") ? NOTICES[r] : null;
  return { view, notice, token: params.token! };
}

/** «Jetzt bezahlen»: a new payment for an order that is still open. */
export async function action({ params, request, context }: ActionFunctionArgs) {
  const answer = await payOrderAgain(await getDb(), params.token ?? "", clientKey(request, context));
  if (!answer) return redirect(`/gutschein/bestellung/${params.token ?? ""}`, 303);
  if (answer.kind === "pay") return redirect(answer.url, 303);
  if (answer.kind === "limited") return data({ message: MSG.tooManyRequests }, { status: 429, headers: { "Retry-After": String(answer.retryAfterSeconds) } });
  return redirect(`/gutschein/bestellung/${params.token ?? ""}`, 303);
}

export default function VoucherOrderPage() {
  const { view, notice, token } = useLoaderData<typeof loader>();
  const self = `/gutschein/bestellung/${token}`;
  return (
    <Page title={T.orderTitle}>
      <section className="card summary">
        {view.state === "paid" ? (
          <p role="status" className="alert alert-success">
            {T.paid}
          </p>
        ) : view.state === "pending" ? (
          <>
            <p role="status" className="alert alert-info">
              {T.pending}
            </p>
            <p>
              <a className="button button-secondary" href={self}>
                {MSG.statusCheck}
              </a>
            </p>
          </>
        ) : (
          <p role={notice ? "alert" : "status"} className={notice ? "alert alert-error" : "alert alert-warning"}>
            {notice ?? T.open}
          </p>
        )}
        <dl>
          {view.voucher ? (
            <>
              <dt>{T.code}</dt>
              <dd className="voucher-code">{view.voucher.code}</dd>
            </>
          ) : null}
          <dt>{T.value}</dt>
          <dd>{formatChf(view.amountRappen)}</dd>
          <dt>{T.validUntil}</dt>
          <dd>{view.voucher ? formatDateDE(view.voucher.validUntil) : T.validity(view.validityMonths)}</dd>
          <dt>{T.for}</dt>
          <dd>{view.recipientName}</dd>
          {view.message ? (
            <>
              <dt>{T.messageLabel}</dt>
              <dd className="pre-line">{view.message}</dd>
            </>
          ) : null}
          <dt>{T.from}</dt>
          <dd>
            {view.buyerName} ({view.buyerEmail})
          </dd>
        </dl>
        {view.state === "paid" ? (
          <p>
            <a className="button" href={`${self}/pdf`}>
              {T.download}
            </a>
          </p>
        ) : view.state === "open" ? (
          <Form method="post">
            <button type="submit" className="button">
              {T.payAgain}
            </button>
          </Form>
        ) : null}
      </section>
    </Page>
  );
}
