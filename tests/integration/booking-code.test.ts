import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { reserveBirthday } from "~/server/booking/bookings.server";
import { reservations } from "~/server/platform/schema";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

// The booking code is drawn with node:crypto's randomInt; here it can be made to repeat itself.
const draw = vi.hoisted(() => ({ script: [] as number[] }));
vi.mock("node:crypto", async (original) => {
  const crypto = await original<typeof import("node:crypto")>();
  const randomInt = ((...args: Parameters<typeof crypto.randomInt>) =>
    draw.script.length > 0 ? draw.script.shift()! : (crypto.randomInt as (...a: unknown[]) => number)(...args)) as typeof crypto.randomInt;
  return { ...crypto, default: { ...crypto, randomInt }, randomInt };
});

describe.each(drivers)("a booking code that is already taken, on $name", ({ open }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("is drawn again, so the booking is stored under a new code and nothing else changes", async () => {
    const date = nextWeekday(6, new Date(Date.now() + 35 * 86400_000));
    const request = (startMin: number) => ({ offerId: 1, date, startMin, counts: { numChildren: 4, numActiveAdults: 0, numAccompanyingAdults: 0 }, contact: CONTACT });
    draw.script = [0, 1, 2, 3, 4, 5];
    const first = await reserveBirthday(database.db, request(600), { holdMinutes: 15 });
    expect(first.ok && first.reservation.code).toBe("FW-234567");
    // The second booking's first draw is the same code: the unique index refuses it, a new one is drawn.
    draw.script = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
    const second = await reserveBirthday(database.db, request(720), { holdMinutes: 15 });
    expect(second.ok && second.reservation.code).toBe("FW-89ABCD");
    const rows = await database.db.select().from(reservations).where(eq(reservations.date, date));
    expect(rows.map((r) => [r.code, r.startMin]).sort()).toEqual([
      ["FW-234567", 600],
      ["FW-89ABCD", 720],
    ]);
  });
});
