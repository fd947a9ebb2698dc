import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BookingSummary } from "~/components/BookingSummary";
import { Page } from "~/components/Page";
import { VenueNotes } from "~/components/VenueNotes";
import { pageMeta } from "~/domain/page-meta";
import { VENUE_CONTACT } from "~/domain/venue-contact";
import { MANAGE_HEADERS, manageView, requireManagedBooking } from "~/server/booking/manage.server";
import { getDb } from "~/server/platform/db.server";

export const headers: HeadersFunction = () => MANAGE_HEADERS;
export const meta: MetaFunction = () => pageMeta("Ihre Buchung", [{ name: "robots", content: "noindex" }]);

/** What the last action did, from its redirect: shown once above the booking. */
const NOTICES: Record<string, { kind: "success" | "warning"; text: string }> = {
  storniert: { kind: "success", text: "Ihre Buchung wurde storniert. Sie erhalten eine Bestätigung per E-Mail." },
  erstattet: { kind: "success", text: "Ihre Buchung wurde storniert und die Zahlung zurückerstattet. Sie erhalten eine Bestätigung per E-Mail." },
  manuell: {
    kind: "warning",
    text: "Ihre Buchung wurde storniert. Die Rückerstattung konnte nicht automatisch ausgelöst werden; unser Team erledigt sie manuell und meldet sich bei Ihnen.",
  },
  verschoben: { kind: "success", text: "Ihre Buchung wurde verschoben. Sie erhalten eine Bestätigung mit dem neuen Kalendereintrag per E-Mail." },
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const r = await requireManagedBooking(await getDb(), params.token);
  const notice = NOTICES[new URL(request.url).searchParams.get("ok") ?? ""] ?? null;
  return { view: manageView(r), token: params.token!, notice };
}

export default function ManageBooking() {
  const { view, token, notice } = useLoaderData<typeof loader>();
  const base = `/buchung/${token}`;
  const cancelled = view.booking.status === "cancelled";
  return (
    <Page title="Ihre Buchung">
      {notice ? (
        <p role="status" className={`alert alert-${notice.kind}`}>
          {notice.text}
        </p>
      ) : null}
      <section className="card" aria-labelledby="status-title">
        <h2 id="status-title">Status: {view.statusLabel}</h2>
        {view.paidOnline ? (
          <p>
            Online bezahlt: <span className="nobreak">{view.paidOnline}</span>
          </p>
        ) : null}
        {view.booking.couponCode && view.booking.discountRappen > 0 ? (
          <p>
            Mit Gutschein {view.booking.couponCode} bezahlt: <span className="nobreak">CHF {(view.booking.discountRappen / 100).toFixed(2)}</span>
            {cancelled ? " (dem Gutschein wieder gutgeschrieben)" : ""}
          </p>
        ) : null}
        {view.paymentNote ? <p>{view.paymentNote}</p> : null}
        <p>
          <a href={`${base}/kalender.ics`} download="buchung.ics">
            Zum Kalender hinzufügen (.ics)
          </a>
        </p>
      </section>
      <BookingSummary summary={view.booking} />
      {cancelled ? null : view.canChange ? (
        <section className="card" aria-labelledby="change-title">
          <h2 id="change-title">Ändern oder stornieren</h2>
          <p>Kostenlos stornierbar bis {view.deadline}. Bis dahin können Sie den Termin auch verschieben.</p>
          <p className="actions">
            <a className="button" href={`${base}/verschieben`}>
              Termin verschieben
            </a>{" "}
            <a className="button button-secondary" href={`${base}/stornieren`}>
              Buchung stornieren
            </a>
          </p>
        </section>
      ) : view.booking.status === "confirmed" ? (
        <section className="card" aria-labelledby="change-title">
          <h2 id="change-title">Ändern oder stornieren</h2>
          <p>
            Eine kostenlose Stornierung oder Verschiebung war bis {view.deadline} möglich (AGB §4: bis {view.hours} Stunden vor dem Termin). Bei
            späterer Absage oder Nichterscheinen wird der Betrag nicht zurückerstattet. Für Fragen erreichen Sie uns unter{" "}
            <a href={VENUE_CONTACT.phoneHref}>{VENUE_CONTACT.phone}</a>.
          </p>
        </section>
      ) : null}
      <VenueNotes />
    </Page>
  );
}
