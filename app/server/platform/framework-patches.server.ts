import { createRequire } from "node:module";
import { log } from "./log.server";

/*
 * Every runtime replacement of a Remix or React Router function lives in this module (five of them,
 * docs/decisions.md "Framework patches"): each was measured to pay for itself (docs/performance.md)
 * and is compared with the original in framework-patches.server.test.ts. `installFrameworkPatches`
 * installs them only on the exact package versions they were tested against; on any other version it
 * logs one line and leaves the originals in place, so an upgrade can never silently change routing or
 * data loading. After an upgrade: run the tests, then move TESTED_VERSIONS along.
 */

/** The versions the replacements were written and tested against (`npm ls` of the installed packages). */
export const TESTED_VERSIONS: Readonly<Record<string, string>> = {
  "@remix-run/router": "1.23.3",
  "@remix-run/react": "2.17.5",
  "@remix-run/server-runtime": "2.17.5",
};

/**
 * Remix matches the URL against the route tree three or four times per document request (the server
 * runtime, its static handler, React Router's `<DataRoutes>` and lazy route discovery's partial
 * manifest), and `matchRoutes` of `@remix-run/router` flattens, ranks and compiles the whole tree
 * into regular expressions every time: with ~60 routes, 7–12 % of the server's CPU on a page or a
 * lost booking (docs/performance.md). The route tree never changes while a build runs, so the result
 * for a path is cached here.
 *
 * React Router builds new route objects per request (same ids and paths, new objects), so the cache
 * is keyed by the tree's shape (ids and paths) and stores route ids; each call hands out fresh match
 * objects pointing at the route objects of the tree it was given, exactly as the original does (one
 * params object shared by the matches). A tree whose routes lack ids falls back to the original.
 *
 * Installed by replacing `matchRoutes` on the CommonJS module object of `@remix-run/router`, which
 * every caller reads at call time (`router.matchRoutes(...)`); the static handler's own call inside
 * the module is not reached and stays uncached. Tested against the original in
 * route-matching.server.test.ts; recorded in docs/decisions.md.
 */

type Route = { id?: unknown; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: Route };
type Location = string | { pathname?: string };
type MatchRoutes = ((routes: Route[], location: Location, basename?: string) => Match[] | null) & { cached?: true };
type ConvertRoutes = ((routes: Route[], mapRouteProperties: unknown, parentPath?: string[], manifest?: Record<string, unknown>) => Route[]) & { cached?: true };
type RouterModule = {
  matchRoutes: MatchRoutes;
  parsePath: (path: string) => { pathname?: string };
  createStaticHandler: CreateStaticHandler;
  UNSAFE_convertRoutesToDataRoutes: ConvertRoutes;
};

type Stored = { routeIds: string[]; pathnames: string[]; pathnameBases: string[]; params: Record<string, string | undefined> } | null;

/** Paths per tree kept at most (manage links carry tokens: the set of paths is unbounded). */
const MAX_PATHS = 2_000;

export function cachedMatchRoutes(original: MatchRoutes, parsePath: RouterModule["parsePath"]): MatchRoutes {
  const shapes = new WeakMap<Route[], string | null>();
  const routesById = new WeakMap<Route[], Map<string, Route>>();
  const results = new Map<string, Map<string, Stored>>();

  function shapeOf(routes: Route[]): string | null {
    let shape = shapes.get(routes);
    if (shape !== undefined) return shape;
    const parts: string[] = [];
    const byId = new Map<string, Route>();
    const walk = (list: Route[]): boolean => {
      parts.push("[");
      for (const route of list) {
        if (typeof route.id !== "string" || byId.has(route.id)) return false;
        byId.set(route.id, route);
        // Ids and paths are file names: they hold no control characters, so these separate them safely.
        parts.push(`${route.id}\u0001${route.path ?? "\u0002"}\u0001${route.index === true ? 1 : 0}${route.caseSensitive === true ? 1 : 0}\u0003`);
        if (route.children?.length && !walk(route.children)) return false;
      }
      parts.push("]");
      return true;
    };
    shape = Array.isArray(routes) && walk(routes) ? parts.join("") : null;
    shapes.set(routes, shape);
    if (shape !== null) routesById.set(routes, byId);
    return shape;
  }

  const matchRoutes: MatchRoutes = (routes, location, basename = "/") => {
    const shape = shapeOf(routes);
    const pathname = typeof location === "string" ? parsePath(location).pathname : location?.pathname;
    if (shape === null || typeof basename !== "string") return original(routes, location, basename);
    let perTree = results.get(shape);
    if (!perTree) results.set(shape, (perTree = new Map()));
    const key = `${basename}\u0000${pathname ?? ""}`;
    const stored = perTree.get(key);
    if (stored === null) return null;
    if (stored) {
      const byId = routesById.get(routes)!;
      const params = { ...stored.params };
      return stored.routeIds.map((id, i) => ({ params, pathname: stored.pathnames[i]!, pathnameBase: stored.pathnameBases[i]!, route: byId.get(id)! }));
    }
    const matches = original(routes, location, basename);
    if (perTree.size >= MAX_PATHS) perTree.clear();
    perTree.set(
      key,
      matches
        ? {
            routeIds: matches.map((m) => m.route.id as string),
            pathnames: matches.map((m) => m.pathname),
            pathnameBases: matches.map((m) => m.pathnameBase),
            params: { ...matches[matches.length - 1]?.params },
          }
        : null,
    );
    return matches;
  };
  matchRoutes.cached = true;
  return matchRoutes;
}

