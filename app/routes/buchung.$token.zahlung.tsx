import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, redirect, useLoaderData } from "@remix-run/react";
import { Page } from "~/components/Page";
import { StatusCheck } from "~/components/StatusCheck";
import { MSG } from "~/domain/messages";
import { localPageMeta } from "~/domain/page-meta";
import { statusRefresh } from "~/domain/status-refresh";
import { localePath } from "~/i18n/locales";
import { MANAGE_HEADERS, requireManagedBooking } from "~/server/booking/manage.server";
import { requestLang } from "~/server/i18n/request.server";
import { localizeMsg, texts } from "~/server/i18n/texts.server";
import { abandonChangePayment, changePaymentReturn, type ChangeReturn } from "~/server/payments/booking-change.server";
import { findPayment } from "~/server/payments/payments.server";
import { getDb } from "~/server/platform/db.server";
import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { translated: true };
export const headers: HeadersFunction = () => MANAGE_HEADERS;

/**
 * While the provider has not confirmed a payment the page asks again by itself (no JavaScript
 * needed), backing off and stopping after a few minutes (domain/status-refresh); the refresh sits in
 * the head.
 */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...localPageMeta(matches, data?.title ?? "Zahlung wird verarbeitet", [{ name: "robots", content: "noindex" }]),
  ...(data?.refresh ? [{ httpEquiv: "refresh", content: data.refresh } as const] : []),
];

const RESULT = { ok: "ok", abbruch: "cancelled", fehler: "failed" } as const;

function after(base: string, outcome: ChangeReturn) {
  if (outcome === "changed") return `${base}?ok=geaendert`;
  if (outcome === "balance-paid") return `${base}?ok=restbetrag-bezahlt`;
  if (outcome === "cancelled") return `${base}?ok=zahlung-abgebrochen`;
  if (outcome === "refunded") return `${base}?ok=zahlung-erstattet`;
  return outcome === "unknown" ? base : null;
}

/**
 * The provider sends the family back here after paying the difference of a change (successUrl,
 * cancelUrl or errorUrl with `datatransTrxId`, in the language the family paid from). The server
 * asks the provider and applies the change, or gives it up when the provider cancelled it; then the
 * manage page tells what happened. A GET never gives up a payment the provider still has open: that
 * takes the family's POST below.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const url = new URL(request.url);
  const how = RESULT[url.searchParams.get("r") as keyof typeof RESULT] ?? "ok";
  const transactionId = url.searchParams.get("datatransTrxId");
  const base = localePath(lang, `/buchung/${params.token!}`);
  const to = after(base, await changePaymentReturn(db, r, transactionId));
  if (to) throw redirect(to, { status: 303 });
  const payment = transactionId ? await findPayment(db, transactionId) : null;
  // A deposit booking's balance (issue #30 §3) is paid through the same return page: its own words.
  const balance = payment?.kind === "balance" && payment.reservationId === r.id;
  const t = texts(lang, "managePay");
  const page = {
    title: t.processingTitle,
    words: {
      pending: balance ? t.balancePending : t.changePending,
      stillOpen: balance ? t.balanceStillOpen : t.changeStillOpen,
      resume: t.resume,
      abandon: balance ? t.balanceAbandon : t.changeAbandon,
      back: t.backToBooking,
      checkHint: localizeMsg(lang, MSG.statusCheckHint),
      checkLabel: localizeMsg(lang, MSG.statusCheck),
    },
    manage: base,
    how,
    transactionId,
  };
  if (how === "ok") {
    const { content, check } = statusRefresh(url.pathname + url.search);
    return { ...page, paymentUrl: null, refresh: content, check: content ? null : check };
  }
  // Back through the cancel or error URL with the payment still open: the family decides (no reload under its hands).
  return { ...page, paymentUrl: payment?.paymentUrl ?? null, refresh: null, check: null };
}

/** «Zahlung abbrechen»: the family gives the change up (cancelled at the provider, the held slot free). */
export async function action({ request, params }: ActionFunctionArgs) {
  const lang = requestLang(params);
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const transactionId = (await request.formData()).get("datatransTrxId");
  const outcome = await abandonChangePayment(db, r, typeof transactionId === "string" ? transactionId : null);
  const base = localePath(lang, `/buchung/${params.token!}`);
  return redirect(after(base, outcome) ?? base, { status: 303 });
}

export default function ChangePayment() {
  const { title, words, manage, how, transactionId, paymentUrl, check } = useLoaderData<typeof loader>();
  return (
    <Page title={title}>
      <div className="card center" role="status" aria-live="polite">
        {how === "ok" ? (
          <>
            <div className="spinner" aria-hidden="true" />
            <p>{words.pending}</p>
          </>
        ) : (
          <p>{words.stillOpen}</p>
        )}
        {how !== "ok" && transactionId ? (
          <Form method="post" className="actions">
            <input type="hidden" name="datatransTrxId" value={transactionId} />
            {paymentUrl ? (
              <a className="button button-secondary" href={paymentUrl}>
                {words.resume}
              </a>
            ) : null}
            <button type="submit" className="button">
              {words.abandon}
            </button>
          </Form>
        ) : null}
        {check ? <StatusCheck {...check} hint={words.checkHint} label={words.checkLabel} /> : null}
        <p>
          <a href={manage}>{words.back}</a>
        </p>
      </div>
    </Page>
  );
}
