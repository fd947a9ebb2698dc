import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, useLoaderData } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { Page } from "~/components/Page";
import { longDateLabel } from "~/domain/calendar";
import { DAY_LIST_MAX_DAYS, parseRange } from "~/domain/export";
import { formatChf } from "~/domain/money";
import { pageMeta } from "~/domain/page-meta";
import { STATUS_LABELS } from "~/domain/staff-labels";
import { formatTime, venueNow } from "~/domain/time";
import { isManager, requireStaff } from "~/server/staff/auth.server";
import { dayList } from "~/server/staff/export.server";
import { getDb } from "~/server/platform/db.server";

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
export const meta: MetaFunction = () => pageMeta("Tagesliste", [{ name: "robots", content: "noindex" }]);

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const params = new URL(request.url).searchParams;
  if (!params.has("from") && !params.has("to")) {
    const today = venueNow().date;
    params.set("from", today);
    params.set("to", today);
  }
  const range = parseRange(params, DAY_LIST_MAX_DAYS);
  if (!range.ok) return data({ staff: { email: staff.email, manager: isManager(staff) }, errors: range.errors, days: null }, { status: 400 });
  return data({ staff: { email: staff.email, manager: isManager(staff) }, errors: {}, days: await dayList(await getDb(), range) });
}

/** The day's list on paper: one page per day (print stylesheet), each table and game location in time order. */
export default function DayList() {
  const { staff, errors, days } = useLoaderData<typeof loader>();
  const e = errors as { from?: string; to?: string };
  return (
    <Page title="Tagesliste" wide>
      <AdminBar email={staff.email} manager={staff.manager} />
      {!days ? (
        <div className="alert alert-error" role="alert">
          <p>Die Tagesliste konnte nicht erstellt werden:</p>
          <ul>
            {e.from ? <li>Datum von: {e.from}</li> : null}
            {e.to ? <li>Datum bis: {e.to}</li> : null}
          </ul>
          <p>
            <a href="/admin/export">Zurück zum Formular</a>
          </p>
        </div>
      ) : (
        <>
          <p className="no-print">
            Zum Drucken die Druckfunktion des Browsers verwenden (eine Seite pro Tag). <a href="/admin/export">Anderen Zeitraum wählen</a>
          </p>
          {days.map((day) => (
            <section key={day.date} className="card print-day" aria-labelledby={`day-${day.date}`}>
              <h2 id={`day-${day.date}`}>{longDateLabel(day.date)}</h2>
              {day.count === 0 ? <p>Keine Buchungen.</p> : <p>{day.count === 1 ? "1 Buchung" : `${day.count} Buchungen`}</p>}
              {day.groups.map((g) => (
                <table key={g.key} className="day-table print-table">
                  <caption>{g.name}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Zeit</th>
                      <th scope="col">Name und Telefon</th>
                      <th scope="col">Personen</th>
                      <th scope="col">Paket/Spiel</th>
                      <th scope="col">Nachricht und Notizen</th>
                      <th scope="col">Offen</th>
                    </tr>
                  </thead>
                  <tbody>
                    {g.bookings.map((b) => (
                      <tr key={b.code}>
                        <td data-label="Zeit" className="nobreak">
                          {formatTime(b.startMin)}–{formatTime(b.endMin)}
                          <br />
                          {b.code}
                          {b.status !== "confirmed" ? (
                            <>
                              <br />
                              {STATUS_LABELS[b.status] ?? b.status}
                            </>
                          ) : null}
                        </td>
                        <td data-label="Name und Telefon">
                          {b.name}
                          <br />
                          <span className="phone">{b.phone}</span>
                        </td>
                        <td data-label="Personen">{b.persons}</td>
                        <td data-label="Paket/Spiel">{b.offerName}</td>
                        <td data-label="Nachricht und Notizen" className="break-anywhere">
                          {b.child ? <span className="day-note">Geburtstagskind: {b.child}</span> : null}
                          {b.allergies ? (
                            <span className="day-note">
                              <strong>Allergien/Hinweise:</strong> {b.allergies}
                            </span>
                          ) : null}
                          {b.extras ? <span className="day-note">Zusatzleistungen: {b.extras}</span> : null}
                          {b.message ? <em>{b.message}</em> : null}
                          {b.notes.map((n, i) => (
                            <span key={i} className="day-note">
                              Notiz: {n}
                            </span>
                          ))}
                        </td>
                        <td data-label="Offen">{b.openRappen > 0 ? formatChf(b.openRappen) : "–"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ))}
            </section>
          ))}
        </>
      )}
    </Page>
  );
}
