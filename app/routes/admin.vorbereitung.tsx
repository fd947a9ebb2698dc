import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { GuestBrief } from "~/components/GuestBrief";
import { Page } from "~/components/Page";
import { longDateLabel } from "~/domain/calendar";
import { formatChf } from "~/domain/money";
import { pageMeta } from "~/domain/page-meta";
import { STATUS_LABELS } from "~/domain/staff-labels";
import { addDays, formatTime, isIsoDate, venueNow } from "~/domain/time";
import { isManager, requireStaff } from "~/server/staff/auth.server";
import { prepSheet } from "~/server/staff/export.server";
import { getDb } from "~/server/platform/db.server";

/** Staff pages (bookings, allergies): never kept by a browser or proxy cache. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
export const meta: MetaFunction = () => pageMeta("Vorbereitung", [{ name: "robots", content: "noindex" }]);

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const requested = new URL(request.url).searchParams.get("date");
  const date = requested && isIsoDate(requested) ? requested : venueNow().date;
  return { staff: { email: staff.email, manager: isManager(staff) }, sheet: await prepSheet(await getDb(), date) };
}

/**
 * The prep sheet (issue #30 §5): the day's parties for the kitchen and the hosts, one A4 page,
 * black and white. On paper the table keeps its columns; on a phone each party is a block.
 * Allergies are marked with a word, not a colour, so they survive a black-and-white printer.
 */
export default function PrepSheetPage() {
  const { staff, sheet } = useLoaderData<typeof loader>();
  const { totals } = sheet;
  return (
    <Page title="Vorbereitung" wide>
      <AdminBar email={staff.email} manager={staff.manager} />
      <section className="card print-day prep-sheet" aria-labelledby="prep-title">
        <div className="day-nav no-print">
          <a className="button button-secondary button-small" href={`/admin/vorbereitung?date=${addDays(sheet.date, -1)}`}>
            ‹ Vorheriger Tag
          </a>
          <a className="button button-secondary button-small" href={`/admin?date=${sheet.date}`}>
            Tagesübersicht
          </a>
          <a className="button button-secondary button-small" href={`/admin/vorbereitung?date=${addDays(sheet.date, 1)}`}>
            Nächster Tag ›
          </a>
        </div>
        <h2 id="prep-title">Partys am {longDateLabel(sheet.date)}</h2>
        {totals.parties === 0 ? (
          <p>Keine Geburtstagspartys an diesem Tag.</p>
        ) : (
          <>
            <p>
              {totals.parties === 1 ? "1 Party" : `${totals.parties} Partys`} · {totals.children} Kinder · {totals.adults} Erwachsene
              {totals.withAllergies > 0 ? ` · ${totals.withAllergies === 1 ? "1 Party" : `${totals.withAllergies} Partys`} mit Allergien/Hinweisen` : ""}
            </p>
            {sheet.extras.length > 0 ? (
              <section aria-labelledby="prep-extras-title" className="prep-extras">
                <h3 id="prep-extras-title">Küche: Menüs und Zusatzleistungen des Tages</h3>
                <ul>
                  {sheet.extras.map((e) => (
                    <li key={e.label}>
                      <strong>{e.quantity} ×</strong> {e.label}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            <p className="no-print">Zum Drucken die Druckfunktion des Browsers verwenden (eine A4-Seite).</p>
            <table className="day-table print-table">
              <caption className="visually-hidden">Partys in zeitlicher Reihenfolge</caption>
              <thead>
                <tr>
                  <th scope="col">Zeit und Ort</th>
                  <th scope="col">Geburtstagskind</th>
                  <th scope="col">Personen</th>
                  <th scope="col">Menüs und Zusatzleistungen</th>
                  <th scope="col">Allergien und Hinweise</th>
                  <th scope="col">Gastgeber</th>
                  <th scope="col">Offen</th>
                </tr>
              </thead>
              <tbody>
                {sheet.parties.map((p) => (
                  <tr key={p.code}>
                    <td data-label="Zeit und Ort">
                      <strong className="nobreak">
                        {formatTime(p.startMin)}–{formatTime(p.endMin)}
                      </strong>
                      <br />
                      {p.place}
                      <br />
                      <span className="muted">{p.offerName}</span>
                      <br />
                      <a href={`/admin/buchungen/${p.code}`}>{p.code}</a>
                      {p.status !== "confirmed" ? ` (${STATUS_LABELS[p.status] ?? p.status})` : null}
                    </td>
                    <td data-label="Geburtstagskind">{p.child ?? "–"}</td>
                    <td data-label="Personen">
                      {p.children} Kinder
                      {p.adults > 0 ? `, ${p.adults} Erw.` : ""}
                      {p.headcountConfirmed === null ? null : <span className="day-note">{p.headcountConfirmed ? "Schlusszahl bestätigt" : "Schlusszahl offen"}</span>}
                    </td>
                    <td data-label="Menüs und Zusatzleistungen">
                      {p.extras.length > 0
                        ? p.extras.map((e) => (
                            <span key={e.label} className="day-note">
                              {e.quantity} × {e.label}
                            </span>
                          ))
                        : "–"}
                    </td>
                    <td data-label="Allergien und Hinweise" className="break-anywhere">
                      {p.allergies ? (
                        <span className="pre-line">
                          <strong>ALLERGIEN/HINWEISE:</strong> {p.allergies}
                        </span>
                      ) : (
                        "–"
                      )}
                      {p.message ? (
                        <span className="day-note">
                          Nachricht: <em>{p.message}</em>
                        </span>
                      ) : null}
                      {p.notes.map((n, i) => (
                        <span key={i} className="day-note">
                          Notiz: {n}
                        </span>
                      ))}
                      {p.guests ? <GuestBrief brief={p.guests} /> : null}
                    </td>
                    <td data-label="Gastgeber">
                      {p.contact}
                      <br />
                      <span className="phone">{p.phone}</span>
                    </td>
                    <td data-label="Offen">{p.openRappen > 0 ? formatChf(p.openRappen) : "–"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
    </Page>
  );
}
