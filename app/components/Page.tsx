import { useLocation, useMatches, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { LOCALE } from "~/i18n/locales";
import { SiteFooter } from "./SiteFooter";
import { useCommonTexts, useLanguageFrame, useLocalePath, useTranslatedLeaf } from "./useLanguage";
import { useVenueContact } from "./useVenueContact";

/**
 * The shared header (the venue's logo and the purple title) around every page's content, and on
 * family pages the language switch and the footer with the seller's identity and the legal links
 * (staff pages have their bar and stay German).
 */
export function Page({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  // The root loader's flag: a production site running on simulated payments (a test system).
  const simulated = useRouteLoaderData<{ simulatedPayments?: boolean }>("root")?.simulatedPayments === true;
  const contact = useVenueContact();
  const staffPage = useLocation().pathname.startsWith("/admin");
  const t = useCommonTexts();
  const to = useLocalePath();
  const frame = useLanguageFrame();
  const lang = frame?.lang ?? "de";
  // A family page not yet in the page's language (issue #33) shows its German, marked as such.
  const translated = useIsTranslated();
  const germanOnly = !staffPage && lang !== "de" && !translated;
  return (
    <>
      <header className="site-header">
        {staffPage ? null : <LanguageSwitch />}
        <a href={staffPage ? "/" : to("/")} className="logo-link">
          <img src={contact?.logoUrl ?? "/logo.svg"} alt={contact?.name ?? t.home} className="logo" width="180" height="60" />
        </a>
        <h1 className="page-title">{title}</h1>
        {simulated ? (
          <p className="center">
            <span className="badge-dev">DEV MODE</span> {t.devMode}
          </p>
        ) : null}
      </header>
      <main className={wide ? "content content-wide" : "content"} lang={germanOnly ? "de-CH" : undefined}>
        {germanOnly ? (
          <p className="alert alert-info" lang={LOCALE[lang]}>
            {t.germanOnly}
          </p>
        ) : null}
        {children}
      </main>
      {/* Without the root's data (an error page the root loader did not run for) there is no venue to show. */}
      {staffPage || !frame ? null : <SiteFooter contact={contact} />}
    </>
  );
}

/** The deepest route says it speaks every language (`handle.translated`); the root's own error page does (the frame's texts). */
function useIsTranslated(): boolean {
  const matches = useMatches();
  const translated = useTranslatedLeaf();
  return translated || matches[matches.length - 1]?.id === "root";
}

/**
 * Plain links to this page in each language (same query, so a booking in progress goes on: its
 * draft cookie knows no language); no JavaScript needed. A German page asked for by a browser that
 * prefers another language offers it in that language's words — a link, never a redirect.
 */
function LanguageSwitch() {
  const frame = useLanguageFrame();
  if (!frame || frame.switchLinks.length === 0) return null;
  return (
    <>
      {frame.suggest ? (
        <p className="language-suggest" lang={LOCALE[frame.suggest.lang]}>
          <a href={frame.suggest.href} hrefLang={LOCALE[frame.suggest.lang]}>
            {frame.suggest.text}
          </a>
        </p>
      ) : null}
      <nav aria-label={frame.texts.languageNav} className="language-switch">
        <ul>
          {frame.switchLinks.map((link) => (
            <li key={link.lang}>
              {link.lang === frame.lang ? (
                <span aria-current="true" lang={LOCALE[link.lang]}>
                  {link.name}
                </span>
              ) : (
                <a href={link.href} hrefLang={LOCALE[link.lang]} lang={LOCALE[link.lang]}>
                  {link.name}
                </a>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
