import { isRouteErrorResponse } from "@remix-run/react";

import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { PassThrough } from "node:stream";
import { NonceProvider } from "./components/Nonce";
import { logError, markRenderAborted } from "~/server/platform/log.server";
import { lowPriorityModulePreloads } from "~/server/platform/module-preloads.server";

const ABORT_DELAY = 5_000;

/**
 * Renders a document. Browsers get the shell as soon as it is ready (streaming); bots and SPA mode
 * wait for everything, so they see complete HTML. The response's CSP nonce (server.ts) goes to
 * Remix's inline scripts and, through `NonceProvider`, to the app's own.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  const nonce = loadContext.cspNonce ?? "";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const ready = () => {
      shellRendered = true;
      // Not under `npm run dev`: there the client runs React's development build, which warns about
      // the attribute the server added ("Extra attributes from the server: fetchpriority").
      const body = import.meta.env.DEV ? new PassThrough() : lowPriorityModulePreloads();
      responseHeaders.set("Content-Type", "text/html");
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        ...(waitForAll
          ? {
              onAllReady: () => {
                disarmAbort(request);
                ready();
              },
            }
          : { onShellReady: ready, onAllReady: () => disarmAbort(request) }),
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors inside the shell are logged here; a failed shell rejects and Remix logs it.
          if (shellRendered) logError(error, request, "render error");
        },
      },
    );
    armAbort(request, abort);
  });
}

/**
 * Remix logs every error it hands to an error boundary; an unknown URL, a refused request or a
 * visitor who closed the tab is not worth a stack trace in the log.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // A 4xx thrown on purpose (bad input, not found, no access) is an answer, not a failure of the site.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (error instanceof Error && /^No route matches URL/.test(error.message)) return;
  logError(error, request);
}

/*
 * The abort timer caps the streaming of deferred data. It used to be armed before React began: while
 * the embedded database (synchronous WebAssembly on this thread) served a burst, the event loop
 * stalled for seconds, and a timer already due runs before React's render (scheduled with
 * setImmediate: timers run first), so the shell was aborted and the family got a 500 instead of the
 * page. Armed from a setImmediate queued after React's, it starts once React has rendered what it can.
 */
const abortTimers = new WeakMap<Request, ReturnType<typeof setTimeout>>();
const finished = new WeakSet<Request>();

function armAbort(request: Request, abort: () => void) {
  setImmediate(() => {
    if (finished.has(request)) return;
    abortTimers.set(
      request,
      setTimeout(() => {
        if (finished.has(request)) return;
        logError(new Error(`render not complete after ${ABORT_DELAY} ms: aborted`), request, "render aborted");
        // server.ts answers the family with the retry page instead of a half-rendered one.
        markRenderAborted(request);
        abort();
      }, ABORT_DELAY),
    );
  });
}

function disarmAbort(request: Request) {
  finished.add(request);
  clearTimeout(abortTimers.get(request));
}
