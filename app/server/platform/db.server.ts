import { existsSync } from "node:fs";
import { makeDirectory } from "./fs.server";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Db } from "./db-types";
import * as schema from "./schema";
import { getEnv } from "./env.server";
import { acquireDataDirLock, releaseDataDirLock } from "./data-dir-lock.server";
import { log, oneLineError } from "./log.server";
import { seed } from "./seed.server";
import { claimModule, dropSingleton, singleton } from "./singleton.server";
import { shareChanges } from "./changes.server";

export type { Db, Executor, Tx } from "./db-types";

/** The rows of a raw `execute(sql…)`: both drivers (PGlite, node-postgres) answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

// One copy per process: per-module state here (see claimModule).
claimModule("platform/db", import.meta.url);

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
};

/** The committed migrations; the production bundle lives elsewhere, so resolve from the project root. */
export function migrationsFolder(): string {
  return process.env.MIGRATIONS_DIR ?? path.resolve(process.cwd(), "drizzle");
}

export type OpenOptions = {
  /** `postgres://…` for a server, a directory for file-backed PGlite, or `memory://` for a throw-away PGlite. */
  url?: string;
  dataDir?: string;
  migrate?: boolean;
  /** Take the single-process lock on DATA_DIR (the server and the CLI do; tests on memory:// don't need it). */
  lock?: boolean;
};

export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  const folder = migrationsFolder();
  // Checked first: drizzle's own error for a wrong folder reads like a database failure.
  if (options.migrate !== false && !existsSync(path.join(folder, "meta", "_journal.json"))) {
    throw new DatabaseError(
      `MIGRATIONS_DIR: no migrations in ${folder} (meta/_journal.json missing)${process.env.MIGRATIONS_DIR ? "" : "; start from the project directory or set MIGRATIONS_DIR"}`,
    );
  }
  if (options.url && /^postgres(ql)?:\/\//.test(options.url)) {
    // A server that does not answer fails the request (503) instead of hanging it.
    const pool = new pg.Pool({ connectionString: options.url, max: 10, connectionTimeoutMillis: 5_000 });
    watchConnections(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (options.migrate !== false) {
      await underSetupLock(pool, () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: folder }));
    }
    const sharing = shareChanges(db, pool, options.url);
    // Serving starts once other processes' changes reach this one (the 100 ms visibility promise
    // holds from the first request), and after the caches' one "start over" on listening.
    await sharing.listening;
    return {
      db,
      kind: "postgres",
      close: async () => {
        await sharing.stop();
        await pool.end();
      },
    };
  }
  const memory = options.url === "memory://";
  let lockFile: string | undefined;
  let dir: string | undefined;
  if (!memory) {
    dir = path.resolve(options.dataDir ?? "./data", "pglite");
    makeDirectory(dir);
    if (options.lock !== false) lockFile = acquireDataDirLock(path.dirname(dir));
  }
  const client = new PGlite({ dataDir: dir, extensions: { btree_gist } });
  const pgliteDb = drizzlePglite(client, { schema });
  if (options.migrate !== false) await migratePglite(pgliteDb, { migrationsFolder: folder });
  return {
    db: pgliteDb as unknown as Db,
    kind: "pglite",
    close: async () => {
      await client.close();
      if (lockFile) releaseDataDirLock(lockFile);
    },
  };
}

/**
 * No database event may end the process. PostgreSQL ends sessions on a restart, a failover, a
 * `pg_terminate_backend` or a connection reaper; a client then emits `error`, and an `error` event
 * without a listener is an uncaught exception. The pool listens on its idle clients only, so a
 * client checked out at that moment (a transaction between two statements, a request waiting on
 * another) killed the process. Every client gets a listener for its whole life; the statement that
 * was running fails on its own (the request answers 503, see `isConnectionLoss`), and the pool drops
 * the broken client when it comes back.
 */
function watchConnections(pool: pg.Pool) {
  pool.on("connect", (client) => client.on("error", (error) => log.warn({ cause: oneLineError(error) }, "PostgreSQL connection lost")));
  // The pool repeats an idle client's error: already logged by the client's own listener.
  pool.on("error", () => undefined);
}

