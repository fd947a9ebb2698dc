import { useState } from "react";

/**
 * Calls `apply` during render when `value` differs from the one last seen — React's documented way
 * to reset state from a changed prop. Unlike an effect it does not run at mount, so it cannot
 * overwrite what was adopted from the page at hydration (see useAdoptTypedValue).
 */
export function useWhenChanged<T>(value: T, apply: (value: T) => void): void {
  const [seen, setSeen] = useState(value);
  if (!Object.is(seen, value)) {
    setSeen(value);
    apply(value);
  }
}
