import { randomBytes } from "node:crypto";
import pg from "pg";

/** The PostgreSQL server the bench tools create their throw-away databases on. */
export const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** A fresh database on `PG_ADMIN_URL`, with its URL and a `drop` that removes it again. */
export async function createPgDatabase(): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `kidsindoor_bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: PG_ADMIN_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
