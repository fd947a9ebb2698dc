import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDateDE, venueToUtc } from "~/domain/time";
import { reserveBirthday } from "~/server/booking/bookings.server";
import { queueDueReminders } from "~/server/booking/reminders.server";
import { CUSTOMER_ACTOR } from "~/server/booking/reschedule.server";
import { changeBooking } from "~/server/payments/booking-change.server";
import { deliverDueMail, type OutgoingMail } from "~/server/mail/mail.server";
import { cancelBooking } from "~/server/payments/cancellation.server";
import { resetEnvForTests } from "~/server/platform/env.server";
import { mailOutbox } from "~/server/platform/schema";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

const saved = { ...process.env };
const HOUR = 3_600_000;

beforeAll(() => {
  Object.assign(process.env, { PUBLIC_URL: "https://buchung.funworld.test", REMINDER_HOURS_BEFORE: "48", PAYMENT_PROVIDER: "simulated" });
  resetEnvForTests();
});

afterAll(() => {
  process.env = saved;
  resetEnvForTests();
});

/** Keeps what would have gone out, so a test sees exactly which messages were sent. */
function capture() {
  const sent: OutgoingMail[] = [];
  return { sent, transport: { send: async (m: OutgoingMail) => void sent.push(m) } };
}

describe.each(drivers)("reminders on $name", ({ open }) => {
  let database: TestDatabase;
  let week = 0;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A Saturday of its own (weeks apart), so no two tests share a slot. */
  function nextSaturday() {
    week += 2;
    return nextWeekday(6, new Date(Date.now() + week * 7 * 86_400_000));
  }

  /** Confirmed at once (a phone booking paid at the venue): no provider needed. */
  async function booking(date: string, startMin = 600) {
    const held = await reserveBirthday(
      database.db,
      { offerId: 1, date, startMin, counts: { numChildren: 6, numActiveAdults: 1, numAccompanyingAdults: 1 }, contact: CONTACT },
      { holdMinutes: 15, channel: "phone", payAtVenue: true },
    );
    if (!held.ok) throw new Error(held.message);
    return held.reservation;
  }

  const reminders = (id: number) => database.db.select().from(mailOutbox).where(and(eq(mailOutbox.reservationId, id), eq(mailOutbox.kind, "reminder"))).orderBy(mailOutbox.id);

  it("does not send a queued reminder once the booking is cancelled; the row says why", async () => {
    const r = await booking(nextSaturday());
    const at = new Date(venueToUtc(r.date, r.startMin).getTime() - 47 * HOUR);
    expect(await queueDueReminders(database.db, at)).toBe(1);
    const cancelled = await cancelBooking(database.db, { where: { id: r.id }, reason: null, actor: CUSTOMER_ACTOR, creditVoucher: true }, at);
    expect(cancelled.kind).toBe("cancelled");

    const { sent, transport } = capture();
    await deliverDueMail(database.db, { transport, from: "x@funworld.ch", now: at });
    const mine = sent.filter((m) => m.reference === r.code);
    expect(mine.map((m) => m.subject.split(" ")[0])).toEqual(["Buchungsbestätigung", "Stornierung"]);
    const [row] = await reminders(r.id);
    expect(row).toMatchObject({ sentAt: null, lastError: "nicht gesendet: Buchung nicht mehr aktiv" });
    expect(row!.skippedAt).not.toBeNull();
    // Never picked up again.
    const again = capture();
    await deliverDueMail(database.db, { transport: again.transport, from: "x@funworld.ch", now: new Date(at.getTime() + 2 * HOUR) });
    expect(again.sent.filter((m) => m.reference === r.code)).toHaveLength(0);
    expect(await queueDueReminders(database.db, at)).toBe(0);
  });

  it("drops the reminder of the old date after a move and reminds of the new date once", async () => {
    const first = nextSaturday();
    const r = await booking(first);
    const oldStart = venueToUtc(first, 600);
    const at = new Date(oldStart.getTime() - 47 * HOUR);
    expect(await queueDueReminders(database.db, at)).toBe(1);

    // Moved a week later before the reminder went out (an SMTP outage, say).
    const second = nextWeekday(6, new Date(Date.parse(`${first}T12:00:00Z`) + 86_400_000));
    const moved = await changeBooking(database.db, { reservationId: r.id, target: { date: second, startMin: 840 }, actor: CUSTOMER_ACTOR, pricing: "difference" });
    expect("kind" in moved && moved.kind).toBe("changed");

    const { sent, transport } = capture();
    await deliverDueMail(database.db, { transport, from: "x@funworld.ch", now: at });
    expect(sent.filter((m) => m.reference === r.code).map((m) => m.subject.split(" ")[0])).toEqual(["Buchungsbestätigung", "Änderung"]);
    expect((await reminders(r.id))[0]).toMatchObject({ sentAt: null, reservationSequence: 0, lastError: "nicht gesendet: Buchung inzwischen verschoben" });

    // Nothing for the new date yet; 47 hours before it, one reminder, with the new date.
    expect(await queueDueReminders(database.db, at)).toBe(0);
    const newAt = new Date(venueToUtc(second, 840).getTime() - 47 * HOUR);
    const runs = await Promise.all([queueDueReminders(database.db, newAt), queueDueReminders(database.db, newAt)]);
    expect(runs[0]! + runs[1]!).toBe(1);
    const rows = await reminders(r.id);
    expect(rows.map((m) => m.reservationSequence)).toEqual([0, 1]);
    const later = capture();
    await deliverDueMail(database.db, { transport: later.transport, from: "x@funworld.ch", now: newAt });
    const reminder = later.sent.find((m) => m.reference === r.code)!;
    expect(reminder.subject).toContain(`Erinnerung an Ihren Termin: ${formatDateDE(second)}, 14:00 - 16:00 Uhr`);
    expect(reminder.text).not.toContain(formatDateDE(first));
    expect(await queueDueReminders(database.db, newAt)).toBe(0);
  });

  it("sends no reminder for a booking moved within the two days before its new date", async () => {
    const date = nextSaturday();
    const r = await booking(date);
    const moved = await changeBooking(database.db, { reservationId: r.id, target: { date, startMin: 840 }, actor: CUSTOMER_ACTOR, pricing: "difference" });
    expect("kind" in moved && moved.kind).toBe("changed");
    const start = venueToUtc(date, 840);
    // The move happened 30 hours before the new start: its change e-mail is the family's reminder.
    await database.db
      .update(mailOutbox)
      .set({ createdAt: new Date(start.getTime() - 30 * HOUR) })
      .where(and(eq(mailOutbox.reservationId, r.id), eq(mailOutbox.kind, "change")));
    expect(await queueDueReminders(database.db, new Date(start.getTime() - 20 * HOUR))).toBe(0);
    // Moved earlier than the due point: reminded as usual.
    await database.db
      .update(mailOutbox)
      .set({ createdAt: new Date(start.getTime() - 50 * HOUR) })
      .where(and(eq(mailOutbox.reservationId, r.id), eq(mailOutbox.kind, "change")));
    expect(await queueDueReminders(database.db, new Date(start.getTime() - 20 * HOUR))).toBe(1);
  });
});
