import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { availableBirthdaySlots } from "~/server/booking/availability.server";
import { releaseHold, reserveBirthday, sweepExpiredHolds } from "~/server/booking/bookings.server";
import { reservations, voucherLedger, vouchers } from "~/server/platform/schema";
import { createVoucher } from "~/server/vouchers/vouchers.server";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

const SATURDAY = 6;

/** A party of n persons spread over the three counters (each at most 10). */
function party(n: number) {
  const numChildren = Math.min(n, 10);
  const numActiveAdults = Math.min(n - numChildren, 10);
  return { numChildren, numActiveAdults, numAccompanyingAdults: n - numChildren - numActiveAdults };
}

describe.each(drivers)("reserving a birthday table on $name", ({ open }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  const request = (date: string, startMin: number, persons = 8, couponCode?: string) => ({
    offerId: 1,
    date,
    startMin,
    counts: party(persons),
    contact: CONTACT,
    couponCode,
  });

  it("holds the smallest fitting table and computes the price on the server", async () => {
    const date = nextWeekday(SATURDAY);
    const result = await reserveBirthday(
      database.db,
      { ...request(date, 600), counts: { numChildren: 6, numActiveAdults: 1, numAccompanyingAdults: 2 } },
      { holdMinutes: 15 },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.requiresPayment).toBe(true);
    expect(result.reservation).toMatchObject({ status: "held", tableId: 1, priceRappen: 6 * 2900 + 2800 + 2 * 500 });
    expect(result.reservation.code).toMatch(/^FW-[2-9A-Z]{6}$/);
  });

  it("lets exactly as many families through as there are fitting tables when 200 race for one slot", async () => {
    const date = nextWeekday(SATURDAY, new Date(Date.now() + 7 * 86400_000));
    // 12 persons fit the two 16-seat tables, the 24- and the 30-seat table: four of them.
    const results = await Promise.all(
      Array.from({ length: 200 }, () => reserveBirthday(database.db, request(date, 840, 12), { holdMinutes: 15 })),
    );
    const won = results.filter((r) => r.ok);
    const taken = results.filter((r) => !r.ok && r.reason === "slot_taken");
    expect(won).toHaveLength(4);
    expect(taken).toHaveLength(196);
    const rows = await database.db.select().from(reservations).where(and(eq(reservations.date, date), eq(reservations.startMin, 840)));
    expect(new Set(rows.map((r) => r.tableId))).toEqual(new Set([3, 4, 5, 6]));
    const slots = await availableBirthdaySlots(database.db, { date, persons: 12, offerId: 1 });
    expect(slots.find((s) => s.startTime === "14:00")?.available).toBe(false);
  });

  it("never takes a voucher below zero when 50 families redeem it at once, and the ledger adds up", async () => {
    const date = nextWeekday(SATURDAY, new Date(Date.now() + 14 * 86400_000));
    const voucher = await createVoucher(database.db, { amountRappen: 10_000 });
    const starts = [600, 660, 720, 780, 840, 900, 960, 1020, 1080, 1140, 1200];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        reserveBirthday(database.db, request(date, starts[i % starts.length]!, 2, voucher.code), { holdMinutes: 15 }),
      ),
    );
    const [after] = await database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(after!.remainingRappen).toBeGreaterThanOrEqual(0);
    const ledger = await database.db.select().from(voucherLedger).where(eq(voucherLedger.voucherId, voucher.id));
    const debited = ledger.reduce((sum, row) => sum + row.amountRappen, 0);
    expect(debited).toBe(voucher.initialRappen - after!.remainingRappen);
    const discounts = results.flatMap((r) => (r.ok ? [r.reservation.discountRappen] : []));
    expect(discounts.reduce((a, b) => a + b, 0)).toBe(debited);
    expect(after!.remainingRappen).toBe(0);
  });

  it("confirms at once when a voucher covers everything", async () => {
    const date = nextWeekday(SATURDAY, new Date(Date.now() + 21 * 86400_000));
    const voucher = await createVoucher(database.db, { amountRappen: 50_000 });
    const result = await reserveBirthday(database.db, request(date, 600, 4, voucher.code.toLowerCase()), { holdMinutes: 15 });
    expect(result.ok && result.reservation).toMatchObject({ status: "confirmed", paymentStatus: "settled", amountRappen: 0, discountRappen: 4 * 2900 });;
  });

  it("frees the table and restores the voucher exactly once when a hold expires", async () => {
    const date = nextWeekday(SATURDAY, new Date(Date.now() + 28 * 86400_000));
    const voucher = await createVoucher(database.db, { amountRappen: 1000 });
    const now = new Date();
    const result = await reserveBirthday(database.db, request(date, 600, 25, voucher.code), { holdMinutes: 15, now });
    expect(result.ok).toBe(true);
    const later = new Date(now.getTime() + 16 * 60_000);
    const expired = await Promise.all([sweepExpiredHolds(database.db, later), sweepExpiredHolds(database.db, later), sweepExpiredHolds(database.db, later)]);
    expect(expired.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const [after] = await database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(after!.remainingRappen).toBe(1000);
    const ledger = await database.db.select().from(voucherLedger).where(eq(voucherLedger.voucherId, voucher.id));
    expect(ledger.map((l) => l.amountRappen).sort()).toEqual([-1000, 1000].sort());
    const again = await reserveBirthday(database.db, request(date, 600, 25), { holdMinutes: 15, now: later });
    expect(again.ok).toBe(true);
    const rows = await database.db.select().from(reservations).where(inArray(reservations.date, [date]));
    expect(rows.map((r) => r.status).sort()).toEqual(["expired", "held"]);
  });
});

describe.each(drivers)("the availability cache on $name", ({ open }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("shows a booking, its expiry and its release at once, although days are cached", async () => {
    const date = nextWeekday(SATURDAY, new Date(Date.now() + 35 * 86400_000));
    const now = new Date();
    const at14 = async (at: Date) =>
      (await availableBirthdaySlots(database.db, { date, persons: 25, offerId: 1 }, at)).find((s) => s.startTime === "14:00")!.available;
    expect(await at14(now)).toBe(true);
    expect(await at14(now)).toBe(true);
    const held = await reserveBirthday(
      database.db,
      { offerId: 1, date, startMin: 840, counts: party(25), contact: CONTACT },
      { holdMinutes: 15, now },
    );
    expect(held.ok).toBe(true);
    expect(await at14(now)).toBe(false);
    // The cached day ends when the hold does.
    expect(await at14(new Date(now.getTime() + 16 * 60_000))).toBe(true);
    if (held.ok) await releaseHold(database.db, held.reservation.id);
    expect(await at14(now)).toBe(true);
  });
});
