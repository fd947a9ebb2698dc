/** Money is integer Rappen everywhere; CHF numbers only at the edges (API shapes, display). */
export function toChf(rappen: number): number {
  return Math.round(rappen) / 100;
}

export function toRappen(chf: number): number {
  return Math.round(chf * 100);
}

const chfFormatter = new Intl.NumberFormat("de-CH", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 2950 → `CHF 29.50` (de-CH: apostrophe thousands separator). */
export function formatChf(rappen: number): string {
  return `CHF ${chfFormatter.format(rappen / 100)}`;
}
