import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { availableBirthdaySlots } from "~/server/booking/availability.server";
import { reserveBirthday } from "~/server/booking/bookings.server";
import { moveOptions } from "~/server/booking/reschedule.server";
import { invalidateVenueCache } from "~/server/booking/venue.server";
import { birthdayTables, offers, reservations } from "~/server/platform/schema";
import type { Staff } from "~/server/staff/auth.server";
import { moveByStaff } from "~/server/staff/staff-move.server";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
import { saveOffer } from "~/server/staff/venue-admin.server";
import { parseOffer } from "~/domain/venue-settings";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

const COUNTS = { numChildren: 6, numActiveAdults: 1, numAccompanyingAdults: 0 };

/**
 * The cleaning buffer (issue #28 §3): with one table in sale and the 2-hour offer's buffer at 30
 * minutes, a party 10:00–12:00 keeps the table until 12:30, so 12:00 is taken and 13:00 is free —
 * in the availability pages, the booking itself, moves, and the database's exclusion constraint.
 */
describe.each(drivers)("cleaning buffer on $name", ({ open }) => {
  let database: TestDatabase;
  let manager: Staff;
  const date = nextWeekday(6);

  beforeAll(async () => {
    database = await open();
    manager = await createStaffAccount(database.db, "puffer@funworld.ch", "ein-langes-passwort-123", "manager");
    // Only the first table is sold: every party competes for it.
    await database.db.update(birthdayTables).set({ active: 0 }).where(ne(birthdayTables.id, 1));
    invalidateVenueCache(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  const book = (startMin: number) => reserveBirthday(database.db, { offerId: 1, date, startMin, counts: COUNTS, contact: CONTACT }, { holdMinutes: 30 });
  const free = async () => (await availableBirthdaySlots(database.db, { date, persons: 7, offerId: 1 })).filter((s) => s.available).map((s) => s.startTime);

  it("is set per offer on the settings form, in 5-minute steps up to 120, with a German message", async () => {
    const [offer] = await database.db.select().from(offers).where(eq(offers.id, 1));
    const form = (buffer: string) => {
      const f = new FormData();
      for (const [k, v] of Object.entries({
        name: offer!.name,
        price: (offer!.basePriceRappen / 100).toFixed(2),
        slotMinutes: String(offer!.slotMinutes),
        position: String(offer!.position),
        leadHours: String(offer!.leadHours),
        minChildren: "0",
        maxChildren: "10",
        maxAdults: "10",
        items: offer!.items.map((i) => i.desc).join("\n"),
        active: "on",
        bufferMin: buffer,
      }))
        f.set(k, v);
      return f;
    };
    expect(parseOffer(form("7"))).toMatchObject({ ok: false, errors: { bufferMin: "Bitte geben Sie 0 bis 120 Minuten in 5-Minuten-Schritten an (0 oder leer: kein Puffer)." } });
    expect(parseOffer(form("125"))).toMatchObject({ ok: false, errors: { bufferMin: expect.any(String) } });
    expect(parseOffer(form(""))).toMatchObject({ ok: true, value: { bufferMin: 0 } });
    const parsed = parseOffer(form("30"));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(await saveOffer(database.db, manager, 1, parsed.value)).toMatchObject({ ok: true });
    const [saved] = await database.db.select({ bufferMin: offers.bufferMin }).from(offers).where(eq(offers.id, 1));
    expect(saved!.bufferMin).toBe(30);
  });

  it("keeps the table after a party: the next hour is taken on the page and in the booking, the one after is free", async () => {
    expect(await free()).toContain("12:00");
    const first = await book(600);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.reservation.bufferMin).toBe(30);
    const slots = await free();
    expect(slots).not.toContain("10:00");
    expect(slots).not.toContain("11:00");
    expect(slots).not.toContain("12:00");
    expect(slots).toContain("13:00");
    expect(await book(720)).toMatchObject({ ok: false, reason: "slot_taken" });
    const later = await book(780);
    expect(later.ok).toBe(true);
  });

  it("a booking keeps the buffer it was made with when the offer's changes, and the constraint refuses an overlap", async () => {
    await database.db.update(offers).set({ bufferMin: 0 }).where(eq(offers.id, 1));
    invalidateVenueCache(database.db);
    // The 10:00 party still blocks until 12:30 (its own stored buffer).
    expect(await book(720)).toMatchObject({ ok: false, reason: "slot_taken" });

    // Whatever the application does: a row pushed into another party's buffer is refused by the database.
    const [at13] = await database.db.select().from(reservations).where(and(eq(reservations.date, date), eq(reservations.startMin, 780)));
    const refused = await database.db
      .update(reservations)
      .set({ startMin: 720, endMin: 840 })
      .where(eq(reservations.id, at13!.id))
      .then(
        () => null,
        (error: { code?: string; cause?: { code?: string } }) => error,
      );
    expect(refused?.cause?.code ?? refused?.code).toBe("23P01");
    // A party booked now has no buffer: the next one may start right at its end.
    const at16 = await book(960);
    expect(at16.ok && at16.reservation.bufferMin).toBe(0);
    expect((await book(1080)).ok).toBe(true);
  });

  it("moves respect the buffer: the 13:00 party cannot move to 12:00, its options say so", async () => {
    const [at13] = await database.db.select().from(reservations).where(and(eq(reservations.date, date), eq(reservations.startMin, 780)));
    await database.db.update(reservations).set({ status: "confirmed", holdExpiresAt: null }).where(eq(reservations.id, at13!.id));
    const [fresh] = await database.db.select().from(reservations).where(eq(reservations.id, at13!.id));
    const options = await moveOptions(database.db, fresh!, date);
    expect(options.find((s) => s.startTime === "12:00")?.available).toBe(false);
    const moved = await moveByStaff(database.db, fresh!.code, { target: { date, startMin: 720 }, pricing: "keep", confirmed: true }, manager);
    expect(moved).toMatchObject({ ok: false, status: 409 });
  });
});
