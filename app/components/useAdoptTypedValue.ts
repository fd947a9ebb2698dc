import { useEffect, type RefObject } from "react";

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * On a slow phone a visitor can type into a controlled field before React has hydrated it. Hydration
 * leaves that text in the DOM, but state still holds the server's value, so the first re-render would
 * silently wipe what was typed. Adopt the DOM's value once, at mount, so nothing typed is lost.
 */
export function useAdoptTypedValue(ref: RefObject<Control>, value: string | number, adopt: (typed: string) => void): void {
  useEffect(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== String(value)) adopt(typed);
    // Mount only: later changes arrive through onChange.
  }, []);
}

/** The same for a radio group chosen before hydration (controlled `checked` would be reset by the first re-render). */
export function useAdoptCheckedRadio(name: string, adopt: (value: string) => void): void {
  useEffect(() => {
    const checked = document.querySelector<HTMLInputElement>(`input[type="radio"][name="${name}"]:checked`);
    if (checked) adopt(checked.value);
    // Mount only, as above.
  }, []);
}
