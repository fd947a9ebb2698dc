import { useRef } from "react";
import { COUNTER_MAX, COUNTER_MIN, clampCount } from "~/domain/booking-query";
import { useAdoptTypedValue } from "./useAdoptTypedValue";
import { fill, useContentTexts } from "./useLanguage";

/**
 * A labelled number input with − and + buttons. With JavaScript they step the value in place;
 * without, they are GET submit buttons (`step=name:+1`) that the page's loader applies. Both render
 * the same markup, so nothing moves when the page hydrates.
 */
export function Counter({
  name,
  label,
  value,
  enhanced,
  onChange,
  stepAction,
  max = COUNTER_MAX,
}: {
  name: string;
  label: string;
  value: number;
  enhanced: boolean;
  onChange: (value: number) => void;
  stepAction: string;
  /** The offer's bound (domain/party-rules); the spec's 10 by default. */
  max?: number;
}) {
  const id = `counter-${name}`;
  const t = useContentTexts();
  const input = useRef<HTMLInputElement>(null);
  useAdoptTypedValue(input, value, (typed) => onChange(clampCount(typed, max)));
  const stepProps = (delta: number) =>
    enhanced
      ? { type: "button" as const, onClick: () => onChange(clampCount(value + delta, max)) }
      : { type: "submit" as const, formMethod: "get", formAction: stepAction, name: "step", value: `${name}:${delta > 0 ? "+1" : "-1"}` };
  return (
    <div className="counter">
      <label htmlFor={id}>{label}</label>
      <div className="counter-controls">
        <button {...stepProps(-1)} className="counter-step" aria-label={fill(t.stepLess, { label })} aria-controls={id} disabled={value <= COUNTER_MIN}>
          −
        </button>
        <input
          ref={input}
          id={id}
          type="number"
          name={name}
          inputMode="numeric"
          min={COUNTER_MIN}
          max={max}
          step={1}
          value={value}
          onChange={(e) => onChange(clampCount(e.currentTarget.value, max))}
        />
        <button {...stepProps(1)} className="counter-step" aria-label={fill(t.stepMore, { label })} aria-controls={id} disabled={value >= max}>
          +
        </button>
      </div>
    </div>
  );
}
