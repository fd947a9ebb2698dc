import type { RouteHandle } from "~/root";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect, useLoaderData } from "@remix-run/react";
import { DevBadge } from "~/components/DevBadge";
import { localPageMeta } from "~/domain/page-meta";
import { useNonce } from "~/components/Nonce";
import { Page } from "~/components/Page";
import { isDevMode } from "~/server/platform/dev-mode.server";
import { findReservationByCode } from "~/server/booking/bookings.server";
import { getDb } from "~/server/platform/db.server";
import { getDraft } from "~/server/booking/draft.server";
import { pendingPaymentOf } from "~/server/payments/payments.server";
import { localePath } from "~/i18n/locales";
import { requestLang } from "~/server/i18n/request.server";
import { texts } from "~/server/i18n/texts.server";

export const handle: RouteHandle = { translated: true };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const draft = await getDraft(request);
  const db = await getDb();
  const reservation = draft.bookingCode ? await findReservationByCode(db, draft.bookingCode) : null;
  if (!reservation) throw redirect(localePath(lang, "/"));
  if (reservation.status === "confirmed") throw redirect(localePath(lang, "/payment/success"));
  const payment = reservation.status === "held" ? await pendingPaymentOf(db, reservation.id) : null;
  if (!payment) throw redirect(localePath(lang, "/enter-data"));
  return { t: texts(lang, "payment"), paymentUrl: payment.paymentUrl, devMode: isDevMode(request) };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...localPageMeta(matches, data?.t.redirectTitle ?? "Weiterleitung zur Zahlung"),
  ...(data ? [{ httpEquiv: "refresh", content: `0;url=${data.paymentUrl}` } as const] : []),
];

/** No app JavaScript here: a meta refresh, a one-line script and a plain link all lead on. */
export default function PaymentRedirect() {
  const { t, paymentUrl, devMode } = useLoaderData<typeof loader>();
  // The page's Content-Security-Policy runs an inline script only with this response's nonce.
  const nonce = useNonce();
  return (
    <Page title={t.redirectTitle}>
      <DevBadge show={devMode} />
      <div className="card center">
        <div className="spinner" role="status" aria-label={t.redirecting} />
        <p>{t.redirectLead}</p>
        <a className="button" href={paymentUrl}>
          {t.toPayment}
        </a>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: `window.location.replace(${JSON.stringify(paymentUrl)})` }} />
      </div>
    </Page>
  );
}
