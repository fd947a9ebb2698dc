import type { HeadersFunction, LinksFunction, MetaFunction } from "@remix-run/node";
import { simulatedInProduction } from "./server/platform/dev-mode.server";
import { venueContactOrNull, venueFactsOrNull } from "./server/booking/venue.server";
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

/** The home page's title (routes with a `meta` of their own replace it) names the venue as stored. */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.contact?.name ?? "Online buchen"} – Kindergeburtstag und Spiele online buchen` },
  { name: "description", content: SITE_DESCRIPTION },
];

/**
 * A production site on the simulated provider (a test system): every page says so (see `Page`).
 * The venue facts staff can change (opening hours, birthday days, hold time, self-service limit)
 * reach every page from here (`useVenueFacts`), so a shared piece such as `VenueNotes` needs no
 * loader of its own; read from the in-memory venue cache, so this costs no query. The same goes for
 * the venue's profile (`useVenueContact`): name and logo in every header, contact in every footer.
 */
export async function loader() {
  const [venue, contact] = await Promise.all([venueFactsOrNull(), venueContactOrNull()]);
  return { simulatedPayments: simulatedInProduction(), venue, contact };
}

/**
 * Routes that need client-side code say so with `handle: { hydrate: true }`; the rest ship no JavaScript.
 * `noscriptRefresh`: the route's loader data carries `refresh` (a meta refresh's content, or null),
 * put into the head inside `<noscript>` — a page that polls with JavaScript must not also reload.
 */
export type RouteHandle = { hydrate?: boolean; noscriptRefresh?: boolean };

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
  return (
    <html lang="de-CH">
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
const CLIENT_ERRORS: Record<number, { title: string; message: string }> = {
  400: { title: "Ungültige Anfrage", message: "Die Anfrage konnte nicht verarbeitet werden. Bitte versuchen Sie es über die Startseite erneut." },
  405: { title: "Nicht unterstützt", message: "Diese Seite kann nur aufgerufen, aber nicht auf diese Weise gesendet werden." },
  409: { title: "Nicht mehr möglich", message: "Diese Aktion ist im aktuellen Zustand nicht mehr möglich. Bitte laden Sie die Seite neu." },
  429: { title: "Zu viele Anfragen", message: "Zu viele Anfragen. Bitte warten Sie eine Minute und versuchen Sie es erneut." },
};

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Page title="Seite nicht gefunden">
        <div className="card">
          <h2>404 Not Found</h2>
          {/* A secret link's page says what to do (an invitation: ask the hosts); anything else the plain sentence. */}
          <p>{typeof error.data === "string" && error.data !== "" && error.data !== "Not Found" ? error.data : "Diese Seite gibt es nicht."}</p>
          <a className="button" href="/">
            Zur Startseite
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
    // Answers to the request, not errors of the app: in German, never Remix's English defaults.
    const text = CLIENT_ERRORS[error.status] ?? CLIENT_ERRORS[400]!;
    return (
      <Page title={text.title}>
        <div className="card" role="alert">
          <h2>{`${error.status} – ${text.title}`}</h2>
          <p>{text.message}</p>
          <a className="button" href="/">
            Zur Startseite
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
        <a className="button" href="/">
          Zur Startseite
        </a>
      </div>
    </Page>
  );
}
