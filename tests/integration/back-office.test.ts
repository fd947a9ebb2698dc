import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, like } from "drizzle-orm";
import type { PartyCounts } from "~/domain/pricing";
import { addDays } from "~/domain/time";
import type { OpeningDay } from "~/domain/venue-settings";
import { availableBirthdaySlots } from "~/server/booking/availability.server";
import { reserveBirthday } from "~/server/booking/bookings.server";
import { reservationView } from "~/server/booking/confirmation-view.server";
import { availableGameStarts, reserveGame } from "~/server/booking/games.server";
import { getVenue, holdMinutes, loadVenueFacts } from "~/server/booking/venue.server";
import { enqueueCancellationMail, enqueueConfirmationMail, enqueueLateRefundMail, enqueueManageLinkMail, enqueuePaymentLinkMail } from "~/server/mail/mail.server";
import { auditLog, birthdayTables, closures, mailOutbox, openingHours, reservations } from "~/server/platform/schema";
import { SEED_OPENING_HOURS } from "~/server/platform/seed.server";
import type { Staff } from "~/server/staff/auth.server";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
import {
  closuresOverview,
  createClosure,
  deleteClosure,
  deleteTable,
  saveGeneralSettings,
  saveLocation,
  saveOffer,
  saveOpeningHours,
  saveTable,
  settingsOverview,
  TABLE_MSG,
} from "~/server/staff/venue-admin.server";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

const WEDNESDAY = 3;
const SATURDAY = 6;
const DAY_MS = 86_400_000;
const party = (numChildren: number, numActiveAdults = 0, numAccompanyingAdults = 0): PartyCounts => ({ numChildren, numActiveAdults, numAccompanyingAdults });
const seedDays = (): OpeningDay[] =>
  SEED_OPENING_HOURS.map((d) => ({ weekday: d.weekday, openMin: d.openMin, closeMin: d.closeMin, birthdays: d.birthdays === 1, games: d.games === 1 }));

