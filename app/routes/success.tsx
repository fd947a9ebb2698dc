import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Page } from "~/components/Page";
import { MSG } from "~/domain/messages";
import { findReservationByCode } from "~/server/bookings.server";
import { getDb } from "~/server/db.server";
import { getDraft } from "~/server/draft.server";
import { pageMeta } from "~/domain/page-meta";

export const meta: MetaFunction = () => pageMeta("Buchung abgeschlossen");

/** Reads the booking this browser made last from the server; nothing comes from browser state. */
export async function loader({ request }: LoaderFunctionArgs) {
  const draft = await getDraft(request);
  const reservation = draft.bookingCode ? await findReservationByCode(await getDb(), draft.bookingCode) : null;
  if (!reservation || reservation.status !== "confirmed") return { booking: null };
  return { booking: { code: reservation.code, email: reservation.email, message: MSG.bookingConfirmed } };
}

export default function Success() {
  const { booking } = useLoaderData<typeof loader>();
  return (
    <Page title="Buchung abgeschlossen">
      <div className="card center">
        {booking ? (
          <>
            <svg className="success-icon" viewBox="0 0 64 64" aria-hidden="true">
              <circle cx="32" cy="32" r="30" fill="#16a34a" />
              <path d="M18 33l9 9 19-20" stroke="#fff" strokeWidth="6" fill="none" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <p>{booking.message}</p>
            <p>
              Buchungscode: <strong>{booking.code}</strong>
            </p>
            <p>Eine Bestätigung wurde an {booking.email} gesendet. Bitte prüfen Sie auch Ihren Spam-Ordner.</p>
          </>
        ) : (
          <p className="alert alert-error">Keine Reservierungsdaten gefunden.</p>
        )}
        <a className="button" href="/">
          Zurück zum Start
        </a>
      </div>
    </Page>
  );
}
