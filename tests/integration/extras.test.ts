import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { asc, eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { EXTRAS_MSG, type ExtraPick } from "~/domain/extras";
import { birthdayPriceRappen } from "~/domain/pricing";
import { addDays, venueToUtc } from "~/domain/time";
import { reserveBirthday, type Reservation } from "~/server/booking/bookings.server";
import { extrasOf } from "~/server/booking/extras.server";
import { reserveGame } from "~/server/booking/games.server";
import { getVenue } from "~/server/booking/venue.server";
import { createTransport, deliverDueMail } from "~/server/mail/mail.server";
import { reservationExtras, reservations } from "~/server/platform/schema";
import { correctBooking } from "~/server/staff/booking-correction.server";
import { bookingsCsv, dayList, prepSheet } from "~/server/staff/export.server";
import type { Staff } from "~/server/staff/auth.server";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
import { extrasOverview, saveExtra } from "~/server/staff/venue-admin.server";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

/**
 * Extras (issue #30 §2) on both databases: priced by the server from the extras' prices when the
 * booking is placed and stored with it (a later price change never touches it), refused when not
 * offered, past the deadline or over a limit, kept at their price through a staff correction, and
 * shown in the confirmation e-mail, the day list, the CSV and the prep sheet (meal choices summed).
 */

const PIXEL = 3;
const COUNTS = { numChildren: 6, numActiveAdults: 1, numAccompanyingAdults: 2 };
const MEAL = 1;
const CAKE = 2;
const BAG = 3;
const DECO = 4;

describe.each(drivers)("extras on $name", ({ open }) => {
  let database: TestDatabase;
  let manager: Staff;
  let week = 0;
  beforeAll(async () => {
    database = await open();
    manager = await createStaffAccount(database.db, "mara@funworld.ch", "mara-password-1", "manager");
  });
  afterAll(async () => {
    await database?.close();
  });

  function nextSunday() {
    week += 1;
    return nextWeekday(0, new Date(Date.now() + (week + 1) * 7 * 86400_000));
  }

  async function party(date: string, startMin: number, extras: ExtraPick[], options: { now?: Date; email?: string } = {}) {
    return reserveBirthday(
      database.db,
      { offerId: 1, date, startMin, counts: COUNTS, contact: { ...CONTACT, email: options.email ?? "anna@example.ch" }, extras },
      { holdMinutes: 15, payAtVenue: true, now: options.now },
    );
  }

  async function reload(id: number): Promise<Reservation> {
    const [r] = await database.db.select().from(reservations).where(eq(reservations.id, id));
    return r!;
  }

  const base = async () => {
    const venue = await getVenue(database.db);
    return birthdayPriceRappen(COUNTS, venue.offers.find((o) => o.id === 1)!.basePriceRappen, venue.prices);
  };

  it("prices the extras on the server, stores them with their price, and a later price change leaves the booking alone", async () => {
    const date = nextSunday();
    const picks = [
      { extraId: MEAL, choice: "Hot Dog", quantity: 4 },
      { extraId: MEAL, choice: "Pizza Margherita", quantity: 2 },
      { extraId: CAKE, choice: "", quantity: 1 },
      { extraId: BAG, choice: "", quantity: 6 },
    ];
    const placed = await party(date, 600, picks);
    if (!placed.ok) throw new Error(placed.message);
    const r = placed.reservation;
    expect(r.extrasRappen).toBe(3500 + 6 * 450);
    expect(r.priceRappen).toBe((await base()) + 6200);
    expect(r.amountRappen).toBe(r.priceRappen);
    const rows = await database.db.select().from(reservationExtras).where(eq(reservationExtras.reservationId, r.id)).orderBy(asc(reservationExtras.extraId), asc(reservationExtras.choice));
    expect(rows.map((x) => [x.extraId, x.choice, x.quantity, x.unitPriceRappen, x.name])).toEqual([
      [MEAL, "Hot Dog", 4, 0, "Menü"],
      [MEAL, "Pizza Margherita", 2, 0, "Menü"],
      [CAKE, "", 1, 3500, "Geburtstagstorte"],
      [BAG, "", 6, 450, "Goodie-Bag"],
    ]);

    // The manager makes the cake dearer: the booking keeps its price, a new one pays the new price.
    const { extras } = await extrasOverview(database.db);
    const cake = extras.find((e) => e.id === CAKE)!;
    const saved = await saveExtra(database.db, manager, CAKE, { ...cake, priceRappen: 4200 });
    expect(saved.ok).toBe(true);
    try {
      expect((await extrasOf(database.db, r.id)).find((b) => b.extraId === CAKE)!.unitPriceRappen).toBe(3500);
      expect((await reload(r.id)).priceRappen).toBe(r.priceRappen);
      const later = await party(date, 840, [{ extraId: CAKE, choice: "", quantity: 2 }]);
      expect(later.ok && later.reservation.priceRappen).toBe((await base()) + 8400);
    } finally {
      await saveExtra(database.db, manager, CAKE, cake);
    }
  });

  it("refuses what is not offered, past its deadline or over its limit, and a normal game's extras", async () => {
    const date = nextSunday();
    // Two days before the party: the cake (3 days) is closed, the goodie bags (1 day) are not.
    const now = venueToUtc(addDays(date, -2), 10 * 60);
    const late = await party(date, 600, [{ extraId: CAKE, choice: "", quantity: 1 }], { now });
    expect(late).toMatchObject({ ok: false, reason: "invalid", message: EXTRAS_MSG.notOrderable("Geburtstagstorte") });
    const bags = await party(date, 600, [{ extraId: BAG, choice: "", quantity: 6 }], { now });
    expect(bags.ok).toBe(true);

    for (const wrong of [
      [{ extraId: BAG, choice: "", quantity: 7 }],
      [{ extraId: DECO, choice: "", quantity: 2 }],
      [{ extraId: MEAL, choice: "Fischstäbchen", quantity: 1 }],
      [{ extraId: MEAL, choice: "Hot Dog", quantity: 4 }, { extraId: MEAL, choice: "Pizza Margherita", quantity: 3 }],
      [{ extraId: CAKE, choice: "", quantity: -1 }],
      [{ extraId: CAKE, choice: "", quantity: 1.5 }],
      [{ extraId: 999, choice: "", quantity: 1 }],
    ]) {
      const refused = await party(date, 840, wrong);
      expect(refused.ok, JSON.stringify(wrong)).toBe(false);
    }
    // Nothing of the refused attempts was stored.
    expect((await dayList(database.db, { from: date, to: date }))[0]!.groups.flatMap((g) => g.bookings)).toHaveLength(1);

    const game = { locationId: PIXEL, date, rounds: 3, players: 6, contact: CONTACT, extras: [{ extraId: CAKE, choice: "", quantity: 1 }] };
    const normal = await reserveGame(database.db, { ...game, gameType: 1, startMin: 720, rounds: 2 }, { holdMinutes: 15, payAtVenue: true });
    expect(normal.ok).toBe(false);
    // The games' birthday package takes the cake (it applies to it), not the tables' meal.
    const pkg = await reserveGame(database.db, { ...game, gameType: 2, startMin: 900 }, { holdMinutes: 15, payAtVenue: true });
    expect(pkg.ok && pkg.reservation.extrasRappen).toBe(3500);
    const meal = await reserveGame(database.db, { ...game, gameType: 2, startMin: 1020, extras: [{ extraId: MEAL, choice: "Hot Dog", quantity: 1 }] }, { holdMinutes: 15, payAtVenue: true });
    expect(meal.ok).toBe(false);
  });

  it("a staff correction of the persons keeps the extras at their stored price", async () => {
    const date = nextSunday();
    const placed = await party(date, 600, [{ extraId: CAKE, choice: "", quantity: 1 }, { extraId: DECO, choice: "", quantity: 1 }]);
    if (!placed.ok) throw new Error(placed.message);
    const r = placed.reservation;
    const perChild = (r.priceRappen - 5500 - 2800 - 2 * 500) / 6;
    const request = {
      counts: { ...COUNTS, numChildren: 8 },
      offerId: null,
      adjust: { rappen: 0, reason: null },
      money: { increase: "venue" as const, decrease: "refund" as const },
      notify: false,
      intent: "quote" as const,
      expectedPriceRappen: undefined,
    };
    const quote = await correctBooking(database.db, r.code, request, manager);
    if (!quote.ok || quote.kind !== "quote") throw new Error(JSON.stringify(quote));
    expect(quote.quote.after.priceRappen).toBe(r.priceRappen + 2 * perChild);
    const saved = await correctBooking(database.db, r.code, { ...request, intent: "save", expectedPriceRappen: quote.quote.after.priceRappen }, manager);
    expect(saved.ok).toBe(true);
    const after = await reload(r.id);
    expect(after).toMatchObject({ numChildren: 8, extrasRappen: 5500, priceRappen: r.priceRappen + 2 * perChild });
    expect(await extrasOf(database.db, r.id)).toHaveLength(2);
  });

  it("staff add a cake past its order deadline and change the meals in one correction, with the price; a typed count over the limit is refused in German", async () => {
    const date = nextSunday();
    const placed = await party(date, 600, [{ extraId: MEAL, choice: "Hot Dog", quantity: 6 }]);
    if (!placed.ok) throw new Error(placed.message);
    const r = placed.reservation;
    // Two days before the party: the cake's three-day deadline has passed for families.
    const late = venueToUtc(addDays(date, -2), 10 * 60);
    const request = {
      counts: null,
      offerId: null,
      adjust: { rappen: 0, reason: null },
      money: { increase: "venue" as const, decrease: "refund" as const },
      notify: false,
      intent: "quote" as const,
      expectedPriceRappen: undefined,
      extraFields: { [`extra-${MEAL}-0`]: "2", [`extra-${MEAL}-1`]: "4", [`extra-${CAKE}`]: "1" },
    };
    vi.useFakeTimers({ now: late, toFake: ["Date"] });
    try {
      const quote = await correctBooking(database.db, r.code, request, manager);
      if (!quote.ok || quote.kind !== "quote") throw new Error(JSON.stringify(quote));
      expect(quote.quote.after.priceRappen).toBe(r.priceRappen + 3500);
      const saved = await correctBooking(database.db, r.code, { ...request, intent: "save", expectedPriceRappen: quote.quote.after.priceRappen }, manager);
      expect(saved.ok).toBe(true);
      expect(await reload(r.id)).toMatchObject({ extrasRappen: 3500, priceRappen: r.priceRappen + 3500 });
      const rows = (await extrasOf(database.db, r.id)).map((b) => [b.name, b.choice, b.quantity]).sort();
      expect(rows).toEqual([["Geburtstagstorte", "", 1], ["Menü", "Hot Dog", 4], ["Menü", "Pizza Margherita", 2]]);

      const tooMany = await correctBooking(database.db, r.code, { ...request, extraFields: { [`extra-${CAKE}`]: "5" } }, manager);
      expect(tooMany).toMatchObject({ ok: false, status: 400, message: EXTRAS_MSG.check });
      expect(!tooMany.ok && tooMany.problems?.[0]?.field).toBe(`extra-${CAKE}`);
    } finally {
      vi.useRealTimers();
    }
  });

  it("the confirmation e-mail, the day list, the CSV and the prep sheet show the extras; the sheet sums the meals", async () => {
    const date = nextSunday();
    const a = await party(date, 600, [{ extraId: MEAL, choice: "Hot Dog", quantity: 4 }, { extraId: MEAL, choice: "Vegetarisch", quantity: 2 }, { extraId: CAKE, choice: "", quantity: 1 }], { email: "extras-a@example.ch" });
    const b = await party(date, 840, [{ extraId: MEAL, choice: "Hot Dog", quantity: 3 }, { extraId: BAG, choice: "", quantity: 6 }], { email: "extras-b@example.ch" });
    if (!a.ok || !b.ok) throw new Error("not placed");

    const dir = await mkdtemp(path.join(tmpdir(), "kidsindoor-extras-mail-"));
    try {
      await deliverDueMail(database.db, { transport: createTransport({ DATA_DIR: dir }), from: "Fun World <buchung@funworld.ch>" });
      const file = (await readdir(path.join(dir, "outbox"))).find((f) => f.includes(a.reservation.code))!;
      const mail = await simpleParser(await readFile(path.join(dir, "outbox", file)));
      expect(mail.text).toMatch(/Menü: Hot Dog:\s+4 × inbegriffen = CHF 0\.00/);
      expect(mail.text).toMatch(/Geburtstagstorte:\s+1 × CHF 35\.00 = CHF 35\.00/);
      expect(mail.html).toContain("Menü: Vegetarisch");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    const [day] = await dayList(database.db, { from: date, to: date });
    const listed = day!.groups.flatMap((g) => g.bookings);
    expect(listed.find((x) => x.code === a.reservation.code)!.extras).toBe("Menü: Hot Dog 4×; Menü: Vegetarisch 2×; Geburtstagstorte 1×");

    const { csv } = await bookingsCsv(database.db, { from: date, to: date }, manager);
    const records = parse(csv.replace(/^\uFEFF/, ""), { delimiter: ";" }) as string[][];
    const row = records.find((r) => r[0] === b.reservation.code)!;
    expect(row[records[0]!.indexOf("Zusatzleistungen")]).toBe("Menü: Hot Dog 3×; Goodie-Bag 6×");

    const sheet = await prepSheet(database.db, date);
    expect(sheet.parties[0]!.extras).toEqual([
      { label: "Geburtstagstorte", quantity: 1 },
      { label: "Menü: Hot Dog", quantity: 4 },
      { label: "Menü: Vegetarisch", quantity: 2 },
    ]);
    expect(sheet.extras).toEqual([
      { label: "Geburtstagstorte", quantity: 1 },
      { label: "Goodie-Bag", quantity: 6 },
      { label: "Menü: Hot Dog", quantity: 7 },
      { label: "Menü: Vegetarisch", quantity: 2 },
    ]);
  });
});
