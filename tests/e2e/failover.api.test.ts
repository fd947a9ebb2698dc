import { expect, test } from "@playwright/test";
import { execFileSync } from "node:child_process";
import net from "node:net";
import pg from "pg";
import { createScratchDatabase, runOnServer, type ScratchDatabase } from "../../scripts/scratch-postgres";
import { apiBooking, availableSlots, futureWeekday, HttpError } from "../../bench/lib/flow";
import { baseEnv, listening, spawnServer, stop, type Spawned } from "./spawn-server";

/**
 * A database failover under a booking burst (issue #27 §1): PostgreSQL ends every session of the
 * site's database several times (restart, failover, a connection reaper), then refuses connections
 * for ~15 s and comes back. No process may die, no request may answer 500 (a lost connection is the
 * maintenance 503), /readyz returns to 200 by itself, and every booking the site acknowledged is in
 * the database.
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const admin = (statement: string) => runOnServer(ADMIN_URL, statement);

test.describe.configure({ timeout: 240_000 });

let database: ScratchDatabase | undefined;
let server: Spawned | undefined;

test.afterEach(async () => {
  if (database) await admin(`alter database ${database.name} allow_connections true`).catch(() => undefined);
  if (server) await stop(server);
  server = undefined;
  await database?.drop();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

/** The primary and its workers (or the one process). */
function processTree(root: Spawned): number[] {
  let out = "";
  try {
    out = execFileSync("ps", ["-o", "pid=", "--ppid", String(root.child.pid)], { encoding: "utf8" });
  } catch {
    // ps exits 1 when the process has no children (one process).
  }
  return [root.child.pid!, ...out.split("\n").map((l) => Number(l.trim())).filter((n) => n > 0)];
}

const terminateAll = (name: string) =>
  admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`);

async function failoverUnderBurst(workers: number) {
  database = await createScratchDatabase(ADMIN_URL, "fw_failover");
  const port = await freePort();
  server = spawnServer(
    baseEnv({
      DATABASE_URL: database.url,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WEB_CONCURRENCY: String(workers),
      ALLOW_SIMULATED_PAYMENTS: "true",
      TRUST_PROXY: "loopback",
      HOLD_LIMIT_PER_CLIENT: "1000",
      HOLD_LIMIT_PER_EMAIL: "1000",
      LOOKUP_LIMIT_PER_MINUTE: "100000",
      LOG_LEVEL: "info",
    }),
  );
  const base = await listening(server);
  if (workers > 1) await expect.poll(() => processTree(server!).length, { timeout: 30_000 }).toBe(workers + 1);
  const pids = processTree(server);

  const statuses = new Map<number, number>();
  const networkErrors: string[] = [];
  const acknowledged: string[] = [];
  let running = true;
  const days = Array.from({ length: 12 }, (_, i) => futureWeekday(6, 30 + 7 * i));
  const clients = Array.from({ length: 6 }, async (_, c) => {
    for (let i = 0; running; i++) {
      const date = days[(c + i) % days.length]!;
      try {
        const slots = (await availableSlots(base, date, 4, 1)).filter((s) => s.available);
        const slot = slots[(c * 5 + i) % Math.max(1, slots.length)];
        if (!slot) continue;
        const booked = await apiBooking(base, { date, slot, counts: { numChildren: 2, numActiveAdults: 1, numAccompanyingAdults: 1 }, offerId: 1, email: `fo-${c}-${i}@example.ch` });
        acknowledged.push(booked.bookingCode);
        statuses.set(200, (statuses.get(200) ?? 0) + 1);
      } catch (error) {
        if (error instanceof HttpError) statuses.set(error.status, (statuses.get(error.status) ?? 0) + 1);
        else networkErrors.push(String((error as { cause?: unknown }).cause ?? error));
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  });

  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  await pause(2_000);
  for (let i = 0; i < 4; i++) {
    await terminateAll(database.name);
    await pause(1_500);
  }
  // The database refuses connections for ~15 s (a failover in progress), every session ended.
  await admin(`alter database ${database.name} allow_connections false`);
  await terminateAll(database.name);
  await pause(15_000);
  await admin(`alter database ${database.name} allow_connections true`);
  const back = Date.now();
  await expect.poll(async () => (await fetch(`${base}/readyz`).catch(() => undefined))?.status, { timeout: 30_000, intervals: [250] }).toBe(200);
  const recoveredMs = Date.now() - back;
  await pause(3_000);
  running = false;
  await Promise.all(clients);

  // Every process is still the one that started: none crashed and none was replaced.
  for (const pid of pids) expect(() => process.kill(pid, 0), `process ${pid} is gone`).not.toThrow();
  expect(processTree(server).sort()).toEqual([...pids].sort());
  expect(networkErrors).toEqual([]);
  expect(statuses.get(500) ?? 0).toBe(0);
  expect(server.stdout()).not.toContain('"status":500');
  expect(server.stderr()).not.toMatch(/Unhandled 'error' event|uncaught/i);
  expect(recoveredMs).toBeLessThan(15_000);
  // Bookings went through before and after the outage.
  expect(acknowledged.length).toBeGreaterThan(3);

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const rows = await client.query<{ code: string }>(`select code from reservations where status = 'confirmed' and code = any($1)`, [acknowledged]);
    expect(rows.rows.map((r) => r.code).sort()).toEqual([...acknowledged].sort());
  } finally {
    await client.end();
  }
  // After the outage the site books again.
  const date = futureWeekday(0, 200);
  const slot = (await availableSlots(base, date, 4, 1)).find((s) => s.available)!;
  await apiBooking(base, { date, slot, counts: { numChildren: 2, numActiveAdults: 1, numAccompanyingAdults: 1 }, offerId: 1 });
  return { statuses: Object.fromEntries(statuses), recoveredMs };
}

test("one process survives sessions terminated under a booking burst and a 15 s refusal", async () => {
  console.info(JSON.stringify(await failoverUnderBurst(1)));
});

test("two workers survive sessions terminated under a booking burst and a 15 s refusal", async () => {
  console.info(JSON.stringify(await failoverUnderBurst(2)));
});
