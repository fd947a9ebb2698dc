/**
 * The languages families can use, and how a language is carried in URLs (docs/decisions.md
 * «Languages»). German is the default and keeps the spec's URLs unchanged; French, Italian and
 * English put their code in front (`/fr/offers`). Pure and small: the header's language switch uses
 * it in the browser.
 */
export const LANGS = ["de", "fr", "it", "en"] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = "de";

/** The locale each language formats numbers, dates and CHF with (Swiss conventions in each). */
export const LOCALE: Record<Lang, string> = { de: "de-CH", fr: "fr-CH", it: "it-CH", en: "en-CH" };

/** Each language named in itself: the switch reads the same whatever the page's language. */
export const LANG_NAMES: Record<Lang, string> = { de: "Deutsch", fr: "Français", it: "Italiano", en: "English" };

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGS as readonly string[]).includes(value);
}

/** A stored or typed language; anything else is German (old rows, a hand-edited form). */
export function langOr(value: unknown, fallback: Lang = DEFAULT_LANG): Lang {
  return isLang(value) ? value : fallback;
}

/**
 * The language of a request's route params: no `lang` segment is German; a segment that is not one
 * of ours is `null` (the root answers 404: `/xx/offers` is no page). `/de/...` is not a URL either:
 * German lives at the spec's URLs only, so there is one address per page and language.
 */
export function langOfParams(params: { lang?: string }): Lang | null {
  if (params.lang === undefined) return DEFAULT_LANG;
  return params.lang !== DEFAULT_LANG && isLang(params.lang) ? params.lang : null;
}

/** A site path in a language: `("fr", "/offers")` → `/fr/offers`, `("fr", "/")` → `/fr`. */
export function localePath(lang: Lang, path: string): string {
  if (lang === DEFAULT_LANG) return path;
  if (path === "/" || path === "") return `/${lang}`;
  if (path.startsWith("/?")) return `/${lang}${path.slice(1)}`;
  return `/${lang}${path}`;
}

/** The language prefix of a path and the path without it (`/fr/offers?x=1` → fr, `/offers?x=1`). */
export function splitLangPath(path: string): { lang: Lang; path: string } {
  const match = /^\/(fr|it|en)(?=\/|\?|$)/.exec(path);
  if (!match) return { lang: DEFAULT_LANG, path };
  const rest = path.slice(match[0].length);
  return { lang: match[1] as Lang, path: rest === "" || rest.startsWith("?") ? `/${rest}` : rest };
}

/** Paths that are no family pages: staff, JSON, assets and the local test provider stay unprefixed. */
export const UNPREFIXED_PATHS = /^(admin|api|bench|logo|simulated-pay)(\/|$)/;
