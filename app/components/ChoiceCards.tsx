import { useAdoptCheckedRadio } from "./useAdoptTypedValue";

/** `venuePoints`: what the venue wrote (German until it keeps other languages), before the page's own `points`. */
export type Choice = { value: number; title: string; price?: string; venuePoints?: readonly string[]; points: readonly string[] };

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
  venueLang,
}: {
  name: string;
  legend: string;
  choices: readonly Choice[];
  selected: number | null;
  onChoose: (value: number) => void;
  /** `de-CH` for a venue's text not in the page's language (`useVenueLangOf`): marked as German. */
  venueLang?: (text: string) => string | undefined;
}) {
  useAdoptCheckedRadio(name, (value) => onChoose(Number(value)));
  return (
    <fieldset className="offer-list">
      <legend className="visually-hidden">{legend}</legend>
      {choices.map((choice) => {
        const pointsId = `${name}-${choice.value}-points`;
        const venuePoints = choice.venuePoints ?? [];
        const hasPoints = venuePoints.length + choice.points.length > 0;
        // The list sits beside the label (a label may hold phrasing content only); the label's
        // overlay (.offer-card label::after) still makes the whole card the click target.
        return (
          <div key={choice.value} className="offer-card">
            <label>
              <input
                type="radio"
                name={name}
                value={choice.value}
                defaultChecked={choice.value === selected}
                onChange={() => onChoose(choice.value)}
                aria-describedby={hasPoints ? pointsId : undefined}
              />
              <span className="offer-name" lang={choice.venuePoints ? venueLang?.(choice.title) : undefined}>
                {choice.title}
              </span>
              {choice.price ? <span className="offer-price">{choice.price}</span> : null}
            </label>
            {hasPoints ? (
              <ul id={pointsId}>
                {venuePoints.map((point) => (
                  <li key={`v-${point}`} lang={venueLang?.(point)}>
                    {point}
                  </li>
                ))}
                {choice.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
