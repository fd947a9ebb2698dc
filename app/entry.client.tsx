import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

/**
 * Remix's default client entry, plus one wait: the page's data is decoded before React hydrates.
 *
 * With single fetch, `<RemixBrowser>`'s first render starts decoding the data the server put into
 * the page and suspends until it is decoded. A tap or key press in that moment makes React hydrate
 * synchronously, and a root that suspends in a synchronous render is given up: React error #345
 * ("Root did not complete") and a page that never hydrates — its forms still post, but nothing
 * enhanced answers (remix-run/remix#10214; a phone user tapping while the page loads, and once our
 * keyboard test in CI). Called once outside React, `RemixBrowser` starts that decoding and throws
 * its promise, and does nothing else (the router is created only after the data is there); the
 * promise settles when decoding ends, well or badly (a failure is rethrown in React's render, where
 * the error boundary shows it). By the time React renders it, nothing is left to wait for, so an
 * early key press just hydrates at once. `tests/e2e/hydration.test.ts` presses a key at that moment.
 */
async function pageDataDecoded(): Promise<void> {
  const context = (window as { __remixContext?: { stream?: unknown } }).__remixContext;
  if (!context?.stream) return;
  try {
    (RemixBrowser as (props: object) => unknown)({});
  } catch (pending) {
    if (pending instanceof Promise) await pending;
  }
}

void pageDataDecoded().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);
