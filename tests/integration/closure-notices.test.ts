import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canSelfChange } from "~/domain/self-service";
import { venueToUtc } from "~/domain/time";
import { reserveBirthday } from "~/server/booking/bookings.server";
import { closureNoticeReason, manageView } from "~/server/booking/manage.server";
import { cancelByFamily } from "~/server/payments/cancellation.server";
import { changeByFamily } from "~/server/payments/booking-change.server";
import { auditLog, mailOutbox, reservations, vouchers } from "~/server/platform/schema";
import type { Staff } from "~/server/staff/auth.server";
import { closureReactions, hoursNotices, notifyClosureFamilies, notifyHoursFamilies } from "~/server/staff/closure-notices.server";
import { HOURS_NOTICE_MSG } from "~/domain/venue-settings";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
import { createClosure, saveOpeningHours } from "~/server/staff/venue-admin.server";
import { SEED_OPENING_HOURS } from "~/server/platform/seed.server";
import { createVoucher } from "~/server/vouchers/vouchers.server";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

const POLICY = { hours: 48, readableDays: 14, lateCancelFeePercent: 100 };
const PARTY = { numChildren: 4, numActiveAdults: 1, numAccompanyingAdults: 1 };

/**
 * Issue #29 §3: a closure over booked days reaches the families. Each hears of it once, may move or
 * cancel (everything back) whatever the cut-off, the cancellation reads «von der Anlage abgesagt»,
 * and the closures page lists who has reacted.
 */
