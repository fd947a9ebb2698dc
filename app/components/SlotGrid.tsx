import { fill, useContentTexts } from "./useLanguage";

type SlotOption = { startTime: string; endTime: string; available: boolean };

/**
 * The time slots of a day as radio tiles (birthday slots on /find-slot, game starts on /slot):
 * taken ones are disabled, at most one is chosen. `note` is the small line under each time.
 */
export function SlotGrid({
  name,
  legend,
  slots,
  chosen,
  onChoose,
  note,
  byHour = false,
}: {
  name: string;
  legend: string;
  slots: readonly SlotOption[];
  chosen: (slot: SlotOption) => boolean;
  onChoose: (startTime: string) => void;
  note: (slot: SlotOption) => string;
  /** Many short starts (games, every 20 minutes): one row per hour, tiles showing the start time only. */
  byHour?: boolean;
}) {
  const t = useContentTexts();
  const tile = (slot: SlotOption) => (
    <label key={slot.startTime} className="slot">
      <input
        type="radio"
        name={name}
        value={slot.startTime}
        disabled={!slot.available}
        checked={chosen(slot) && slot.available}
        onChange={() => onChoose(slot.startTime)}
      />
      {byHour ? (
        <>
          {slot.startTime}
          <span className="visually-hidden"> - {slot.endTime}</span>
          <small className={slot.available ? "visually-hidden" : undefined}> {note(slot)}</small>
        </>
      ) : (
        <>
          {slot.startTime} - {slot.endTime}
          <small>{note(slot)}</small>
        </>
      )}
    </label>
  );
  if (byHour) {
    const hours = [...new Set(slots.map((s) => s.startTime.slice(0, 2)))];
    return (
      <fieldset className="slot-hours">
        <legend className="visually-hidden">{legend}</legend>
        {hours.map((hour) => (
          <fieldset key={hour} className="slot-grid slot-grid-hour">
            <legend className="slot-hour">{fill(t.hourLegend, { hour })}</legend>
            {slots.filter((s) => s.startTime.startsWith(hour)).map(tile)}
          </fieldset>
        ))}
      </fieldset>
    );
  }
  return (
    <fieldset className="slot-grid">
      <legend className="visually-hidden">{legend}</legend>
      {slots.map(tile)}
    </fieldset>
  );
}
