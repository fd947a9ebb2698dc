import { Form } from "@remix-run/react";
import type { MoveSlot } from "~/domain/availability";
import { MSG } from "~/domain/messages";
import { formatDateDE } from "~/domain/time";
import { Calendar } from "./Calendar";
import { SlotGrid } from "./SlotGrid";

/**
 * Choosing a new date and time for an existing booking (the family's self-service move and the staff
 * desk's): the booking flow's calendar (plain links) and slot grid, posted as a plain form.
 */
export function MovePicker(props: {
  month: string;
  date: string | null;
  today: string;
  closed: number[];
  /** Closures staff entered for days of the shown month (marked `geschlossen` like closed weekdays). */
  closedDates?: string[];
  openDates?: string[];
  /** The booking horizon's last date: the calendar offers no later day. */
  lastDay?: string | null;
  slots: MoveSlot[] | null;
  /** Said when the chosen day lists no times (closed, or no birthdays/games that day). */
  emptyNote?: string;
  hrefFor: (q: { date?: string; month?: string }) => string;
  /** Games list their starts by hour, like the booking flow's game step. */
  byHour: boolean;
  cancelHref: string;
  error?: string | null;
  /** Posted with the chosen time (staff: the table or location looked at). */
  hidden?: Record<string, string>;
}) {
  const { month, date, today, lastDay = null, closed, closedDates = [], openDates = [], slots, emptyNote = MSG.closedDay, hrefFor, byHour, cancelHref, error, hidden = {} } = props;
  return (
    <>
      {error ? (
        <p role="alert" className="alert alert-error">
          {error}
        </p>
      ) : null}
      <Calendar month={month} selected={date} today={today} hrefFor={hrefFor} label="Neues Datum wählen" closed={closed} closedDates={closedDates} openDates={openDates} lastDay={lastDay} />
      {date && slots ? (
        <Form method="post" className="card">
          <h2>Freie Zeiten am {formatDateDE(date)}</h2>
          <input type="hidden" name="date" value={date} />
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {slots.length === 0 ? (
            <p>{emptyNote}</p>
          ) : (
            <SlotGrid
              name="start"
              legend={`Zeit am ${formatDateDE(date)}`}
              slots={slots}
              chosen={() => false}
              onChoose={() => undefined}
              note={(s) => (s.available ? "frei" : (s as MoveSlot).past ? "vorbei" : "belegt")}
              byHour={byHour}
            />
          )}
          <p className="actions">
            <button type="submit" className="button">
              Auf diesen Termin verschieben
            </button>{" "}
            <a className="button button-secondary" href={cancelHref}>
              Abbrechen
            </a>
          </p>
        </Form>
      ) : (
        <p>Bitte wählen Sie im Kalender einen Tag.</p>
      )}
    </>
  );
}
