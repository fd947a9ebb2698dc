import { shortDateLabel } from "~/domain/calendar";
import { fill, useContentTexts, useContentLang } from "./useLanguage";

/** Spec §2: after a slot is chosen, "Ihr Termin" shows its date and time. */
export function AppointmentSummary({ date, slot }: { date: string; slot: { startTime: string; endTime: string } }) {
  const t = useContentTexts();
  const lang = useContentLang();
  return (
    <div className="summary alert alert-info" aria-live="polite">
      <h3>{t.yourAppointment}</h3>
      <dl>
        <dt>{t.date}</dt>
        <dd>{shortDateLabel(date, lang)}</dd>
        <dt>{t.time}</dt>
        <dd>{fill(t.timeRange, { start: slot.startTime, end: slot.endTime })}</dd>
      </dl>
    </div>
  );
}
