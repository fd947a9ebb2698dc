import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import { readdirSync } from "node:fs";
import path from "node:path";
import express from "express";
import { ConfigError, getEnv } from "./app/server/env.server";
import { closeDatabase, getDatabase } from "./app/server/db.server";
import { ensureBootstrapAdmin } from "./app/server/staff-accounts.server";
import { startBackgroundJobs } from "./app/server/background.server";
import { mailerIdle } from "./app/server/mail.server";

let env;
try {
  env = getEnv();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const production = env.NODE_ENV === "production";
// `npm run dev` serves the app through Vite with hot reload; otherwise the production build is served.
const dev = process.argv.includes("--dev");

const database = await getDatabase().catch((error: Error) => {
  console.error(`Cannot open the database: ${error.message}`);
  process.exit(1);
});
await ensureBootstrapAdmin(database.db, env.ADMIN_PASSWORD).catch((error: Error) => {
  console.error(`ADMIN_PASSWORD: ${error.message}`);
  process.exit(1);
});
const stopBackground = startBackgroundJobs();

const viteDevServer = !dev
  ? undefined
  : await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }));

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", "loopback");
app.use(compression());
app.use((_req, res, next) => {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  if (production && env.PUBLIC_URL.startsWith("https://")) {
    res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
  next();
});

// Cross-site form posts are refused here with a clear 403 (Remix would answer them with a 500).
const trustedOrigins = new Set([new URL(env.PUBLIC_URL).origin]);
app.use((req, res, next) => {
  const origin = req.get("origin");
  if (req.method === "GET" || req.method === "HEAD" || !origin || origin === "null") return next();
  const own = `${req.protocol}://${req.get("host")}`;
  if (origin === own || trustedOrigins.has(origin)) return next();
  res.status(403).type("text/plain; charset=utf-8").send("Ungültige Anfrage (Herkunft).");
});

if (viteDevServer) {
  app.use(viteDevServer.middlewares);
} else {
  // Fingerprinted assets can be cached forever; everything else briefly.
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
  // The other public files are known at start: only their paths reach the file system, so pages
  // and API calls do not each pay a stat() for a file that is not there.
  const publicFiles = new Set(
    readdirSync("build/client", { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${path.relative("build/client", path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`)
      .filter((file) => !file.startsWith("/assets/")),
  );
  const servePublic = express.static("build/client", { maxAge: "1h", index: false, redirect: false });
  app.use((req, res, next) => (publicFiles.has(req.path) ? servePublic(req, res, next) : next()));
}

const build = viteDevServer
  ? () => viteDevServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
  : ((await import(new URL("./build/server/index.js", import.meta.url).href)) as ServerBuild);

app.all(
  "*",
  createRequestHandler({
    build,
    mode: dev ? "development" : "production",
    getLoadContext: (req) => ({ clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown" }),
  }),
);

const server = app.listen(env.PORT, env.HOST, () => {
  console.info(`Fun World booking site on ${env.PUBLIC_URL} (${database.kind === "pglite" ? `embedded PGlite in ${env.DATA_DIR}` : "PostgreSQL"})`);
});

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.info(`${signal}: finishing open requests, then stopping`);
  stopBackground();
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close(async () => {
    // A delivery in flight finishes first, or the family could get its e-mail twice after a restart.
    await mailerIdle();
    await viteDevServer?.close();
    await closeDatabase();
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
