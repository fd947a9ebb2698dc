import type { PartyCounts } from "./pricing";

/**
 * The forms of a booking change (family pages and the staff desk): what their fields mean, and the
 * one-word notices the manage page shows after a change (its words: namespace `manage`, `notice…`).
 */

/** The price the person confirmed (whole Rappen in a hidden field), or undefined. */
export function parseExpectedPrice(value: FormDataEntryValue | null): number | undefined {
  if (typeof value !== "string" || !/^\d{1,9}$/.test(value)) return undefined;
  return Number(value);
}

/** The three counters of the persons form: whole numbers (the offer's bounds are checked by `countsProblem`). */
export function parseCounts(form: { get(name: string): FormDataEntryValue | null }): PartyCounts | null {
  const one = (name: string) => {
    const raw = form.get(name);
    if (typeof raw !== "string" || !/^\d{1,2}$/.test(raw.trim())) return null;
    return Number(raw.trim());
  };
  const numChildren = one("numChildren");
  const numActiveAdults = one("numActiveAdults");
  const numAccompanyingAdults = one("numAccompanyingAdults");
  if (numChildren === null || numActiveAdults === null || numAccompanyingAdults === null) return null;
  return { numChildren, numActiveAdults, numAccompanyingAdults };
}

/** `?ok=` after a change: moved or changed, and whether a refund is left for staff. */
export function changeNotice(kind: "verschoben" | "geaendert", refund: "none" | "refunded" | "manual" | "pending"): string {
  return refund === "manual" ? `${kind}-manuell` : refund === "pending" ? `${kind}-bearbeitung` : kind;
}