describe.each(drivers)("closure notices on $name", ({ open }) => {
  let database: TestDatabase;
  let manager: Staff;
  beforeAll(async () => {
    database = await open();
    manager = await createStaffAccount(database.db, `schliessung-${process.pid}@funworld.ch`, "richtig-und-lang-genug", "manager");
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A confirmed booking paid by a voucher (nothing to do with the provider here). */
  async function confirmed(date: string, startMin: number, email: string) {
    const voucher = await createVoucher(database.db, { amountRappen: 100_000 });
    const made = await reserveBirthday(database.db, { offerId: 1, date, startMin, counts: PARTY, contact: { ...CONTACT, email }, couponCode: voucher.code }, { holdMinutes: 15 });
    if (!made.ok) throw new Error(made.message);
    expect(made.reservation.status).toBe("confirmed");
    return { r: made.reservation, voucher };
  }

  it("tells each family once, lets it cancel after the cut-off with everything back, and lists who reacted", async () => {
    const date = nextWeekday(6, new Date(Date.now() + 12 * 7 * 86_400_000));
    const other = nextWeekday(6, new Date(Date.now() + 13 * 7 * 86_400_000));
    const cancelling = await confirmed(date, 600, "absage@example.ch");
    const moving = await confirmed(date, 14 * 60, "verschiebt@example.ch");
    const closure = await createClosure(database.db, manager, { startDate: date, endDate: date, scope: "venue", locationId: null, reason: "Wasserschaden" }, true);
    expect(closure.ok).toBe(true);
    const closureId = (await database.db.query.closures.findFirst({ where: (c, { eq: same }) => same(c.startDate, date) }))!.id;

    const first = await notifyClosureFamilies(database.db, manager, closureId);
    expect(first).toEqual({ ok: true, notified: 2, message: "2 Familien benachrichtigt." });
    // A second click (or a second manager) tells nobody twice.
    expect(await notifyClosureFamilies(database.db, manager, closureId)).toMatchObject({ ok: true, notified: 0 });
    const [mail] = await database.db.select().from(mailOutbox).where(and(eq(mailOutbox.reservationId, cancelling.r.id), eq(mailOutbox.kind, "closure-notice")));
    expect(mail!.to).toBe("absage@example.ch");
    expect(mail!.subject).toContain(`Absage durch Fun World: Ihr Termin am`);
    expect(mail!.text).toContain("Grund: Wasserschaden.");
    expect(mail!.text).toMatch(/Buchung verwalten \(anderen Termin wählen oder stornieren\): \S+\/buchung\/[A-Za-z0-9_-]+/);
    expect(await database.db.select().from(auditLog).where(and(eq(auditLog.reservationId, cancelling.r.id), eq(auditLog.action, "closure-notice")))).toHaveLength(1);

    // An hour before the party, long past the 48-hour cut-off: the family may still choose.
    const late = new Date(venueToUtc(date, 600).getTime() - 3_600_000);
    const [told] = await database.db.select().from(reservations).where(eq(reservations.id, cancelling.r.id));
    expect(told).toMatchObject({ closureNoticeId: closureId, closureNoticeDate: date });
    const view = manageView(told!, POLICY, late, await closureNoticeReason(database.db, told!));
    expect(view).toMatchObject({ canChange: true, closureNotice: { reason: "Wasserschaden" }, statusLabel: "Von der Anlage abgesagt – bitte wählen Sie" });

    const cancelled = await cancelByFamily(database.db, { reservationId: told!.id, allowed: (locked) => canSelfChange(locked, late, 48), closedMessage: "zu spät" }, late);
    expect(cancelled.kind).toBe("cancelled");
    const [after] = await database.db.select().from(reservations).where(eq(reservations.id, told!.id));
    expect(after).toMatchObject({ status: "cancelled", venueCancelled: 1, cancelReason: "Von der Anlage abgesagt (Schliessung)" });
    expect((await database.db.select().from(vouchers).where(eq(vouchers.id, cancelling.voucher.id)))[0]!.remainingRappen).toBe(100_000);
    const [cancelMail] = await database.db.select().from(mailOutbox).where(and(eq(mailOutbox.reservationId, told!.id), eq(mailOutbox.kind, "cancellation")));
    expect(cancelMail!.subject).toMatch(/^Absage Ihrer Buchung /);
    expect(cancelMail!.text).toContain("Ihre Buchung wurde von der Anlage abgesagt");
    expect(manageView(after!, POLICY, late).statusLabel).toBe("Von der Anlage abgesagt");

    // The other family moves to the next Saturday; then the notice no longer applies to it.
    const [toMove] = await database.db.select().from(reservations).where(eq(reservations.id, moving.r.id));
    const moved = await changeByFamily(database.db, toMove!, { date: other, startMin: 14 * 60 }, { token: "t", hours: 48, closedMessage: "zu spät", confirmed: true }, late);
    expect("kind" in moved && moved.kind).toBe("changed");
    const [movedRow] = await database.db.select().from(reservations).where(eq(reservations.id, moving.r.id));
    expect(manageView(movedRow!, POLICY, late).closureNotice).toBeNull();

    expect((await closureReactions(database.db, closureId)).map((n) => [n.code, n.reaction, n.open])).toEqual([
      [cancelling.r.code, "abgesagt (von der Anlage abgesagt, Betrag zurück)", false],
      [moving.r.code, expect.stringMatching(/^verschoben auf \d\d\.\d\d\.\d{4}, 14:00 Uhr$/), false],
    ]);
  });

  it("changed opening hours: the manager tells the families now outside the hours once, with a reason, and they may cancel as by the venue", async () => {
    const date = nextWeekday(4, new Date(Date.now() + 20 * 7 * 86_400_000));
    const late = await confirmed(date, 19 * 60, "abends@example.ch");
    const early = await confirmed(date, 12 * 60, "mittags@example.ch");
    // Thursdays now close at 18:00: the 19:00 party is outside, the 12:00 one is not.
    const days = SEED_OPENING_HOURS.map((d) => ({ weekday: d.weekday, openMin: d.openMin, closeMin: d.weekday === 4 ? 18 * 60 : d.closeMin, birthdays: d.birthdays === 1, games: d.games === 1 }));
    try {
      expect(await saveOpeningHours(database.db, manager, days, true)).toMatchObject({ ok: true });
      const before = await hoursNotices(database.db);
      expect(before.outside.map((b) => [b.code, b.noticed])).toContainEqual([late.r.code, false]);
      expect(before.outside.map((b) => b.code)).not.toContain(early.r.code);

      expect(await notifyHoursFamilies(database.db, manager, "   ")).toEqual({ ok: false, notified: 0, message: HOURS_NOTICE_MSG.reasonMissing });
      const sent = await notifyHoursFamilies(database.db, manager, "Neue Öffnungszeiten: donnerstags bis 18:00");
      expect(sent).toMatchObject({ ok: true, notified: 1 });
      expect(await notifyHoursFamilies(database.db, manager, "nochmals")).toMatchObject({ ok: true, notified: 0, message: HOURS_NOTICE_MSG.none });
      const [mail] = await database.db.select().from(mailOutbox).where(and(eq(mailOutbox.reservationId, late.r.id), eq(mailOutbox.kind, "closure-notice")));
      expect(mail!.text).toContain("Grund: Neue Öffnungszeiten: donnerstags bis 18:00.");
      expect(await database.db.select().from(mailOutbox).where(and(eq(mailOutbox.reservationId, early.r.id), eq(mailOutbox.kind, "closure-notice")))).toHaveLength(0);

      const [told] = await database.db.select().from(reservations).where(eq(reservations.id, late.r.id));
      expect(told).toMatchObject({ closureNoticeId: null, closureNoticeDate: date, closureNoticeReason: "Neue Öffnungszeiten: donnerstags bis 18:00" });
      const lastMinute = new Date(venueToUtc(date, 19 * 60).getTime() - 3_600_000);
      expect(manageView(told!, POLICY, lastMinute, await closureNoticeReason(database.db, told!))).toMatchObject({ canChange: true, closureNotice: { reason: "Neue Öffnungszeiten: donnerstags bis 18:00" } });
      const cancelled = await cancelByFamily(database.db, { reservationId: told!.id, allowed: (locked) => canSelfChange(locked, lastMinute, 48), closedMessage: "zu spät" }, lastMinute);
      expect(cancelled.kind).toBe("cancelled");
      const [after] = await database.db.select().from(reservations).where(eq(reservations.id, told!.id));
      expect(after).toMatchObject({ venueCancelled: 1, cancelReason: "Von der Anlage abgesagt (geänderte Öffnungszeiten)" });
      expect((await hoursNotices(database.db)).reactions.find((n) => n.code === late.r.code)).toMatchObject({ reaction: "abgesagt (von der Anlage abgesagt, Betrag zurück)", open: false });
    } finally {
      const seed = SEED_OPENING_HOURS.map((d) => ({ weekday: d.weekday, openMin: d.openMin, closeMin: d.closeMin, birthdays: d.birthdays === 1, games: d.games === 1 }));
      await saveOpeningHours(database.db, manager, seed, true);
    }
  });
});