/** SQLSTATE classes and codes that mean "the connection or the server went away", not "this statement is wrong". */
const CONNECTION_STATES = /^(08|57P0[1-4]|53300|55000$|58)/;
const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
const CONNECTION_MESSAGES = /Connection terminated|connection error|not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end|terminating connection|is not currently accepting connections|the database system is (starting up|shutting down|in recovery)/i;

/**
 * True when `error` (or one of its causes) says the database connection was lost or refused: a
 * request that failed this way answers the maintenance 503, whatever the state of the database by
 * the time the answer is written (it may be back already after a failover).
 */
export function isConnectionLoss(error: unknown): boolean {
  let current = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined;
  for (let depth = 0; current && depth < 8; depth++) {
    const code = typeof current.code === "string" ? current.code : "";
    if (CONNECTION_STATES.test(code) || CONNECTION_CODES.has(code)) return true;
    if (typeof current.message === "string" && CONNECTION_MESSAGES.test(current.message)) return true;
    if (Array.isArray(current.errors) && current.errors.some((e) => isConnectionLoss(e))) return true;
    current = current.cause as typeof current;
  }
  return false;
}

/** Any number, the same in every process: the session advisory lock around migrating and seeding. */
const SETUP_LOCK = 0x46575354; // "FWST"

/**
 * Several processes starting at once on one PostgreSQL server (WEB_CONCURRENCY, a rolling deploy)
 * would run the same migration or seed twice: one at a time, the later ones find the work done.
 */
async function underSetupLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [SETUP_LOCK]);
    try {
      return await work();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [SETUP_LOCK]);
    }
  } finally {
    client.release();
  }
}

function poolOf(db: Db): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/**
 * True when this process is the only one that can read or write the database: the embedded PGlite
 * (its data directory is locked to one process, and `memory://` belongs to its opener). Then what the
 * process wrote may be kept in memory and read back without a query; on PostgreSQL other processes
 * write too.
 */
export function isSoleOwner(db: Db): boolean {
  return poolOf(db) === undefined;
}

/**
 * After a failed open the next attempts wait a little longer each time (1, 2, 5, 10, 15 s): during
 * an outage a burst of requests, the background jobs and /readyz would otherwise each try a new
 * connection (5 s timeout) at once. Within the wait a caller gets the last failure at once (503).
 */
const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 15_000];
const openState = singleton("databaseOpenState", () => ({
  failures: 0,
  retryAt: 0,
  lastError: undefined as DatabaseError | undefined,
  /** The database once open (read without waiting, e.g. by the pool metrics). */
  current: undefined as Database | undefined,
}));

/** The open database's PostgreSQL pool, without waiting or opening anything (undefined: none or PGlite). */
export function currentPool(): pg.Pool | undefined {
  return openState.current ? poolOf(openState.current.db) : undefined;
}

/** Called with the database each time it was opened or set up again (the bootstrap staff account). */
const readyHooks = singleton("databaseReadyHooks", () => new Set<(db: Db) => Promise<void>>());
export function onDatabaseReady(hook: (db: Db) => Promise<void>): () => void {
  readyHooks.add(hook);
  return () => readyHooks.delete(hook);
}
async function runReadyHooks(db: Db) {
  for (const hook of readyHooks) {
    await hook(db).catch((error: unknown) => log.warn({ cause: oneLineError(error) }, "setting up the database's first data failed"));
  }
}