type ServerRoutesModule = {
  createServerRoutes: ((manifestRoutes: object, routeModules: object, future: unknown, isSpaMode: boolean, ...rest: unknown[]) => unknown[]) & { cached?: true };
};

/**
 * `<RemixServer>` also builds React Router's route objects for the whole tree from the build's
 * manifest on every render (~60 objects, ~2 % of a page's CPU). They depend only on the manifest and
 * the route modules, which stay the same while a build runs (a new build brings a new manifest
 * object), and nothing changes them (the static router copies them into its own objects), so one
 * tree per manifest is built and handed out again.
 */
export function cachedServerRoutes(original: ServerRoutesModule["createServerRoutes"]): ServerRoutesModule["createServerRoutes"] {
  const built = new WeakMap<object, Map<boolean, unknown[]>>();
  const createServerRoutes: ServerRoutesModule["createServerRoutes"] = (manifestRoutes, routeModules, future, isSpaMode, ...rest) => {
    // Only the top-level call (the recursion inside the module passes more arguments and never comes here).
    if (rest.length > 0 || typeof manifestRoutes !== "object" || manifestRoutes === null) return original(manifestRoutes, routeModules, future, isSpaMode, ...rest);
    let perMode = built.get(manifestRoutes);
    if (!perMode) built.set(manifestRoutes, (perMode = new Map()));
    let routes = perMode.get(isSpaMode);
    if (!routes) perMode.set(isSpaMode, (routes = original(manifestRoutes, routeModules, future, isSpaMode)));
    return routes;
  };
  createServerRoutes.cached = true;
  return createServerRoutes;
}

/**
 * `<RemixServer>`'s static router then converts that same tree into data routes on every render
 * (`createStaticRouter` in `react-router-dom/server`: ~60 new objects and a manifest of them, ~2.5 % of
 * a page's CPU). Given the same tree (the one built once per manifest above) and the same
 * `mapRouteProperties`, the conversion gives equal objects every time, and the static router only
 * reads them (it cannot navigate or patch routes on the server), so the data routes are converted once
 * per tree and the caller's manifest looks up the stored one (its prototype). Calls with a parent path (the
 * recursion, route patching) go to the original.
 */
export function cachedDataRoutes(original: ConvertRoutes): ConvertRoutes {
  const converted = new WeakMap<Route[], Map<unknown, { dataRoutes: Route[]; manifest: Record<string, unknown> }>>();
  const convertRoutesToDataRoutes: ConvertRoutes = (routes, mapRouteProperties, parentPath, manifest) => {
    if (parentPath !== undefined || !Array.isArray(routes)) return original(routes, mapRouteProperties, parentPath, manifest);
    let perMapper = converted.get(routes);
    if (!perMapper) converted.set(routes, (perMapper = new Map()));
    let stored = perMapper.get(mapRouteProperties);
    if (!stored) {
      const ownManifest: Record<string, unknown> = {};
      stored = { dataRoutes: original(routes, mapRouteProperties, undefined, ownManifest), manifest: ownManifest };
      perMapper.set(mapRouteProperties, stored);
    }
    // The static router only looks up the page's few matched routes in it: the stored manifest as
    // the prototype answers those lookups without copying all ~60 entries per render.
    if (manifest) Object.setPrototypeOf(manifest, stored.manifest);
    return stored.dataRoutes;
  };
  convertRoutesToDataRoutes.cached = true;
  return convertRoutesToDataRoutes;
}

type Handler = {
  dataRoutes: Route[];
  query: (request: Request, options?: unknown) => Promise<unknown>;
  queryRoute: (request: Request, options?: unknown) => Promise<unknown>;
};
type CreateStaticHandler = ((routes: Route[], options?: { basename?: string } & Record<string, unknown>) => Handler) & { cached?: true };

/** The tree cut down to the routes named (same route objects; ancestors copied with fewer children). */
function pruned(routes: Route[], keep: Set<unknown>): Route[] {
  return routes.filter((r) => keep.has(r.id)).map((r) => (r.children ? { ...r, children: pruned(r.children, keep) } : r));
}

/**
 * The static handler Remix answers every request with matches the URL inside its own module, where
 * the cache above cannot reach: it flattens and ranks the whole tree and compiles a regular
 * expression per route it tries (~5 % of a page's CPU). Each request is therefore handed to a static
 * handler built over only the routes that path matches (the cached match above, on the same tree),
 * one per distinct chain of routes (bounded by the number of routes): it finds the same matches in a
 * tree of two or three routes and runs the same loaders and actions, which are the same functions.
 * A path that matches nothing goes to the full handler (its 404), and so does anything the handler
 * is asked besides `query` and `queryRoute`.
 */
