import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PaymentAborted } from "~/components/PaymentAborted";
import { getDb } from "~/server/platform/db.server";
import { isDevMode } from "~/server/platform/dev-mode.server";
import { handleAbandonedReturn } from "~/server/payments/payment-return.server";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/domain/page-meta";

export const meta: MetaFunction = () => pageMeta("Zahlung abgebrochen");

export async function loader({ request }: LoaderFunctionArgs) {
  await handleAbandonedReturn(await getDb(), request, "cancelled");
  return { devMode: isDevMode(request) };
}

export default function PaymentCancel() {
  const { devMode } = useLoaderData<typeof loader>();
  return (
    <PaymentAborted title="Zahlung abgebrochen" devMode={devMode}>
      <p>Sie haben die Zahlung abgebrochen. Ihre Buchung wurde nicht bestätigt und es wurde kein Geld belastet.</p>
    </PaymentAborted>
  );
}
