import type { RouteHandle } from "~/root";
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmedBooking, SuccessIcon } from "~/components/ConfirmedBooking";
import { Page } from "~/components/Page";
import { VenueNotes } from "~/components/VenueNotes";
import { useLocalePath } from "~/components/useLanguage";
import { confirmedViewOf } from "~/server/booking/confirmation-view.server";
import { findReservationByCode } from "~/server/booking/bookings.server";
import { getDb } from "~/server/platform/db.server";
import { getDraft } from "~/server/booking/draft.server";
import { localPageMeta } from "~/domain/page-meta";
import { requestLang } from "~/server/i18n/request.server";
import { t, texts } from "~/server/i18n/texts.server";

export const handle: RouteHandle = { translated: true };

/** The family's confirmation (e-mail address): never kept by a browser or proxy cache. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => localPageMeta(matches, data?.t.doneTitle ?? "Buchung abgeschlossen");

/** Reads the booking this browser made last from the server; nothing comes from browser state. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const draft = await getDraft(request);
  const db = await getDb();
  const reservation = draft.bookingCode ? await findReservationByCode(db, draft.bookingCode) : null;
  const page = texts(lang, "payment");
  if (!reservation || reservation.status !== "confirmed") return { t: page, booking: null, summary: null };
  // The family sees what it booked (date, time, players, rounds, total), not only the code.
  return {
    t: page,
    booking: { code: reservation.code, sent: t(lang, "payment", "sentToShort", { email: reservation.email }) },
    summary: await confirmedViewOf(db, reservation, lang),
  };
}

export default function Success() {
  const { t, booking, summary } = useLoaderData<typeof loader>();
  const to = useLocalePath();
  return (
    <Page title={t.doneTitle}>
      <div className="card center">
        {booking ? (
          <>
            <SuccessIcon />
            <p>{t.confirmed}</p>
            <p>
              {t.codeLabel} <strong>{booking.code}</strong>
            </p>
            <p>{booking.sent}</p>
          </>
        ) : (
          <p className="alert alert-error">{t.noReservation}</p>
        )}
        {summary ? null : (
          <a className="button" href={to("/")}>
            {t.backToStart}
          </a>
        )}
      </div>
      {summary ? (
        <>
          {/* The same cards as a birthday's confirmation; the code stands in the card above already. */}
          <ConfirmedBooking booking={summary} t={t} hideCode />
          <VenueNotes />
          <div className="actions">
            <a className="button" href={to("/")}>
              {t.backToStart}
            </a>
          </div>
        </>
      ) : null}
    </Page>
  );
}
