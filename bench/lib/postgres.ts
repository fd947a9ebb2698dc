import { createScratchDatabase, type ScratchDatabase } from "../../scripts/scratch-postgres";

/** The PostgreSQL server the bench tools create their throw-away databases on. */
export const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** A fresh database on `PG_ADMIN_URL`, with its URL and a `drop` that removes it again. */
export function createPgDatabase(): Promise<ScratchDatabase> {
  return createScratchDatabase(PG_ADMIN_URL, "kidsindoor_bench");
}
