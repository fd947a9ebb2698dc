import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import { readdirSync } from "node:fs";
import path from "node:path";
import cluster from "node:cluster";
import net from "node:net";
import express from "express";
import type { ViteDevServer } from "vite";
import { ConfigError, getEnv } from "./platform/env.server";
import { closeDatabase, getDatabase, getDb, isConnectionLoss, onDatabaseReady } from "./platform/db.server";
import { log, oneLineError } from "./platform/log.server";
import { ensureBootstrapAdmin } from "./staff/staff-accounts.server";
import { startBackgroundJobs } from "./background.server";
import { mailerIdle } from "./mail/mail.server";
import { contentSecurityPolicy, newCspNonce } from "./platform/csp.server";
import { benchPages, errorHandler, guardRequest, knownPathsOnly, labelRoutesWith, remixHandler, requestLog, sameOriginPosts, secretLinkMisses, simplePage } from "./platform/http.server";
import { texts } from "./i18n/texts.server";
import { localePath, LOCALE, splitLangPath } from "~/i18n/locales";
import { reserveLookup } from "./payments/reservation-owner.server";
import { installFrameworkPatches } from "./platform/framework-patches.server";
import { readiness } from "./platform/db-health.server";
import { precompressedAssets } from "./platform/assets.server";
import { startupFailure } from "./platform/startup.server";
import { runPrimary, WORKER_RESTART_ENV } from "./platform/cluster.server";
import { answerMetricsRequests, metricsEndpoint, routeLabeller, routePatternRegex } from "./platform/metrics.server";
import type { Env } from "./platform/env.server";

/** How long a stopping server keeps idle kept-alive connections open (see `shutdown`). */
const DRAIN_MS = 1_500;
/**
 * How long an idle kept-alive connection stays open. Node's 5 s is shorter than a reverse proxy's
 * (nginx's upstream keepalive and most load balancers keep 60 s): the proxy would send a family's
 * request on a connection the app closed at that moment and answer it with a 502. The app closes
 * last, so the proxy (or a client that honours `Keep-Alive: timeout=`) never reuses a closing one.
 * Headers must arrive within a little more than that, or Node cuts a slow first request on a
 * reused connection.
 */
const KEEP_ALIVE_MS = 65_000;
const HEADERS_TIMEOUT_MS = KEEP_ALIVE_MS + 1_000;

