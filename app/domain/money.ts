import { LOCALE, type Lang } from "~/i18n/locales";

/** Money is integer Rappen everywhere; CHF numbers only at the edges (API shapes, display). */
export function toChf(rappen: number): number {
  return Math.round(rappen) / 100;
}

export function toRappen(chf: number): number {
  return Math.round(chf * 100);
}

const chfFormatter = new Intl.NumberFormat("de-CH", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const chfFormatters = new Map<Lang, Intl.NumberFormat>();

/**
 * 2950 → `CHF 29.50` (de-CH: apostrophe thousands separator). Another language formats in its
 * Swiss locale: `29.50 CHF` in French, `CHF 29.50` in Italian and English.
 */
export function formatChf(rappen: number, lang: Lang = "de"): string {
  if (lang === "de") return `CHF ${chfFormatter.format(rappen / 100)}`;
  let format = chfFormatters.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE[lang], { style: "currency", currency: "CHF" });
    chfFormatters.set(lang, format);
  }
  return format.format(rappen / 100);
}
