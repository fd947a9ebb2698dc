import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PaymentAborted } from "~/components/PaymentAborted";
import { useVenueFacts } from "~/components/useVenueFacts";
import { VenueEmail, VenuePhone } from "~/components/VenueContactLinks";
import { getDb } from "~/server/platform/db.server";
import { isDevMode } from "~/server/platform/dev-mode.server";
import { giveUpReturnedPayment, handleAbandonedReturn } from "~/server/payments/payment-return.server";
import { PaymentStillOpen, STILL_OPEN_TITLE } from "~/components/PaymentStillOpen";
import { redirect, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/domain/page-meta";

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.open ? STILL_OPEN_TITLE : "Zahlung fehlgeschlagen");

/** The provider's word decides on a GET; a payment still open there waits for the family's POST (payment-return.server). */
export async function loader({ request }: LoaderFunctionArgs) {
  const state = await handleAbandonedReturn(await getDb(), request);
  if (state.kind === "settled") throw redirect(`/payment/success?datatransTrxId=${encodeURIComponent(state.transactionId)}`);
  return { devMode: isDevMode(request), open: state.kind === "open" ? state : null };
}

/** «Zahlung abbrechen» while the provider still had the payment open. */
export async function action({ request }: ActionFunctionArgs) {
  const transactionId = (await request.formData()).get("datatransTrxId");
  const state = await giveUpReturnedPayment(await getDb(), request, transactionId, "failed");
  if (state.kind === "settled") return redirect(`/payment/success?datatransTrxId=${encodeURIComponent(state.transactionId)}`);
  return redirect(`/payment/error${typeof transactionId === "string" ? `?datatransTrxId=${encodeURIComponent(transactionId)}` : ""}`);
}

export default function PaymentError() {
  const { devMode, open } = useLoaderData<typeof loader>();
  if (open) return <PaymentStillOpen devMode={devMode} transactionId={open.transactionId} paymentUrl={open.paymentUrl} />;
  // The spec asks for the opening hours here: the stored ones, never a sentence of its own.
  const facts = useVenueFacts();
  return (
    <PaymentAborted title="Zahlung fehlgeschlagen" devMode={devMode}>
      <p>Die Zahlung konnte nicht durchgeführt werden. Ihre Buchung wurde nicht bestätigt.</p>
      <p>
        Brauchen Sie Hilfe? Rufen Sie uns an unter <VenuePhone /> oder schreiben Sie an <VenueEmail />.
        {facts ? (
          <>
            <br />
            Öffnungszeiten: {facts.openingHours}
          </>
        ) : null}
      </p>
    </PaymentAborted>
  );
}
