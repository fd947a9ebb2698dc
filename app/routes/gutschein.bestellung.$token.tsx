import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useLoaderData } from "@remix-run/react";
import { Page } from "~/components/Page";
import { shortDateLabel } from "~/domain/calendar";
import { formatChf } from "~/domain/money";
import { localPageMeta } from "~/domain/page-meta";
import { formatDateDE } from "~/domain/time";
import { localePath } from "~/i18n/locales";
import type { RouteHandle } from "~/root";
import { orderPage, payOrderAgain } from "~/server/checkout/voucher-sale.server";
import { MANAGE_HEADERS } from "~/server/booking/manage.server";
import { requestLang } from "~/server/i18n/request.server";
import { t, texts } from "~/server/i18n/texts.server";
import { clientKey } from "~/server/platform/client.server";
import { getDb } from "~/server/platform/db.server";

export const handle: RouteHandle = { translated: true };
/** A page reached by a secret link: never cached, never indexed (Referrer-Policy `same-origin`: serve.server.ts). */
export const headers: HeadersFunction = () => MANAGE_HEADERS;
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => localPageMeta(matches, data?.t.orderTitle ?? "Ihr Gutschein", [{ name: "robots", content: "noindex" }]);

/**
 * The buyer's order (also where the provider sends the browser back), in the URL's language (the
 * e-mail's link and the provider's return carry the order's): paid, still being confirmed, or open.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const view = await orderPage(await getDb(), params.token ?? "");
  if (!view) throw new Response(t(lang, "voucherShop", "notFound"), { status: 404, headers: MANAGE_HEADERS });
  if ("kind" in view) throw new Response(t(lang, "msg", "tooManyRequests"), { status: 429, headers: { ...MANAGE_HEADERS, "Retry-After": String(view.retryAfterSeconds) } });
  const T = texts(lang, "voucherShop");
  // `?r=`: the provider's way back after a cancelled or failed payment (an address, kept German).
  const r = new URL(request.url).searchParams.get("r");
  const notice = view.state === "open" ? (r === "abgebrochen" ? T.paymentCancelled : r === "fehler" ? T.paymentError : null) : null;
  return {
    t: T,
    statusCheck: t(lang, "msg", "statusCheck"),
    view,
    amount: formatChf(view.amountRappen, lang),
    validUntil: view.voucher
      ? lang === "de"
        ? formatDateDE(view.voucher.validUntil)
        : shortDateLabel(view.voucher.validUntil, lang)
      : t(lang, "voucherShop", "validity", { months: view.validityMonths }),
    notice,
    self: localePath(lang, `/gutschein/bestellung/${params.token!}`),
  };
}

/** «Jetzt bezahlen»: a new payment for an order that is still open; the provider sends the buyer back to this page's language. */
export async function action({ params, request, context }: ActionFunctionArgs) {
  const lang = requestLang(params);
  const self = localePath(lang, `/gutschein/bestellung/${params.token ?? ""}`);
  const answer = await payOrderAgain(await getDb(), params.token ?? "", clientKey(request, context), lang);
  if (!answer) return redirect(self, 303);
  if (answer.kind === "pay") return redirect(answer.url, 303);
  if (answer.kind === "limited") return data({ message: t(lang, "msg", "tooManyRequests") }, { status: 429, headers: { "Retry-After": String(answer.retryAfterSeconds) } });
  return redirect(self, 303);
}

export default function VoucherOrderPage() {
  const { t: T, statusCheck, view, amount, validUntil, notice, self } = useLoaderData<typeof loader>();
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
                {statusCheck}
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
          <dd>{amount}</dd>
          <dt>{T.validUntil}</dt>
          <dd>{validUntil}</dd>
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
