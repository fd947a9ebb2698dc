import pg from "pg";
import { openDatabase, type Database } from "~/server/platform/db.server";
import { seed } from "~/server/platform/seed.server";
import { createScratchDatabase } from "../../scripts/scratch-postgres";

/** The PostgreSQL server every machine here runs; TEST_DATABASE_URL points elsewhere. */
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export type TestDatabase = Database & { name: string };

async function openPglite(): Promise<TestDatabase> {
  const database = await openDatabase({ url: "memory://" });
  await seed(database.db);
  return { ...database, name: "pglite" };
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** A fresh database per call, dropped again on close. */
async function openPostgres(): Promise<TestDatabase> {
  const scratch = await createScratchDatabase(ADMIN_URL, "kidsindoor_test");
  const database = await openDatabase({ url: scratch.url });
  await seed(database.db);
  return {
    ...database,
    name: "postgres",
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

const pgAvailable = await postgresReachable();
if (!pgAvailable) {
  if (process.env.CI === "true") {
    throw new Error(`PostgreSQL is not reachable at ${ADMIN_URL}: under CI=true this is a failure, not a skip.`);
  }
  console.warn(`PostgreSQL not reachable at ${ADMIN_URL}: its integration tests are skipped (they run under CI=true).`);
}

/** Both drivers the product supports; use with `describe.each(drivers)`. */
export const drivers: { name: string; open: () => Promise<TestDatabase> }[] = [
  { name: "pglite", open: openPglite },
  ...(pgAvailable ? [{ name: "postgres", open: openPostgres }] : []),
];

/**
 * An empty PostgreSQL database for a server process a test spawns (it migrates and seeds it
 * itself); null when PostgreSQL is not reachable (see `drivers`).
 */
export async function scratchPostgres(): Promise<{ url: string; drop(): Promise<void> } | null> {
  return pgAvailable ? createScratchDatabase(ADMIN_URL, "kidsindoor_test") : null;
}
