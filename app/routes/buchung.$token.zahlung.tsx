import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, redirect, useLoaderData } from "@remix-run/react";
import { Page } from "~/components/Page";
import { StatusCheck } from "~/components/StatusCheck";
import { pageMeta } from "~/domain/page-meta";
import { statusRefresh } from "~/domain/status-refresh";
import { MANAGE_HEADERS, requireManagedBooking } from "~/server/booking/manage.server";
import { abandonChangePayment, changePaymentReturn, type ChangeReturn } from "~/server/payments/booking-change.server";
import { findPayment } from "~/server/payments/payments.server";
import { getDb } from "~/server/platform/db.server";

export const headers: HeadersFunction = () => MANAGE_HEADERS;

/**
 * While the provider has not confirmed a payment the page asks again by itself (no JavaScript
 * needed), backing off and stopping after a few minutes (domain/status-refresh); the refresh sits in
 * the head.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta("Zahlung wird verarbeitet", [{ name: "robots", content: "noindex" }]),
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
 * cancelUrl or errorUrl with `datatransTrxId`). The server asks the provider and applies the change,
 * or gives it up when the provider cancelled it; then the manage page tells what happened. A GET
 * never gives up a payment the provider still has open: that takes the family's POST below.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const url = new URL(request.url);
  const how = RESULT[url.searchParams.get("r") as keyof typeof RESULT] ?? "ok";
  const transactionId = url.searchParams.get("datatransTrxId");
  const base = `/buchung/${params.token}`;
  const to = after(base, await changePaymentReturn(db, r, transactionId));
  if (to) throw redirect(to, { status: 303 });
  const payment = transactionId ? await findPayment(db, transactionId) : null;
  // A deposit booking's balance (issue #30 §3) is paid through the same return page: its own words.
  const balance = payment?.kind === "balance" && payment.reservationId === r.id;
  if (how === "ok") {
    const { content, check } = statusRefresh(url.pathname + url.search);
    return { manage: base, how, balance, transactionId, paymentUrl: null, refresh: content, check: content ? null : check };
  }
  // Back through the cancel or error URL with the payment still open: the family decides (no reload under its hands).
  return { manage: base, how, balance, transactionId, paymentUrl: payment?.paymentUrl ?? null, refresh: null, check: null };
}

/** «Zahlung abbrechen»: the family gives the change up (cancelled at the provider, the held slot free). */
export async function action({ request, params }: ActionFunctionArgs) {
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const transactionId = (await request.formData()).get("datatransTrxId");
  const outcome = await abandonChangePayment(db, r, typeof transactionId === "string" ? transactionId : null);
  const base = `/buchung/${params.token}`;
  return redirect(after(base, outcome) ?? base, { status: 303 });
}

const CHANGE_TEXT = {
  pending: "Ihre Zahlung wird bestätigt. Sobald sie abgeschlossen ist, wird Ihre Buchung geändert und Sie erhalten eine E-Mail.",
  stillOpen:
    "Beim Zahlungsanbieter ist diese Zahlung noch offen. Sie können sie fortsetzen oder die Änderung abbrechen – Ihre Buchung bleibt dann, wie sie war.",
  resume: "Zahlung fortsetzen",
  abandon: "Änderung abbrechen",
  back: "Zurück zur Buchung",
} as const;

const BALANCE_TEXT = {
  pending: "Ihre Zahlung wird bestätigt. Sobald sie abgeschlossen ist, ist der Restbetrag bezahlt; Sie sehen es auf Ihrer Buchung.",
  stillOpen: "Beim Zahlungsanbieter ist diese Zahlung noch offen. Sie können sie fortsetzen oder abbrechen – der Restbetrag bleibt dann offen.",
  resume: "Zahlung fortsetzen",
  abandon: "Zahlung abbrechen",
  back: "Zurück zur Buchung",
} as const;

export default function ChangePayment() {
  const { manage, how, balance, transactionId, paymentUrl, check } = useLoaderData<typeof loader>();
  const TEXT = balance ? BALANCE_TEXT : CHANGE_TEXT;
  return (
    <Page title="Zahlung wird verarbeitet">
      <div className="card center" role="status" aria-live="polite">
        {how === "ok" ? (
          <>
            <div className="spinner" aria-hidden="true" />
            <p>{TEXT.pending}</p>
          </>
        ) : (
          <p>{TEXT.stillOpen}</p>
        )}
        {how !== "ok" && transactionId ? (
          <Form method="post" className="actions">
            <input type="hidden" name="datatransTrxId" value={transactionId} />
            {paymentUrl ? (
              <a className="button button-secondary" href={paymentUrl}>
                {TEXT.resume}
              </a>
            ) : null}
            <button type="submit" className="button">
              {TEXT.abandon}
            </button>
          </Form>
        ) : null}
        {check ? <StatusCheck {...check} /> : null}
        <p>
          <a href={manage}>{TEXT.back}</a>
        </p>
      </div>
    </Page>
  );
}
