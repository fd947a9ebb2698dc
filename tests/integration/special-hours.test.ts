import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import type { PartyCounts } from "~/domain/pricing";
import type { OpeningDay, SpecialHoursInput } from "~/domain/venue-settings";
import { availableBirthdaySlots } from "~/server/booking/availability.server";
import { reserveBirthday } from "~/server/booking/bookings.server";
import { availableGameStarts, reserveGame } from "~/server/booking/games.server";
import { moveCalendar } from "~/server/booking/reschedule.server";
import { getVenue, loadVenueFacts } from "~/server/booking/venue.server";
import { auditLog, reservations, specialHours } from "~/server/platform/schema";
import { SEED_OPENING_HOURS } from "~/server/platform/seed.server";
import type { Staff } from "~/server/staff/auth.server";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
import { deleteSpecialHours, saveOpeningHours, saveSpecialHours, specialHoursOverview } from "~/server/staff/venue-admin.server";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

const MONDAY = 1;
const THURSDAY = 4;
const DAY_MS = 86_400_000;
const party = (numChildren: number): PartyCounts => ({ numChildren, numActiveAdults: 0, numAccompanyingAdults: 0 });
const seedDays = (): OpeningDay[] =>
  SEED_OPENING_HOURS.map((d) => ({ weekday: d.weekday, openMin: d.openMin, closeMin: d.closeMin, birthdays: d.birthdays === 1, games: d.games === 1 }));
/** The seed: Monday and Tuesday without birthdays and games. */
const weeksAhead = (weekday: number, weeks: number) => nextWeekday(weekday, new Date(Date.now() + weeks * 7 * DAY_MS));

