import { createHash, timingSafeEqual } from "node:crypto";
import cluster, { type Worker } from "node:cluster";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { and, count, eq, gt, isNull } from "drizzle-orm";
import client, { AggregatorRegistry } from "prom-client";
import { currentPool, getDb } from "./db.server";
import { mailOutbox, payments, reservations } from "./schema";
import { singleton } from "./singleton.server";

/*
 * Prometheus metrics (`GET /metrics`, Bearer ADMIN_API_TOKEN). With WEB_CONCURRENCY the worker that
 * gets the scrape asks the primary, which collects every worker's registry (prom-client's
 * AggregatorRegistry): counters and histograms are summed, the database gauges (the same numbers
 * in every worker) are taken once.
 */

type Metrics = {
  httpDuration: client.Histogram<"method" | "route" | "status">;
  bookings: client.Counter<"kind" | "outcome">;
};

/** One set per process: server.ts and the route bundle each load this module. */
export const metrics = (): Metrics =>
  singleton<Metrics>("metrics", () => {
    client.collectDefaultMetrics({ prefix: "funworld_", eventLoopMonitoringPrecision: 100 });
    // Registered first and read without waiting: the registry collects in registration order, and
    // the database gauges below each take a connection. Read after them, an idle pool showed their
    // own connection requests as "waiting" (6 on an idle two-worker server).
    new client.Gauge({
      name: "funworld_db_pool_connections",
      help: "PostgreSQL pool connections by state (total, idle, requests waiting for one), summed over all worker processes",
      labelNames: ["state"],
      aggregator: "sum",
      collect() {
        this.reset();
        const pool = currentPool();
        if (!pool) return;
        this.set({ state: "total" }, pool.totalCount);
        this.set({ state: "idle" }, pool.idleCount);
        this.set({ state: "waiting" }, pool.waitingCount);
      },
    });
    const fromDatabase = <L extends string>(
      name: string,
      help: string,
      labelNames: L[],
      read: (gauge: client.Gauge<L>) => Promise<void>,
    ) =>
      new client.Gauge<L>({
        name,
        help,
        labelNames,
        aggregator: "first",
        async collect() {
          this.reset();
          await read(this).catch(() => undefined);
        },
      });
    fromDatabase("funworld_holds_active", "Unpaid holds that still block a table or location", [], async (gauge) => {
      const db = await getDb();
      const [row] = await db
        .select({ n: count() })
        .from(reservations)
        .where(and(eq(reservations.status, "held"), gt(reservations.holdExpiresAt, new Date())));
      gauge.set(row?.n ?? 0);
    });
    fromDatabase("funworld_payments", "Payments by status", ["status"], async (gauge) => {
      const db = await getDb();
      const rows = await db.select({ status: payments.status, n: count() }).from(payments).groupBy(payments.status);
      for (const row of rows) gauge.set({ status: row.status }, row.n);
    });
    fromDatabase("funworld_outbox_backlog", "E-mails waiting in the outbox", [], async (gauge) => {
      const db = await getDb();
      const [row] = await db.select({ n: count() }).from(mailOutbox).where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.skippedAt)));
      gauge.set(row?.n ?? 0);
    });
    return {
      httpDuration: new client.Histogram({
        name: "funworld_http_request_duration_seconds",
        help: "HTTP requests by route pattern, method and status",
        labelNames: ["method", "route", "status"],
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
      }),
      bookings: new client.Counter({
        name: "funworld_bookings_total",
        help: "Booking attempts by kind (birthday, game) and outcome",
        labelNames: ["kind", "outcome"],
      }),
    };
  });

/**
 * A route path as a regex: `/:token` one segment, `/:lang?` an optional one (the language prefix,
 * issue #33), `/*` the rest.
 */
export function routePatternRegex(pattern: string): RegExp {
  const body = pattern
    .split("/")
    .filter(Boolean)
    .map((segment) =>
      segment === "*" ? "(?:/.*)?" : segment.startsWith(":") ? (segment.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+") : `/${segment.replace(/[.+?^${}()|[\]\\]/g, "\\$&")}`,
    )
    .join("");
  return new RegExp(`^${body || "/"}/?$`);
}

/**
 * Route patterns for the `route` label, from the app's route paths (`api/vouchers/:code`): a label
 * per real route, never per URL (a scanner's thousand paths would each become a time series).
 */
export function routeLabeller(paths: string[]): (path: string) => string {
  const patterns = paths
    .map((p) => `/${p}`.replace(/\/+$/, "") || "/")
    .map((pattern) => ({
      pattern,
      regex: routePatternRegex(pattern),
      // Static segments before parameters before splats.
      rank: pattern.includes("*") ? 2 : pattern.includes(":") ? 1 : 0,
    }))
    .sort((a, b) => a.rank - b.rank);
  return (path) => {
    if (path.startsWith("/assets/")) return "/assets/*";
    return patterns.find((p) => p.regex.test(path))?.pattern ?? "unmatched";
  };
}

export function recordRequest(method: string, route: string, status: number, seconds: number) {
  metrics().httpDuration.observe({ method, route, status: String(status) }, seconds);
}

export function countBooking(kind: "birthday" | "game", outcome: string) {
  metrics().bookings.inc({ kind, outcome });
}

const REQUEST = "fun-world:metrics-request";
const RESPONSE = "fun-world:metrics-response";
type MetricsMessage = { type: typeof RESPONSE; id: number; text?: string; error?: string };

/** The primary's side of `/metrics` with WEB_CONCURRENCY (see runPrimary's onMessage). */
export function answerMetricsRequests(): (worker: Worker, message: unknown) => void {
  const aggregator = new AggregatorRegistry();
  return (worker, message) => {
    const m = message as { type?: string; id?: number };
    if (m?.type !== REQUEST) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: RESPONSE, id: m.id, text }),
      (error: Error) => worker.send({ type: RESPONSE, id: m.id, error: error.message }),
    );
  };
}

let nextId = 0;
function metricsFromPrimary(): Promise<string> {
  return new Promise((resolve, reject) => {
    const id = ++nextId;
    const timer = setTimeout(() => {
      process.off("message", onMessage);
      reject(new Error("no answer from the primary process"));
    }, 5_000);
    const onMessage = (message: MetricsMessage) => {
      if (message?.type !== RESPONSE || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", onMessage);
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.text ?? "");
    };
    process.on("message", onMessage);
    process.send!({ type: REQUEST, id });
  });
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** `GET /metrics`: only with `Authorization: Bearer <ADMIN_API_TOKEN>`; without a token configured, 404. */
export function metricsEndpoint(token: string | undefined) {
  metrics();
  // A worker answers the primary's collection requests once an AggregatorRegistry exists here.
  if (cluster.isWorker) new AggregatorRegistry();
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    res.setHeader("Cache-Control", "no-store");
    if (!token) return void res.status(404).json({ error: "Nicht gefunden." });
    const given = /^Bearer\s+(.+)$/i.exec(req.get("authorization") ?? "")?.[1]?.trim() ?? "";
    if (!timingSafeEqual(digest(given), digest(token))) {
      res.setHeader("WWW-Authenticate", "Bearer");
      return void res.status(401).json({ error: "unauthorized" });
    }
    const text = cluster.isWorker ? metricsFromPrimary() : client.register.metrics();
    text.then((body) => res.type(client.register.contentType).send(body)).catch(next);
  };
}