export type StartOptions = {
  /** The server build this module is part of (production), or Vite's loader of it (`npm run dev`). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  viteDevServer?: ViteDevServer;
};

/**
 * The process's entry, called by `server.ts` with the build this very module came from (exported
 * through `app/entry.server.tsx`): the routes and the background work share one copy of every server
 * module, so per-module state (prepared statement names, caches) exists once per process.
 */
export async function startServer(options: StartOptions): Promise<void> {
  let env: Env;
  try {
    env = getEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    startupFailure(error);
  }
  // WEB_CONCURRENCY=N: this process only keeps N workers running (platform/cluster.server.ts).
  if (cluster.isPrimary && env.WEB_CONCURRENCY > 1) runPrimary(env.WEB_CONCURRENCY, answerMetricsRequests());
  else await serve(env, options);
}

/** One server process: the database, the background jobs and the HTTP server. */
async function serve(env: Env, { build, viteDevServer }: StartOptions) {
  let draining = false;
  const production = env.NODE_ENV === "production";
  // `npm run dev` serves the app through Vite with hot reload; otherwise the production build is served.
  const dev = viteDevServer !== undefined;

  // A worker started again while the site runs (WEB_CONCURRENCY) starts even when the database is
  // away: it answers /healthz, pages the maintenance 503, and opens the database when it is back.
  // A server starting for the first time stops with one line naming the cause instead.
  const restarted = cluster.isWorker && process.env[WORKER_RESTART_ENV] === "1";
  const database = await getDatabase().catch((error: unknown) => {
    if (restarted && isConnectionLoss(error)) {
      log.warn({ cause: oneLineError(error) }, "database unreachable at start: answering 503 until it is back");
      return undefined;
    }
    return startupFailure(error);
  });
  if (database) {
    await ensureBootstrapAdmin(database.db, env.ADMIN_PASSWORD).catch((error: Error) => {
      console.error(`ADMIN_PASSWORD: ${error.message}`);
      process.exit(1);
    });
  }
  // Also whenever the database is opened again or came back empty (dropped and created again): the
  // bootstrap account exists without a restart.
  onDatabaseReady(async (db) => void (await ensureBootstrapAdmin(db, env.ADMIN_PASSWORD)));
  const stopBackground = startBackgroundJobs();

  const app = express();
  app.disable("x-powered-by");
  // Nothing reads `req.query` (Remix parses its own URL): Express would otherwise run `qs` on every request.
  app.set("query parser", false);
  // Which proxies may name the client (X-Forwarded-For) is configuration: by default none, so a
  // client cannot pick its own address for the rate limits.
  app.set("trust proxy", env.TRUST_PROXY);
  // First: every request gets its id and its log line, also the ones refused below.
  app.use(requestLog);
  app.use((_req, res, next) => {
    if (draining) res.setHeader("Connection", "close");
    next();
  });
  // The app's own answers are compressed whole by `remixHandler` (platform/http.server.ts) and the
  // assets at build time; `compression` wraps every response it sees (~5 % of a small request's
  // CPU), so it only sees what Express itself serves: /metrics and the public files.
  const compress = compression();
  app.use((req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    // Manage and payment links carry their secret in the path: no Referer at all leaves those pages for another site.
    // (`same-origin`, not `no-referrer`: with the latter Chrome posts forms with `Origin: null`, which
    // the same-origin check refuses.)
    // In every language: `/fr/buchung/<token>` carries the same secret (issue #33).
    res.setHeader("Referrer-Policy", /^(?:\/(?:fr|it|en))?\/(buchung|zahlung|gutschein\/bestellung|einladung)\b/.test(req.path) ? "same-origin" : "strict-origin-when-cross-origin");
    // A German family page offers the family's language by a link (Accept-Language, issue #33):
    // caches must keep one copy per language asked for.
    if (!/^\/(api|admin|assets)\//.test(req.path)) res.vary("Accept-Language");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    // A nonce per response lets Remix's inline scripts run and nothing else inline (entry.server).
    res.locals.cspNonce = newCspNonce();
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(res.locals.cspNonce as string, { env, dev }));
    if (production && env.PUBLIC_URL.startsWith("https://")) {
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    next();
  });

  // The benchmark's floor pages: not part of the site in production (BENCH_PAGES=true for the bench).
  app.use(benchPages(!production || env.BENCH_PAGES));
  // Cross-site form posts are refused here with a clear 403 (Remix would answer them with a 500).
  app.use(sameOriginPosts(new Set([new URL(env.PUBLIC_URL).origin])));
  // NUL bytes, oversized bodies, non-form posts to pages: 4xx before any route or the database.
  app.use(guardRequest);
  // Guessed manage links count against the client's look-up budget (LOOKUP_LIMIT_PER_MINUTE misses,
  // shared with payment links, transaction ids and booking codes), then 429; each look-up is counted
  // before it is made. The payment link page counts against the same budget itself.
  app.use(
    secretLinkMisses(/^(?:\/(?:fr|it|en))?\/(buchung|einladung)\/[^/]+/, {
      reserve: async (client) => reserveLookup(await getDb(), client),
      // A guessed `/fr/buchung/…` is refused in French: the family may have mistyped its own link.
      refusedPage: (path) => {
        const { lang } = splitLangPath(path);
        if (lang === "de") return undefined;
        const words = texts(lang, "common");
        return simplePage(words.tooManyTitle, words.tooMany, { lang: LOCALE[lang], toHome: words.toHome, home: localePath(lang, "/") });
      },
    }),
  );

  // For load balancers and process managers; before any rate limit, and without personal data.
  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok", uptimeSeconds: Math.round(process.uptime()) });
  });
  // Prometheus, for the operator's monitoring only (ADMIN_API_TOKEN); all workers in one answer.
  app.get("/metrics", compress, metricsEndpoint(env.ADMIN_API_TOKEN));
  app.get("/readyz", (_req, res, next) => {
    readiness()
      .then((r) => {
        res.setHeader("Cache-Control", "no-store");
        res.status(r.ready ? 200 : 503).json({ status: r.ready ? "ready" : "unavailable", ...r });
      })
      .catch(next);
  });

  if (viteDevServer) {
    app.use(viteDevServer.middlewares);
  } else {
    // Fingerprinted assets can be cached forever; everything else briefly. Scripts and stylesheets
    // are compressed at build time (scripts/precompress.ts): brotli or gzip as the browser accepts,
    // sent as they are instead of gzipped per request (`compression` leaves encoded answers alone).
    app.use("/assets", precompressedAssets("build/client/assets"));
    // The other public files are known at start: only their paths reach the file system, so pages
    // and API calls do not each pay a stat() for a file that is not there.
    const publicFiles = new Set(
      readdirSync("build/client", { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => `/${path.relative("build/client", path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`)
        .filter((file) => !file.startsWith("/assets/")),
    );
    const servePublic = express.static("build/client", { maxAge: "1h", index: false, redirect: false });
    app.use((req, res, next) => (publicFiles.has(req.path) ? compress(req, res, () => servePublic(req, res, next)) : next()));
  }

  if (typeof build !== "function") {
    const fullPath = (id: string): string => {
      const route = build.routes[id]!;
      return [route.parentId ? fullPath(route.parentId) : "", route.path ?? ""].filter(Boolean).join("/");
    };
    const routePaths = [...new Set(Object.keys(build.routes).map(fullPath))];
    labelRoutesWith(routeLabeller(routePaths));
    app.use(knownPathsOnly(routePaths, routePatternRegex));
  }

  // Route matching cached per path, and no copies of the request per loader (Remix internals, see
  // the modules); production builds only.
  if (!dev) installFrameworkPatches();
  app.all(
    "*",
    remixHandler({
      build,
      mode: dev ? "development" : "production",
      getLoadContext: (req, res) => ({ clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown", cspNonce: res.locals.cspNonce as string }),
    }),
  );
  app.use(errorHandler);

  const server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    console.info(
      `Fun World booking site on ${env.PUBLIC_URL} (listening on ${env.HOST}:${port}; ${env.DATABASE_URL ? "PostgreSQL" : `embedded PGlite in ${env.DATA_DIR}`})`,
    );
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  // Port taken, HOST not an address of this machine: one line naming the variable, exit 1.
  server.on("error", (error) => startupFailure(error, { port: env.PORT, host: env.HOST }));

  let stopping = false;
  function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    console.info(`${signal}: finishing open requests, then stopping`);
    stopBackground();
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // No new connections from here (with WEB_CONCURRENCY they go to the other workers). A client
    // may be about to send on a kept-alive connection: rather than closing it under that request,
    // the connections stay open a moment and every answer on them says "Connection: close".
    // (http.Server#close would close the idle ones at once: net.Server#close only stops listening.)
    draining = true;
    setTimeout(() => server.closeIdleConnections(), DRAIN_MS).unref();
    net.Server.prototype.close.call(server, async () => {
      // A delivery in flight finishes first, or the family could get its e-mail twice after a restart.
      await mailerIdle();
      await viteDevServer?.close();
      await closeDatabase();
      process.exit(0);
    });
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
