import { and, eq, inArray, lt } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { overlaps, type SlotRange } from "~/domain/availability";
import { MSG } from "~/domain/messages";
import { formatTime } from "~/domain/time";
import { sweepExpiredHolds } from "~/server/booking/bookings.server";
import { cancelReservation, type Actor } from "~/server/staff/cancellation.server";
import { reservations } from "~/server/platform/schema";
import { availableGameStarts, reserveGame, type GameRequest } from "~/server/booking/games.server";
import { setPaymentProvider } from "~/server/payments/payments.server";
import type { PaymentProvider } from "~/server/payments/providers/provider.server";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

const SATURDAY = 6;
const MONDAY = 1;
const API: Actor = { staffId: null, name: "api-token" };
const ACTIVE = ["held", "confirmed"] as const;

/** The seeded locations (SEED_GAME_LOCATIONS) these tests book. */
const LABOR = 1; // capacity 6, ESCAPE_ROOM_ADULT
const PIRATES = 2; // capacity 8, ESCAPE_ROOM_KIDS
const PIXEL = 3; // capacity 10, PIXEL_GAMES, 7.00 per player and round, package 189.00, extra round 50.00

/**
 * Holds without payments never reach the provider, but cancelling asks for it; a double keeps the
 * real one (and the env and DATA_DIR files it would create) out, and fails loudly if it is used.
 */
const unusedProvider: PaymentProvider = {
  name: "simulated",
  initTransaction: () => Promise.reject(new Error("no payment expected")),
  getTransaction: () => Promise.reject(new Error("no payment expected")),
  cancel: () => Promise.reject(new Error("no payment expected")),
  credit: () => Promise.reject(new Error("no payment expected")),
};

beforeAll(() => setPaymentProvider(unusedProvider));
afterAll(() => setPaymentProvider(undefined));

