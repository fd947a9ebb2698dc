import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { Page } from "~/components/Page";
import { pageMeta } from "~/domain/page-meta";
import { bookingStatusLabel } from "~/domain/staff-labels";
import { addDays, formatDateDE, formatTime, isIsoDate, venueNow } from "~/domain/time";
import { TIMELINE_STEP_MIN } from "~/domain/timeline";
import { isManager, requireStaff } from "~/server/staff/auth.server";
import { dayTimeline } from "~/server/staff/day-overview.server";
import { getDb } from "~/server/platform/db.server";

/** Staff pages (bookings, contact data): never kept by a browser or proxy cache. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
export const meta: MetaFunction = () => pageMeta("Zeitplan", [{ name: "robots", content: "noindex" }]);

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const requested = new URL(request.url).searchParams.get("date");
  const date = requested && isIsoDate(requested) ? requested : venueNow().date;
  return { staff: { email: staff.email, manager: isManager(staff) }, date, timeline: await dayTimeline(await getDb(), date) };
}

/**
 * The day at a glance (issue #29 §6): one track per table and game location, the hours across, each
 * booking a block (name, persons, status) linking to its detail. Server-rendered, printable (landscape),
 * without JavaScript; on a phone the tracks scroll sideways inside their box. Screen readers get each
 * track as a list of its bookings in time order.
 */
export default function DayTimeline() {
  const { staff, date, timeline } = useLoaderData<typeof loader>();
  const columns = `repeat(${timeline.steps}, minmax(1.1em, 1fr))`;
  return (
    <Page title={`Zeitplan ${formatDateDE(date)}`} wide>
      <AdminBar email={staff.email} manager={staff.manager} />
      <section className="card">
        <div className="day-nav no-print">
          <a className="button button-secondary button-small" href={`/admin/zeitplan?date=${addDays(date, -1)}`}>
            ‹ Vorheriger Tag
          </a>
          <a className="button button-secondary button-small" href={`/admin?date=${date}`}>
            Tagesübersicht
          </a>
          <a className="button button-secondary button-small" href={`/admin/vorbereitung?date=${date}`}>
            Vorbereitung
          </a>
          <a className="button button-secondary button-small" href={`/admin/zeitplan?date=${addDays(date, 1)}`}>
            Nächster Tag ›
          </a>
        </div>
        {timeline.flagged > 0 ? (
          <p className="alert alert-warning" role="status">
            {timeline.flagged === 1 ? "1 Buchung liegt" : `${timeline.flagged} Buchungen liegen`} ausserhalb der Öffnungszeiten oder auf einer Schliessung (markiert mit ⚠).
          </p>
        ) : null}
        <div className="timeline-scroll" role="region" aria-label="Zeitplan, seitlich scrollbar" tabIndex={0}>
          <div className="timeline">
            <div className="timeline-hours" aria-hidden="true" style={{ gridTemplateColumns: columns }}>
              {timeline.hours.map((h) => (
                <span key={h} style={{ gridColumn: `${(h - timeline.fromMin) / TIMELINE_STEP_MIN + 1} / span ${60 / TIMELINE_STEP_MIN}` }}>
                  {formatTime(h)}
                </span>
              ))}
            </div>
            {timeline.rows.map((row) => (
              <div key={row.key} className="timeline-row">
                <h2 id={`tl-${row.key}`} className="timeline-name">
                  {row.name} <span className="muted">({row.capacityLabel})</span>
                  {row.note ? <span className="muted"> · {row.note}</span> : null}
                </h2>
                {row.blocks.length === 0 ? (
                  <p className="muted timeline-empty">keine Buchungen</p>
                ) : (
                  <ol className="timeline-track" aria-labelledby={`tl-${row.key}`} style={{ gridTemplateColumns: columns }}>
                    {row.blocks.map((b) => (
                      <li key={b.code} className={`timeline-block timeline-${b.status}${b.flag ? " timeline-flagged" : ""}`} style={{ gridColumn: `${b.column} / span ${b.span}` }}>
                        <a href={`/admin/buchungen/${encodeURIComponent(b.code)}`}>
                          <span className="nobreak">
                            {formatTime(b.startMin)}–{formatTime(b.endMin)}
                          </span>{" "}
                          {b.flag ? <span aria-hidden="true">⚠ </span> : null}
                          <strong>{b.name}</strong>, {b.persons} {b.persons === 1 ? "Person" : "Personen"}, {bookingStatusLabel(b)}
                          {b.flag ? <span className="timeline-flag"> ({b.flag})</span> : null}
                        </a>
                      </li>
                    ))}
                  </ol>
                )}
              </div>
            ))}
          </div>
        </div>
      </section>
    </Page>
  );
}
