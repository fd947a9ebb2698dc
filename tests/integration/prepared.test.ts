import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { findReservationByCode, reserveBirthday } from "~/server/booking/bookings.server";
import type { Executor } from "~/server/platform/db-types";
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

  it("builds a statement once per database and name, outside and inside transactions", async () => {
    let builds = 0;
    const build = (d: Executor) => {
      builds++;
      return d.select({ id: reservations.id }).from(reservations).where(eq(reservations.code, sql.placeholder("code"))).prepare("test_ids_by_code");
    };
    const first = prepared(database.db, "test_ids_by_code", build);
    expect(prepared(database.db, "test_ids_by_code", build)).toBe(first);
    await database.db.transaction(async (tx) => {
      const inTransaction = prepared(tx, "test_ids_by_code", build);
      expect(inTransaction).not.toBe(first);
      expect(await inTransaction.execute({ code: "FW-NIEMAND" })).toEqual([]);
    });
    expect(builds).toBe(1);
  });

  it("runs a prepared statement inside the transaction it is used in: it sees its writes, and a rollback undoes them", async () => {
    const date = nextWeekday(6, new Date(Date.now() + 60 * 86400_000));
    const booked = await reserveBirthday(
      database.db,
      { offerId: 1, date, startMin: 600, counts: { numChildren: 4, numActiveAdults: 0, numAccompanyingAdults: 0 }, contact: CONTACT },
      { holdMinutes: 15 },
    );
    if (!booked.ok) throw new Error("setup: the booking must be made");
    const { code } = booked.reservation;
    const nameOf = (d: Executor) =>
      d.select({ firstName: reservations.firstName }).from(reservations).where(eq(reservations.code, sql.placeholder("code"))).prepare("test_name_by_code");
    const rename = (d: Executor) =>
      d
        .update(reservations)
        .set({ firstName: sql`${sql.placeholder("name")}` })
        .where(eq(reservations.code, sql.placeholder("code")))
        .returning({ id: reservations.id })
        .prepare("test_rename_by_code");
    // Prepared outside a transaction first, so the statements inside are bound copies.
    expect(await prepared(database.db, "test_name_by_code", nameOf).execute({ code })).toEqual([{ firstName: CONTACT.firstName }]);
    await expect(
      database.db.transaction(async (tx) => {
        expect(await prepared(tx, "test_rename_by_code", rename).execute({ name: "Lea", code })).toHaveLength(1);
        // Read on the transaction's connection: its own write, not yet committed.
        expect(await prepared(tx, "test_name_by_code", nameOf).execute({ code })).toEqual([{ firstName: "Lea" }]);
        throw new Error("rolled back on purpose");
      }),
    ).rejects.toThrow("rolled back on purpose");
    expect(await prepared(database.db, "test_name_by_code", nameOf).execute({ code })).toEqual([{ firstName: CONTACT.firstName }]);
    await database.db.transaction(async (tx) => {
      await prepared(tx, "test_rename_by_code", rename).execute({ name: "Lea", code });
    });
    expect(await prepared(database.db, "test_name_by_code", nameOf).execute({ code })).toEqual([{ firstName: "Lea" }]);
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
