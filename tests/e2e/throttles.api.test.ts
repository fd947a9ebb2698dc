import { expect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { createScratchDatabase, type ScratchDatabase } from "../../scripts/scratch-postgres";
import { CONTACT, futureWeekday } from "../../bench/lib/flow";
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

/**
 * How many of a burst of wrong passwords the policy lets through: the 3 free failures and the one
 * after them at once, one more whose gate race can go either way, and one more each time a waiting
 * time (1 s, 2 s, 4 s …, counted from the attempt) has passed while the burst was still arriving.
 */
function allowedChecks(freeFailures: number, burstSeconds: number): number {
  let waited = 0;
  let extra = 0;
  for (let delay = 1; waited + delay <= burstSeconds; delay *= 2) {
    waited += delay;
    extra++;
  }
  return freeFailures + 2 + extra;
}

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}

test("300 password guesses at once from one address: only as many are checked as the back-off allows in that time, the rest 429", async () => {
  const client = newAddress();
  const passwords = Array.from({ length: 300 }, (_, i) => (i === 299 ? PASSWORD : `falsch-${i}-xxxxxxxx`));
  const started = performance.now();
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
  // Checked: a wrong password (401) or the right one (302). The right one is the last sent: it is
  // checked only if it came when the policy would have let an attempt through anyway.
  const checked = (counts[401] ?? 0) + (counts[302] ?? 0);
  expect(statuses.every((s) => s === 401 || s === 429 || s === 302), JSON.stringify(counts)).toBe(true);
  expect(counts[401] ?? 0).toBeGreaterThanOrEqual(3);
  expect(checked, JSON.stringify(counts)).toBeLessThanOrEqual(allowedChecks(3, (performance.now() - started) / 1000));
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

test("manage and invitation links guessed under a language prefix share the same budget: 20 answered 404, the rest 429", async () => {
  const client = newAddress();
  const paths = ["/fr/buchung/", "/it/einladung/", "/en/buchung/", "/buchung/"];
  const statuses = await Promise.all(
    Array.from({ length: 100 }, async (_, i) => {
      const response = await fetch(`${base}${paths[i % paths.length]}${randomBytes(32).toString("base64url")}`, { headers: { "X-Forwarded-For": client } });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  expect(tally(statuses)).toEqual({ 404: 20, 429: 80 });
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

test("voucher codes tried through both booking APIs and the check share one budget: 5 misses, then 429 everywhere", async () => {
  const client = newAddress();
  const date = futureWeekday(6, 21);
  const birthday = (i: number) =>
    fetch(`${base}/api/birthday/reserve`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": client },
      body: JSON.stringify({
        reservationDate: date,
        selectedSlots: [{ startTime: "10:00", endTime: "12:00" }],
        numChildren: 4,
        numActiveAdults: 0,
        numAccompanyingAdults: 0,
        selectedOffer: { offerId: 1 },
        ...CONTACT,
        email: `voucher${i}@example.ch`,
        couponCode: `FALSCH${i}${address}`,
      }),
    });
  const game = (i: number) =>
    fetch(`${base}/api/reservation/create`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": client },
      body: JSON.stringify({ reservationDate: date, locationId: 1, gameType: 1, startTime: "10:00", rounds: 3, players: 4, ...CONTACT, email: `game${i}@example.ch`, couponCode: `SPIEL${i}${address}` }),
    });
  // Sent at once, alternating between the two booking APIs.
  const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? birthday(i) : game(i))));
  const statuses = responses.map((r) => r.status);
  expect(tally(statuses)).toEqual({ 400: 5, 429: 25 });
  const refused = responses.find((r) => r.status === 429)!;
  expect(await refused.json()).toEqual({ error: "Zu viele Gutscheinprüfungen. Bitte warten Sie eine Minute und versuchen Sie es erneut." });
  const check = await fetch(`${base}/api/coupons/validate`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": client },
    body: JSON.stringify({ couponCode: "NOCHMALFALSCH", systemId: "kidsindoor", orderAmount: 100 }),
  });
  expect(check.status).toBe(429);
});
