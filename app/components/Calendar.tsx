import { useNavigate } from "@remix-run/react";
import { useState, type KeyboardEvent, type MouseEvent } from "react";
import { dayOffer, isClosedDay, longDateLabel, monthGrid, monthLabel, monthOffered, weekdayHeads } from "~/domain/calendar";
import { addDays, addMonths } from "~/domain/time";
import { useHydrated } from "./useHydrated";
import { fill, useContentTexts, useContentLang } from "./useLanguage";

/** Arrow keys move a day or a week (issue #28 §5, the WAI-ARIA date grid's keys). */
const ARROW_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * A month view made of links, so choosing a day works without JavaScript; `hrefFor` keeps the
 * rest of the step's query (counts, location) in every link. The ~35 links are plain `<a>`s with one
 * delegated click handler instead of `<Link>`s: each `<Link>` costs several hooks in every server
 * render of the slot page, and all of them navigate the same way (replace, keep the scroll).
 *
 * Keyboard (issue #28 §5): once JavaScript runs the month is one tab stop (the chosen day, else the
 * first offered one) and the arrow keys move between the days ("roving tabindex"); Enter chooses.
 * Without JavaScript every day stays a tab stop, since nothing could move the focus otherwise.
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
  /** The calendar's name for screen readers; «Datum wählen» in the page's language by default. */
  label?: string;
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
  const t = useContentTexts();
  const lang = useContentLang();
  const heads = weekdayHeads(lang);
  const prev = addMonths(`${month}-01`, -1).slice(0, 7);
  const next = addMonths(`${month}-01`, 1).slice(0, 7);
  const limits = { today, lastDay };
  const canGoBack = monthOffered(prev, limits);
  const canGoForward = monthOffered(next, limits);
  const navigate = useNavigate();
  const hydrated = useHydrated();
  // The day arrow keys last moved to (and the choice then): it keeps the tab stop until the month or the choice changes.
  const [focused, setFocused] = useState<[string, string | null]>();
  const offered = (date: unknown): date is string => typeof date === "string" && dayOffer(date, limits) === "open" && date.startsWith(month);
  const stop = [focused?.[1] === selected && focused[0], selected].find(offered) ?? weeks.flat().find((d) => offered(d.date))?.date;
  function rove(event: KeyboardEvent<HTMLElement>) {
    const step = ARROW_STEPS[event.key];
    const from = (event.target as HTMLElement).dataset.date;
    if (!step || !from) return;
    event.preventDefault();
    // Past days and days after the horizon are no links: skip over them, within the month.
    for (let d = addDays(from, step); d.startsWith(month); d = addDays(d, step)) {
      const link = event.currentTarget.querySelector<HTMLElement>(`[data-date="${d}"]`);
      if (link) {
        setFocused([d, selected]);
        return link.focus();
      }
    }
  }
  function followInApp(event: MouseEvent<HTMLElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest("a[href]");
    if (!link || !event.currentTarget.contains(link)) return;
    event.preventDefault();
    navigate(link.getAttribute("href")!, { replace: true, preventScrollReset: true });
  }
  return (
    // Clicks on the links inside bubble here; keyboard activation of a link is a click as well.
    <section className="calendar" aria-label={label ?? t.chooseDate} onClick={followInApp}>
      <div className="calendar-head">
        {canGoBack ? (
          <a className="calendar-nav" href={hrefFor({ month: prev })} aria-label={t.prevMonth}>
            ‹
          </a>
        ) : (
          <span className="calendar-nav" aria-disabled="true">
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">{t.prevMonthNone}</span>
          </span>
        )}
        <h2 aria-live="polite">{monthLabel(month, lang)}</h2>
        {canGoForward ? (
          <a className="calendar-nav" href={hrefFor({ month: next })} aria-label={t.nextMonth}>
            ›
          </a>
        ) : (
          <span className="calendar-nav" aria-disabled="true">
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">{t.nextMonthNone}</span>
          </span>
        )}
      </div>
      <table>
        <thead>
          <tr>
            {heads.short.map((w, i) => (
              <th key={w} scope="col" abbr={heads.long[i]}>
                {w}
              </th>
            ))}
          </tr>
        </thead>
        <tbody onKeyDown={hydrated ? rove : undefined}>
          {weeks.map((week) => (
            <tr key={week[0]!.date}>
              {week.map((day) => (
                <td key={day.date}>
                  {!day.inMonth ? null : dayOffer(day.date, limits) !== "open" ? (
                    <span className="past">
                      <span aria-hidden="true">{day.day}</span>
                      <span className="visually-hidden">{fill(dayOffer(day.date, limits) === "past" ? t.dayPast : t.dayNotBookable, { date: longDateLabel(day.date, lang) })}</span>
                    </span>
                  ) : (
                    <a
                      href={hrefFor({ date: day.date, month })}
                      data-date={day.date}
                      tabIndex={hydrated && day.date !== stop ? -1 : undefined}
                      aria-current={day.date === selected ? "date" : undefined}
                      aria-label={isClosedDay(day.date, closed, closedDates, openDates) ? fill(t.dayClosed, { date: longDateLabel(day.date, lang) }) : longDateLabel(day.date, lang)}
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
          {t.closedLegend}
        </p>
      ) : null}
    </section>
  );
}