describe.each(drivers)("special hours per date (issue #28 §4) on $name", ({ open }) => {
  let database: TestDatabase;
  let manager: Staff;
  beforeAll(async () => {
    database = await open();
    manager = await createStaffAccount(database.db, `leitung-sonder-${process.pid}@funworld.ch`, "richtig-und-lang-genug", "manager");
  });
  afterAll(async () => {
    await database?.close();
  });

  const special = (date: string, over: Partial<SpecialHoursInput> = {}): SpecialHoursInput => ({ date, openMin: 600, closeMin: 960, birthdays: true, games: true, note: "Heiligabend", ...over });

  it("shorter hours on one date: slots, games and bookings follow them; the next week keeps the weekday's hours", async () => {
    const date = weeksAhead(THURSDAY, 2);
    const nextWeek = weeksAhead(THURSDAY, 3);
    expect((await availableBirthdaySlots(database.db, { date, persons: 4, offerId: 1 })).at(-1)!.startTime).toBe("20:00");
    expect(await saveSpecialHours(database.db, manager, special(date), false)).toMatchObject({ ok: true, affected: [] });
    // 10:00–16:00 and a 2-hour package: the last start is 14:00 (cache emptied by the save).
    expect((await availableBirthdaySlots(database.db, { date, persons: 4, offerId: 1 })).map((s) => s.startTime)).toEqual(["10:00", "11:00", "12:00", "13:00", "14:00"]);
    expect((await availableBirthdaySlots(database.db, { date: nextWeek, persons: 4, offerId: 1 })).at(-1)!.startTime).toBe("20:00");
    expect(await reserveBirthday(database.db, { offerId: 1, date, startMin: 15 * 60, counts: party(4), contact: CONTACT }, { holdMinutes: 15 })).toMatchObject({ ok: false, reason: "invalid" });
    const starts = await availableGameStarts(database.db, { locationId: 1, date, rounds: 1 });
    expect(starts!.at(-1)!.endTime).toBe("16:00");
    const late = await reserveGame(database.db, { locationId: 1, gameType: 1, date, startMin: 16 * 60, rounds: 1, players: 2, contact: CONTACT }, { holdMinutes: 15 });
    expect(late).toMatchObject({ ok: false, reason: "invalid" });
    await deleteSpecialHours(database.db, manager, date, true);
  });

  it("a closed Monday opened for one date: bookable, marked open in the calendar, named in the opening-hours sentence", async () => {
    const monday = weeksAhead(MONDAY, 1);
    expect(await availableBirthdaySlots(database.db, { date: monday, persons: 4, offerId: 1 })).toEqual([]);
    await saveSpecialHours(database.db, manager, special(monday, { openMin: 600, closeMin: 1080, games: false, note: "Feiertag" }), false);
    expect((await availableBirthdaySlots(database.db, { date: monday, persons: 4, offerId: 1 })).length).toBe(7);
    expect(await availableGameStarts(database.db, { locationId: 1, date: monday, rounds: 1 })).toEqual([]);
    const r = await reserveBirthday(database.db, { offerId: 1, date: monday, startMin: 600, counts: party(4), contact: CONTACT }, { holdMinutes: 15 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const marks = await moveCalendar(database.db, r.reservation, monday.slice(0, 7));
    expect(marks.openDates).toEqual([monday]);
    expect(marks.closedDates).not.toContain(monday);
    const facts = await loadVenueFacts(database.db);
    expect(facts.openingHours).toContain(`am ${monday.slice(8, 10)}.${monday.slice(5, 7)}. 10:00-18:00`);

    // Removing the special hours would leave the booking on a closed Monday: refused until confirmed.
    const refused = await deleteSpecialHours(database.db, manager, monday, false);
    expect(refused).toMatchObject({ ok: false, reason: "bookings" });
    expect(refused.ok === false && refused.reason === "bookings" && refused.affected.map((b) => b.code)).toEqual([r.reservation.code]);
    expect((await getVenue(database.db)).specialHours.map((s) => s.date)).toContain(monday);
    const done = await deleteSpecialHours(database.db, manager, monday, true);
    expect(done).toMatchObject({ ok: true });
    expect(done.ok && done.affected.map((b) => b.code)).toEqual([r.reservation.code]);
    // Nothing is cancelled: the family is called and moved by staff.
    const [kept] = await database.db.select({ status: reservations.status }).from(reservations).where(eq(reservations.id, r.reservation.id));
    expect(kept!.status).toBe("held");
    expect(await deleteSpecialHours(database.db, manager, monday, true)).toMatchObject({ ok: false, reason: "not_found" });
    // Already outside (listed when the special hours went): a later change of the weekly hours does not ask again.
    expect(await saveOpeningHours(database.db, manager, seedDays(), false)).toMatchObject({ ok: true, affected: [] });
    await database.db.update(reservations).set({ status: "cancelled" }).where(eq(reservations.id, r.reservation.id));
  });

  it("special hours that would cut a booking, and weekly hours that would: listed, saved only when confirmed, audited", async () => {
    const date = weeksAhead(THURSDAY, 4);
    const r = await reserveBirthday(database.db, { offerId: 1, date, startMin: 17 * 60, counts: party(4), contact: CONTACT }, { holdMinutes: 15 });
    if (!r.ok) throw new Error(r.message);
    const refused = await saveSpecialHours(database.db, manager, special(date), false);
    expect(refused).toMatchObject({ ok: false, reason: "bookings" });
    expect(await database.db.select().from(specialHours).where(eq(specialHours.date, date))).toEqual([]);
    expect(await saveSpecialHours(database.db, manager, special(date), true)).toMatchObject({ ok: true });
    const overview = await specialHoursOverview(database.db);
    expect(overview.specialHours.find((s) => s.date === date)!.affected.map((b) => b.code)).toEqual([r.reservation.code]);
    const [row] = await database.db.select().from(auditLog).where(eq(auditLog.action, "settings.special-hours.save")).orderBy(desc(auditLog.id)).limit(1);
    expect((row!.details as { affectedBookings: string[] }).affectedBookings).toEqual([r.reservation.code]);
    await deleteSpecialHours(database.db, manager, date, true);

    // Thursdays closing at 18:00: the 17:00–19:00 party lies outside.
    const shorter = seedDays().map((d) => (d.weekday === THURSDAY ? { ...d, closeMin: 18 * 60 } : d));
    const weekly = await saveOpeningHours(database.db, manager, shorter, false);
    expect(weekly).toMatchObject({ ok: false, reason: "bookings" });
    expect(weekly.ok === false && weekly.reason === "bookings" && weekly.affected.map((b) => b.code)).toContain(r.reservation.code);
    expect((await getVenue(database.db)).rules.find((d) => d.weekday === THURSDAY)!.closeMin).toBe(22 * 60);
    // Special hours on that date keep the party inside: that date is not listed.
    await saveSpecialHours(database.db, manager, special(date, { closeMin: 22 * 60 }), false);
    const withSpecial = await saveOpeningHours(database.db, manager, shorter, false);
    expect(withSpecial.ok === false && withSpecial.reason === "bookings" ? withSpecial.affected.map((b) => b.code) : []).not.toContain(r.reservation.code);
    await deleteSpecialHours(database.db, manager, date, true);
    await saveOpeningHours(database.db, manager, seedDays(), true);
    await database.db.update(reservations).set({ status: "cancelled" }).where(eq(reservations.id, r.reservation.id));
  });
});
