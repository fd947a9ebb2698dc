import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Slot } from "~/domain/availability";
import { MSG } from "~/domain/messages";
import { availableBirthdaySlots } from "~/server/booking/availability.server";
import { reserveBirthday } from "~/server/booking/bookings.server";
import { availableGameStarts, reserveGame } from "~/server/booking/games.server";
import { manageView, selfServicePolicy } from "~/server/booking/manage.server";
import { reservationData, reservationView } from "~/server/booking/confirmation-view.server";
import { checkoutSummary } from "~/server/checkout/checkout.server";
import { queueDueReminders } from "~/server/booking/reminders.server";
import { loadVenueFacts, loadVenuePolicy, venuePhone, getVenue } from "~/server/booking/venue.server";
import { mailOutbox, offers, reservations } from "~/server/platform/schema";
import type { Staff } from "~/server/staff/auth.server";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
import { saveOffer, savePolicySettings } from "~/server/staff/venue-admin.server";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT } from "./fixtures";

const HOLD = { holdMinutes: 20 };
const COUNTS = { numChildren: 6, numActiveAdults: 1, numAccompanyingAdults: 0 };
const open = (slots: Slot[]) => slots.filter((s) => s.available).map((s) => s.startTime);

/**
 * Issue #28 §3: the lead time, the self-service window, the late fee and the reminder time are the
 * manager's settings, and every entry point reads the same numbers.
 */
