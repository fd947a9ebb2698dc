import { Link } from "@remix-run/react";
import { longDateLabel, monthGrid, monthLabel, WEEKDAY_LABELS, WEEKDAY_NAMES } from "~/domain/calendar";
import { addMonths } from "~/domain/time";

/**
 * A month view made of links, so choosing a day works without JavaScript; `hrefFor` keeps the
 * rest of the step's query (counts, location) in every link.
 */
export function Calendar({
  month,
  selected,
  today,
  hrefFor,
  label,
}: {
  month: string;
  selected: string | null;
  today: string;
  hrefFor: (query: { date?: string; month?: string }) => string;
  label: string;
}) {
  const weeks = monthGrid(month, today);
  const prev = addMonths(`${month}-01`, -1).slice(0, 7);
  const next = addMonths(`${month}-01`, 1).slice(0, 7);
  const canGoBack = prev >= today.slice(0, 7);
  return (
    <section className="calendar" aria-label={label}>
      <div className="calendar-head">
        {canGoBack ? (
          <Link className="calendar-nav" to={hrefFor({ month: prev })} preventScrollReset replace aria-label="Vorheriger Monat">
            ‹
          </Link>
        ) : (
          <span className="calendar-nav" aria-disabled="true">
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">Vorheriger Monat (nicht verfügbar)</span>
          </span>
        )}
        <h2 aria-live="polite">{monthLabel(month)}</h2>
        <Link className="calendar-nav" to={hrefFor({ month: next })} preventScrollReset replace aria-label="Nächster Monat">
          ›
        </Link>
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
                  {!day.inMonth ? null : day.past ? (
                    <span className="past">
                      <span aria-hidden="true">{day.day}</span>
                      <span className="visually-hidden">{`${longDateLabel(day.date)} (vergangen)`}</span>
                    </span>
                  ) : (
                    <Link
                      to={hrefFor({ date: day.date, month })}
                      preventScrollReset
                      replace
                      aria-current={day.date === selected ? "date" : undefined}
                      aria-label={longDateLabel(day.date)}
                    >
                      {day.day}
                    </Link>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
