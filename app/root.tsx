import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { languageFrame } from "./server/i18n/request.server";
import { LOCALE } from "./i18n/locales";
import { useCommonTexts, useLanguageFrame, useLocalePath, useTranslatedLeaf } from "./components/useLanguage";
import { simulatedInProduction } from "./server/platform/dev-mode.server";
import { venueContactOrNull, venueFactsOrNull, venueTranslatedTexts } from "./server/booking/venue.server";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useNonce } from "./components/Nonce";
import { Page } from "./components/Page";
import { SITE_DESCRIPTION } from "./domain/page-meta";
import styles from "./styles.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * The home page's title (routes with a `meta` of their own replace it) names the venue as stored. An
 * error page shows the root's meta alone: under /fr/… (a wrong or expired manage, payment or
 * invitation link) its title and description speak the page's language (issue #33 §2), worded by
 * the loader so the browser carries no language logic for it.
 */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: (isRouteErrorResponse(error) && error.status === 404 && data?.meta.notFound) || (data?.meta.title ?? "Online buchen – Kindergeburtstag und Spiele online buchen") },
  { name: "description", content: data?.meta.description ?? SITE_DESCRIPTION },
];

/**
 * A production site on the simulated provider (a test system): every page says so (see `Page`).
 * The venue facts staff can change (opening hours, birthday days, hold time, self-service limit)
 * reach every page from here (`useVenueFacts`), so a shared piece such as `VenueNotes` needs no
 * loader of its own; read from the in-memory venue cache, so this costs no query. The same goes for
 * the venue's profile (`useVenueContact`): name and logo in every header, contact in every footer.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // First: `/xx/offers` is a 404 before anything is read.
  const i18n = languageFrame(request, params);
  const [venue, contact, venueTranslated] = await Promise.all([venueFactsOrNull(i18n.lang), venueContactOrNull(i18n.lang), venueTranslatedTexts(i18n.lang)]);
  const german = i18n.lang === "de";
  const meta = {
    title: german ? `${contact?.name ?? "Online buchen"} – Kindergeburtstag und Spiele online buchen` : (contact?.name ?? "Fun World"),
    notFound: german ? null : i18n.texts.pageTitle.replace("{title}", i18n.texts.notFoundTitle),
    description: german ? SITE_DESCRIPTION : i18n.texts.siteDescription,
  };
  return { simulatedPayments: simulatedInProduction(), venue, contact, i18n, venueTranslated, meta };
}

/**
 * Routes that need client-side code say so with `handle: { hydrate: true }`; the rest ship no JavaScript.
 * `noscriptRefresh`: the route's loader data carries `refresh` (a meta refresh's content, or null),
 * put into the head inside `<noscript>` — a page that polls with JavaScript must not also reload.
 */
export type RouteHandle = {
  hydrate?: boolean;
  noscriptRefresh?: boolean;
  /**
   * The page speaks French, Italian and English too (issue #33). A family page without it is shown
   * in German under `/fr/…` as well, marked so, and names no other language's address.
   */
  translated?: boolean;
};


function useHydrate(): boolean {
  return useMatches().some((m) => (m.handle as RouteHandle | undefined)?.hydrate === true);
}

function useNoscriptRefresh(): string | null {
  const match = useMatches().findLast((m) => (m.handle as RouteHandle | undefined)?.noscriptRefresh === true);
  const refresh = (match?.data as { refresh?: unknown } | undefined)?.refresh;
  return typeof refresh === "string" ? refresh : null;
}

export function Layout({ children }: { children: ReactNode }) {
  const hydrate = useHydrate();
  const refresh = useNoscriptRefresh();
  const nonce = useNonce();
  const frame = useLanguageFrame();
  const translated = useTranslatedLeaf();
  return (
    <html lang={LOCALE[frame?.lang ?? "de"]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {refresh ? (
          <noscript>
            <meta httpEquiv="refresh" content={refresh} />
          </noscript>
        ) : null}
        <Links />
        {/* Every family page exists in each language: search engines and browsers learn the others here. */}
        {translated ? frame?.alternates.map((a) => <link key={a.lang} rel="alternate" hrefLang={a.lang} href={a.href} />) : null}
      </head>
      <body>
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once the page's own effects have run: a hook for styles and for the browser
  // tests that act exactly when an enhanced page takes over.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

/**
 * A page rendered by the error boundary gets none of the failing route's headers (Remix calls only
 * the boundary's `headers`). A thrown response that must not be cached — the 403 of a staff page a
 * browser or proxy could otherwise keep — says so itself, and that is passed on here. Other pages
 * are unchanged: with no error this returns nothing, as before this function existed.
 */
export const headers: HeadersFunction = ({ errorHeaders }) => {
  const cacheControl = errorHeaders?.get("Cache-Control");
  return new Headers(cacheControl ? { "Cache-Control": cacheControl } : undefined);
};

/** The page for a 4xx a route (or Remix itself, e.g. a POST to a page without a form) answers with. */
function clientError(status: number, t: ReturnType<typeof useCommonTexts>): { title: string; message: string } {
  if (status === 405) return { title: t.notAllowedTitle, message: t.notAllowed };
  if (status === 409) return { title: t.conflictTitle, message: t.conflict };
  if (status === 429) return { title: t.tooManyTitle, message: t.tooMany };
  return { title: t.badRequestTitle, message: t.badRequest };
}

export function ErrorBoundary() {
  const error = useRouteError();
  const t = useCommonTexts();
  const home = useLocalePath()("/");
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Page title={t.notFoundTitle}>
        <div className="card">
          <h2>404 Not Found</h2>
          {/* A secret link's page says what to do (an invitation: ask the hosts); anything else the plain sentence. */}
          <p>{typeof error.data === "string" && error.data !== "" && error.data !== "Not Found" ? error.data : t.notFound}</p>
          <a className="button" href={home}>
            {t.toHome}
          </a>
        </div>
      </Page>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <Page title="Kein Zugriff">
        <div className="card" role="alert">
          <h2>403 – Kein Zugriff</h2>
          <p>{typeof error.data === "string" && error.data ? error.data : "Sie haben keinen Zugriff auf diese Seite."}</p>
          <a className="button" href="/admin">
            Zur Tagesübersicht
          </a>
        </div>
      </Page>
    );
  }
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) {
    // Answers to the request, not errors of the app: in the page's language, never Remix's English defaults.
    const text = clientError(error.status, t);
    return (
      <Page title={text.title}>
        <div className="card" role="alert">
          <h2>{`${error.status} – ${text.title}`}</h2>
          <p>{text.message}</p>
          <a className="button" href={home}>
            {t.toHome}
          </a>
        </div>
      </Page>
    );
  }
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : "Unbekannter Fehler";
  return (
    <Page title="Fun World">
      <div className="card" role="alert">
        <h2>Unexpected Application Error!</h2>
        <p>{detail}</p>
        <a className="button" href={home}>
          {t.toHome}
        </a>
      </div>
    </Page>
  );
}
