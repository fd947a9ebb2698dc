import { useNavigate } from "@remix-run/react";
import type { MouseEvent } from "react";
import { dayOffer, isClosedDay, longDateLabel, monthGrid, monthLabel, monthOffered, WEEKDAY_LABELS, WEEKDAY_NAMES } from "~/domain/calendar";
import { addMonths } from "~/domain/time";

/**
 * A month view made of links, so choosing a day works without JavaScript; `hrefFor` keeps the
 * rest of the step's query (counts, location) in every link. The ~35 links are plain `<a>`s with one
 * delegated click handler instead of `<Link>`s: each `<Link>` costs several hooks in every server
 * render of the slot page, and all of them navigate the same way (replace, keep the scroll).
 */
export function Calendar({
  month,
  selected,
  today,
  hrefFor,
  label,
  closed = [],
  closedDates = [],
  openDates = [],
  lastDay = null,
}: {
  month: string;
  selected: string | null;
  today: string;
  hrefFor: (query: { date?: string; month?: string }) => string;
  label: string;
  /** Weekdays (0 = Sunday) without birthdays or games: still selectable (spec), but marked `geschlossen`. */
  closed?: readonly number[];
  /** Single dates closed by staff (closures), marked the same way. */
  closedDates?: readonly string[];
  /** Dates special hours open although their weekday is closed. */
  openDates?: readonly string[];
  /** The booking horizon's last date (lastBookableDate): later days are shown but not offered. */
  lastDay?: string | null;
}) {
  const weeks = monthGrid(month, today);
  const prev = addMonths(`${month}-01`, -1).slice(0, 7);
  const next = addMonths(`${month}-01`, 1).slice(0, 7);
  const limits = { today, lastDay };
  const canGoBack = monthOffered(prev, limits);
  const canGoForward = monthOffered(next, limits);
  const navigate = useNavigate();
  function followInApp(event: MouseEvent<HTMLElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest("a[href]");
    if (!link || !event.currentTarget.contains(link)) return;
    event.preventDefault();
    navigate(link.getAttribute("href")!, { replace: true, preventScrollReset: true });
  }
  return (
    // Clicks on the links inside bubble here; keyboard activation of a link is a click as well.
    <section className="calendar" aria-label={label} onClick={followInApp}>
      <div className="calendar-head">
        {canGoBack ? (
          <a className="calendar-nav" href={hrefFor({ month: prev })} aria-label="Vorheriger Monat">
            ‹
          </a>
        ) : (
          <span className="calendar-nav" aria-disabled="true">
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">Vorheriger Monat (nicht verfügbar)</span>
          </span>
        )}
        <h2 aria-live="polite">{monthLabel(month)}</h2>
        {canGoForward ? (
          <a className="calendar-nav" href={hrefFor({ month: next })} aria-label="Nächster Monat">
            ›
          </a>
        ) : (
          <span className="calendar-nav" aria-disabled="true">
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">Nächster Monat (nicht buchbar)</span>
          </span>
        )}
      </div>
      <table>
        <thead>
          <tr>
            {WEEKDAY_LABELS.map((w, i) => (
              <th key={w} scope="col" abbr={WEEKDAY_NAMES[i]}>
                {w}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]!.date}>
              {week.map((day) => (
                <td key={day.date}>
                  {!day.inMonth ? null : dayOffer(day.date, limits) !== "open" ? (
                    <span className="past">
                      <span aria-hidden="true">{day.day}</span>
                      <span className="visually-hidden">{`${longDateLabel(day.date)} (${dayOffer(day.date, limits) === "past" ? "vergangen" : "nicht buchbar"})`}</span>
                    </span>
                  ) : (
                    <a
                      href={hrefFor({ date: day.date, month })}
                      aria-current={day.date === selected ? "date" : undefined}
                      aria-label={isClosedDay(day.date, closed, closedDates, openDates) ? `${longDateLabel(day.date)} (geschlossen)` : longDateLabel(day.date)}
                      className={isClosedDay(day.date, closed, closedDates, openDates) ? "closed" : undefined}
                    >
                      {day.day}
                    </a>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {closed.length > 0 || closedDates.length > 0 ? (
        <p className="calendar-legend">
          <span className="closed-sample" aria-hidden="true">
            1
          </span>{" "}
          geschlossen
        </p>
      ) : null}
    </section>
  );
}
