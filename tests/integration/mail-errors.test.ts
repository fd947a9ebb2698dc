import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { reserveBirthday } from "~/server/booking/bookings.server";
import { deliverDueMail, enqueueConfirmationMail } from "~/server/mail/mail.server";
import { mailOutbox } from "~/server/platform/schema";
import { bookingDetail } from "~/server/staff/booking-desk.server";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

/**
 * Issue #27 §6: a failed delivery's error is shown on the staff booking page. It must not show the
 * server's file paths or a stack (a file transport's EACCES names the outbox's full path).
 */
describe.each(drivers)("mail errors shown to staff on $name", ({ open }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("stores and shows a short error: first line, file name only, no stack", async () => {
    const date = nextWeekday(6, new Date(Date.now() + 60 * 24 * 60 * 60_000));
    const booked = await reserveBirthday(
      database.db,
      { offerId: 1, date, startMin: 600, counts: { numChildren: 4, numActiveAdults: 0, numAccompanyingAdults: 0 }, contact: CONTACT, couponCode: null },
      { holdMinutes: 15 },
    );
    if (!booked.ok) throw new Error(booked.message);
    const reservation = booked.reservation;
    await database.db.delete(mailOutbox).where(eq(mailOutbox.reservationId, reservation.id));
    await database.db.transaction((tx) => enqueueConfirmationMail(tx, reservation));
    const failure = new Error("EACCES: permission denied, open '/srv/funworld/data/outbox/2026-11-26-confirmation.eml'");
    failure.stack = `${failure.message}\n    at Object.openSync (node:fs:573:3)\n    at /srv/funworld/app/server/mail/mail-transport.server.ts:40:5`;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const result = await deliverDueMail(database.db, { transport: { send: () => Promise.reject(failure) }, from: "test@funworld.ch" });
      expect(result.failed).toBeGreaterThanOrEqual(1);
    } finally {
      warn.mockRestore();
    }
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, reservation.id));
    expect(row!.lastError).toBe("EACCES: permission denied, open '…/2026-11-26-confirmation.eml'");

    // A row stored before (full message, path and stack) is shown short as well.
    await database.db.update(mailOutbox).set({ lastError: failure.stack }).where(eq(mailOutbox.id, row!.id));
    const detail = await bookingDetail(database.db, reservation.code);
    const shown = detail!.mails.map((m) => m.lastError).join("\n");
    expect(shown).toContain("EACCES: permission denied");
    expect(shown).not.toContain("/srv/");
    expect(shown).not.toContain("    at ");
  });
});
