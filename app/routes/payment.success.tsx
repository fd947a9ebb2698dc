import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { ConfirmedBooking, SuccessIcon } from "~/components/ConfirmedBooking";
import { DevBadge } from "~/components/DevBadge";
import { Page } from "~/components/Page";
import { VenueNotes } from "~/components/VenueNotes";
import { clientKey } from "~/server/platform/client.server";
import { getDb } from "~/server/platform/db.server";
import { clearDraft, getDraft } from "~/server/booking/draft.server";
import { isDevMode } from "~/server/platform/dev-mode.server";
import { paymentPageState } from "~/server/payments/payment-view.server";
import { pageMeta } from "~/domain/page-meta";
import { isAbortedStatus, paymentStatusLabel } from "~/domain/payment-status";
import { statusRefresh } from "~/domain/status-refresh";
import { StatusCheck } from "~/components/StatusCheck";
import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { hydrate: true, noscriptRefresh: true };
export const meta: MetaFunction = () => pageMeta("Buchungsbestätigung");

/** Spec §9: the status is polled every second until it changes (with JavaScript; without, see status-refresh). */
const POLL_MS = 1000;

/** Personal data: never kept by a browser or proxy cache (the document and its data requests). */
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers(loaderHeaders);
  headers.set("Cache-Control", "no-store");
  return headers;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const draft = await getDraft(request);
  const state = await paymentPageState(
    await getDb(),
    {
      transactionId: url.searchParams.get("datatransTrxId"),
      couponOnly: url.searchParams.get("couponOnly") === "true",
      mock: url.searchParams.get("mock") === "true",
    },
    draft,
    clientKey(request, context),
  );
  const devMode = isDevMode(request);
  // Paid is not booked when the table went to someone else meanwhile: the money goes back (refund).
  const settled = state.kind === "booking" && !state.restricted && state.status === "settled";
  // Game bookings end at /success (spec §2): the same confirmation, read from the server there.
  // Only for the browser that made the booking: a return link never moves a booking into a draft.
  if (settled && !state.refund && state.reservation.type !== "BIRTHDAY_PARTY") {
    throw redirect("/success", { headers: { "Set-Cookie": await clearDraft(request, { bookingCode: state.reservation.code }) } });
  }
  const headers = new Headers({ "Cache-Control": "no-store" });
  // Once confirmed (or refunded), the half-finished draft is done with; the booking code stays for this page.
  if (settled && (draft.offerId !== undefined || draft.startMin !== undefined)) {
    headers.set("Set-Cookie", await clearDraft(request, { bookingCode: state.reservation.code }));
  }
  // Whoever holds only the transaction id (a shared link, another browser) gets the status and the
  // booking code only (paymentPageState builds that view on the server).
  // Without JavaScript the page reloads itself while the payment is open, backing off, for a few minutes.
  const pending = state.kind === "booking" && (state.status === "initiated" || state.status === "authorized");
  const { content, check } = statusRefresh(url.pathname + url.search);
  return data({ state, devMode, refresh: pending ? content : null, check: pending && !content ? check : null }, { headers });
}

function headline(status: string | null, couponOnly: boolean, refund: boolean): string {
  if (refund) return "Termin nicht mehr verfügbar";
  if (status === "canceled" || status === "cancelled") return "Zahlung abgebrochen";
  if (status === "failed") return "Zahlung fehlgeschlagen";
  if (status === null) return "Buchung erhalten";
  if (status === "initiated" || status === "authorized") return "Zahlung wird verarbeitet";
  if (status === "settled") return couponOnly ? "Buchung erfolgreich!" : "Zahlung erfolgreich!";
  return "Unbekannter Zahlungsstatus";
}

export default function PaymentSuccess() {
  const { state, devMode, check } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const pending = state.kind === "booking" && (state.status === "initiated" || state.status === "authorized");
  // Cancelled, failed, unknown, or paid for a table that is gone (refund): no booking exists, so no
  // booking card, no contact card and no "arrive early" note.
  const notBooked = state.kind === "booking" && (state.refund || (state.status !== null && !pending && state.status !== "settled"));

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => revalidator.revalidate(), POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, revalidator, state]);

  return (
    <Page title="Buchungsbestätigung">
      <DevBadge show={devMode} />
      {state.kind === "error" ? (
        <div className="card">
          <p className="alert alert-error" role="alert">
            {state.message}
            {state.message === "Keine Reservierungsdaten gefunden." && state.local ? " (lokaler Modus)" : ""}
          </p>
          <a className="button" href="/">
            Zur Startseite
          </a>
        </div>
      ) : (
        <>
          <div className="card center" role="status" aria-live="polite">
            <h2>{headline(state.status, state.couponOnly, state.refund)}</h2>
            {state.refund ? (
              <p>
                Ihre Zahlung ist eingegangen, aber der Termin wurde inzwischen anderweitig vergeben. Der volle Betrag wird Ihnen
                zurückerstattet. Bitte wählen Sie einen neuen Termin.
              </p>
            ) : state.status === null ? (
              <p>Ihre Buchung ist bei uns eingegangen.</p>
            ) : pending ? (
              <>
                <div className="spinner" aria-hidden="true" />
                <p>Ihre Zahlung wird bestätigt. Die Bestätigung per E-Mail folgt, sobald die Zahlung abgeschlossen ist.</p>
                {check ? <StatusCheck {...check} /> : null}
              </>
            ) : state.status === "settled" ? (
              <>
                <SuccessIcon />
                {state.couponOnly ? <p>Ihre Buchung wurde vollständig mit Ihrem Gutschein bezahlt – es ist keine Zahlung nötig.</p> : null}
                <p>
                  Eine Bestätigung wurde {state.restricted ? "" : `an ${state.reservation.email} `}per E-Mail gesendet. Bitte prüfen Sie auch
                  Ihren Spam-Ordner.
                </p>
              </>
            ) : isAbortedStatus(state.status) ? (
              <p>
                Status: <strong>{paymentStatusLabel(state.status)}</strong>
                <br />
                Ihre Buchung wurde nicht bestätigt und es wurde kein Geld belastet.
              </p>
            ) : (
              <p>
                Status: <strong>{paymentStatusLabel(state.status)}</strong>
                <br />
                Unbekannter Status {paymentStatusLabel(state.status)}. Bitte kontaktieren Sie uns für weitere Informationen.
              </p>
            )}
          </div>
          {notBooked ? null : state.restricted ? (
            <section className="card">
              <p>
                Buchungscode: <strong className="nowrap">{state.reservation.code}</strong>
              </p>
              <p>Alle Details finden Sie in der Bestätigung, die wir per E-Mail gesendet haben.</p>
            </section>
          ) : (
            <>
              <ConfirmedBooking summary={state.reservation} />
            </>
          )}
          {notBooked ? null : <VenueNotes />}
          <div className="actions">
            {state.status === "settled" && !state.refund ? (
              <a className="button" href="/">
                Neue Buchung erstellen
              </a>
            ) : pending || state.status === null ? (
              <a className="button" href="/">
                Zur Startseite
              </a>
            ) : (
              <>
                {/* Back to the data only while the slot may still be held; after a refund it is gone. */}
                {notBooked && !state.refund && !state.restricted ? (
                  <a className="button button-secondary" href="/enter-data">
                    Zurück zur Buchung
                  </a>
                ) : null}
                <a className="button" href="/offers">
                  Neue Buchung versuchen
                </a>
              </>
            )}
          </div>
        </>
      )}
    </Page>
  );
}
