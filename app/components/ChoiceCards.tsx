import { useAdoptCheckedRadio } from "./useAdoptTypedValue";

export type Choice = { value: number; title: string; price?: string; points: readonly string[] };

/**
 * A radio group drawn as cards (the offers and the game types). Uncontrolled, so a choice made
 * before hydration stays checked; `onChoose` reports it at mount and on every change, for the
 * step's `Weiter` button that waits for a choice.
 */
export function ChoiceCards({
  name,
  legend,
  choices,
  selected,
  onChoose,
}: {
  name: string;
  legend: string;
  choices: readonly Choice[];
  selected: number | null;
  onChoose: (value: number) => void;
}) {
  useAdoptCheckedRadio(name, (value) => onChoose(Number(value)));
  return (
    <fieldset className="offer-list">
      <legend className="visually-hidden">{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="offer-card">
          <input type="radio" name={name} value={choice.value} defaultChecked={choice.value === selected} onChange={() => onChoose(choice.value)} />
          <span className="offer-name">{choice.title}</span>
          {choice.price ? <span className="offer-price">{choice.price}</span> : null}
          <ul>
            {choice.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </label>
      ))}
    </fieldset>
  );
}
