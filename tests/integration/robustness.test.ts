import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { reserveBirthday } from "~/server/booking/bookings.server";
import { reservations } from "~/server/platform/schema";
import { getVenue } from "~/server/booking/venue.server";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT } from "./fixtures";

describe.each(drivers)("robustness on $name", ({ open }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("refuses a booking beyond the horizon with a German message, and stores nothing", async () => {
    const result = await reserveBirthday(
      database.db,
      { offerId: 1, date: "9999-12-31", startMin: 840, counts: { numChildren: 5, numActiveAdults: 0, numAccompanyingAdults: 1 }, contact: CONTACT },
      { holdMinutes: 15 },
    );
    expect(result).toEqual({
      ok: false,
      reason: "invalid",
      message: "Buchungen sind höchstens 365 Tage im Voraus möglich. Bitte wählen Sie ein früheres Datum.",
    });
    expect(await database.db.select().from(reservations).where(eq(reservations.date, "9999-12-31"))).toEqual([]);
  });

  it("reads the venue one query at a time inside a transaction (no concurrent queries on one client)", async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on("warning", onWarning);
    const warn = vi.spyOn(console, "warn");
    try {
      // A transaction is never in the cache: its reads really run, on its one connection.
      const venue = await database.db.transaction((tx) => getVenue(tx));
      expect(venue.offers.length).toBeGreaterThan(0);
      expect(venue.tables.length).toBeGreaterThan(0);
      expect(venue.rules.length).toBeGreaterThan(0);
      await new Promise((r) => setImmediate(r));
      expect([...warnings, ...warn.mock.calls.map((c) => String(c[0]))].filter((m) => /already executing a query/.test(m))).toEqual([]);
    } finally {
      process.off("warning", onWarning);
      warn.mockRestore();
    }
  });
});
