import { readFileSync } from "node:fs";
import path from "node:path";
import { and, isNull, sql } from "drizzle-orm";
import { getDatabase, migrateAndSeed, migrationsFolder, type Database } from "./db.server";
import { mailOutbox } from "./schema";
import { log, oneLineError } from "./log.server";

/** How long one probe may take before the database counts as unreachable. */
const PROBE_TIMEOUT_MS = 3_000;
/** A burst of failing requests shares one probe. */
const PROBE_CACHE_MS = 1_000;

export type Readiness = {
  ready: boolean;
  database: "ok" | "unreachable";
  migrations: { applied: number; expected: number } | null;
  mailBacklog: number | null;
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timeout after ${ms} ms`)), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });
}

let expected: number | undefined;
function expectedMigrations(): number {
  expected ??= (JSON.parse(readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as { entries: unknown[] }).entries.length;
  return expected;
}

async function appliedMigrations(database: Database): Promise<number> {
  try {
    const rows = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    return Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  } catch (error) {
    // A database dropped and created again is empty: no migrations table yet.
    if ((error as { cause?: { code?: string }; code?: string }).cause?.code === "42P01" || (error as { code?: string }).code === "42P01") return 0;
    throw error;
  }
}

/** `GET /readyz`: no personal data, only counts. */
export async function readiness(): Promise<Readiness> {
  try {
    return await withTimeout(
      (async () => {
        const database = await getDatabase();
        const applied = await appliedMigrations(database);
        const [backlog] = await database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox).where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.skippedAt)));
        const migrations = { applied, expected: expectedMigrations() };
        return { ready: applied >= migrations.expected, database: "ok" as const, migrations, mailBacklog: Number(backlog?.n ?? 0) };
      })(),
      PROBE_TIMEOUT_MS,
    );
  } catch {
    return { ready: false, database: "unreachable", migrations: null, mailBacklog: null };
  }
}

let recovering: Promise<void> | undefined;

/**
 * Is the database the reason a request failed? Probes it; a database that came back empty (dropped
 * and created again) is migrated and seeded here, so the server recovers without a restart. The
 * failed request itself still gets the maintenance answer; the next one is served.
 */
async function probe(): Promise<boolean> {
  try {
    const database = await withTimeout(getDatabase(), PROBE_TIMEOUT_MS);
    const applied = await withTimeout(appliedMigrations(database), PROBE_TIMEOUT_MS);
    if (applied >= expectedMigrations()) return false;
    recovering ??= migrateAndSeed(database)
      .then(() => log.warn({ applied }, "database was empty: migrated and seeded again"))
      .finally(() => (recovering = undefined));
    await recovering;
    return true;
  } catch (error) {
    log.warn({ cause: oneLineError(error) }, "database unavailable");
    return true;
  }
}

let last: { at: number; result: Promise<boolean> } | undefined;

export function databaseUnavailable(): Promise<boolean> {
  if (last && Date.now() - last.at < PROBE_CACHE_MS) return last.result;
  const result = probe();
  last = { at: Date.now(), result };
  return result;
}
