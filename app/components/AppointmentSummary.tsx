import { formatDateDE } from "~/domain/time";

/** Spec §2: after a slot is chosen, "Ihr Termin" shows its date and time. */
export function AppointmentSummary({ date, slot }: { date: string; slot: { startTime: string; endTime: string } }) {
  return (
    <div className="summary alert alert-info" aria-live="polite">
      <h3>Ihr Termin</h3>
      <dl>
        <dt>Datum</dt>
        <dd>{formatDateDE(date)}</dd>
        <dt>Zeit</dt>
        <dd>
          {slot.startTime} - {slot.endTime} Uhr
        </dd>
      </dl>
    </div>
  );
}
