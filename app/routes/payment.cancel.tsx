import type { RouteHandle } from "~/root";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PaymentAborted } from "~/components/PaymentAborted";
import { getDb } from "~/server/platform/db.server";
import { isDevMode } from "~/server/platform/dev-mode.server";
import { giveUpReturnedPayment, handleAbandonedReturn } from "~/server/payments/payment-return.server";
import { PaymentStillOpen } from "~/components/PaymentStillOpen";
import { redirect, useLoaderData } from "@remix-run/react";
import { localPageMeta } from "~/domain/page-meta";
import { localePath } from "~/i18n/locales";
import { requestLang } from "~/server/i18n/request.server";
import { texts } from "~/server/i18n/texts.server";

export const handle: RouteHandle = { translated: true };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  localPageMeta(matches, data ? (data.open ? data.t.stillOpenTitle : data.t.headCancelled) : "Zahlung abgebrochen");

/** The provider's word decides on a GET; a payment still open there waits for the family's POST (payment-return.server). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const state = await handleAbandonedReturn(await getDb(), request);
  if (state.kind === "settled") throw redirect(localePath(lang, `/payment/success?datatransTrxId=${encodeURIComponent(state.transactionId)}`));
  return { t: texts(lang, "payment"), devMode: isDevMode(request), open: state.kind === "open" ? state : null };
}

/** «Zahlung abbrechen» while the provider still had the payment open. */
export async function action({ request, params }: ActionFunctionArgs) {
  const lang = requestLang(params);
  const transactionId = (await request.formData()).get("datatransTrxId");
  const state = await giveUpReturnedPayment(await getDb(), request, transactionId, "cancelled");
  if (state.kind === "settled") return redirect(localePath(lang, `/payment/success?datatransTrxId=${encodeURIComponent(state.transactionId)}`));
  return redirect(localePath(lang, `/payment/cancel${typeof transactionId === "string" ? `?datatransTrxId=${encodeURIComponent(transactionId)}` : ""}`));
}

export default function PaymentCancel() {
  const { t, devMode, open } = useLoaderData<typeof loader>();
  if (open) return <PaymentStillOpen devMode={devMode} transactionId={open.transactionId} paymentUrl={open.paymentUrl} t={t} />;
  return (
    <PaymentAborted title={t.headCancelled} devMode={devMode} t={t}>
      <p>{t.cancelled}</p>
    </PaymentAborted>
  );
}