export function chainStaticHandlers(original: CreateStaticHandler, matchRoutes: MatchRoutes): CreateStaticHandler {
  const createStaticHandler: CreateStaticHandler = (routes, options) => {
    const full = original(routes, options);
    const basename = typeof options?.basename === "string" ? options.basename : "/";
    const chains = new Map<string, Handler>();
    const handlerFor = (request: Request): Handler => {
      let pathname: string;
      try {
        pathname = new URL(request.url).pathname;
      } catch {
        return full;
      }
      const matches = matchRoutes(routes, pathname, basename);
      if (!matches?.length || matches.some((m) => typeof m.route.id !== "string")) return full;
      const ids = matches.map((m) => m.route.id as string);
      const key = ids.join("\u0000");
      let handler = chains.get(key);
      if (!handler) chains.set(key, (handler = original(pruned(routes, new Set(ids)), options)));
      return handler;
    };
    return {
      ...full,
      query: (request, queryOptions) => handlerFor(request).query(request, queryOptions),
      queryRoute: (request, queryOptions) => handlerFor(request).queryRoute(request, queryOptions),
    };
  };
  createStaticHandler.cached = true;
  return createStaticHandler;
}

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

type Patch = { name: string; install: () => void };

function patches(require: NodeJS.Require): Patch[] {
  const router = () => require("@remix-run/router") as RouterModule;
  return [
    {
      name: "matchRoutes",
      install: () => {
        const r = router();
        if (!r.matchRoutes.cached) r.matchRoutes = cachedMatchRoutes(r.matchRoutes, r.parsePath);
      },
    },
    {
      name: "createStaticHandler",
      install: () => {
        const r = router();
        if (!r.createStaticHandler.cached) r.createStaticHandler = chainStaticHandlers(r.createStaticHandler, r.matchRoutes);
      },
    },
    {
      // Read at call time by `createStaticRouter` (react-router-dom/server), which `<RemixServer>` uses.
      name: "UNSAFE_convertRoutesToDataRoutes",
      install: () => {
        const r = router();
        if (!r.UNSAFE_convertRoutesToDataRoutes.cached) r.UNSAFE_convertRoutesToDataRoutes = cachedDataRoutes(r.UNSAFE_convertRoutesToDataRoutes);
      },
    },
    {
      // The CommonJS module `<RemixServer>` reads `createServerRoutes` from at render time.
      name: "createServerRoutes",
      install: () => {
        const serverRoutes = require("@remix-run/react/dist/routes.js") as ServerRoutesModule;
        if (!serverRoutes.createServerRoutes.cached) serverRoutes.createServerRoutes = cachedServerRoutes(serverRoutes.createServerRoutes);
      },
    },
    {
      name: "callRouteLoader/callRouteAction",
      install: () => {
        const data = require("@remix-run/server-runtime/dist/data.js") as DataModule;
        if (!data.callRouteLoader.direct) data.callRouteLoader = directLoaderCall(data.callRouteLoader);
        if (!data.callRouteAction.direct) data.callRouteAction = directActionCall(data.callRouteAction);
      },
    },
  ];
}

/** The installed version of each package the patches touch (null: not found). */
export function installedVersions(require: NodeJS.Require = createRequire(import.meta.url)): Record<string, string | null> {
  return Object.fromEntries(
    Object.keys(TESTED_VERSIONS).map((name) => {
      try {
        return [name, (require(`${name}/package.json`) as { version?: string }).version ?? null];
      } catch {
        return [name, null];
      }
    }),
  );
}

export type PatchOutcome = { installed: string[]; skipped: { package: string; installed: string | null; tested: string }[] };

/**
 * Called once at start, before Remix's request handler is created (production builds). Installs all
 * five replacements, or none of them when any package differs from the version they were tested with.
 */
export function installFrameworkPatches(options: { versions?: Record<string, string | null>; require?: NodeJS.Require } = {}): PatchOutcome {
  const require = options.require ?? createRequire(import.meta.url);
  const versions = options.versions ?? installedVersions(require);
  const skipped = Object.entries(TESTED_VERSIONS)
    .filter(([name, tested]) => versions[name] !== tested)
    .map(([name, tested]) => ({ package: name, installed: versions[name] ?? null, tested }));
  if (skipped.length > 0) {
    log.warn(
      { skipped },
      `framework patches not installed: ${skipped.map((s) => `${s.package} ${s.installed ?? "missing"} (tested ${s.tested})`).join(", ")}; Remix runs unpatched (slower, same behaviour)`,
    );
    return { installed: [], skipped };
  }
  const all = patches(require);
  for (const patch of all) patch.install();
  return { installed: all.map((p) => p.name), skipped: [] };
}
