import { and, eq, gte, lte, notExists } from "drizzle-orm";
import { addDays, venueNow, venueToUtc } from "~/domain/time";
import type { Db } from "../platform/db.server";
import { getEnv } from "../platform/env.server";
import { mailOutbox, reservations } from "../platform/schema";
import { enqueueReminderMail, kickMailer } from "../mail/mail.server";

/** Thrown to roll back a reminder that another process queued first (its unused link goes too). */
class AlreadyQueued extends Error {}

/** Whether a booking gets a reminder now: due `hours` before its start, and booked before that point. */
export function reminderDue(r: { date: string; startMin: number; createdAt: Date }, now: Date, hours: number): boolean {
  const start = venueToUtc(r.date, r.startMin).getTime();
  const dueAt = start - hours * 3_600_000;
  return now.getTime() >= dueAt && now.getTime() < start && r.createdAt.getTime() <= dueAt;
}

/**
 * Queues the reminder e-mail of every confirmed booking that is due, at most once per booking:
 * the row lock orders it against a cancellation (a booking cancelled first gets none), and the
 * unique index `mail_outbox_reminder_once` makes a second queueing — another server process, a
 * restart, an overlapping run — a no-op. Sending goes through the outbox like every message.
 */
export async function queueDueReminders(db: Db, now: Date = new Date()): Promise<number> {
  const hours = getEnv().REMINDER_HOURS_BEFORE;
  const today = venueNow(now).date;
  const candidates = await db
    .select({ id: reservations.id, date: reservations.date, startMin: reservations.startMin, createdAt: reservations.createdAt })
    .from(reservations)
    .where(
      and(
        eq(reservations.status, "confirmed"),
        gte(reservations.date, today),
        lte(reservations.date, addDays(today, Math.ceil(hours / 24) + 1)),
        notExists(
          db
            .select({ id: mailOutbox.id })
            .from(mailOutbox)
            .where(and(eq(mailOutbox.reservationId, reservations.id), eq(mailOutbox.kind, "reminder"))),
        ),
      ),
    );
  let queued = 0;
  for (const c of candidates) {
    if (!reminderDue(c, now, hours)) continue;
    try {
      const done = await db.transaction(async (tx) => {
        const [r] = await tx.select().from(reservations).where(eq(reservations.id, c.id)).for("update");
        if (!r || r.status !== "confirmed" || !reminderDue(r, now, hours)) return false;
        if (!(await enqueueReminderMail(tx, r))) throw new AlreadyQueued();
        return true;
      });
      if (done) queued++;
    } catch (error) {
      if (!(error instanceof AlreadyQueued)) throw error;
    }
  }
  if (queued > 0) kickMailer();
  return queued;
}
