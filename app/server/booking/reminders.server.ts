import { and, eq, gte, lte, ne, notExists, sql } from "drizzle-orm";
import { addDays, venueNow, venueToUtc } from "~/domain/time";
import type { Db, Executor, Tx } from "../platform/db.server";
import { loadVenuePolicy } from "./venue.server";
import { mailOutbox, reservations } from "../platform/schema";

type Reservation = typeof reservations.$inferSelect;
import { enqueueReminderMail, kickMailer } from "../mail/mail.server";

/** Thrown to roll back a message that another process queued first (its unused link goes too). */
class AlreadyQueued extends Error {}

/**
 * Queues one message per candidate booking that is still due under its row lock (a cancellation or
 * a move racing it comes first or after); `enqueue` answers false when a unique index found the
 * message queued already (another process, a restart), and that transaction rolls back. Returns
 * how many were queued and wakes the mailer for them. Shared by the reminder and the headcount request.
 */
export async function queueOncePerBooking(
  db: Db,
  candidates: readonly { id: number }[],
  due: (tx: Tx, r: Reservation) => boolean | Promise<boolean>,
  enqueue: (tx: Tx, r: Reservation) => Promise<boolean>,
): Promise<number> {
  let queued = 0;
  for (const c of candidates) {
    try {
      const done = await db.transaction(async (tx) => {
        const [r] = await tx.select().from(reservations).where(eq(reservations.id, c.id)).for("update");
        if (!r || r.status !== "confirmed" || !(await due(tx, r))) return false;
        if (!(await enqueue(tx, r))) throw new AlreadyQueued();
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

/**
 * Whether a booking gets a reminder now: due `hours` before its start, and booked — or, for a moved
 * booking, moved (`changedAt`) — before that point: a family that booked or moved within the last
 * two days has just had the confirmation or change e-mail with everything in it.
 */
export function reminderDue(r: { date: string; startMin: number; createdAt: Date; changedAt?: Date | null }, now: Date, hours: number): boolean {
  const start = venueToUtc(r.date, r.startMin).getTime();
  const dueAt = start - hours * 3_600_000;
  const madeAt = Math.max(r.createdAt.getTime(), r.changedAt?.getTime() ?? 0);
  return now.getTime() >= dueAt && now.getTime() < start && madeAt <= dueAt;
}

/**
 * When the booking's current date was set by a move: the change e-mail of its current revision is
 * written in the move's own transaction, so its row carries that moment (no column of its own).
 */
function changedAtOf(db: Executor) {
  // A query builder for the subquery: its WHERE names the outer table's columns with the table
  // (a plain sql`` select field would render them bare, and they would bind to mail_outbox).
  const latestChange = db
    .select({ at: sql`max(${mailOutbox.createdAt})` })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.reservationId, reservations.id), eq(mailOutbox.kind, "change"), eq(mailOutbox.reservationSequence, reservations.sequence)));
  return sql<Date | null>`(${latestChange})`.mapWith((v: string | Date | null) => (v === null ? null : new Date(v)));
}

async function changedAt(tx: Executor, r: { id: number; sequence: number }): Promise<Date | null> {
  if (r.sequence === 0) return null;
  const [row] = await tx.select({ at: changedAtOf(tx) }).from(reservations).where(eq(reservations.id, r.id));
  return row?.at ?? null;
}

/**
 * Queues the reminder e-mail of every confirmed booking that is due, at most once per booking and
 * date: the row lock orders it against a cancellation or a move (a booking cancelled first gets
 * none), and the unique index `mail_outbox_reminder_once` (booking, sequence) makes a second
 * queueing — another server process, a restart, an overlapping run — a no-op. A move raises the
 * sequence, so the new date is reminded of too; the deliverer drops a reminder whose booking was
 * cancelled or moved before it went out. Sending goes through the outbox like every message.
 */
export async function queueDueReminders(db: Db, now: Date = new Date()): Promise<number> {
  // The manager's reminder time (venue settings; REMINDER_HOURS_BEFORE until one is stored).
  const hours = (await loadVenuePolicy(db)).reminderHours;
  const today = venueNow(now).date;
  const candidates = await db
    .select({
      id: reservations.id,
      date: reservations.date,
      startMin: reservations.startMin,
      createdAt: reservations.createdAt,
      changedAt: changedAtOf(db),
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.status, "confirmed"),
        // A phone booking without an e-mail address gets no reminder (issue #29 §4).
        ne(reservations.email, ""),
        gte(reservations.date, today),
        lte(reservations.date, addDays(today, Math.ceil(hours / 24) + 1)),
        notExists(
          db
            .select({ id: mailOutbox.id })
            .from(mailOutbox)
            .where(
              and(eq(mailOutbox.reservationId, reservations.id), eq(mailOutbox.kind, "reminder"), eq(mailOutbox.reservationSequence, reservations.sequence)),
            ),
        ),
      ),
    );
  return queueOncePerBooking(
    db,
    candidates.filter((c) => reminderDue(c, now, hours)),
    async (tx, r) => reminderDue({ ...r, changedAt: await changedAt(tx, r) }, now, hours),
    enqueueReminderMail,
  );
}
