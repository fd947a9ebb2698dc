import { createRequire } from "node:module";

/**
 * Remix hands every loader and action a copy of the request with its `index` and `_routes` search
 * parameters removed, and makes that copy twice (one `new Request` per parameter: the URL parsed,
 * the headers copied, a signal that follows the original's, the body moved over) — also when the URL
 * has neither. A page with three loaders paid for six such copies, ~5 % of a small request's CPU
 * (docs/performance.md). When the URL carries neither parameter the copy would equal the original
 * (same URL, method, headers, body and abort), so the loader gets the original; otherwise Remix's own
 * functions run as before.
 *
 * Installed by replacing `callRouteLoader` and `callRouteAction` on the CommonJS module object of
 * `@remix-run/server-runtime/dist/data.js`, which the server routes read at call time
 * (`data.callRouteLoader(...)`). Only with single fetch (this app's mode); tested in
 * loader-requests.server.test.ts, recorded in docs/decisions.md.
 */

type CallArgs = {
  loadContext: unknown;
  params: unknown;
  request: Request;
  routeId: string;
  singleFetch: boolean;
};
type LoaderCall = ((args: CallArgs & { loader: DataFunction }) => Promise<unknown>) & { direct?: true };
type ActionCall = ((args: CallArgs & { action: DataFunction }) => Promise<unknown>) & { direct?: true };
type DataFunction = (args: { request: Request; context: unknown; params: unknown }) => unknown;
type DataModule = { callRouteLoader: LoaderCall; callRouteAction: ActionCall };
type ResponsesModule = {
  isDeferredData: (value: unknown) => value is { init?: ResponseInit };
  isRedirectStatusCode: (status: number) => boolean;
  redirect: (url: string, init?: ResponseInit) => Response;
};

const responses = createRequire(import.meta.url)("@remix-run/server-runtime/dist/responses.js") as ResponsesModule;

/** True when Remix's copy of this request would be the same request (no `index`, no `_routes`). */
export function needsNoCopy(url: string): boolean {
  const query = url.indexOf("?");
  if (query === -1) return true;
  const hash = url.indexOf("#", query);
  const params = new URLSearchParams(url.slice(query + 1, hash === -1 ? undefined : hash));
  return !params.has("index") && !params.has("_routes");
}

async function called(kind: "loader" | "action", fn: DataFunction, args: CallArgs): Promise<unknown> {
  const result = await fn({ request: args.request, context: args.loadContext, params: args.params });
  if (result === undefined) {
    // Remix's own message (data.js), since this replaces its check.
    throw new Error(`You defined ${kind === "loader" ? "a loader" : "an action"} for route "${args.routeId}" but didn't return anything from your \`${kind}\` function. Please return a value or \`null\`.`);
  }
  return result;
}

/** With single fetch Remix returns a loader's result as it is, except deferred data that redirects. */
async function loaderResult(args: CallArgs & { loader: DataFunction }): Promise<unknown> {
  const result = await called("loader", args.loader, args);
  if (responses.isDeferredData(result) && result.init && responses.isRedirectStatusCode(result.init.status || 200)) {
    return responses.redirect(new Headers(result.init.headers).get("Location")!, result.init);
  }
  return result;
}

export function directLoaderCall(original: LoaderCall): LoaderCall {
  const call: LoaderCall = (args) => (args.singleFetch && needsNoCopy(args.request.url) ? loaderResult(args) : original(args));
  call.direct = true;
  return call;
}

export function directActionCall(original: ActionCall): ActionCall {
  const call: ActionCall = (args) =>
    args.singleFetch && needsNoCopy(args.request.url) ? called("action", args.action, args) : original(args);
  call.direct = true;
  return call;
}

/** Called once at start, before Remix's request handler is created (production builds). */
export function passRequestsThrough(): void {
  const data = createRequire(import.meta.url)("@remix-run/server-runtime/dist/data.js") as DataModule;
  if (!data.callRouteLoader.direct) data.callRouteLoader = directLoaderCall(data.callRouteLoader);
  if (!data.callRouteAction.direct) data.callRouteAction = directActionCall(data.callRouteAction);
}
