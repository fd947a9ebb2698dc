import Negotiator from "negotiator";
import { isbot } from "isbot";
import { getEnv } from "~/server/platform/env.server";
import { DEFAULT_LANG, LANG_NAMES, LANGS, LOCALE, langOfParams, localePath, splitLangPath, UNPREFIXED_PATHS, type Lang } from "~/i18n/locales";
import { t, templates } from "./texts.server";

/**
 * The page's language from its URL (`/fr/...`), or a 404: `/xx/offers` and `/de/offers` are no
 * pages. Loaders of family pages call this; the root loader already answered 404 for a wrong
 * prefix, so here it only types the value.
 */
export function requestLang(params: { lang?: string }): Lang {
  const lang = langOfParams(params);
  if (!lang) throw new Response("Not Found", { status: 404 });
  return lang;
}

/**
 * A family page's path in the page's language (`/payment` → `/fr/payment`, query kept), for the
 * paths server functions answer with (held-booking, place-booking: language-less); anything else
 * (the provider's page, /simulated-pay, staff and API paths) as it is.
 */
export function familyPath(lang: Lang, to: string): string {
  if (!to.startsWith("/") || to.startsWith("//") || UNPREFIXED_PATHS.test(to.slice(1).split(/[?#]/)[0]!)) return to;
  // A path that already has a language is given this one instead (never `/fr/fr/…`).
  return localePath(lang, splitLangPath(to).path);
}

/** A redirect thrown by a server function (to an earlier step, e.g. `requireCompleteDraft`'s), to that step in the page's language. */
export function localRedirect(lang: Lang, error: unknown): unknown {
  const location = error instanceof Response ? error.headers.get("Location") : null;
  if (lang === "de" || !(error instanceof Response) || !location) return error;
  const headers = new Headers(error.headers);
  headers.set("Location", familyPath(lang, location));
  return new Response(error.body, { status: error.status, headers });
}

/** Whether a path has a page in every language (family pages); staff, API and assets do not. */
function isFamilyPath(path: string): boolean {
  return !UNPREFIXED_PATHS.test(path.replace(/^\//, ""));
}

/**
 * What the frame of every page needs about languages: the language, the frame's texts, the
 * `hreflang` alternates (absolute, on the public URL) and the switch's links (same page, same query,
 * so a booking in progress — its draft cookie knows no language — continues), and a suggestion:
 * a German page asked for by a browser that prefers French, Italian or English offers a link to it.
 * Never a redirect: crawlers and anyone who wants German get the spec's URLs unchanged.
 */
export function languageFrame(request: Request, params: { lang?: string }) {
  // `/xx/offers` is no page (the edge already sends such paths to the 404; this is for `npm run dev`).
  const lang = requestLang(params);
  const url = new URL(request.url);
  const { path } = splitLangPath(url.pathname);
  const family = isFamilyPath(path);
  const origin = getEnv().PUBLIC_URL;
  // Each address with its `hreflang` as the head lists it, German again as `x-default` (worded here, so the browser's root stays small).
  const languages = LANGS.map((l) => ({ lang: LOCALE[l], href: `${origin}${localePath(l, path)}` }));
  const alternates = family ? [...languages, { lang: "x-default", href: languages[0]!.href }] : [];
  const switchLinks = family ? LANGS.map((l) => ({ lang: l, href: `${localePath(l, path)}${url.search}`, name: LANG_NAMES[l] })) : [];
  let suggest: { lang: Lang; href: string; text: string } | null = null;
  if (family && lang === DEFAULT_LANG && !isbot(request.headers.get("user-agent") ?? "")) {
    const preferred = new Negotiator({ headers: { "accept-language": request.headers.get("accept-language") ?? "" } }).languages([...LANGS]);
    const first = preferred[0];
    if (first && first !== DEFAULT_LANG && (LANGS as readonly string[]).includes(first)) {
      // In the suggested language: the family may not read German yet.
      suggest = { lang: first as Lang, href: `${localePath(first as Lang, path)}${url.search}`, text: t(first as Lang, "common", "thisPage") };
    }
  }
  return {
    lang,
    texts: templates(lang, "common"),
    // A page not yet translated keeps German content inside the frame (`useContentTexts`).
    germanTexts: lang === DEFAULT_LANG ? null : templates(DEFAULT_LANG, "common"),
    alternates,
    switchLinks,
    suggest,
    family,
  };
}

export type LanguageFrame = ReturnType<typeof languageFrame>;