describe.each(drivers)("back office settings on $name", ({ open }) => {
  let database: TestDatabase;
  let manager: Staff;
  beforeAll(async () => {
    database = await open();
    manager = await createStaffAccount(database.db, `leitung-${process.pid}@funworld.ch`, "richtig-und-lang-genug", "manager");
  });
  afterAll(async () => {
    await database?.close();
  });

  const weeksAhead = (weekday: number, weeks: number) => nextWeekday(weekday, new Date(Date.now() + weeks * 7 * DAY_MS));

  async function book(date: string, startMin: number, counts: PartyCounts, offerId = 1) {
    const result = await reserveBirthday(database.db, { offerId, date, startMin, counts, contact: CONTACT }, { holdMinutes: 15 });
    if (!result.ok) throw new Error(`booking failed: ${result.message}`);
    return result.reservation;
  }

  it("opening hours: a change shows in availability at once (cache emptied), with an audit row", async () => {
    const date = weeksAhead(WEDNESDAY, 0);
    // Warm the venue cache first: the change must not be hidden behind it.
    expect((await availableBirthdaySlots(database.db, { date, persons: 4, offerId: 1 }))[0]!.startTime).toBe("10:00");
    const days = seedDays().map((d) => (d.weekday === WEDNESDAY ? { ...d, openMin: 12 * 60, closeMin: 20 * 60 } : d));
    expect((await saveOpeningHours(database.db, manager, days)).ok).toBe(true);
    const slots = await availableBirthdaySlots(database.db, { date, persons: 4, offerId: 1 });
    expect(slots.map((s) => s.startTime)).toEqual(["12:00", "13:00", "14:00", "15:00", "16:00", "17:00", "18:00"]);
    // Birthdays off on Wednesday: no slots, and a booking is refused; games that day still run.
    await saveOpeningHours(database.db, manager, days.map((d) => (d.weekday === WEDNESDAY ? { ...d, birthdays: false } : d)));
    expect(await availableBirthdaySlots(database.db, { date, persons: 4, offerId: 1 })).toEqual([]);
    expect(await reserveBirthday(database.db, { offerId: 1, date, startMin: 720, counts: party(4), contact: CONTACT }, { holdMinutes: 15 })).toMatchObject({ ok: false, reason: "invalid" });
    expect((await availableGameStarts(database.db, { locationId: 1, date, rounds: 1 }))!.length).toBeGreaterThan(0);
    // Games off on Wednesday too.
    await saveOpeningHours(database.db, manager, days.map((d) => (d.weekday === WEDNESDAY ? { ...d, birthdays: false, games: false } : d)));
    expect(await availableGameStarts(database.db, { locationId: 1, date, rounds: 1 })).toEqual([]);

    const [row] = await database.db.select().from(auditLog).where(eq(auditLog.action, "settings.opening-hours")).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({ staffId: manager.id, actor: `staff:${manager.email}` });
    const details = row!.details as { before: { weekday: number; games: number }[]; after: { weekday: number; games: number }[] };
    expect(details.before.find((d) => d.weekday === WEDNESDAY)!.games).toBe(1);
    expect(details.after.find((d) => d.weekday === WEDNESDAY)!.games).toBe(0);

    await saveOpeningHours(database.db, manager, seedDays());
    expect((await availableBirthdaySlots(database.db, { date, persons: 4, offerId: 1 }))[0]!.startTime).toBe("10:00");
    expect(await database.db.select().from(openingHours).where(eq(openingHours.weekday, WEDNESDAY))).toEqual([
      { weekday: WEDNESDAY, openMin: 600, closeMin: 1320, birthdays: 1, games: 1 },
    ]);
  });

  it("price changes apply to new bookings only: old bookings keep their stored price and adult prices", async () => {
    const date = weeksAhead(SATURDAY, 1);
    const before = await book(date, 600, party(4, 1, 2));
    expect(before.priceRappen).toBe(4 * 2900 + 2800 + 2 * 500);
    const offer = (await settingsOverview(database.db)).offers.find((o) => o.id === 1)!;
    const items = offer.items.map((i) => i.desc);
    expect((await saveOffer(database.db, manager, 1, { name: offer.name, basePriceRappen: 3500, slotMinutes: offer.slotMinutes, items, position: offer.position, active: true, leadHours: offer.leadHours, minChildren: 0, maxChildren: 10, maxAdults: 10 })).ok).toBe(true);
    expect((await saveGeneralSettings(database.db, manager, { activeAdultPriceRappen: 3000, accompanyingAdultPriceRappen: 0, holdMinutes: 20 })).ok).toBe(true);
    expect(await holdMinutes(database.db)).toBe(20);

    const after = await book(date, 14 * 60, party(4, 1, 2));
    expect(after.priceRappen).toBe(4 * 3500 + 3000);
    expect(after).toMatchObject({ activeAdultPriceRappen: 3000, accompanyingAdultPriceRappen: 0 });

    const [stored] = await database.db.select().from(reservations).where(eq(reservations.id, before.id));
    expect(stored).toMatchObject({ priceRappen: 4 * 2900 + 2800 + 2 * 500, amountRappen: 4 * 2900 + 2800 + 2 * 500, activeAdultPriceRappen: 2800, accompanyingAdultPriceRappen: 500 });
    // Its receipt still adds up with the prices it was booked with.
    expect(reservationView(stored!).adultPrices).toEqual({ activeAdultPriceRappen: 2800, accompanyingAdultPriceRappen: 500 });

    // Back to the seed's prices (other tests count on them).
    await saveOffer(database.db, manager, 1, { name: offer.name, basePriceRappen: 2900, slotMinutes: offer.slotMinutes, items, position: offer.position, active: true, leadHours: offer.leadHours, minChildren: 0, maxChildren: 10, maxAdults: 10 });
    await saveGeneralSettings(database.db, manager, { activeAdultPriceRappen: 2800, accompanyingAdultPriceRappen: 500, holdMinutes: 15 });
    const audit = await database.db.select().from(auditLog).where(and(eq(auditLog.action, "settings.offer.update"), eq(auditLog.staffId, manager.id))).orderBy(auditLog.id);
    expect(audit.map((a) => (a.details as { after: { basePriceRappen: number } }).after.basePriceRappen)).toEqual([3500, 2900]);
    expect((audit[0]!.details as { before: { basePriceRappen: number } }).before.basePriceRappen).toBe(2900);
  });

  it("a closure over booked days is refused with the booking codes, then stored when confirmed; nothing is cancelled", async () => {
    const date = weeksAhead(SATURDAY, 3);
    const booked = await book(date, 600, party(5));
    const closure = { startDate: addDays(date, -1), endDate: date, scope: "venue" as const, locationId: null, reason: "Private Veranstaltung" };

    const refused = await createClosure(database.db, manager, closure, false);
    expect(refused).toMatchObject({ ok: false, reason: "bookings" });
    expect(refused.ok === false && refused.reason === "bookings" && refused.affected.map((b) => b.code)).toEqual([booked.code]);
    expect(await database.db.select().from(closures).where(eq(closures.reason, "Private Veranstaltung"))).toEqual([]);
    // Not stored: the day is still bookable.
    expect((await availableBirthdaySlots(database.db, { date, persons: 4, offerId: 1 })).some((s) => s.available)).toBe(true);

    const confirmed = await createClosure(database.db, manager, closure, true);
    expect(confirmed).toMatchObject({ ok: true });
    expect(confirmed.ok && confirmed.affected.map((b) => b.code)).toEqual([booked.code]);
    const [still] = await database.db.select().from(reservations).where(eq(reservations.id, booked.id));
    expect(still!.status).toBe(booked.status);

    // Availability, new bookings, games and the staff list follow at once.
    expect(await availableBirthdaySlots(database.db, { date, persons: 4, offerId: 1 })).toEqual([]);
    expect(await reserveBirthday(database.db, { offerId: 1, date, startMin: 900, counts: party(2), contact: CONTACT }, { holdMinutes: 15 })).toMatchObject({
      ok: false,
      message: "An diesem Tag haben wir geschlossen.",
    });
    expect(await availableGameStarts(database.db, { locationId: 2, date, rounds: 1 })).toEqual([]);
    const overview = await closuresOverview(database.db);
    const listed = overview.closures.find((c) => c.reason === "Private Veranstaltung")!;
    expect(listed.affected.map((b) => b.code)).toEqual([booked.code]);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, "settings.closure.create")).orderBy(desc(auditLog.id)).limit(1);
    expect(audit!.details).toMatchObject({ after: closure, affectedBookings: [booked.code] });

    // Lifting it opens the day again.
    expect((await deleteClosure(database.db, manager, listed.id)).ok).toBe(true);
    expect((await availableBirthdaySlots(database.db, { date, persons: 4, offerId: 1 })).some((s) => s.available)).toBe(true);
  });

  it("closures by scope: birthdays only leaves games open; one location leaves the others and birthdays open", async () => {
    const date = weeksAhead(SATURDAY, 5);
    expect((await createClosure(database.db, manager, { startDate: date, endDate: date, scope: "birthdays", locationId: null, reason: "Inventur" }, false)).ok).toBe(true);
    expect(await availableBirthdaySlots(database.db, { date, persons: 4, offerId: 1 })).toEqual([]);
    expect((await availableGameStarts(database.db, { locationId: 1, date, rounds: 1 }))!.length).toBeGreaterThan(0);

    const other = addDays(date, 1);
    // A game booking on that location: the location closure meets it, a birthday closure would not.
    const game = await reserveGame(database.db, { locationId: 3, gameType: 1, date: other, startMin: 600, rounds: 1, players: 4, contact: CONTACT }, { holdMinutes: 15 });
    expect(game.ok).toBe(true);
    const location = { startDate: other, endDate: other, scope: "location" as const, locationId: 3, reason: "Umbau" };
    const refused = await createClosure(database.db, manager, location, false);
    expect(refused.ok === false && refused.reason === "bookings" && refused.affected.map((b) => b.code)).toEqual([game.ok && game.reservation.code]);
    expect((await createClosure(database.db, manager, { ...location, scope: "birthdays", locationId: null, reason: "Nur Tische" }, false)).ok).toBe(true);
    expect((await createClosure(database.db, manager, location, true)).ok).toBe(true);
    expect(await availableGameStarts(database.db, { locationId: 3, date: other, rounds: 1 })).toEqual([]);
    expect((await availableGameStarts(database.db, { locationId: 1, date: other, rounds: 1 }))!.length).toBeGreaterThan(0);
    const venue = await getVenue(database.db);
    expect(venue.closures.filter((c) => c.startDate === other).map((c) => c.scope).sort()).toEqual(["birthdays", "location"]);
  });

  it("tables: a table with future bookings is neither deleted nor deactivated; a new table takes bookings at once", async () => {
    const date = weeksAhead(SATURDAY, 7);
    const booked = await book(date, 600, party(10, 10, 10));
    expect(booked.tableId).toBe(6);
    const refusedDelete = await deleteTable(database.db, manager, 6);
    expect(refusedDelete).toEqual({ ok: false, message: TABLE_MSG.futureBookings([booked.code]), codes: [booked.code] });
    const refusedOff = await saveTable(database.db, manager, 6, { name: "Grosser Festtisch", seats: 30, active: false, noNewFrom: null });
    expect(refusedOff.ok).toBe(false);
    expect((await database.db.select().from(birthdayTables).where(eq(birthdayTables.id, 6)))[0]!.active).toBe(1);

    // Nothing else seats 30: the 10:00 slot is gone for 30 persons until a new table is added.
    expect((await availableBirthdaySlots(database.db, { date, persons: 30, offerId: 1 }))[0]!.available).toBe(false);
    const created = await saveTable(database.db, manager, null, { name: "Tisch Regenbogen", seats: 40, active: true, noNewFrom: null });
    expect(created.ok).toBe(true);
    expect((await availableBirthdaySlots(database.db, { date, persons: 30, offerId: 1 }))[0]!.available).toBe(true);
    const [newTable] = await database.db.select().from(birthdayTables).where(like(birthdayTables.name, "Tisch Regenbogen"));
    // Deactivated, it takes no bookings; without bookings it can be deleted.
    await saveTable(database.db, manager, newTable!.id, { name: "Tisch Regenbogen", seats: 40, active: false, noNewFrom: null });
    expect((await availableBirthdaySlots(database.db, { date, persons: 30, offerId: 1 }))[0]!.available).toBe(false);
    // The first «Löschen» only asks (issue #29 §6): nothing is deleted yet.
    expect(await deleteTable(database.db, manager, newTable!.id, new Date(), false)).toEqual({ ok: false, confirm: true, message: TABLE_MSG.confirmDelete("Tisch Regenbogen") });
    expect(await database.db.select().from(birthdayTables).where(eq(birthdayTables.id, newTable!.id))).toHaveLength(1);
    expect((await deleteTable(database.db, manager, newTable!.id)).ok).toBe(true);
    // A table with only past bookings keeps its history: deactivate, not delete.
    await database.db.update(reservations).set({ date: "2020-01-04" }).where(eq(reservations.id, booked.id));
    expect(await deleteTable(database.db, manager, 6)).toEqual({ ok: false, message: TABLE_MSG.hasHistory });
    const actions = (await database.db.select().from(auditLog).where(like(auditLog.action, "settings.table.%")).orderBy(auditLog.id)).map((a) => a.action);
    expect(actions).toEqual(["settings.table.create", "settings.table.update", "settings.table.delete"]);
  });

  it("a table out of sale from a date on takes no new bookings from then, and its bookings stay (issue #29 §6)", async () => {
    const first = weeksAhead(SATURDAY, 9);
    const later = weeksAhead(SATURDAY, 10);
    const staying = await book(later, 600, party(10, 10, 10));
    expect(staying.tableId).toBe(6);
    const saved = await saveTable(database.db, manager, 6, { name: "Grosser Festtisch", seats: 30, active: true, noNewFrom: later });
    expect(saved).toEqual({ ok: true, message: TABLE_MSG.noNewFrom("Grosser Festtisch", later, [staying.code]) });
    // Before the date it sells as before; from the date on, nothing else seats 30.
    expect((await availableBirthdaySlots(database.db, { date: first, persons: 30, offerId: 1 }))[0]!.available).toBe(true);
    const laterSlots = await availableBirthdaySlots(database.db, { date: later, persons: 30, offerId: 1 });
    expect(laterSlots.find((s) => s.startTime === "14:00")!.available).toBe(false);
    // The booking made before stays on its table.
    expect((await database.db.select().from(reservations).where(eq(reservations.id, staying.id)))[0]).toMatchObject({ status: "held", tableId: 6 });
    await saveTable(database.db, manager, 6, { name: "Grosser Festtisch", seats: 30, active: true, noNewFrom: null });
    expect((await availableBirthdaySlots(database.db, { date: later, persons: 30, offerId: 1 })).find((s) => s.startTime === "14:00")!.available).toBe(true);
  });
  it("game locations: a new location takes bookings at once, a price change applies to new bookings only, an inactive one takes none; audited", async () => {
    const date = weeksAhead(SATURDAY, 9);
    const input = {
      name: "Laser Labyrinth",
      reservationType: "PIXEL_GAMES",
      capacity: 8,
      pricePerPlayerRoundRappen: 800,
      packagePriceRappen: 15000,
      extraRoundPriceRappen: 4000,
      description: "Lichtstrahlen ausweichen",
      active: true,
    };
    // Warm the venue cache: the new location must not hide behind it.
    const before = (await getVenue(database.db)).locations.length;
    expect((await saveLocation(database.db, manager, null, input)).ok).toBe(true);
    const venue = await getVenue(database.db);
    expect(venue.locations).toHaveLength(before + 1);
    const created = venue.locations.find((l) => l.name === "Laser Labyrinth")!;
    expect(created).toMatchObject({ capacity: 8, pricePerPlayerRoundRappen: 800, reservationType: "PIXEL_GAMES", description: "Lichtstrahlen ausweichen" });
    expect((await availableGameStarts(database.db, { locationId: created.id, date, rounds: 2 }))![0]).toMatchObject({ startTime: "10:00", available: true });
    const game = (startMin: number) =>
      reserveGame(database.db, { locationId: created.id, gameType: 1, date, startMin, rounds: 2, players: 3, contact: CONTACT }, { holdMinutes: 15 });
    const first = await game(600);
    if (!first.ok) throw new Error(first.message);
    expect(first.reservation.priceRappen).toBe(3 * 2 * 800);
    // Too many players for its capacity: the site's own rule.
    expect(await reserveGame(database.db, { locationId: created.id, gameType: 1, date, startMin: 720, rounds: 1, players: 9, contact: CONTACT }, { holdMinutes: 15 })).toMatchObject({ ok: false, reason: "invalid" });

    expect((await saveLocation(database.db, manager, created.id, { ...input, pricePerPlayerRoundRappen: 1000 })).ok).toBe(true);
    const second = await game(720);
    if (!second.ok) throw new Error(second.message);
    expect(second.reservation.priceRappen).toBe(3 * 2 * 1000);
    expect((await database.db.select().from(reservations).where(eq(reservations.id, first.reservation.id)))[0]!.priceRappen).toBe(4800);

    expect((await saveLocation(database.db, manager, created.id, { ...input, active: false })).ok).toBe(true);
    expect((await getVenue(database.db)).locations.find((l) => l.id === created.id)).toBeUndefined();
    expect(await game(840)).toMatchObject({ ok: false, reason: "invalid" });
    expect(await saveLocation(database.db, manager, 9999, input)).toEqual({ ok: false, message: "Diesen Spielort gibt es nicht." });

    const audit = await database.db.select().from(auditLog).where(like(auditLog.action, "settings.location.%")).orderBy(auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(["settings.location.create", "settings.location.update", "settings.location.update"]);
    const update = audit[1]!.details as { before: { pricePerPlayerRoundRappen: number }; after: { pricePerPlayerRoundRappen: number } };
    expect([update.before.pricePerPlayerRoundRappen, update.after.pricePerPlayerRoundRappen]).toEqual([800, 1000]);
    expect(audit.every((a) => a.staffId === manager.id)).toBe(true);
  });

  it("opening hours reach the pages' facts and every e-mail at once", async () => {
    const days = seedDays().map((d) => (d.weekday === 1 ? { ...d, closeMin: 21 * 60 } : d.weekday === 5 ? { ...d, birthdays: false } : d));
    expect((await loadVenueFacts(database.db)).openingHours).toBe("Mo-So 10:00-22:00");
    expect((await saveOpeningHours(database.db, manager, days)).ok).toBe(true);
    try {
      expect(await loadVenueFacts(database.db)).toMatchObject({ openingHours: "Mo 10:00-21:00, Di-So 10:00-22:00", birthdayDays: "Mittwoch, Donnerstag, Samstag und Sonntag" });
      const r = await book(weeksAhead(SATURDAY, 11), 600, party(3));
      await database.db.transaction(async (tx) => {
        await enqueueCancellationMail(tx, r, null, { refundRappen: 0, voucherCreditRappen: 0, keptRappen: 0 });
        await enqueueManageLinkMail(tx, r);
        await enqueueLateRefundMail(tx, r);
        await enqueuePaymentLinkMail(tx, r);
        await enqueueConfirmationMail(tx, r);
      });
      const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, r.id));
      expect(mails.map((m) => m.kind).sort()).toEqual(["cancellation", "confirmation", "late-refund", "manage-link", "payment-link"]);
      for (const m of mails) {
        expect(m.text).toContain("Öffnungszeiten: Mo 10:00-21:00, Di-So 10:00-22:00");
        expect(m.html).toContain("Öffnungszeiten: Mo 10:00-21:00, Di-So 10:00-22:00");
      }
    } finally {
      await saveOpeningHours(database.db, manager, seedDays());
    }
  });
});
