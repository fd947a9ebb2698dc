import type { RouteHandle } from "~/root";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PaymentAborted } from "~/components/PaymentAborted";
import { useVenueTextLang } from "~/components/SiteFooter";
import { useCommonTexts } from "~/components/useLanguage";
import { useVenueFacts } from "~/components/useVenueFacts";
import { VenueEmail, VenuePhone } from "~/components/VenueContactLinks";
import { getDb } from "~/server/platform/db.server";
import { isDevMode } from "~/server/platform/dev-mode.server";
import { giveUpReturnedPayment, handleAbandonedReturn } from "~/server/payments/payment-return.server";
import { PaymentStillOpen } from "~/components/PaymentStillOpen";
import { redirect, useLoaderData } from "@remix-run/react";
import { localPageMeta } from "~/domain/page-meta";
import { localePath } from "~/i18n/locales";
import { requestLang } from "~/server/i18n/request.server";
import { t, texts } from "~/server/i18n/texts.server";

export const handle: RouteHandle = { translated: true };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  localPageMeta(matches, data ? (data.open ? data.t.stillOpenTitle : data.t.headFailed) : "Zahlung fehlgeschlagen");

/** Marks where the venue's phone and e-mail links go into the help sentence (no text contains them). */
const PHONE = "\uE000";
const EMAIL = "\uE001";

/** The provider's word decides on a GET; a payment still open there waits for the family's POST (payment-return.server). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const state = await handleAbandonedReturn(await getDb(), request);
  if (state.kind === "settled") throw redirect(localePath(lang, `/payment/success?datatransTrxId=${encodeURIComponent(state.transactionId)}`));
  return {
    t: texts(lang, "payment"),
    // «Rufen Sie uns an unter {phone} oder schreiben Sie an {email}.»: the sentence in pieces, the links between them.
    help: t(lang, "payment", "needHelp", { phone: PHONE, email: EMAIL }).split(/([\uE000\uE001])/),
    devMode: isDevMode(request),
    open: state.kind === "open" ? state : null,
  };
}

/** «Zahlung abbrechen» while the provider still had the payment open. */
export async function action({ request, params }: ActionFunctionArgs) {
  const lang = requestLang(params);
  const transactionId = (await request.formData()).get("datatransTrxId");
  const state = await giveUpReturnedPayment(await getDb(), request, transactionId, "failed");
  if (state.kind === "settled") return redirect(localePath(lang, `/payment/success?datatransTrxId=${encodeURIComponent(state.transactionId)}`));
  return redirect(localePath(lang, `/payment/error${typeof transactionId === "string" ? `?datatransTrxId=${encodeURIComponent(transactionId)}` : ""}`));
}

export default function PaymentError() {
  const { t, help, devMode, open } = useLoaderData<typeof loader>();
  // The spec asks for the opening hours here: the stored ones, never a sentence of its own.
  const facts = useVenueFacts();
  const common = useCommonTexts();
  const venueLang = useVenueTextLang();
  if (open) return <PaymentStillOpen devMode={devMode} transactionId={open.transactionId} paymentUrl={open.paymentUrl} t={t} />;
  return (
    <PaymentAborted title={t.headFailed} devMode={devMode} t={t}>
      <p>{t.failed}</p>
      <p>
        {help.map((piece, i) => (piece === PHONE ? <VenuePhone key={i} /> : piece === EMAIL ? <VenueEmail key={i} /> : piece))}
        {facts ? (
          <>
            <br />
            {common.openingHours} <span lang={venueLang}>{facts.openingHours}</span>
          </>
        ) : null}
      </p>
    </PaymentAborted>
  );
}
