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
}: {
  name: string;
  legend: string;
  slots: readonly SlotOption[];
  chosen: (slot: SlotOption) => boolean;
  onChoose: (startTime: string) => void;
  note: (slot: SlotOption) => string;
}) {
  return (
    <fieldset className="slot-grid">
      <legend className="visually-hidden">{legend}</legend>
      {slots.map((slot) => (
        <label key={slot.startTime} className="slot">
          <input
            type="radio"
            name={name}
            value={slot.startTime}
            disabled={!slot.available}
            checked={chosen(slot) && slot.available}
            onChange={() => onChoose(slot.startTime)}
          />
          {slot.startTime} - {slot.endTime}
          <small>{note(slot)}</small>
        </label>
      ))}
    </fieldset>
  );
}