/** Deterministic pseudo-random numbers (mulberry32), so a failing race can be replayed. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(drivers)("reserving game locations on $name", ({ open }) => {
  let database: TestDatabase;
  let week = 0;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A Saturday no other test of this file books, so each test starts from an empty day. */
  function freshSaturday() {
    week += 1;
    return nextWeekday(SATURDAY, new Date(Date.now() + week * 7 * 86400_000));
  }

  const game = (over: Partial<GameRequest> & Pick<GameRequest, "date" | "startMin">): GameRequest => ({
    locationId: PIXEL,
    gameType: 1,
    rounds: 2,
    players: 4,
    contact: CONTACT,
    ...over,
  });

  const unavailableStarts = async (locationId: number, date: string, rounds: number, now?: Date) => {
    const starts = await availableGameStarts(database.db, { locationId, date, rounds }, now);
    return starts!.filter((s) => !s.available).map((s) => s.startTime);
  };

  /** Pairs of active bookings of one location that overlap, found by the database itself. */
  async function overlappingActivePairs() {
    const a = alias(reservations, "a");
    const b = alias(reservations, "b");
    return database.db
      .select({ a: a.id, b: b.id })
      .from(a)
      .innerJoin(
        b,
        and(lt(a.id, b.id), eq(a.locationId, b.locationId), eq(a.date, b.date), lt(a.startMin, b.endMin), lt(b.startMin, a.endMin)),
      )
      .where(and(inArray(a.status, [...ACTIVE]), inArray(b.status, [...ACTIVE])));
  }

  it("holds the location with the server's price, type and name, and blocks every overlapping start", async () => {
    const date = freshSaturday();
    // Normales Spiel: 4 players × 3 rounds × CHF 7.00, 10:00–11:00.
    const normal = await reserveGame(database.db, game({ date, startMin: 600, rounds: 3, players: 4 }), { holdMinutes: 15 });
    expect(normal.ok).toBe(true);
    if (!normal.ok) return;
    expect(normal.requiresPayment).toBe(true);
    expect(normal.reservation).toMatchObject({
      status: "held",
      type: "PIXEL_GAMES",
      offerName: "Normales Spiel – Pixel Games",
      locationId: PIXEL,
      tableId: null,
      gameType: 1,
      players: 4,
      rounds: 3,
      startMin: 600,
      endMin: 660,
      priceRappen: 4 * 3 * 700,
      amountRappen: 4 * 3 * 700,
    });

    // Geburtstagspaket: the package plus 2 extra rounds (5 in all), whatever the players, 14:00–15:40.
    const pkg = await reserveGame(database.db, game({ date, startMin: 840, gameType: 2, rounds: 5, players: 9 }), { holdMinutes: 15 });
    expect(pkg.ok && pkg.reservation).toMatchObject({
      type: "PIXEL_GAMES",
      offerName: "Geburtstagspaket – Pixel Games",
      locationId: PIXEL,
      tableId: null,
      gameType: 2,
      players: 9,
      rounds: 5,
      endMin: 940,
      priceRappen: 18900 + 2 * 5000,
    });

    // Two rounds (40 min) collide with 10:00–11:00 from 10:00 to 10:40 and with 14:00–15:40 from 13:40 to 15:20.
    expect(await unavailableStarts(PIXEL, date, 2)).toEqual(["10:00", "10:20", "10:40", "13:40", "14:00", "14:20", "14:40", "15:00", "15:20"]);
    // The other locations are untouched.
    expect(await unavailableStarts(PIRATES, date, 2)).toEqual([]);
  });

  it("never lets overlapping rounds through when 100 groups race for one location", async () => {
    const date = freshSaturday();
    const random = seededRandom(20_261_128);
    // Starts on the 20-minute grid between 10:00 and 16:00, 1–5 rounds, 1–6 players: heavy overlap.
    const requests = Array.from({ length: 100 }, () =>
      game({
        locationId: LABOR,
        date,
        startMin: 600 + 20 * Math.floor(random() * 19),
        rounds: 1 + Math.floor(random() * 5),
        players: 1 + Math.floor(random() * 6),
      }),
    );
    const results = await Promise.all(requests.map((r) => reserveGame(database.db, r, { holdMinutes: 15 })));

    const won = results.flatMap((r) => (r.ok ? [r.reservation] : []));
    const lost = results.flatMap((r, i) => (r.ok ? [] : [{ result: r, request: requests[i]! }]));
    expect(won.length).toBeGreaterThanOrEqual(1);
    for (const { result } of lost) expect(result).toMatchObject({ reason: "slot_taken", message: MSG.slotTaken });

    const held = await database.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.locationId, LABOR), eq(reservations.date, date), eq(reservations.status, "held")));
    expect(held.map((r) => r.id).sort((x, y) => x - y)).toEqual(won.map((r) => r.id).sort((x, y) => x - y));
    for (const [i, x] of held.entries()) {
      for (const y of held.slice(i + 1)) {
        expect(overlaps(x, y), `${formatTime(x.startMin)}–${formatTime(x.endMin)} vs ${formatTime(y.startMin)}–${formatTime(y.endMin)}`).toBe(false);
      }
    }
    // A group was only turned away when its rounds really were taken by a winner (no spurious refusals).
    for (const { request } of lost) {
      const wanted: SlotRange = { startMin: request.startMin, endMin: request.startMin + request.rounds * 20 };
      expect(held.some((r) => overlaps(r, wanted))).toBe(true);
    }
    expect(await overlappingActivePairs()).toEqual([]);
  });

  it("refuses players outside the location's capacity and days without games", async () => {
    const date = freshSaturday();
    for (const players of [0, 11]) {
      const result = await reserveGame(database.db, game({ date, startMin: 600, players }), { holdMinutes: 15 });
      expect(result).toEqual({ ok: false, reason: "invalid", message: "Bitte wählen Sie 1 bis 10 Spieler." });
    }
    // The capacity is the location's own: 7 fit Pixel Games but not «Das Labor» (6).
    const labor = await reserveGame(database.db, game({ locationId: LABOR, date, startMin: 600, players: 7 }), { holdMinutes: 15 });
    expect(labor).toEqual({ ok: false, reason: "invalid", message: "Bitte wählen Sie 1 bis 6 Spieler." });
    const unknown = await reserveGame(database.db, game({ locationId: 99, date, startMin: 600 }), { holdMinutes: 15 });
    expect(unknown).toMatchObject({ ok: false, reason: "invalid" });

    // Monday has no games, so no start is on the grid.
    const monday = nextWeekday(MONDAY);
    const closed = await reserveGame(database.db, game({ date: monday, startMin: 600 }), { holdMinutes: 15 });
    expect(closed).toEqual({ ok: false, reason: "invalid", message: MSG.chooseSlot });
    expect(await availableGameStarts(database.db, { locationId: PIXEL, date: monday, rounds: 1 })).toEqual([]);

    const rows = await database.db.select().from(reservations).where(inArray(reservations.date, [date, monday]));
    expect(rows).toEqual([]);
  });

  it("frees the rounds again once a hold has expired", async () => {
    const date = freshSaturday();
    const now = new Date();
    const held = await reserveGame(database.db, game({ locationId: PIRATES, date, startMin: 720, rounds: 2 }), { holdMinutes: 15, now });
    expect(held.ok).toBe(true);
    expect(await unavailableStarts(PIRATES, date, 1, now)).toEqual(["12:00", "12:20"]);

    const later = new Date(now.getTime() + 16 * 60_000);
    expect(await sweepExpiredHolds(database.db, later)).toBeGreaterThanOrEqual(1);
    expect(await unavailableStarts(PIRATES, date, 1, later)).toEqual([]);
    const again = await reserveGame(database.db, game({ locationId: PIRATES, date, startMin: 720, rounds: 2 }), { holdMinutes: 15, now: later });
    expect(again.ok).toBe(true);
    const rows = await database.db.select().from(reservations).where(and(eq(reservations.locationId, PIRATES), eq(reservations.date, date)));
    expect(rows.map((r) => r.status).sort()).toEqual(["expired", "held"]);
  });

  it("frees the rounds when staff cancel a game booking and reports the location's type", async () => {
    const date = freshSaturday();
    const held = await reserveGame(database.db, game({ locationId: PIRATES, date, startMin: 900, rounds: 3, players: 8 }), { holdMinutes: 15 });
    if (!held.ok) throw new Error(held.message);
    expect(await unavailableStarts(PIRATES, date, 3)).toContain("15:00");

    const cancelled = await cancelReservation(database.db, { code: held.reservation.code, reason: "Gruppe verhindert", actor: API });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ success: true, bookingCode: held.reservation.code, reservationType: "ESCAPE_ROOM_KIDS", refund: "none" });
    expect(await unavailableStarts(PIRATES, date, 3)).toEqual([]);
    const retaken = await reserveGame(database.db, game({ locationId: PIRATES, date, startMin: 900, rounds: 3 }), { holdMinutes: 15 });
    expect(retaken.ok).toBe(true);
  });

  it("books each location on its own: the same rounds at two locations both succeed", async () => {
    const date = freshSaturday();
    const [first, second] = await Promise.all([
      reserveGame(database.db, game({ locationId: LABOR, date, startMin: 720, rounds: 3 }), { holdMinutes: 15 }),
      reserveGame(database.db, game({ locationId: PIRATES, date, startMin: 720, rounds: 3 }), { holdMinutes: 15 }),
    ]);
    expect(first.ok && first.reservation.locationId).toBe(LABOR);
    expect(second.ok && second.reservation.locationId).toBe(PIRATES);
    // …while the same location is still one group at a time.
    const third = await reserveGame(database.db, game({ locationId: LABOR, date, startMin: 740, rounds: 1 }), { holdMinutes: 15 });
    expect(third).toMatchObject({ ok: false, reason: "slot_taken" });
    expect(await overlappingActivePairs()).toEqual([]);
  });
});
