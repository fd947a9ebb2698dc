/**
 * Bookings under contention: N concurrent clients book birthday tables on one busy Saturday through
 * the JSON API (availability → reserve → initiate payment → pay on the provider's page → open
 * the success URL, which confirms) until the day is full, then the next Saturday, for a few rounds.
 * Afterwards the database itself is checked for overbookings.
 */
import pg from "pg";
import { sql } from "drizzle-orm";
import { openDatabase } from "../app/server/platform/db.server";
import { apiBooking, availableSlots, countsFor, HttpError, type BookingStep, type Slot } from "./lib/flow";
import { fixed, mark, percentile, printTable } from "./lib/format";
import { cpuMs, foreignCpuMeter, machineBusyMeter } from "./lib/machine";

export type ContentionOptions = {
  clients: number;
  days: string[];
  minParty: number;
  maxParty: number;
  serverPid: number;
  workers?: number;
  /** How the server pays: through the Datatrans adapter against the API fake (as in production), or the simulated provider. */
  provider?: PaymentPath;
};

export type PaymentPath = "datatrans-fake" | "simulated";

export type DayResult = { date: string; confirmed: number; slotTaken: number; seconds: number };

export type OverbookingCheck = {
  /** Two active (held/confirmed) reservations of one table overlapping on one day. */
  overlappingPairs: number;
  /** Confirmed birthday bookings without a table. */
  confirmedWithoutTable: number;
  /** Active bookings with more persons than their table has seats. */
  overCapacity: number;
  /** Confirmed birthday bookings on the contention days, counted in the database. */
  confirmedInDb: number;
  /** Still held (never paid) on the contention days: should be 0, every client pays. */
  heldInDb: number;
  total: number;
};

export type ContentionResult = {
  database: string;
  /** Server processes (`WEB_CONCURRENCY`); their CPU is summed (the primary and its workers). */
  workers?: number;
  provider?: PaymentPath;
  clients: number;
  days: DayResult[];
  confirmed: number;
  seconds: number;
  bookingsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  slotTaken: number;
  /** Errors other than "slot taken", by step and status. */
  errors: Record<string, number>;
  otherErrors: number;
  /** Warnings/errors the server logged during the run. */
  serverErrorLines: number;
  /** % of all CPUs other processes (not this bench, its server or PostgreSQL) used during the run. */
  foreignCpu: number | null;
  /** % of all CPUs busy during the run (bench clients, server, PostgreSQL and the rest): near 100 the machine is the limit. */
  machineBusy?: number | null;
  /** p50/p99 ms of each request of a successful booking (availability = the query before it). */
  steps: Record<"availability" | BookingStep, { p50: number; p99: number }>;
  /** CPU time per confirmed booking: the app server process, and PostgreSQL (all its processes on this machine). */
  serverCpuMsPerBooking: number | null;
  postgresCpuMsPerBooking: number | null;
  /** PostgreSQL only: the server's sessions on the bench database, sampled every 100 ms. */
  sessions: SessionStats | null;
  check: OverbookingCheck | null;
  /** The Saturdays booked full right after the server started, before the measured days (not counted). */
  warmUp?: { days: number; confirmed: number; seconds: number; serverCpuMsPerBooking: number | null };
};

export type SessionStats = {
  samples: number;
  /** Sessions in the bench database (the app's pool has at most 10). */
  maxConnections: number;
  /** Sessions waiting for the day's advisory lock (pg_advisory_xact_lock). */
  avgAdvisoryWaiters: number;
  maxAdvisoryWaiters: number;
  /** Sessions running a statement or inside a transaction (i.e. holding a pool connection for work). */
  avgBusy: number;
};

const OFFER_MIX = [1, 1, 1, 2, 2, 3];

function randomInt(min: number, max: number) {
  return min + Math.floor(Math.random() * (max - min + 1));
}

/** Slot length per offer, read from the availability grid (the API does not expose durations otherwise). */
async function offerDurations(base: string, date: string): Promise<Map<number, number>> {
  const durations = new Map<number, number>();
  for (const offerId of new Set(OFFER_MIX)) {
    const [first] = await availableSlots(base, date, 1, offerId);
    if (!first) throw new Error(`no birthday slots on ${date} for offer ${offerId}: is it a birthday day?`);
    const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
    durations.set(offerId, minutes(first.endTime) - minutes(first.startTime));
  }
  return durations;
}

