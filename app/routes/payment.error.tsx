import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PaymentAborted } from "~/components/PaymentAborted";
import { useVenueFacts } from "~/components/useVenueFacts";
import { VENUE_CONTACT } from "~/domain/venue-contact";
import { getDb } from "~/server/platform/db.server";
import { isDevMode } from "~/server/platform/dev-mode.server";
import { handleAbandonedReturn } from "~/server/payments/payment-return.server";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/domain/page-meta";

export const meta: MetaFunction = () => pageMeta("Zahlung fehlgeschlagen");

export async function loader({ request }: LoaderFunctionArgs) {
  await handleAbandonedReturn(await getDb(), request, "failed");
  return { devMode: isDevMode(request) };
}

export default function PaymentError() {
  const { devMode } = useLoaderData<typeof loader>();
  // Spec: "opening hours Mo-So 10:00-22:00" — the stored hours, which read exactly so by default.
  const facts = useVenueFacts();
  return (
    <PaymentAborted title="Zahlung fehlgeschlagen" devMode={devMode}>
      <p>Die Zahlung konnte nicht durchgeführt werden. Ihre Buchung wurde nicht bestätigt.</p>
      <p>
        Brauchen Sie Hilfe? Rufen Sie uns an unter <a href={VENUE_CONTACT.phoneHref}>{VENUE_CONTACT.phone}</a> oder schreiben Sie an{" "}
        <a href={`mailto:${VENUE_CONTACT.email}`}>{VENUE_CONTACT.email}</a>.
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
