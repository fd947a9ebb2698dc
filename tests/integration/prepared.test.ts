import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { findReservationByCode, reserveBirthday } from "~/server/booking/bookings.server";
import { prepared } from "~/server/platform/prepared.server";
import { reservations } from "~/server/platform/schema";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

describe.each(drivers)("reads prepared once per database, on $name", ({ open }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("builds a statement once per database and name, never inside a transaction", async () => {
    let builds = 0;
    const build = () => {
      builds++;
      return database.db.select({ id: reservations.id }).from(reservations).where(eq(reservations.code, sql.placeholder("code"))).prepare("test_ids_by_code");
    };
    const first = prepared(database.db, "test_ids_by_code", build);
    expect(prepared(database.db, "test_ids_by_code", build)).toBe(first);
    expect(builds).toBe(1);
    await database.db.transaction(async (tx) => {
      expect(prepared(tx, "test_ids_by_code", build)).toBeNull();
    });
    expect(builds).toBe(1);
  });

  it("finds bookings by code the same way outside and inside a transaction, and what was written after the first read", async () => {
    const date = nextWeekday(6, new Date(Date.now() + 40 * 86400_000));
    const request = (startMin: number) => ({ offerId: 1, date, startMin, counts: { numChildren: 4, numActiveAdults: 0, numAccompanyingAdults: 0 }, contact: CONTACT });
    const a = await reserveBirthday(database.db, request(600), { holdMinutes: 15 });
    const b = await reserveBirthday(database.db, request(720), { holdMinutes: 15 });
    if (!a.ok || !b.ok) throw new Error("setup: both bookings must be made");
    expect(await findReservationByCode(database.db, a.reservation.code)).toEqual(a.reservation);
    // The prepared statement answers for every code, and sees later writes.
    expect(await findReservationByCode(database.db, b.reservation.code)).toEqual(b.reservation);
    await database.db.update(reservations).set({ firstName: "Mia" }).where(eq(reservations.id, b.reservation.id));
    expect((await findReservationByCode(database.db, b.reservation.code))?.firstName).toBe("Mia");
    expect(await findReservationByCode(database.db, "FW-NIEMAND")).toBeNull();
    await database.db.transaction(async (tx) => {
      expect(await findReservationByCode(tx, a.reservation.code)).toEqual(a.reservation);
    });
  });
});