/** Samples pg_stat_activity of one database until stopped. */
export function sampleSessions(adminUrl: string, databaseName: string): { stop: () => Promise<SessionStats> } {
  const client = new pg.Client({ connectionString: adminUrl });
  const rows: { total: number; advisory: number; busy: number }[] = [];
  let running = true;
  const loop = (async () => {
    await client.connect();
    while (running) {
      const r = await client.query(
        `select count(*)::int as total,
                count(*) filter (where wait_event_type = 'Lock' and wait_event = 'advisory')::int as advisory,
                count(*) filter (where state in ('active', 'idle in transaction'))::int as busy
         from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
        [databaseName],
      );
      rows.push(r.rows[0] as { total: number; advisory: number; busy: number });
      await new Promise((res) => setTimeout(res, 100));
    }
    await client.end();
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      const avg = (f: (x: (typeof rows)[number]) => number) => (rows.length ? rows.reduce((a, x) => a + f(x), 0) / rows.length : 0);
      return {
        samples: rows.length,
        maxConnections: Math.max(0, ...rows.map((x) => x.total)),
        avgAdvisoryWaiters: avg((x) => x.advisory),
        maxAdvisoryWaiters: Math.max(0, ...rows.map((x) => x.advisory)),
        avgBusy: avg((x) => x.busy),
      };
    },
  };
}

export async function runContention(
  base: string,
  database: string,
  options: ContentionOptions,
  serverErrorLines: () => number,
  sampler?: () => { stop: () => Promise<SessionStats> },
): Promise<ContentionResult> {
  const latencies: number[] = [];
  const stepTimes: Record<"availability" | BookingStep, number[]> = { availability: [], reserve: [], initiate: [], pay: [], success: [] };
  const errors: Record<string, number> = {};
  let slotTaken = 0;
  let otherErrors = 0;
  const days: DayResult[] = [];
  const errorsBefore = serverErrorLines();
  const durations = await offerDurations(base, options.days[0]!);
  // Nothing more fits anywhere once the smallest party finds no slot for the shortest offer.
  const probeOffer = [...durations].sort((a, b) => a[1] - b[1])[0]![0];
  const sessions = sampler?.();
  const serverCpu0 = cpuMs(options.serverPid);
  const pgCpu0 = database === "postgres" ? cpuMs("postgres") : null;
  const meter = foreignCpuMeter();
  const busyMeter = machineBusyMeter();
  const started = performance.now();

  for (const date of options.days) {
    let full = false;
    let dayConfirmed = 0;
    let dayTaken = 0;
    const dayStart = performance.now();
    async function client() {
      while (!full) {
        if (otherErrors > 50) throw new Error(`contention on ${database}: more than 50 unexpected errors: ${JSON.stringify(errors)}`);
        const size = randomInt(options.minParty, options.maxParty);
        const offerId = OFFER_MIX[randomInt(0, OFFER_MIX.length - 1)]!;
        const t0 = performance.now();
        let free: Slot[];
        let availabilityMs = 0;
        try {
          free = (await availableSlots(base, date, size, offerId)).filter((s) => s.available);
          availabilityMs = performance.now() - t0;
          if (free.length === 0) {
            const any = (await availableSlots(base, date, options.minParty, probeOffer)).some((s) => s.available);
            if (!any) full = true;
            continue;
          }
        } catch (error) {
          otherErrors++;
          const key = error instanceof HttpError ? `${error.step} ${error.status}` : `availability: ${(error as Error).message}`;
          errors[key] = (errors[key] ?? 0) + 1;
          continue;
        }
        const slot = free[randomInt(0, free.length - 1)]!;
        try {
          const booking = await apiBooking(base, { date, slot, counts: countsFor(size), offerId, email: `family${randomInt(1, 1e9)}@example.ch` });
          latencies.push(performance.now() - t0);
          stepTimes.availability.push(availabilityMs);
          for (const [step, ms] of Object.entries(booking.stepsMs)) stepTimes[step as BookingStep].push(ms);
          dayConfirmed++;
        } catch (error) {
          if (error instanceof HttpError && error.step === "reserve" && error.status === 409) {
            slotTaken++;
            dayTaken++;
          } else {
            otherErrors++;
            const key = error instanceof HttpError ? `${error.step} ${error.status}` : `network: ${(error as Error).message}`;
            errors[key] = (errors[key] ?? 0) + 1;
          }
        }
      }
    }
    await Promise.all(Array.from({ length: options.clients }, () => client()));
    days.push({ date, confirmed: dayConfirmed, slotTaken: dayTaken, seconds: (performance.now() - dayStart) / 1000 });
  }

  const seconds = (performance.now() - started) / 1000;
  const foreignCpu = meter.stop();
  const machineBusy = busyMeter.stop();
  const serverCpu1 = cpuMs(options.serverPid);
  const pgCpu1 = database === "postgres" ? cpuMs("postgres") : null;
  const sessionStats = sessions ? await sessions.stop() : null;
  const steps = Object.fromEntries(
    Object.entries(stepTimes).map(([step, values]) => [step, { p50: percentile(values, 50), p99: percentile(values, 99) }]),
  ) as ContentionResult["steps"];
  const confirmed = latencies.length;
  return {
    database,
    workers: options.workers ?? 1,
    provider: options.provider ?? "simulated",
    clients: options.clients,
    days,
    confirmed,
    seconds,
    bookingsPerSec: confirmed / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.length ? Math.max(...latencies) : Number.NaN,
    slotTaken,
    errors,
    otherErrors,
    serverErrorLines: serverErrorLines() - errorsBefore,
    foreignCpu,
    machineBusy,
    serverCpuMsPerBooking: serverCpu0 !== null && serverCpu1 !== null && confirmed ? (serverCpu1 - serverCpu0) / confirmed : null,
    postgresCpuMsPerBooking: pgCpu0 !== null && pgCpu1 !== null && confirmed ? (pgCpu1 - pgCpu0) / confirmed : null,
    steps,
    sessions: sessionStats,
    check: null,
  };
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Checks the stored reservations themselves, not what the clients were told. */
export async function checkOverbooking(query: Query, days: string[]): Promise<OverbookingCheck> {
  const count = async (text: string) => Number((await query(text))[0]?.n ?? 0);
  const dayList = days.map((d) => `'${d.replace(/[^0-9-]/g, "")}'`).join(",");
  const overlappingPairs = await count(`
    select count(*)::int as n
    from reservations a join reservations b
      on a.id < b.id and a.table_id = b.table_id and a.date = b.date
     and a.start_min < b.end_min and b.start_min < a.end_min
    where a.table_id is not null
      and a.status in ('held', 'confirmed') and b.status in ('held', 'confirmed')`);
  const confirmedWithoutTable = await count(
    `select count(*)::int as n from reservations where type = 'BIRTHDAY_PARTY' and status = 'confirmed' and table_id is null`,
  );
  const overCapacity = await count(`
    select count(*)::int as n from reservations r join birthday_tables t on t.id = r.table_id
    where r.status in ('held', 'confirmed')
      and r.num_children + r.num_active_adults + r.num_accompanying_adults > t.seats`);
  const confirmedInDb = await count(
    `select count(*)::int as n from reservations where type = 'BIRTHDAY_PARTY' and status = 'confirmed' and date in (${dayList})`,
  );
  const heldInDb = await count(`select count(*)::int as n from reservations where status = 'held' and date in (${dayList})`);
  return { overlappingPairs, confirmedWithoutTable, overCapacity, confirmedInDb, heldInDb, total: overlappingPairs + confirmedWithoutTable + overCapacity };
}

/** PostgreSQL: straight through `pg`. */
export async function checkPostgres(url: string, days: string[]): Promise<OverbookingCheck> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await checkOverbooking(async (text) => (await client.query(text)).rows as Record<string, unknown>[], days);
  } finally {
    await client.end();
  }
}

/** PGlite: the server must have stopped (it holds the data directory's lock); opened read-only in spirit, no migrations. */
export async function checkPglite(dataDir: string, days: string[]): Promise<OverbookingCheck> {
  const database = await openDatabase({ dataDir, migrate: false });
  try {
    return await checkOverbooking(async (text) => {
      const result = (await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] };
      return result.rows;
    }, days);
  } finally {
    await database.close();
  }
}

export function contentionRows(results: ContentionResult[]) {
  const headers = [
    "database",
    "processes",
    "clients",
    "days",
    "confirmed",
    "seconds",
    "bookings/s",
    "p50 ms",
    "p99 ms",
    "slot taken",
    "other errors",
    "in DB",
    "overbookings",
    "app CPU ms/booking",
    "other CPU",
    "budget",
  ];
  const rows = results.map((r) => [
    r.database,
    r.workers ?? 1,
    r.clients,
    r.days.length,
    r.confirmed,
    fixed(r.seconds, 1),
    fixed(r.bookingsPerSec, 1),
    fixed(r.p50Ms),
    fixed(r.p99Ms),
    r.slotTaken,
    r.otherErrors,
    r.check ? r.check.confirmedInDb : "–",
    r.check ? r.check.total : "–",
    r.serverCpuMsPerBooking === null ? "–" : fixed(r.serverCpuMsPerBooking, 1),
    r.foreignCpu === null ? "–" : `${r.foreignCpu} %`,
    mark(contentionPass(r)),
  ]);
  return { headers, rows };
}

/** Budget: 0 overbookings and 0 errors other than "slot taken" everywhere; ≥ 100 bookings/s on PostgreSQL. */
/** Issue #15: the app's CPU per confirmed booking (all its processes; the lost attempts included). */
export const CPU_PER_BOOKING_MS = 20;

/** A run's name in tables and notes: the database, and the processes when there are several. */
export function runLabel(r: ContentionResult): string {
  return (r.workers ?? 1) > 1 ? `${r.database} (${r.workers} processes)` : r.database;
}

export function contentionPass(r: ContentionResult): boolean {
  const correct = r.check !== null && r.check.total === 0 && r.check.confirmedInDb === r.confirmed && r.otherErrors === 0;
  return r.database === "postgres" ? correct && r.bookingsPerSec >= 100 : correct;
}

export function stepsLine(r: ContentionResult): string {
  return Object.entries(r.steps)
    .map(([step, v]) => `${step} ${fixed(v.p50)}/${fixed(v.p99)}`)
    .join(", ");
}

export function sessionsLine(s: SessionStats): string {
  return `max ${s.maxConnections} connections; waiting for the day's advisory lock avg ${fixed(s.avgAdvisoryWaiters, 1)}, max ${s.maxAdvisoryWaiters}; busy (active or in transaction) avg ${fixed(s.avgBusy, 1)} (${s.samples} samples)`;
}

export function contentionNotes(results: ContentionResult[]): string[] {
  const notes: string[] = [];
  const paths = new Set(results.map((r) => r.provider ?? "simulated"));
  for (const path of paths) {
    const which = results.filter((r) => (r.provider ?? "simulated") === path).map(runLabel).join(", ");
    notes.push(
      path === "datatrans-fake"
        ? `${which}: payments as in production, through the Datatrans adapter against the fake of Datatrans' API and payment page in the bench's process (its page and webhook sender are the provider's CPU, not the app's; the app's API calls and the webhook it receives are counted)`
        : `${which}: payments through the simulated provider, whose payment page, transaction rows and webhook sender run inside the app (local runs only)`,
    );
  }
  for (const r of results) {
    notes.push(`${runLabel(r)} per request of a booking, p50/p99 ms: ${stepsLine(r)}`);
    if (r.serverCpuMsPerBooking !== null) {
      const pgPart = r.postgresCpuMsPerBooking !== null ? `, PostgreSQL ${fixed(r.postgresCpuMsPerBooking, 1)} ms` : "";
      // Process CPU counts all the server's threads (JavaScript, plus zlib and GC helpers), so it can exceed one core.
      const load = (r.serverCpuMsPerBooking * r.confirmed) / (r.seconds * 10);
      const machine = r.machineBusy != null ? `; all CPUs of the machine were ${r.machineBusy} % busy (bench clients included)` : "";
      notes.push(
        `${runLabel(r)} CPU per confirmed booking: app server ${fixed(r.serverCpuMsPerBooking, 1)} ms${pgPart}; the app server used ${fixed(load)} % of one core on average (all its processes and threads)${machine}`,
      );
    }
    if (r.warmUp) {
      const cpu = r.warmUp.serverCpuMsPerBooking !== null ? ` at ${fixed(r.warmUp.serverCpuMsPerBooking, 1)} ms app CPU per booking` : "";
      notes.push(`${runLabel(r)} warm-up after the server's start, before measuring (not counted): ${r.warmUp.days} Saturdays, ${r.warmUp.confirmed} bookings in ${fixed(r.warmUp.seconds, 1)} s${cpu}`);
    }
    if (r.sessions) notes.push(`${runLabel(r)} PostgreSQL sessions: ${sessionsLine(r.sessions)}`);
    if (Object.keys(r.errors).length) notes.push(`${runLabel(r)}: errors other than slot taken: ${JSON.stringify(r.errors)}`);
    if (r.check && r.check.confirmedInDb !== r.confirmed) {
      notes.push(`${runLabel(r)}: clients saw ${r.confirmed} confirmations, the database holds ${r.check.confirmedInDb}`);
    }
    if (r.check && r.check.total > 0) notes.push(`${runLabel(r)}: OVERBOOKING ${JSON.stringify(r.check)}`);
    if (r.serverErrorLines > 0) notes.push(`${runLabel(r)}: the server logged ${r.serverErrorLines} warning/error lines during the run`);
  }
  return notes;
}

export function printContention(results: ContentionResult[], options: { note?: string } = {}) {
  const { headers, rows } = contentionRows(results);
  printTable(
    "Bookings under contention (paid birthday bookings via the JSON API until each Saturday is full; p50/p99 per booking incl. availability query)",
    headers,
    rows,
    [...contentionNotes(results), ...(options.note ? [options.note] : [])],
  );
  for (const r of results) {
    console.info(`  ${runLabel(r)} per day: ${r.days.map((d) => `${d.date} ${d.confirmed} booked/${d.slotTaken} taken in ${fixed(d.seconds, 2)} s`).join("; ")}`);
  }
}
