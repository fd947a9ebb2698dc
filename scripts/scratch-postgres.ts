import { randomBytes } from "node:crypto";
import pg from "pg";

/** A throw-away database: its URL, and `drop` to remove it again (connections still open are ended). */
export type ScratchDatabase = { url: string; name: string; drop: () => Promise<void> };

/** One statement on the server `adminUrl` points at, on a connection of its own (create, drop). */
export async function runOnServer(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database on the server `adminUrl` points at, for the integration tests and the bench
 * tools (which migrate and seed it themselves or through the server they start). `prefix` names the
 * owner, so a database left behind by a killed run says where it came from.
 */
export async function createScratchDatabase(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await runOnServer(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => runOnServer(adminUrl, `drop database if exists ${name} with (force)`) };
}
