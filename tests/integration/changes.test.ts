import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getVenue, VENUE_TTL_MS } from "~/server/booking/venue.server";
import { onChange, shareChanges } from "~/server/platform/changes.server";
import { openDatabase } from "~/server/platform/db.server";
import { openingHours } from "~/server/platform/schema";
import { drivers, scratchPostgres, type TestDatabase } from "./databases";

describe.each(drivers)("venue cache on $name", ({ open }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reads the settings again after the TTL even when no change notice arrived", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const closeOf = async () => (await getVenue(database.db)).rules.find((r) => r.weekday === 1)!.closeMin;
    expect(await closeOf()).toBe(22 * 60);
    // Written behind the cache's back (as a lost NOTIFY from another process would leave it).
    await database.db.update(openingHours).set({ closeMin: 21 * 60 }).where(eq(openingHours.weekday, 1));
    try {
      vi.setSystemTime(Date.now() + VENUE_TTL_MS - 1000);
      expect(await closeOf()).toBe(22 * 60);
      vi.setSystemTime(Date.now() + 2000);
      expect(await closeOf()).toBe(21 * 60);
    } finally {
      await database.db.update(openingHours).set({ closeMin: 22 * 60 }).where(eq(openingHours.weekday, 1));
    }
  });
});

const scratch = await scratchPostgres();

describe.runIf(scratch !== null)("change notices between processes (PostgreSQL)", () => {
  let pool: pg.Pool;
  let stop: () => Promise<void>;
  const counts = { venue: 0, reservations: 0 };
  const unsubscribe: (() => void)[] = [];

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: scratch!.url, max: 2 });
    unsubscribe.push(onChange("venue", () => void counts.venue++), onChange("reservations", () => void counts.reservations++));
  });
  afterAll(async () => {
    for (const u of unsubscribe) u();
    await stop?.();
    await pool?.end();
    await scratch?.drop();
  });

  /** The backend pid of the listening connection, once LISTEN is in place. */
  async function listener(): Promise<number> {
    let pid: number | undefined;
    await vi.waitFor(
      async () => {
        const { rows } = await pool.query<{ pid: number }>("select pid from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'");
        pid = rows[0]?.pid;
        expect(pid).toBeDefined();
      },
      { timeout: 10_000, interval: 50 },
    );
    return pid!;
  }

  it("starts every cache over once LISTEN is in place, on losing it, and once more when it is back; runs on another process's notice", async () => {
    const db = {};
    const sharing = shareChanges(db, pool, scratch!.url);
    stop = sharing.stop;
    await sharing.listening;
    // Listening: what changed before reached nobody here, so once — before `listening` settles.
    expect(counts).toEqual({ venue: 1, reservations: 1 });
    const firstPid = await listener();

    // Another process announces a venue change.
    await pool.query("select pg_notify('fun_world_changes', 'venue other-process')");
    await vi.waitFor(() => expect(counts.venue).toBe(2), { timeout: 5000 });
    expect(counts.reservations).toBe(1);

    // The listener's connection is killed (a database restart): on the loss, and after LISTEN again.
    await pool.query("select pg_terminate_backend($1)", [firstPid]);
    await vi.waitFor(async () => expect(await listener()).not.toBe(firstPid), { timeout: 10_000 });
    await vi.waitFor(() => expect(counts).toEqual({ venue: 4, reservations: 3 }), { timeout: 5000 });
  });

  it("opens a database only once it listens: a venue read right after opening is not thrown away by the first start-over", async () => {
    const listeners = async () =>
      (await pool.query("select pid from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'")).rowCount;
    const before = await listeners();
    const database = await openDatabase({ url: scratch!.url });
    try {
      // The new database's listener is in place by the time openDatabase returned.
      expect(await listeners()).toBe(before! + 1);
    } finally {
      await database.close();
    }
  });
});
