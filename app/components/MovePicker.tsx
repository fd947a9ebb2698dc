import { Form } from "@remix-run/react";
import type { MoveSlot } from "~/domain/availability";
import { MSG } from "~/domain/messages";
import { formatDateDE } from "~/domain/time";
import { Calendar } from "./Calendar";
import { SlotGrid } from "./SlotGrid";

/** The picker's words in a family page's language (the chosen date's already filled in); German without them (staff). */
export type MovePickerTexts = {
  pickDate: string;
  /** «Freie Zeiten am 09.12.2026» (empty while no day is chosen). */
  slotsOn: string;
  /** «Zeit am 09.12.2026» */
  slotsLegend: string;
  slotFree: string;
  slotPast: string;
  slotTaken: string;
  moveSubmit: string;
  abort: string;
  pickDay: string;
};

/** The German words (staff pages, and the fallback). */
function germanTexts(date: string | null): MovePickerTexts {
  const day = date ? formatDateDE(date) : "";
  return {
    pickDate: "Neues Datum wählen",
    slotsOn: `Freie Zeiten am ${day}`,
    slotsLegend: `Zeit am ${day}`,
    slotFree: "frei",
    slotPast: "vorbei",
    slotTaken: "belegt",
    moveSubmit: "Auf diesen Termin verschieben",
    abort: "Abbrechen",
    pickDay: "Bitte wählen Sie im Kalender einen Tag.",
  };
}

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
  /** Its words in the page's language (a family page); German without. */
  texts?: MovePickerTexts;
}) {
  const { month, date, today, lastDay = null, closed, closedDates = [], openDates = [], slots, emptyNote = MSG.closedDay, hrefFor, byHour, cancelHref, error, hidden = {} } = props;
  const t = props.texts ?? germanTexts(date);
  return (
    <>
      {error ? (
        <p role="alert" className="alert alert-error">
          {error}
        </p>
      ) : null}
      <Calendar month={month} selected={date} today={today} hrefFor={hrefFor} label={t.pickDate} closed={closed} closedDates={closedDates} openDates={openDates} lastDay={lastDay} />
      {date && slots ? (
        <Form method="post" className="card">
          <h2>{t.slotsOn}</h2>
          <input type="hidden" name="date" value={date} />
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {slots.length === 0 ? (
            <p>{emptyNote}</p>
          ) : (
            <SlotGrid
              name="start"
              legend={t.slotsLegend}
              slots={slots}
              chosen={() => false}
              onChoose={() => undefined}
              note={(s) => (s.available ? t.slotFree : (s as MoveSlot).past ? t.slotPast : t.slotTaken)}
              byHour={byHour}
            />
          )}
          <p className="actions">
            <button type="submit" className="button">
              {t.moveSubmit}
            </button>{" "}
            <a className="button button-secondary" href={cancelHref}>
              {t.abort}
            </a>
          </p>
        </Form>
      ) : (
        <p>{t.pickDay}</p>
      )}
    </>
  );
}
