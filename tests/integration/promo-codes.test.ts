import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROMO_MSG, type PromoInput } from "~/domain/promo-codes";
import { addDays, venueNow, weekdayOf } from "~/domain/time";
import { receiptsOf } from "~/server/accounting/receipts.server";
import { reserveBirthday } from "~/server/booking/bookings.server";
import { bookingPriceLines } from "~/server/booking/confirmation-view.server";
import { openDatabase } from "~/server/platform/db.server";
import { promoRedemptions, reservations } from "~/server/platform/schema";
import type { Staff } from "~/server/staff/auth.server";
import { cancelReservation } from "~/server/staff/cancellation.server";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
import { checkCoupon } from "~/server/vouchers/coupon.server";
import { createPromo, listPromos, setPromoActive } from "~/server/vouchers/promo-codes.server";
import { createVoucher } from "~/server/vouchers/vouchers.server";
import { drivers, scratchPostgres, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";
import { seed } from "~/server/platform/seed.server";

/**
 * Promo codes (issue #31 §4) on both databases: the discount becomes the booking's price adjustment,
 * the rules (offers, weekdays, dates, state) refuse with their German words, and the uses are exact
 * under races — 100 bookings at once in one process, and 100 from two processes on PostgreSQL.
 */

const COUNTS = { numChildren: 6, numActiveAdults: 1, numAccompanyingAdults: 1 };
const run = promisify(execFile);

function promo(code: string, over: Partial<PromoInput> = {}): PromoInput {
  return { code, kind: "percent", value: 1_000, validFrom: null, validUntil: null, maxUses: null, maxUsesPerEmail: null, offerIds: null, games: true, weekdays: null, note: "", ...over };
}

/**
 * Distinct game slots spread over ten Saturdays (three locations, starts from 10:00), in an order that
 * gives every slice of them all ten days: bookings of one day queue in their process, so spreading
 * the days keeps up to ten transactions per process racing for the code.
 */
function gameSlots(count: number, weeksAhead: number) {
  const dates = Array.from({ length: 10 }, (_, w) => nextWeekday(6, new Date(Date.now() + (weeksAhead + w) * 7 * 86_400_000)));
  return Array.from({ length: count }, (_, k) => ({
    date: dates[k % 10]!,
    locationId: 1 + (Math.floor(k / 10) % 3),
    startMin: 600 + 20 * Math.floor(k / 30),
    email: `racer${k}@example.ch`,
  }));
}

describe.each(drivers)("promo codes on $name", ({ open }) => {
  let database: TestDatabase;
  let manager: Staff;
  let week = 0;
  beforeAll(async () => {
    database = await open();
    manager = (await createStaffAccount(database.db, "chef@funworld.ch", "chef-password-1", "manager")) as Staff;
  });
  afterAll(async () => {
    await database?.close();
  });

  const saturday = () => nextWeekday(6, new Date(Date.now() + (week += 1) * 7 * 86_400_000));

  async function party(code: string | null, options: { date?: string; email?: string; offerId?: number } = {}) {
    return reserveBirthday(
      database.db,
      { offerId: options.offerId ?? 1, date: options.date ?? saturday(), startMin: 14 * 60, counts: COUNTS, contact: { ...CONTACT, email: options.email ?? CONTACT.email }, couponCode: code },
      { holdMinutes: 15, channel: "phone", payAtVenue: true },
    );
  }

  it("lowers the price as the booking's adjustment, shown as a line and on the receipt", async () => {
    expect(await createPromo(database.db, manager, promo("SOMMER10"))).toMatchObject({ ok: true });
    const plain = await party(null);
    const booked = await party("sommer10");
    if (!plain.ok || !booked.ok) throw new Error("not booked");
    const list = plain.reservation.priceRappen;
    const discount = Math.round((list * 0.1) / 5) * 5;
    expect(booked.reservation).toMatchObject({ priceRappen: list - discount, amountRappen: list - discount, priceAdjustRappen: -discount, priceAdjustReason: "Aktionscode SOMMER10", voucherId: null, discountRappen: 0 });
    const lines = await bookingPriceLines(database.db, booked.reservation);
    expect(lines.at(-1)).toEqual({ label: "Rabatt: Aktionscode SOMMER10", detail: null, amountRappen: -discount });
    expect(lines.reduce((s, l) => s + l.amountRappen, 0)).toBe(list - discount);
    const [redemption] = await database.db.select().from(promoRedemptions).where(eq(promoRedemptions.reservationId, booked.reservation.id));
    expect(redemption).toMatchObject({ discountRappen: discount, email: "anna@example.ch" });
    // A payment at the venue later: the receipt lists the discount line and the lower total.
    await database.db.update(reservations).set({ paidAtVenueRappen: list - discount }).where(eq(reservations.id, booked.reservation.id));
    const [receipt] = await receiptsOf(database.db, booked.reservation.id);
    expect(receipt!.snapshot.priceRappen).toBe(list - discount);
    expect(receipt!.snapshot.lines.map((l) => l.label)).toContain("Rabatt: Aktionscode SOMMER10");
  });

  it("refuses with the rule's words: offer, weekday, dates, stopped, per e-mail; a cancelled booking gives its use back", async () => {
    const today = venueNow().date;
    await createPromo(database.db, manager, promo("NURSPIELE", { offerIds: [], games: true }));
    await createPromo(database.db, manager, promo("WOCHENTAG", { weekdays: [3] }));
    await createPromo(database.db, manager, promo("SPAETER", { validFrom: addDays(today, 3) }));
    await createPromo(database.db, manager, promo("VORBEI", { validUntil: addDays(today, -1) }));
    await createPromo(database.db, manager, promo("EINMAL", { maxUsesPerEmail: 1, kind: "fixed", value: 2_000 }));
    const date = saturday();
    expect(await party("NURSPIELE", { date })).toMatchObject({ ok: false, reason: "voucher", message: PROMO_MSG.offer });
    expect(await party("WOCHENTAG", { date })).toMatchObject({ ok: false, message: "Dieser Aktionscode gilt nur für Termine am Mittwoch." });
    expect(weekdayOf(date)).toBe(6);
    expect(await party("SPAETER", { date })).toMatchObject({ ok: false, message: expect.stringMatching(/^Dieser Aktionscode gilt erst ab \d{2}\.\d{2}\.\d{4}\.$/) });
    expect(await party("VORBEI", { date })).toMatchObject({ ok: false, message: expect.stringMatching(/^Dieser Aktionscode war bis \d{2}\.\d{2}\.\d{4} gültig\.$/) });

    const first = await party("EINMAL", { email: "Einmal@Example.ch" });
    expect(first).toMatchObject({ ok: true });
    expect(await party("EINMAL", { email: "einmal@example.ch" })).toMatchObject({ ok: false, message: PROMO_MSG.perEmail });
    expect(await party("EINMAL", { email: "andere@example.ch" })).toMatchObject({ ok: true });
    if (!first.ok) throw new Error("not booked");
    await cancelReservation(database.db, { code: first.reservation.code, reason: null, actor: { staffId: null, name: "api-token" } });
    expect(await party("EINMAL", { email: "einmal@example.ch" })).toMatchObject({ ok: true });

    const [einmal] = (await listPromos(database.db)).filter((p) => p.rule.code === "EINMAL");
    expect(await setPromoActive(database.db, manager, String(einmal!.id), false)).toMatchObject({ ok: true });
    expect(await party("EINMAL", { email: "neu@example.ch" })).toMatchObject({ ok: false, message: PROMO_MSG.inactive });
    expect(await setPromoActive(database.db, manager, String(einmal!.id), true)).toMatchObject({ ok: true });
    expect(await party("EINMAL", { email: "neu@example.ch" })).toMatchObject({ ok: true });
  });

  it("the voucher box tells a promo code from a voucher; a code cannot be both", async () => {
    await createPromo(database.db, manager, promo("HERBST20", { value: 2_000 }));
    const voucher = await createVoucher(database.db, { amountRappen: 5_000 });
    const asPromo = await checkCoupon(database.db, "herbst20", "10.0.0.1");
    expect(asPromo.result).toEqual({ valid: true, message: "Aktionscode HERBST20 eingelöst: 20 % Rabatt.", couponCode: "HERBST20", remainingValue: 0, promo: true });
    const asVoucher = await checkCoupon(database.db, voucher.code, "10.0.0.1");
    expect(asVoucher.result).toMatchObject({ valid: true, remainingValue: 50 });
    expect(asVoucher.result!.promo).toBeUndefined();
    // For this booking: a Saturday party, a code for Wednesdays only.
    await createPromo(database.db, manager, promo("MITTWOCH", { weekdays: [3] }));
    const forBooking = await checkCoupon(database.db, "MITTWOCH", "10.0.0.2", undefined, { target: { offerId: 1, game: false, date: saturday(), today: venueNow().date }, excludeReservationId: null });
    expect(forBooking.result).toMatchObject({ valid: false, message: "Dieser Aktionscode gilt nur für Termine am Mittwoch.", promo: true });
    expect(await createPromo(database.db, manager, promo("HERBST20"))).toMatchObject({ ok: false, errors: { code: expect.any(String) } });
    expect(await createPromo(database.db, manager, promo(voucher.code))).toMatchObject({ ok: false, errors: { code: expect.any(String) } });
  });

  it("100 bookings at once with a code for 10: exactly 10 get it", async () => {
    await createPromo(database.db, manager, promo("RENNEN10", { maxUses: 10, kind: "fixed", value: 500 }));
    const slots = gameSlots(100, 20);
    const { reserveGame } = await import("~/server/booking/games.server");
    const outcomes = await Promise.all(
      slots.map((s) =>
        reserveGame(
          database.db,
          { locationId: s.locationId, gameType: 1, date: s.date, startMin: s.startMin, rounds: 1, players: 2, contact: { ...CONTACT, email: s.email }, couponCode: "RENNEN10" },
          { holdMinutes: 15, channel: "phone", payAtVenue: true },
        ).then((r) => (r.ok ? "ok" : r.reason)),
      ),
    );
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(10);
    expect(outcomes.filter((o) => o !== "ok").every((o) => o === "voucher")).toBe(true);
    const [row] = (await listPromos(database.db)).filter((p) => p.rule.code === "RENNEN10");
    expect(row).toMatchObject({ uses: 10, confirmed: 10, discountRappen: 5_000 });
  });
});

describe("promo codes raced by two processes on PostgreSQL", () => {
  it("100 bookings from two processes with a code for 10: exactly 10 get it", async () => {
    const scratch = await scratchPostgres();
    if (!scratch) return;
    const database = await openDatabase({ url: scratch.url });
    try {
      await seed(database.db);
      const manager = (await createStaffAccount(database.db, "chef@funworld.ch", "chef-password-1", "manager")) as Staff;
      await createPromo(database.db, manager, promo("ZWEI10", { maxUses: 10 }));
      const slots = gameSlots(100, 30);
      const racer = (part: typeof slots) =>
        run(process.execPath, ["--import", "tsx", "tests/integration/processes/promo-racer.ts", scratch.url, "ZWEI10", JSON.stringify(part)], { env: { ...process.env, VITEST: "" }, maxBuffer: 1 << 20 }).then(
          ({ stdout }) => JSON.parse(stdout.trim().split("\n").at(-1)!) as string[],
        );
      const [a, b] = await Promise.all([racer(slots.slice(0, 50)), racer(slots.slice(50))]);
      const outcomes = [...a, ...b];
      expect(outcomes).toHaveLength(100);
      expect(outcomes.filter((o) => o === "ok")).toHaveLength(10);
      expect(outcomes.filter((o) => o !== "ok").every((o) => o === "voucher")).toBe(true);
      // What the database holds agrees: ten active bookings carry the code.
      const redeemed = await database.db
        .select({ id: promoRedemptions.id })
        .from(promoRedemptions)
        .innerJoin(reservations, eq(reservations.id, promoRedemptions.reservationId))
        .where(and(inArray(reservations.status, ["held", "confirmed"])));
      expect(redeemed).toHaveLength(10);
    } finally {
      await database.close();
      await scratch.drop();
    }
  }, 120_000);
});
