import { isRouteErrorResponse } from "@remix-run/react";

import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { Writable } from "node:stream";
import { NonceProvider } from "./components/Nonce";
import { log, logError, markConnectionLost, markRenderAborted, oneLineError, requestIdOf } from "~/server/platform/log.server";
import { isConnectionLoss } from "~/server/platform/db.server";
import { withLowPriorityModulePreloads } from "~/server/platform/module-preloads.server";
import { withoutUnfilledTails } from "~/server/platform/react-chunks.server";

const ABORT_DELAY = 5_000;

/**
 * Renders a document, answered whole. For browsers React writes the shell as soon as it is ready and
 * the rest (Remix's data scripts) as it comes; bots and SPA mode wait for everything before the first
 * byte. The response's status is the one the shell was rendered with. The response's CSP nonce
 * (server.ts) goes to Remix's inline scripts and, through `NonceProvider`, to the app's own.
 *
 * Whole, not streamed: no route defers data, so the document is complete a moment after the shell,
 * and the HTTP edge sends (and compresses) every document in one piece anyway
 * (platform/http.server.ts). Collected here, React's chunks skip a Node stream, its conversion into
 * a web stream and the read back out of it (docs/performance.md, twelfth pass).
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
      const status = responseStatusCode;
      const chunks: Buffer[] = [];
      const sink = new Writable({
        // React ends its destination again when it closes, and a second `end()` costs an error
        // with a stack trace (~30 µs) per page; the sink never closes early, so it never says "close".
        emitClose: false,
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
      });
      sink.on("finish", () => {
        // React 18's renderer can hand on a 2 KB buffer with its unfilled zero tail (see react-chunks.server).
        const html = Buffer.concat(withoutUnfilledTails(chunks));
        responseHeaders.set("Content-Type", "text/html");
        // Not under `npm run dev`: there the client runs React's development build, which warns about
        // the attribute the server added ("Extra attributes from the server: fetchpriority").
        const body = import.meta.env.DEV ? html : withLowPriorityModulePreloads(html);
        resolve(new Response(body as Uint8Array<ArrayBuffer>, { headers: responseHeaders, status }));
      });
      pipe(sink);
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
  // The database went away under this request (failover, restart): the edge answers the maintenance
  // 503 (platform/http.server.ts); one line naming the cause, no stack.
  if (isConnectionLoss(error)) {
    markConnectionLost(request);
    log.warn({ reqId: requestIdOf(request), cause: oneLineError(error) }, "database connection lost during the request");
    return;
  }
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

/**
 * The process's entry (app/server/serve.server.ts): `server.ts` reaches it through the build
 * (`build.entry.module.startServer`), so the HTTP server and its background work run on the same
 * module copies as the routes.
 */
export { startServer } from "~/server/serve.server";