describe.each(drivers)("venue rules on $name", ({ open: openDatabase }) => {
  let database: TestDatabase;
  let manager: Staff;
  beforeAll(async () => {
    database = await openDatabase();
    manager = await createStaffAccount(database.db, `regeln-${process.pid}@funworld.ch`, "richtig-und-lang-genug", "manager");
  });
  afterAll(async () => {
    await database?.close();
  });

  it("counts the lead time in real hours across the spring clock change", async () => {
    // Saturday 27 March 2027, 10:30 CET (09:30Z); the clocks go forward that night. 24 real hours
    // later it is Sunday 11:30 CEST: 10:00 and 11:00 are inside the lead time, 12:00 is not (counting
    // on the wall clock would wrongly offer 11:00).
    const now = new Date("2027-03-27T09:30:00Z");
    const sunday = "2027-03-28";
    const slots = await availableBirthdaySlots(database.db, { date: sunday, persons: 7, offerId: 1 }, now);
    expect(open(slots)[0]).toBe("12:00");
    const staffView = await availableBirthdaySlots(database.db, { date: sunday, persons: 7, offerId: 1 }, now, { ignoreLeadTime: true });
    expect(open(staffView)[0]).toBe("10:00");

    const request = { offerId: 1, date: sunday, counts: COUNTS, contact: CONTACT };
    const refused = await reserveBirthday(database.db, { ...request, startMin: 11 * 60 }, { ...HOLD, now });
    const phone = venuePhone(await getVenue(database.db));
    expect(refused).toEqual({ ok: false, reason: "slot_taken", message: MSG.leadTimeRefused(24, phone) });
    expect(refused.ok ? "" : refused.message).toContain("weniger als 24 Stunden");
    const byPhone = await reserveBirthday(database.db, { ...request, startMin: 11 * 60 }, { ...HOLD, now, channel: "phone" });
    expect(byPhone.ok).toBe(true);
    const online = await reserveBirthday(database.db, { ...request, startMin: 12 * 60 }, { ...HOLD, now });
    expect(online.ok).toBe(true);
  });

  it("takes each offer's own lead time, set on the offers page", async () => {
    const [offer] = await database.db.select().from(offers).where(eq(offers.id, 2));
    const items = offer!.items.map((i) => i.desc);
    const save = (leadHours: number) =>
      saveOffer(database.db, manager, 2, { name: offer!.name, basePriceRappen: offer!.basePriceRappen, slotMinutes: offer!.slotMinutes, items, position: offer!.position, active: true, leadHours, minChildren: 0, maxChildren: 10, maxAdults: 10 });
    expect((await save(72)).ok).toBe(true);
    // Wednesday 2 June 2027 10:00 CEST (08:00Z): with 72 hours, Saturday 10:00 is the first start.
    const now = new Date("2027-06-02T08:00:00Z");
    const friday = await availableBirthdaySlots(database.db, { date: "2027-06-04", persons: 7, offerId: 2 }, now);
    expect(open(friday)).toEqual([]);
    const saturday = await availableBirthdaySlots(database.db, { date: "2027-06-05", persons: 7, offerId: 2 }, now);
    expect(open(saturday)[0]).toBe("11:00");
    expect((await save(0)).ok).toBe(true);
    const sameDay = await availableBirthdaySlots(database.db, { date: "2027-06-02", persons: 7, offerId: 2 }, now);
    expect(open(sameDay)[0]).toBe("11:00");
  });

  it("games keep the games' lead time; staff may book inside it", async () => {
    // Thursday 3 June 2027, 14:10 CEST (12:10Z); default 1 hour: 15:20 is the first start online.
    const now = new Date("2027-06-03T12:10:00Z");
    const starts = (await availableGameStarts(database.db, { locationId: 1, date: "2027-06-03", rounds: 1 }, now))!;
    expect(starts.find((s) => s.available)?.startTime).toBe("15:20");
    const staff = (await availableGameStarts(database.db, { locationId: 1, date: "2027-06-03", rounds: 1 }, now, { ignoreLeadTime: true }))!;
    expect(staff.find((s) => s.available)?.startTime).toBe("14:20");
    const game = { locationId: 1, gameType: 1 as const, date: "2027-06-03", startMin: 14 * 60 + 40, rounds: 1, players: 2, contact: CONTACT };
    expect(await reserveGame(database.db, game, { ...HOLD, now })).toMatchObject({ ok: false, reason: "slot_taken" });
    expect((await reserveGame(database.db, game, { ...HOLD, now, channel: "phone" })).ok).toBe(true);
  });

  it("applies an offer's party rules in the reservation itself, whatever the entry point", async () => {
    const [offer] = await database.db.select().from(offers).where(eq(offers.id, 3));
    const items = offer!.items.map((i) => i.desc);
    const save = (rules: { minChildren: number; maxChildren: number; maxAdults: number }) =>
      saveOffer(database.db, manager, 3, { name: offer!.name, basePriceRappen: offer!.basePriceRappen, slotMinutes: offer!.slotMinutes, items, position: offer!.position, active: true, leadHours: 0, ...rules });
    // More children than the largest active table seats are refused with the reason.
    const tooMany = await save({ minChildren: 6, maxChildren: 45, maxAdults: 4 });
    expect(tooMany).toEqual({ ok: false, message: "Höchstens 30 Kinder: Der grösste aktive Tisch hat 30 Plätze." });
    expect((await save({ minChildren: 6, maxChildren: 30, maxAdults: 4 })).ok).toBe(true);

    const date = "2027-06-12";
    const at = (startMin: number, numChildren: number, numActiveAdults = 0) =>
      reserveBirthday(database.db, { offerId: 3, date, startMin, counts: { numChildren, numActiveAdults, numAccompanyingAdults: 0 }, contact: CONTACT }, { ...HOLD, now: new Date("2027-06-01T08:00:00Z") });
    const school = await at(10 * 60, 25, 2);
    expect(school.ok).toBe(true);
    if (school.ok) expect(school.reservation).toMatchObject({ numChildren: 25, numActiveAdults: 2 });
    expect(await at(12 * 60, 31)).toMatchObject({ ok: false, reason: "invalid", message: "Bei diesem Angebot sind höchstens 30 Kinder möglich." });
    expect(await at(12 * 60, 5)).toMatchObject({ ok: false, reason: "invalid", message: "Dieses Angebot ist ab 6 Kindern buchbar." });
    expect(await at(12 * 60, 8, 5)).toMatchObject({ ok: false, reason: "invalid" });
    // The spec's offers keep 0–10.
    const spec = await reserveBirthday(
      database.db,
      { offerId: 1, date, startMin: 14 * 60, counts: { numChildren: 11, numActiveAdults: 0, numAccompanyingAdults: 0 }, contact: CONTACT },
      { ...HOLD, now: new Date("2027-06-01T08:00:00Z") },
    );
    expect(spec).toMatchObject({ ok: false, reason: "invalid", message: "Bei diesem Angebot sind höchstens 10 Kinder möglich." });
    await save({ minChildren: 0, maxChildren: 10, maxAdults: 10 });
  });

  it("charges an offer's minimum of children in the summary, the reservation and the stored booking (issue #28 §3)", async () => {
    const [offer] = await database.db.select().from(offers).where(eq(offers.id, 3));
    const items = offer!.items.map((i) => i.desc);
    const base = { name: offer!.name, basePriceRappen: 3_000, slotMinutes: offer!.slotMinutes, items, position: offer!.position, active: true, leadHours: 0, minChildren: 0, maxChildren: 10, maxAdults: 10 };
    expect((await saveOffer(database.db, manager, 3, { ...base, minChargedChildren: 8 })).ok).toBe(true);
    const date = "2027-06-19";
    const counts = { numChildren: 5, numActiveAdults: 1, numAccompanyingAdults: 0 };
    const { prices } = await getVenue(database.db);
    const expected = 8 * 3_000 + prices.activeAdultPriceRappen;
    // What /enter-data shows before booking (the draft priced by the server).
    const summary = await checkoutSummary(database.db, { kind: "birthday", offerId: 3, date, startMin: 10 * 60, endMin: 10 * 60 + offer!.slotMinutes, ...counts });
    expect(summary).toMatchObject({ priceRappen: expected, minChargedChildren: 8 });
    const made = await reserveBirthday(database.db, { offerId: 3, date, startMin: 10 * 60, counts, contact: CONTACT }, { ...HOLD, now: new Date("2027-06-01T08:00:00Z") });
    if (!made.ok) throw new Error(made.message);
    expect(made.reservation).toMatchObject({ priceRappen: expected, minChargedChildren: 8 });
    expect(reservationView(made.reservation)).toMatchObject({ minChargedChildren: 8 });
    // The spec's API shape recovers CHF 30 per child, not the total spread over 5.
    expect(reservationData(made.reservation).selectedOffer.basePrice).toBe(30);
    // More children than the minimum are charged each.
    const more = await reserveBirthday(database.db, { offerId: 3, date, startMin: 14 * 60, counts: { ...counts, numChildren: 9 }, contact: CONTACT }, { ...HOLD, now: new Date("2027-06-01T08:00:00Z") });
    expect(more.ok && more.reservation.priceRappen).toBe(9 * 3_000 + prices.activeAdultPriceRappen);
    // Offers without a minimum store nothing and price as the spec says.
    const plain = await reserveBirthday(database.db, { offerId: 1, date, startMin: 16 * 60, counts, contact: CONTACT }, { ...HOLD, now: new Date("2027-06-01T08:00:00Z") });
    expect(plain.ok && plain.reservation.minChargedChildren).toBeNull();
    await saveOffer(database.db, manager, 3, { ...base, basePriceRappen: offer!.basePriceRappen, minChargedChildren: 0 });
    await database.db.update(reservations).set({ status: "cancelled" }).where(eq(reservations.date, date));
  });

  it("stores the policy, and the manage page, the facts and the reminders read it", async () => {
    const before = await loadVenuePolicy(database.db);
    expect(before).toMatchObject({ selfServiceHours: 48, cancelFreeHours: 48, lateCancelFeePercent: 100, reminderHours: 48, gameLeadHours: 1 });
    expect((await savePolicySettings(database.db, manager, { selfServiceHours: 72, lateCancelFeePercent: 50, reminderHours: 24, gameLeadHours: 2 })).ok).toBe(true);
    expect(await loadVenuePolicy(database.db)).toMatchObject({ selfServiceHours: 72, cancelFreeHours: 72, lateCancelFeePercent: 50, reminderHours: 24, gameLeadHours: 2 });
    expect(await loadVenueFacts(database.db)).toMatchObject({ selfServiceHours: 72, lateCancelFeePercent: 50 });
    const policy = await selfServicePolicy(database.db);
    expect(policy).toMatchObject({ hours: 72, lateCancelFeePercent: 50 });

    // A booking 30 hours ahead: inside the 72-hour window from the moment it is made.
    const now = new Date("2027-07-01T08:00:00Z");
    const made = await reserveBirthday(
      database.db,
      { offerId: 1, date: "2027-07-02", startMin: 16 * 60, counts: COUNTS, contact: CONTACT },
      { ...HOLD, now, channel: "phone", payAtVenue: true },
    );
    if (!made.ok) throw new Error(made.message);
    const [stored] = await database.db.select().from(reservations).where(eq(reservations.id, made.reservation.id));
    const view = manageView({ ...stored!, createdAt: now }, policy, now);
    expect(view).toMatchObject({ canChange: false, bookedLate: true, hours: 72 });
    expect(view.lateCancellation).toBe("Bei späterer Absage verrechnen wir 50 % des Betrags und erstatten den Rest zurück; bei Nichterscheinen wird der Betrag nicht zurückerstattet.");

    // The reminder goes 24 hours ahead now, not 48: not yet at 31 hours before, due at 23.
    await database.db.update(reservations).set({ createdAt: new Date("2027-06-01T08:00:00Z") }).where(eq(reservations.id, made.reservation.id));
    const reminders = async () => (await database.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, made.reservation.id))).filter((m) => m.kind === "reminder").length;
    await queueDueReminders(database.db, new Date("2027-07-01T07:00:00Z"));
    expect(await reminders()).toBe(0);
    await queueDueReminders(database.db, new Date("2027-07-01T15:00:00Z"));
    expect(await reminders()).toBe(1);
    await savePolicySettings(database.db, manager, before);
  });
});
