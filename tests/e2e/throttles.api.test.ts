import { expect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { createScratchDatabase, type ScratchDatabase } from "../../scripts/scratch-postgres";
import { baseEnv, listening, spawnServer, stop, type Spawned } from "./spawn-server";

/**
 * Issue #27 §5 on the real server: two worker processes on one PostgreSQL database, 300 requests
 * from one address sent at once. Every attempt is counted before it is checked, so the burst is
 * throttled as the same requests one after another would be.
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const PASSWORD = randomBytes(12).toString("base64url");

test.describe.configure({ timeout: 180_000 });

let database: ScratchDatabase | undefined;
let server: Spawned | undefined;
let base = "";

test.beforeAll(async () => {
  database = await createScratchDatabase(ADMIN_URL, "fw_throttle");
  server = spawnServer(
    baseEnv({ DATABASE_URL: database.url, WEB_CONCURRENCY: "2", TRUST_PROXY: "loopback", ADMIN_PASSWORD: PASSWORD, LOOKUP_LIMIT_PER_MINUTE: "20" }),
  );
  base = await listening(server);
  await expect.poll(() => /2 worker processes/.test(server!.stdout()), { timeout: 30_000 }).toBe(true);
});

test.afterAll(async () => {
  if (server) await stop(server);
  await database?.drop();
});

let address = 10;
/** Each test is its own client address (the server trusts X-Forwarded-For from loopback). */
const newAddress = () => `203.0.113.${++address}`;

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}

test("300 password guesses at once from one address: at most the free failures and one more are checked, the right password among them does not get in", async () => {
  const client = newAddress();
  const passwords = Array.from({ length: 300 }, (_, i) => (i === 299 ? PASSWORD : `falsch-${i}-xxxxxxxx`));
  const statuses = await Promise.all(
    passwords.map(async (password) => {
      const response = await fetch(`${base}/admin/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, "X-Forwarded-For": client },
        body: new URLSearchParams({ email: "admin", password }),
      });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  const counts = tally(statuses);
  expect(statuses.every((s) => s === 401 || s === 429), JSON.stringify(counts)).toBe(true);
  expect(counts[401] ?? 0).toBeGreaterThanOrEqual(3);
  expect(counts[401] ?? 0, JSON.stringify(counts)).toBeLessThanOrEqual(5);
  // The account's owner from another address signs in.
  const owner = await fetch(`${base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, "X-Forwarded-For": newAddress() },
    body: new URLSearchParams({ email: "admin", password: PASSWORD }),
  });
  expect(owner.status).toBe(302);
});

test("300 unknown manage links at once from one address: 20 answered 404, 280 answered 429", async () => {
  const client = newAddress();
  const statuses = await Promise.all(
    Array.from({ length: 300 }, async () => {
      const response = await fetch(`${base}/buchung/${randomBytes(32).toString("base64url")}`, { headers: { "X-Forwarded-For": client } });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  expect(tally(statuses)).toEqual({ 404: 20, 429: 280 });
});

test("300 unknown transaction ids at once from one address: 20 answered 404, 280 answered 429", async () => {
  const client = newAddress();
  const statuses = await Promise.all(
    Array.from({ length: 300 }, async (_, i) => {
      const response = await fetch(`${base}/api/payments/transaction/unknown-${i}-${randomBytes(6).toString("hex")}`, { headers: { "X-Forwarded-For": client } });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  expect(tally(statuses)).toEqual({ 404: 20, 429: 280 });
});
