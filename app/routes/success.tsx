import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmedBooking, SuccessIcon } from "~/components/ConfirmedBooking";
import { Page } from "~/components/Page";
import { VenueNotes } from "~/components/VenueNotes";
import { bookingSummaryOf } from "~/server/booking/confirmation-view.server";
import { MSG } from "~/domain/messages";
import { findReservationByCode } from "~/server/booking/bookings.server";
import { getDb } from "~/server/platform/db.server";
import { getDraft } from "~/server/booking/draft.server";
import { pageMeta } from "~/domain/page-meta";

/** The family's confirmation (e-mail address): never kept by a browser or proxy cache. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: MetaFunction = () => pageMeta("Buchung abgeschlossen");

/** Reads the booking this browser made last from the server; nothing comes from browser state. */
export async function loader({ request }: LoaderFunctionArgs) {
  const draft = await getDraft(request);
  const db = await getDb();
  const reservation = draft.bookingCode ? await findReservationByCode(db, draft.bookingCode) : null;
  if (!reservation || reservation.status !== "confirmed") return { booking: null, summary: null };
  // The family sees what it booked (date, time, players, rounds, total), not only the code.
  return { booking: { code: reservation.code, email: reservation.email, message: MSG.bookingConfirmed }, summary: await bookingSummaryOf(db, reservation) };
}

export default function Success() {
  const { booking, summary } = useLoaderData<typeof loader>();
  return (
    <Page title="Buchung abgeschlossen">
      <div className="card center">
        {booking ? (
          <>
            <SuccessIcon />
            <p>{booking.message}</p>
            <p>
              Buchungscode: <strong>{booking.code}</strong>
            </p>
            <p>Eine Bestätigung wurde an {booking.email} gesendet. Bitte prüfen Sie auch Ihren Spam-Ordner.</p>
          </>
        ) : (
          <p className="alert alert-error">Keine Reservierungsdaten gefunden.</p>
        )}
        {summary ? null : (
          <a className="button" href="/">
            Zurück zum Start
          </a>
        )}
      </div>
      {summary ? (
        <>
          {/* The same cards as a birthday's confirmation; the code stands in the card above already. */}
          <ConfirmedBooking summary={summary} hideCode />
          <VenueNotes />
          <div className="actions">
            <a className="button" href="/">
              Zurück zum Start
            </a>
          </div>
        </>
      ) : null}
    </Page>
  );
}
