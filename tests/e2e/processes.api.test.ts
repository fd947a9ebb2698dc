import { expect, test } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { createScratchDatabase, type ScratchDatabase } from "../../scripts/scratch-postgres";
import { apiBooking, availableSlots, futureWeekday, HttpError, type Slot } from "../../bench/lib/flow";
import { baseEnv, listening, spawnServer, stop, type Spawned } from "./spawn-server";

/**
 * Several server processes on one PostgreSQL database (issue "Many processes", §2): what one process
 * books, the others show at once; a rolling restart under a booking burst loses nothing; e-mails go
 * out exactly once although every process runs the mailer, also when one of them is killed.
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const TOKEN = randomBytes(18).toString("base64url");

test.describe.configure({ timeout: 180_000 });

let database: ScratchDatabase | undefined;
let databaseUrl = "";
const servers: Spawned[] = [];

test.beforeEach(async () => {
  database = await createScratchDatabase(ADMIN_URL, "fw_procs");
  databaseUrl = database.url;
});

test.afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => stop(s)));
  await database?.drop();
});

function start(overrides: Record<string, string> = {}): Spawned {
  const server = spawnServer(
    baseEnv({ DATABASE_URL: databaseUrl, ADMIN_API_TOKEN: TOKEN, TRUST_PROXY: "loopback", HOLD_LIMIT_PER_CLIENT: "1000", HOLD_LIMIT_PER_EMAIL: "1000", LOOKUP_LIMIT_PER_MINUTE: "100000", HOLD_SHARE_PERCENT: "100", ...overrides }),
  );
  servers.push(server);
  return server;
}

const BIG_PARTY = { numChildren: 10, numActiveAdults: 10, numAccompanyingAdults: 5 };

test("a table booked through one process is gone from the other process's availability within 100 ms", async () => {
  const a = await listening(start());
  const b = await listening(start());
  const date = futureWeekday(6, 30);
  // 25 persons fit one table only (the 30-seat one): one booking makes 14:00 unavailable.
  const slotAt = (slots: Slot[]) => slots.find((s) => s.startTime === "14:00")!;
  expect(slotAt(await availableSlots(b, date, 25, 1)).available).toBe(true); // now cached in b
  const slot = slotAt(await availableSlots(a, date, 25, 1));
  const reserved = await fetch(`${a}/api/birthday/reserve`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      reservationDate: date,
      selectedSlots: [{ startTime: slot.startTime, endTime: slot.endTime }],
      ...BIG_PARTY,
      selectedOffer: { offerId: 1 },
      firstName: "Lea",
      lastName: "Gross",
      street: "Festweg 1",
      zip: "8000",
      city: "Zürich",
      phone: "044 000 00 00",
      email: "lea@example.ch",
    }),
  });
  expect(reserved.status).toBe(200);
  const booked = performance.now();
  let seenAfter = Number.POSITIVE_INFINITY;
  while (performance.now() - booked < 3_000) {
    if (!slotAt(await availableSlots(b, date, 25, 1)).available) {
      seenAfter = performance.now() - booked;
      break;
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  expect(seenAfter).toBeLessThanOrEqual(100);
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

function workerPids(primary: Spawned): number[] {
  const out = execFileSync("ps", ["-o", "pid=", "--ppid", String(primary.child.pid)], { encoding: "utf8" });
  return out
    .split("\n")
    .map((l) => Number(l.trim()))
    .filter((n) => n > 0);
}

test("a rolling restart (SIGTERM to one of two workers) during a booking burst loses no request and no booking", async () => {
  // Payment links are built from PUBLIC_URL: the port is fixed beforehand.
  const port = await freePort();
  const primary = start({ WEB_CONCURRENCY: "2", ALLOW_SIMULATED_PAYMENTS: "true", PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
  const base = await listening(primary);
  await expect.poll(() => /2 worker processes/.test(primary.stdout()), { timeout: 30_000 }).toBe(true);
  const [first] = workerPids(primary);

  const days = [futureWeekday(6, 40), futureWeekday(6, 47), futureWeekday(6, 54)];
  const outcomes = { confirmed: 0, taken: 0, failed: [] as string[] };
  let restarted = false;
  const clients = Array.from({ length: 12 }, async (_, c) => {
    for (let i = 0; i < 8; i++) {
      const date = days[(c + i) % days.length]!;
      try {
        const slots = (await availableSlots(base, date, 6, 1)).filter((s) => s.available);
        if (slots.length === 0) {
          outcomes.taken++;
          continue;
        }
        const slot = slots[(c * 7 + i) % slots.length]!;
        await apiBooking(base, { date, slot, counts: { numChildren: 4, numActiveAdults: 1, numAccompanyingAdults: 1 }, offerId: 1, email: `burst-${c}-${i}@example.ch` });
        outcomes.confirmed++;
      } catch (error) {
        if (error instanceof HttpError && error.status === 409) outcomes.taken++;
        else outcomes.failed.push(`${String(error)} ${String((error as { cause?: unknown }).cause ?? "")}`);
      }
      if (c === 0 && i === 2 && !restarted) {
        restarted = true;
        process.kill(first!, "SIGTERM");
      }
    }
  });
  await Promise.all(clients);
  expect(outcomes.failed).toEqual([]);
  expect(restarted).toBe(true);
  // The restarted worker was replaced: two workers again, the first one gone. (It may still be
  // draining when the burst ends — finishing its last answers and closing kept-alive connections —
  // so wait for both: the old one gone and a new one there.)
  await expect
    .poll(
      () => {
        const pids = workerPids(primary);
        return pids.length === 2 && !pids.includes(first!);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  expect(primary.stdout() + primary.stderr()).toMatch(new RegExp(`Worker ${first} ended \\(exit 0\\): starting a new one`));

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const confirmed = await client.query(`select count(*)::int as n from reservations where status = 'confirmed'`);
    expect(confirmed.rows[0].n).toBe(outcomes.confirmed);
    const overlaps = await client.query(
      `select count(*)::int as n from reservations a join reservations b on a.id < b.id and a.table_id = b.table_id and a.date = b.date
       and a.start_min < b.end_min and b.start_min < a.end_min
       where a.status in ('held','confirmed') and b.status in ('held','confirmed')`,
    );
    expect(overlaps.rows[0].n).toBe(0);
  } finally {
    await client.end();
  }
  expect(outcomes.confirmed).toBeGreaterThan(10);
});

function emlCount(server: Spawned): number {
  const dir = path.join(server.env.DATA_DIR!, "outbox");
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".eml")).length : 0;
}

test("two processes share the outbox: each confirmation e-mail goes out exactly once, also after one process is killed", async () => {
  const a = start();
  const b = start();
  const bases = [await listening(a), await listening(b)];
  const date = futureWeekday(0, 35);
  const codes: string[] = [];
  for (let i = 0; i < 16; i++) {
    const base = bases[i % 2]!;
    const created = await fetch(`${base}/api/vouchers`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ amount: 500 }),
    });
    expect(created.status).toBe(201);
    const { code: voucher } = (await created.json()) as { code: string };
    const slots = (await availableSlots(base, date, 4, 1)).filter((s) => s.available);
    const slot = slots[0]!;
    const reserved = await fetch(`${base}/api/birthday/reserve`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        reservationDate: date,
        selectedSlots: [{ startTime: slot.startTime, endTime: slot.endTime }],
        numChildren: 4,
        numActiveAdults: 0,
        numAccompanyingAdults: 0,
        selectedOffer: { offerId: 1 },
        firstName: "Mia",
        lastName: `Zwei${i}`,
        street: "Postweg 2",
        zip: "6300",
        city: "Zug",
        phone: "041 000 00 00",
        email: `mail-${i}@example.ch`,
        couponCode: voucher,
      }),
    });
    expect(reserved.status).toBe(200);
    const body = (await reserved.json()) as { bookingCode: string; requiresPayment: boolean };
    expect(body.requiresPayment).toBe(false);
    codes.push(body.bookingCode);
    // Halfway, process a dies without any warning; b serves the rest (and a's unsent mail).
    if (i === 7) {
      a.child.kill("SIGKILL");
      await a.exit;
      bases[0] = bases[1]!;
    }
  }
  // Within a minute (the outbox lease is 55 s, the periodic run every 30 s), every booking has its e-mail.
  await expect.poll(() => emlCount(a) + emlCount(b), { timeout: 90_000, intervals: [1_000] }).toBe(codes.length);
  // ... and no second copy arrives afterwards.
  await new Promise((r) => setTimeout(r, 2_000));
  expect(emlCount(a) + emlCount(b)).toBe(codes.length);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const unsent = await client.query(`select count(*)::int as n from mail_outbox where sent_at is null`);
    expect(unsent.rows[0].n).toBe(0);
  } finally {
    await client.end();
  }
});

test("/metrics: only with the admin token, one answer for all workers (counters summed, database gauges once)", async () => {
  const port = await freePort();
  const primary = start({ WEB_CONCURRENCY: "2", PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
  const base = await listening(primary);
  await expect.poll(() => /2 worker processes/.test(primary.stdout()), { timeout: 30_000 }).toBe(true);
  const date = futureWeekday(5, 33);
  const slots = (await availableSlots(base, date, 4, 1)).filter((s) => s.available);
  // New connections each: the primary hands them to the workers in turn, so both count bookings.
  for (let i = 0; i < 4; i++) {
    const slot = slots[i]!;
    const reserved = await fetch(`${base}/api/birthday/reserve`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Connection: "close" },
      body: JSON.stringify({
        reservationDate: date,
        selectedSlots: [{ startTime: slot.startTime, endTime: slot.endTime }],
        numChildren: 4,
        numActiveAdults: 0,
        numAccompanyingAdults: 0,
        selectedOffer: { offerId: 1 },
        firstName: "Nora",
        lastName: "Zahl",
        street: "Messweg 3",
        zip: "3000",
        city: "Bern",
        phone: "031 000 00 00",
        email: `metrics-${i}@example.ch`,
      }),
    });
    expect(reserved.status).toBe(200);
  }
  expect((await fetch(`${base}/metrics`)).status).toBe(401);
  expect((await fetch(`${base}/metrics`, { headers: { Authorization: "Bearer wrong-token-wrong-token" } })).status).toBe(401);
  const scrape = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(scrape.status).toBe(200);
  const text = await scrape.text();
  const value = (series: string) => Number(new RegExp(`^${series.replace(/[{}()[\]]/g, "\\$&")} (\\S+)$`, "m").exec(text)?.[1]);
  expect(value(`funworld_bookings_total{kind="birthday",outcome="held"}`)).toBe(4);
  expect(value("funworld_holds_active")).toBe(4);
  expect(value("funworld_outbox_backlog")).toBeGreaterThanOrEqual(0);
  expect(text).toMatch(/^funworld_http_request_duration_seconds_count\{method="POST",route="\/api\/birthday\/reserve",status="200"\} 4$/m);
  expect(text).toMatch(/^funworld_nodejs_eventloop_lag_seconds /m);
  expect(text).toMatch(/^funworld_db_pool_connections\{state="total"\} /m);
  // No URL becomes a label of its own.
  await fetch(`${base}/wp-login.php?x=1`);
  const again = await (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
  expect(again).not.toContain("wp-login");
  // An idle server (the pool has closed its idle connections after 10 s) has no request waiting for
  // a connection; the help text says the value is a sum over the workers.
  await new Promise((r) => setTimeout(r, 11_000));
  const idle = await (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
  expect(idle).toMatch(/^funworld_db_pool_connections\{state="waiting"\} 0$/m);
  expect(idle).toMatch(/^# HELP funworld_db_pool_connections .*summed over all worker processes$/m);
});

test("after a restart, with reminders queued, staff cancellations answer 200 again and again (one copy of the server code)", async () => {
  // Bookings made long before their reminder is due: no reminder while the first server runs.
  const port = await freePort();
  const fixed = { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` };
  const first = await listening(start({ ...fixed, REMINDER_HOURS_BEFORE: "1" }));
  const date = futureWeekday(4, 9);
  const slots = (await availableSlots(first, date, 4, 1)).filter((s) => s.available);
  const codes: string[] = [];
  for (let i = 0; i < 10; i++) {
    const booked = await apiBooking(first, { date, slot: slots[i % slots.length]!, counts: { numChildren: 2, numActiveAdults: 1, numAccompanyingAdults: 1 }, offerId: 1, email: `restart-${i}@example.ch` });
    codes.push(booked.bookingCode);
  }
  await stop(servers.pop()!);
  // As if booked a month ago: the reminder (30 days ahead, below) is due, and was not yet when booked.
  const aging = new pg.Client({ connectionString: databaseUrl });
  await aging.connect();
  await aging.query(`update reservations set created_at = created_at - interval '40 days'`);
  await aging.end();

  // The restarted server queues every reminder at start (now due): the background job's statements
  // and the routes' statements meet on the same pooled connections.
  const restarted = start({ ...fixed, REMINDER_HOURS_BEFORE: String(24 * 30) });
  const base = await listening(restarted);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await expect
      .poll(async () => (await client.query(`select count(*)::int as n from mail_outbox where kind = 'reminder'`)).rows[0].n, { timeout: 20_000 })
      .toBe(codes.length);
  } finally {
    await client.end();
  }
  for (const code of codes) {
    const cancelled = await fetch(`${base}/api/reservations/cancel`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ bookingCode: code, reason: "Umbuchung durch Test" }),
    });
    expect(cancelled.status, await cancelled.text()).toBe(200);
  }
  expect(restarted.stdout() + restarted.stderr()).not.toMatch(/Prepared statements must be unique|loaded twice/);
});
