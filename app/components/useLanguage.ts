import { useMatches, useRouteLoaderData } from "@remix-run/react";
import { DEFAULT_LANG, localePath, type Lang } from "~/i18n/locales";
import { germanErrorFrame, type germanCommon } from "~/i18n/messages/common";

/** The frame's language data from the root loader (see server/i18n/request.server.ts). */
type Frame = {
  lang: Lang;
  texts: { [K in keyof typeof germanCommon]: string };
  /** On a page in another language: the German frame texts, for content not yet translated. */
  germanTexts: { [K in keyof typeof germanCommon]: string } | null;
  /** `hreflang` (a Swiss locale or `x-default`) and absolute address, for the head. */
  alternates: { lang: string; href: string }[];
  switchLinks: { lang: Lang; href: string; name: string }[];
  suggest: { lang: Lang; href: string; text: string } | null;
  family: boolean;
};

/** The root loader's frame; null on an error page the root loader did not run for. */
export function useLanguageFrame(): Frame | null {
  return useRouteLoaderData<{ i18n?: Frame }>("root")?.i18n ?? null;
}

/** The page's language; German when the root loader did not run (its own error page). */
export function useLang(): Lang {
  return useLanguageFrame()?.lang ?? DEFAULT_LANG;
}

/** Links and redirects within the site keep the page's language: `href={to("/offers")}`. */
export function useLocalePath(): (path: string) => string {
  const lang = useLang();
  return (path) => localePath(lang, path);
}

/**
 * The frame's texts (header, footer, error pages) in the page's language. Without the root's data
 * (its own 404, a 405 Remix answers before any loader) the German error page's words: a page with
 * content never renders without the root's data.
 */
export function useCommonTexts(): Frame["texts"] {
  return useLanguageFrame()?.texts ?? (germanErrorFrame as unknown as Frame["texts"]);
}

/** `{label}: eins weniger` without the formatter: the frame's only placeholders are simple names. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * A shared component's texts: the page's loader data carries them under `key` in its language
 * (`dataFieldTexts: texts(lang, "dataFields")`); a page that does not (staff pages, German) gets
 * the German ones the component passes.
 */
export function useSharedTexts<T>(key: string, german: T): T {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const value = (matches[i]!.data as Record<string, unknown> | undefined)?.[key];
    if (value && typeof value === "object") return value as T;
  }
  return german;
}

/** Whether the page shown (the deepest route) speaks every language (`handle.translated`). */
export function useTranslatedLeaf(): boolean {
  const matches = useMatches();
  return (matches[matches.length - 1]?.handle as { translated?: boolean } | undefined)?.translated === true;
}

/**
 * The language of a page's content: the page's, when the page is translated; German inside a page
 * not yet translated (`/fr/buchung/…` shows German content in a French frame), so a calendar or a
 * counter there speaks German like the page around it.
 */
export function useContentLang(): Lang {
  const lang = useLang();
  return useTranslatedLeaf() ? lang : DEFAULT_LANG;
}

/** The frame's texts for a piece of content (Calendar, Counter, SlotGrid): German inside a page not yet translated. */
export function useContentTexts(): Frame["texts"] {
  const texts = useCommonTexts();
  const german = useLanguageFrame()?.germanTexts;
  return useTranslatedLeaf() || !german ? texts : german;
}