/** The process-wide database, opened (migrated and seeded) on first use. */
export function getDatabase(): Promise<Database> {
  if (openState.lastError && Date.now() < openState.retryAt) return Promise.reject(openState.lastError);
  return singleton("database", () => {
    const env = getEnv();
    return openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR })
      .then(async (database) => {
        try {
          // Idempotent: fills an empty database, and adds venue data that later releases introduce.
          const pool = poolOf(database.db);
          await (pool ? underSetupLock(pool, () => seed(database.db)) : seed(database.db));
        } catch (error) {
          await database.close().catch(() => undefined);
          throw error;
        }
        openState.failures = 0;
        openState.lastError = undefined;
        openState.current = database;
        await runReadyHooks(database.db);
        return database;
      })
      .catch((error: unknown) => {
        throw new DatabaseError(describeDatabaseError(error, env.DATABASE_URL), { cause: error });
      })
      .catch((error: Error) => {
        dropSingleton("database");
        if (error instanceof DatabaseError) {
          openState.lastError = error;
          openState.retryAt = Date.now() + RETRY_DELAYS_MS[Math.min(openState.failures, RETRY_DELAYS_MS.length - 1)]!;
          openState.failures += 1;
        }
        throw error;
      });
  });
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

export async function closeDatabase(): Promise<void> {
  const registry = globalThis as unknown as { __funWorld?: Record<string, unknown> };
  const open = registry.__funWorld?.database as Promise<Database> | undefined;
  dropSingleton("database");
  openState.current = undefined;
  if (open) await (await open).close();
}

/** A database failure already put into one line that names its cause (startup, CLI). */
export class DatabaseError extends Error {}

/**
 * Drizzle wraps driver errors as `Failed query: <sql>`; the reason is in `cause`. One line naming it,
 * prefixed with the variable to fix.
 */
export function describeDatabaseError(error: unknown, url: string | undefined): string {
  if (error instanceof DatabaseError) return error.message;
  let root = error as { message?: string; code?: string; cause?: unknown; address?: string; port?: number; errors?: unknown[] };
  // pg's pool reports its connection timeout around the cause it provoked itself (it drops the
  // socket: "Connection terminated unexpectedly"), so a timeout anywhere in the chain is the reason.
  let timedOut: string | undefined;
  for (;;) {
    if (!timedOut && root?.message && !root.message.startsWith("Failed query") && /timeout/i.test(root.message)) timedOut = root.message;
    if (!root?.cause) break;
    root = root.cause as typeof root;
  }
  // An unreachable host resolving to several addresses ends in an AggregateError with one error per address.
  if (!root?.message && Array.isArray(root?.errors) && root.errors.length) root = root.errors[0] as typeof root;
  const where = url ? "DATABASE_URL" : "DATA_DIR";
  const at = serverOf(url);
  switch (root?.code) {
    case "ECONNREFUSED":
      return `${where}: connection refused at ${root.address ?? "?"}:${root.port ?? "?"}`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `${where}: host not found (${root.message})`;
    case "ETIMEDOUT":
      return `${where}: timeout connecting to the database server${at}`;
  }
  if (timedOut) return `${where}: timeout connecting to the database server${at} (${timedOut.split("\n")[0]})`;
  const message = (root?.message ?? String(error)).split("\n")[0]!;
  // pg's pool gives up on a host that never answers by dropping the socket: only this message is left.
  if (/^Connection terminated unexpectedly$/.test(message)) return `${where}: no answer from the database server${at} (connection closed or timed out)`;
  return `${where}: ${message}`;
}

/** ` at host:port` of a PostgreSQL URL, for messages that would not name the server otherwise. */
function serverOf(url: string | undefined): string {
  if (!url) return "";
  try {
    const { hostname, port } = new URL(url);
    return hostname ? ` at ${hostname}:${port || 5432}` : "";
  } catch {
    return "";
  }
}

/** Brings a database that came back empty (dropped and created again) up to date without a restart. */
export async function migrateAndSeed(database: Database): Promise<void> {
  const folder = migrationsFolder();
  const pool = poolOf(database.db);
  if (pool) {
    await underSetupLock(pool, async () => {
      await migratePg(database.db as never, { migrationsFolder: folder });
      await seed(database.db);
    });
  } else {
    await migratePglite(database.db as never, { migrationsFolder: folder });
    await seed(database.db);
  }
  generation.value += 1;
  await runReadyHooks(database.db);
}

/** Bumped whenever a database was set up again: caches of its data (the venue) start over. */
const generation = singleton("databaseGeneration", () => ({ value: 0 }));

export function databaseGeneration(): number {
  return generation.value;
}
