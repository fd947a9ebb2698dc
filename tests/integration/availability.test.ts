import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import type { Slot } from "~/domain/availability";
import type { PartyCounts } from "~/domain/pricing";
import { addDays, venueNow, weekdayOf } from "~/domain/time";
import { availableBirthdaySlots, reservationsChanged, UnknownOfferError } from "~/server/booking/availability.server";
import { releaseHold, reserveBirthday, sweepExpiredHolds } from "~/server/booking/bookings.server";
import { reservations } from "~/server/platform/schema";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

const SATURDAY = 6;
const HOLD_MINUTES = 15;
const DAY_MS = 86_400_000;

/** A party of n persons spread over the three counters (each at most 10). */
function party(n: number): PartyCounts {
  const numChildren = Math.min(n, 10);
  const numActiveAdults = Math.min(n - numChildren, 10);
  return { numChildren, numActiveAdults, numAccompanyingAdults: n - numChildren - numActiveAdults };
}

const unavailable = (slots: Slot[]) => slots.filter((s) => !s.available).map((s) => s.startTime);
const CLASSIC_STARTS = ["10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00", "18:00", "19:00", "20:00"];

describe.each(drivers)("birthday availability on $name", ({ open }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  /** Each test gets its own Saturday so the tests do not see each other's reservations. */
  const saturday = (weeksAhead: number, from: Date = new Date()) => nextWeekday(SATURDAY, new Date(from.getTime() + weeksAhead * 7 * DAY_MS));

  async function hold(date: string, startMin: number, persons: number, now: Date, offerId = 1) {
    const result = await reserveBirthday(
      database.db,
      { offerId, date, startMin, counts: party(persons), contact: CONTACT },
      { holdMinutes: HOLD_MINUTES, now },
    );
    if (!result.ok) throw new Error(`reservation failed: ${result.reason}`);
    return result.reservation;
  }

  /** Holds every table seating 12 (the two 16s, the 24 and the 30) at 14:00–16:00. */
  async function fillBigTables(date: string, now: Date) {
    const held = [];
    for (let i = 0; i < 4; i++) held.push(await hold(date, 840, 12, now));
    expect(held.map((r) => r.tableId).sort()).toEqual([3, 4, 5, 6]);
    const refused = await reserveBirthday(
      database.db,
      { offerId: 1, date, startMin: 840, counts: party(12), contact: CONTACT },
      { holdMinutes: HOLD_MINUTES, now },
    );
    expect(refused).toMatchObject({ ok: false, reason: "slot_taken" });
    return held;
  }

  it("a future Saturday offers the full grid, every slot available, for each offer length", async () => {
    const date = saturday(0);
    expect(weekdayOf(date)).toBe(SATURDAY);
    const classic = await availableBirthdaySlots(database.db, { date, persons: 8, offerId: 1 });
    expect(classic.map((s) => s.startTime)).toEqual(CLASSIC_STARTS);
    expect(classic[0]).toEqual({ startTime: "10:00", endTime: "12:00", available: true });
    expect(classic.at(-1)).toEqual({ startTime: "20:00", endTime: "22:00", available: true });
    expect(classic.every((s) => s.available)).toBe(true);

    const deluxe = await availableBirthdaySlots(database.db, { date, persons: 8, offerId: 2 });
    expect(deluxe).toHaveLength(10);
    expect(deluxe.at(-1)).toEqual({ startTime: "19:00", endTime: "22:00", available: true });
    const royal = await availableBirthdaySlots(database.db, { date, persons: 30, offerId: 3 });
    expect(royal).toHaveLength(9);
    expect(royal.at(-1)).toEqual({ startTime: "18:00", endTime: "22:00", available: true });
    expect([...deluxe, ...royal].every((s) => s.available)).toBe(true);
  });

  it("Monday and Tuesday have no birthday slots at all", async () => {
    const monday = addDays(saturday(0), 2);
    expect(weekdayOf(monday)).toBe(1);
    expect(await availableBirthdaySlots(database.db, { date: monday, persons: 8, offerId: 1 })).toEqual([]);
    expect(await availableBirthdaySlots(database.db, { date: addDays(monday, 1), persons: 8, offerId: 1 })).toEqual([]);
  });

  it("0 persons or more than the biggest table: the grid with nothing available", async () => {
    const date = saturday(0);
    for (const persons of [0, 31]) {
      const slots = await availableBirthdaySlots(database.db, { date, persons, offerId: 1 });
      expect(slots).toHaveLength(11);
      expect(slots.some((s) => s.available)).toBe(false);
    }
  });

  it("a past date is unavailable; for staff today from the next full hour", async () => {
    // Fixed "now": Saturday 2026-11-21, 12:30 in Zurich (11:30Z). Staff (phone) see past the lead time.
    const staff = { ignoreLeadTime: true };
    const now = new Date("2026-11-21T11:30:00Z");
    expect(venueNow(now)).toEqual({ date: "2026-11-21", minutes: 750 });
    const past = await availableBirthdaySlots(database.db, { date: "2026-11-14", persons: 8, offerId: 1 }, now, staff);
    expect(past).toHaveLength(11);
    expect(past.some((s) => s.available)).toBe(false);
    const today = await availableBirthdaySlots(database.db, { date: "2026-11-21", persons: 8, offerId: 1 }, now, staff);
    expect(unavailable(today)).toEqual(["10:00", "11:00", "12:00"]);
    // 23:30Z is already Sunday 00:30 in Zurich: all of Saturday is gone, all of Sunday is open.
    const lateNight = new Date("2026-11-21T23:30:00Z");
    const saturdayLate = await availableBirthdaySlots(database.db, { date: "2026-11-21", persons: 8, offerId: 1 }, lateNight, staff);
    expect(saturdayLate.some((s) => s.available)).toBe(false);
    const sunday = await availableBirthdaySlots(database.db, { date: "2026-11-22", persons: 8, offerId: 1 }, lateNight, staff);
    expect(sunday.every((s) => s.available)).toBe(true);
    // Online, the offer's 24-hour lead time keeps all of that Sunday (it starts within 24 hours) out.
    const online = await availableBirthdaySlots(database.db, { date: "2026-11-22", persons: 8, offerId: 1 }, lateNight);
    expect(online.some((s) => s.available)).toBe(false);
  });

  it("an unknown offer is an error", async () => {
    await expect(availableBirthdaySlots(database.db, { date: saturday(0), persons: 8, offerId: 999 })).rejects.toBeInstanceOf(UnknownOfferError);
  });

  it("holding every table that fits a party blocks that slot and the overlapping ones, but a smaller party still gets a small table", async () => {
    const now = new Date();
    const date = saturday(1, now);
    await fillBigTables(date, now);

    // 2-hour offer, 12 persons: 13:00 and 15:00 overlap 14:00–16:00; 12:00–14:00 and 16:00–18:00 touch it only.
    const classic = await availableBirthdaySlots(database.db, { date, persons: 12, offerId: 1 }, now);
    expect(unavailable(classic)).toEqual(["13:00", "14:00", "15:00"]);
    expect(classic.find((s) => s.startTime === "12:00")?.available).toBe(true);
    expect(classic.find((s) => s.startTime === "16:00")?.available).toBe(true);
    // 4-hour offer: 10:00–14:00 ends as the hold starts, so only 11:00 to 15:00 are blocked.
    const royal = await availableBirthdaySlots(database.db, { date, persons: 12, offerId: 3 }, now);
    expect(unavailable(royal)).toEqual(["11:00", "12:00", "13:00", "14:00", "15:00"]);
    // The biggest parties are blocked the same way.
    expect(unavailable(await availableBirthdaySlots(database.db, { date, persons: 30, offerId: 1 }, now))).toEqual(["13:00", "14:00", "15:00"]);

    // A party of 10 fits the two 10-seat tables, which are still free.
    const small = await availableBirthdaySlots(database.db, { date, persons: 10, offerId: 1 }, now);
    expect(small.every((s) => s.available)).toBe(true);
    const smallHold = await hold(date, 840, 10, now);
    expect(smallHold.tableId).toBe(1);
    expect(await availableBirthdaySlots(database.db, { date, persons: 10, offerId: 1 }, now)).toSatisfy((slots: Slot[]) => slots.every((s) => s.available));
    await hold(date, 840, 10, now);
    expect(unavailable(await availableBirthdaySlots(database.db, { date, persons: 1, offerId: 1 }, now))).toEqual(["13:00", "14:00", "15:00"]);

    // The rest of the week is untouched.
    const sunday = await availableBirthdaySlots(database.db, { date: addDays(date, 1), persons: 12, offerId: 1 }, now);
    expect(sunday.every((s) => s.available)).toBe(true);
  });

  it("an expired hold no longer blocks, from the very instant it expires", async () => {
    const now = new Date();
    const date = saturday(2, now);
    const held = await fillBigTables(date, now);
    const expiresAt = held[0]!.holdExpiresAt!;
    expect(expiresAt.getTime()).toBe(now.getTime() + HOLD_MINUTES * 60_000);

    const justBefore = new Date(expiresAt.getTime() - 1);
    expect(unavailable(await availableBirthdaySlots(database.db, { date, persons: 12, offerId: 1 }, justBefore))).toEqual(["13:00", "14:00", "15:00"]);
    const atExpiry = await availableBirthdaySlots(database.db, { date, persons: 12, offerId: 1 }, expiresAt);
    expect(atExpiry.every((s) => s.available)).toBe(true);
    const later = new Date(now.getTime() + (HOLD_MINUTES + 1) * 60_000);
    expect((await availableBirthdaySlots(database.db, { date, persons: 12, offerId: 1 }, later)).every((s) => s.available)).toBe(true);

    // Still "held" in the database until swept; the sweep changes nothing about availability.
    const rows = await database.db.select().from(reservations).where(eq(reservations.date, date));
    expect(rows.map((r) => r.status)).toEqual(["held", "held", "held", "held"]);
    await sweepExpiredHolds(database.db, later);
    const swept = await database.db.select().from(reservations).where(eq(reservations.date, date));
    expect(swept.map((r) => r.status)).toEqual(["expired", "expired", "expired", "expired"]);
    expect((await availableBirthdaySlots(database.db, { date, persons: 12, offerId: 1 }, later)).every((s) => s.available)).toBe(true);
    // And the table can really be taken again.
    expect((await hold(date, 840, 12, later)).tableId).toBe(3);
  });

  it("a confirmed reservation keeps blocking after its hold time, a cancelled or expired one does not", async () => {
    const now = new Date();
    const date = saturday(3, now);
    const held = await fillBigTables(date, now);
    const ids = held.map((r) => r.id);
    const later = new Date(now.getTime() + (HOLD_MINUTES + 60) * 60_000);

    // These rows are changed by hand, not through the booking code, so the availability cache is told
    // as every writer must (reservationsChanged).
    // Confirmed (paid): blocks whatever "now" is, even long after the hold would have expired.
    await database.db.update(reservations).set({ status: "confirmed", holdExpiresAt: null, confirmedAt: now }).where(inArray(reservations.id, ids));
    reservationsChanged(database.db);
    expect(unavailable(await availableBirthdaySlots(database.db, { date, persons: 12, offerId: 1 }, later))).toEqual(["13:00", "14:00", "15:00"]);

    // Staff cancel the one on a 16-seat table: a party of 12 fits there again.
    await database.db
      .update(reservations)
      .set({ status: "cancelled", cancelledAt: now, cancelReason: "Test" })
      .where(and(eq(reservations.date, date), eq(reservations.tableId, 3)));
    reservationsChanged(database.db);
    expect((await availableBirthdaySlots(database.db, { date, persons: 12, offerId: 1 }, later)).every((s) => s.available)).toBe(true);
    // …but a party of 17 needs the 24 or the 30, both still confirmed.
    expect(unavailable(await availableBirthdaySlots(database.db, { date, persons: 17, offerId: 1 }, later))).toEqual(["13:00", "14:00", "15:00"]);

    // Cancel the 24 and expire the 30: nothing blocks any more.
    await database.db
      .update(reservations)
      .set({ status: "cancelled", cancelledAt: now, cancelReason: "Test" })
      .where(and(eq(reservations.date, date), eq(reservations.tableId, 5)));
    reservationsChanged(database.db);
    await database.db.update(reservations).set({ status: "expired" }).where(and(eq(reservations.date, date), eq(reservations.tableId, 6)));
    reservationsChanged(database.db);
    expect((await availableBirthdaySlots(database.db, { date, persons: 17, offerId: 1 }, later)).every((s) => s.available)).toBe(true);
    expect((await availableBirthdaySlots(database.db, { date, persons: 30, offerId: 1 }, later)).every((s) => s.available)).toBe(true);
  });

  it("a hold given up with releaseHold frees its table at once", async () => {
    const now = new Date();
    const date = saturday(4, now);
    const held = await fillBigTables(date, now);
    const thirty = held.find((r) => r.tableId === 6)!;
    expect(unavailable(await availableBirthdaySlots(database.db, { date, persons: 25, offerId: 1 }, now))).toEqual(["13:00", "14:00", "15:00"]);
    expect(await releaseHold(database.db, thirty.id, now)).toBe(true);
    expect((await availableBirthdaySlots(database.db, { date, persons: 25, offerId: 1 }, now)).every((s) => s.available)).toBe(true);
    // The 16s and the 24 are still held: a party of 25 only fits the freed 30.
    expect((await hold(date, 840, 25, now)).tableId).toBe(6);
  });
});
