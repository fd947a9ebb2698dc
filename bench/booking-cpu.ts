/**
 * Server CPU per request of one paid booking, one booking at a time (no concurrency), so each
 * request's CPU can be read from /proc between requests: `npx tsx bench/booking-cpu.ts [postgres|pglite]`
 * after `npm run build`. Complements the contention section of `npm run bench` (which gives the
 * CPU per confirmed booking under load, losers included) with where that CPU goes.
 *
 * Payments go through the Datatrans adapter against the fake of its API in this process (as the
 * contention runs do); BOOKING_CPU_PROVIDER=simulated uses the simulated provider, whose payment
 * page and webhook sender run inside the app.
 *
 * Environment: BOOKING_CPU_N (bookings, default 60), BOOKING_CPU_WARMUP (bookings made first and
 * not counted, default 30), BENCH_PORT (default 3400),
 * BENCH_DATABASE_URL / TEST_DATABASE_URL (PostgreSQL admin connection, as the bench).
 */
import pg from "pg";
import { startBenchDatatrans } from "./lib/datatrans";
import { addDays, availableSlots, CONTACT, countsFor, futureWeekday, payForm } from "./lib/flow";
import { cpuMs as processCpuMs } from "./lib/machine";
import { createPgDatabase, PG_ADMIN_URL } from "./lib/postgres";
import { removeDir, startServer, tempDataDir } from "./lib/server";

/** The server's CPU in ms (this tool runs on Linux only: it reads /proc). */
const cpuMs = (pid: number): number => processCpuMs(pid) ?? 0;

const kind = process.argv[2] === "pglite" ? "pglite" : "postgres";
const bookings = Number(process.env.BOOKING_CPU_N ?? 60);
const warmUp = Number(process.env.BOOKING_CPU_WARMUP ?? 30);
const database = kind === "postgres" ? await createPgDatabase() : undefined;
const databaseUrl = database?.url;
// Reads the database's transaction count from the server's statistics.
const admin = database ? new pg.Client(PG_ADMIN_URL) : undefined;
await admin?.connect();
const transactions = async () =>
  admin ? Number((await admin.query("SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1", [database!.name])).rows[0].n) : 0;

const simulated = process.env.BOOKING_CPU_PROVIDER === "simulated";
const provider = simulated ? undefined : await startBenchDatatrans();
const dataDir = tempDataDir("booking-cpu");
const server = await startServer({
  port: Number(process.env.BENCH_PORT ?? 3400),
  dataDir,
  databaseUrl,
  env: { LOG_LEVEL: "info", ...provider?.env },
});
try {
  const idleFrom = cpuMs(server.pid);
  await new Promise((r) => setTimeout(r, 5000));
  const idlePerSecond = (cpuMs(server.pid) - idleFrom) / 5;

  let steps: Record<string, number> = {};
  let date = futureWeekday(6, 30);
  let startCpu = cpuMs(server.pid);
  let startTx = await transactions();
  let started = performance.now();
  // The first bookings after the start warm the server up (JIT, modules loaded on first use): not counted.
  for (let i = -warmUp; i < bookings; i++) {
    if (i === 0) {
      steps = {};
      startCpu = cpuMs(server.pid);
      startTx = await transactions();
      started = performance.now();
    }
    let mark = cpuMs(server.pid);
    const lap = (step: string) => {
      const now = cpuMs(server.pid);
      steps[step] = (steps[step] ?? 0) + now - mark;
      mark = now;
    };
    const slot = (await availableSlots(server.url, date, 6, 1)).find((s) => s.available);
    if (!slot) {
      date = addDays(date, 7);
      i--;
      continue;
    }
    lap("availability");
    const reserve = await fetch(`${server.url}/api/birthday/reserve`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        reservationDate: date,
        selectedSlots: [{ startTime: slot.startTime, endTime: slot.endTime }],
        ...countsFor(6),
        selectedOffer: { offerId: 1 },
        ...CONTACT,
        email: `cpu${i}@example.ch`,
      }),
    });
    const { bookingCode, reservationToken } = (await reserve.json()) as { bookingCode: string; reservationToken: string };
    lap("reserve");
    const initiate = await fetch(`${server.url}/api/payments/initiate`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ systemId: "kidsindoor", currency: "CHF", refno: bookingCode, reservationToken }),
    });
    const { paymentUrl } = (await initiate.json()) as { paymentUrl: string };
    lap("initiate");
    const pay = await fetch(paymentUrl, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: payForm(paymentUrl), redirect: "manual" });
    await pay.arrayBuffer();
    // The simulated provider answers first and sends its webhook afterwards; the Datatrans fake sends
    // the webhook (the app confirms and checks the status with the API) before it redirects.
    lap(simulated ? "pay (provider page in the app)" : "pay: webhook and confirmation");
    // The e-mail (and the simulated provider's webhook and confirmation) run in the background now.
    await new Promise((r) => setTimeout(r, 300));
    lap(simulated ? "webhook, confirmation, e-mail" : "e-mail");
    const success = await fetch(new URL(pay.headers.get("location")!, server.url));
    if (!(await success.text()).includes("Zahlung erfolgreich")) throw new Error(`booking ${bookingCode} not confirmed`);
    lap("success page");
  }
  const seconds = (performance.now() - started) / 1000;
  const total = (cpuMs(server.pid) - startCpu) / bookings;
  await new Promise((r) => setTimeout(r, 500));
  console.info(`${kind}, ${simulated ? "simulated provider" : "Datatrans API fake"}: ${bookings} bookings one at a time (after ${warmUp} not counted) in ${seconds.toFixed(1)} s; server idle ${idlePerSecond.toFixed(1)} ms CPU/s`);
  console.info(`server CPU per booking: ${total.toFixed(1)} ms`);
  for (const [step, ms] of Object.entries(steps)) console.info(`  ${step.padEnd(32)} ${(ms / bookings).toFixed(1)} ms`);
  if (admin) console.info(`PostgreSQL transactions (a statement outside one counts as one) per booking: ${(((await transactions()) - startTx) / bookings).toFixed(1)}`);
} finally {
  await server.stop();
  removeDir(dataDir);
  await admin?.end();
  await database?.drop();
  await provider?.close();
}
