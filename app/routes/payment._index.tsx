import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect, useLoaderData } from "@remix-run/react";
import { DevBadge } from "~/components/DevBadge";
import { pageMeta } from "~/domain/page-meta";
import { useNonce } from "~/components/Nonce";
import { Page } from "~/components/Page";
import { isDevMode } from "~/server/platform/dev-mode.server";
import { findReservationByCode } from "~/server/booking/bookings.server";
import { getDb } from "~/server/platform/db.server";
import { getDraft } from "~/server/booking/draft.server";
import { pendingPaymentOf } from "~/server/payments/payments.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const draft = await getDraft(request);
  const db = await getDb();
  const reservation = draft.bookingCode ? await findReservationByCode(db, draft.bookingCode) : null;
  if (!reservation) throw redirect("/");
  if (reservation.status === "confirmed") throw redirect("/payment/success");
  const payment = reservation.status === "held" ? await pendingPaymentOf(db, reservation.id) : null;
  if (!payment) throw redirect("/enter-data");
  return { paymentUrl: payment.paymentUrl, devMode: isDevMode(request) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta("Weiterleitung zur Zahlung"),
  ...(data ? [{ httpEquiv: "refresh", content: `0;url=${data.paymentUrl}` } as const] : []),
];

/** No app JavaScript here: a meta refresh, a one-line script and a plain link all lead on. */
export default function PaymentRedirect() {
  const { paymentUrl, devMode } = useLoaderData<typeof loader>();
  // The page's Content-Security-Policy runs an inline script only with this response's nonce.
  const nonce = useNonce();
  return (
    <Page title="Weiterleitung zur Zahlung">
      <DevBadge show={devMode} />
      <div className="card center">
        <div className="spinner" role="status" aria-label="Weiterleitung läuft" />
        <p>Sie werden zur sicheren Zahlungsseite weitergeleitet …</p>
        <a className="button" href={paymentUrl}>
          Weiter zur Zahlung
        </a>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: `window.location.replace(${JSON.stringify(paymentUrl)})` }} />
      </div>
    </Page>
  );
}
