import { and, asc, eq, gte, isNotNull, isNull } from "drizzle-orm";
import { rulesOn } from "~/domain/availability";
import { HOURS_NOTICE_MSG, outsideHours, parseNoticeReason } from "~/domain/venue-settings";
import { venueNow } from "~/domain/time";
import { getVenue } from "../booking/venue.server";
import { displayPhone } from "~/domain/phone";
import { closureNoticeOpen } from "~/domain/self-service";
import { formatDateDE, formatTime } from "~/domain/time";
import { enqueueClosureNoticeMail, kickMailer } from "../mail/mail.server";
import type { Db, Executor } from "../platform/db.server";
import { auditLog, closures, reservations } from "../platform/schema";
import type { Staff } from "./auth.server";
import { bookingsInClosure, bookingsOutsideHours, closuresOverview, type AffectedBooking } from "./venue-admin.server";

export const CLOSURE_NOTICE_MSG = {
  notFound: "Diese Schliessung gibt es nicht.",
  sent: (n: number) => (n === 1 ? "1 Familie benachrichtigt." : `${n} Familien benachrichtigt.`),
  none: "Keine Familie zu benachrichtigen: Alle betroffenen Familien wurden schon benachrichtigt (oder haben keine E-Mail-Adresse).",
} as const;

/**
 * Tells every family whose confirmed booking a closure meets (issue #29 §3): one e-mail each with
 * the closure's reason and a fresh manage link, on which the family may move or cancel (full refund,
 * voucher credit) whatever the usual cut-off. Each booking is locked and marked in its own
 * transaction with its e-mail, so a second click, a second manager or a retry after a crash tells
 * nobody twice; a booking moved meanwhile (no longer in the closure) is left out. Held bookings are
 * not told (not confirmed yet: staff call), nor families without an e-mail address (staff call too).
 */
export async function notifyClosureFamilies(db: Db, staff: Staff, closureId: number, now: Date = new Date()): Promise<{ ok: boolean; message: string; notified: number }> {
  const [closure] = await db.select().from(closures).where(eq(closures.id, closureId));
  if (!closure) return { ok: false, message: CLOSURE_NOTICE_MSG.notFound, notified: 0 };
  const affected = await bookingsInClosure(db, closure, now);
  let notified = 0;
  for (const b of affected) {
    if (b.status !== "confirmed") continue;
    const told = await db.transaction(async (tx) => {
      const [r] = await tx.select().from(reservations).where(eq(reservations.code, b.code)).for("update");
      if (!r || r.status !== "confirmed" || r.email === "") return false;
      if (r.date < closure.startDate || r.date > closure.endDate) return false;
      if (r.closureNoticeId === closure.id && r.closureNoticeDate === r.date) return false;
      const [marked] = await tx
        .update(reservations)
        .set({ closureNoticeId: closure.id, closureNoticeDate: r.date, closureNoticedAt: now, closureNoticeReason: closure.reason, updatedAt: now })
        .where(eq(reservations.id, r.id))
        .returning();
      await enqueueClosureNoticeMail(tx, marked!, closure.reason);
      await tx.insert(auditLog).values({
        staffId: staff.id,
        actor: `staff:${staff.email}`,
        action: "closure-notice",
        reservationId: r.id,
        details: { closureId: closure.id, reason: closure.reason, date: r.date },
      });
      return true;
    });
    if (told) notified++;
  }
  if (notified > 0) kickMailer();
  return { ok: true, message: notified > 0 ? CLOSURE_NOTICE_MSG.sent(notified) : CLOSURE_NOTICE_MSG.none, notified };
}

/** A notified booking and what the family did since (the closures page's list). */
export type ClosureReaction = { code: string; name: string; phone: string; noticedDate: string; noticedAt: string; reaction: string; open: boolean };

/** Who was told about a closure and who has reacted: moved, cancelled, or not yet. */
export async function closureReactions(db: Executor, closureId: number): Promise<ClosureReaction[]> {
  const rows = await db
    .select()
    .from(reservations)
    .where(eq(reservations.closureNoticeId, closureId))
    .orderBy(asc(reservations.closureNoticeDate), asc(reservations.startMin), asc(reservations.code));
  return rows.map(reactionOf);
}

/** A told family's reaction: moved, cancelled (by the venue or itself), or not yet. */
function reactionOf(r: typeof reservations.$inferSelect): ClosureReaction {
  const open = closureNoticeOpen(r);
  const reaction =
    r.status === "cancelled"
      ? r.venueCancelled === 1
        ? "abgesagt (von der Anlage abgesagt, Betrag zurück)"
        : "storniert"
      : open
        ? "noch keine Reaktion"
        : r.status === "confirmed"
          ? `verschoben auf ${formatDateDE(r.date)}, ${formatTime(r.startMin)} Uhr`
          : "nicht mehr aktiv";
  return {
    code: r.code,
    name: `${r.firstName} ${r.lastName}`,
    phone: displayPhone(r.phone),
    noticedDate: r.closureNoticeDate ?? r.date,
    // Formatted here, so the page renders the same text on the server and in the browser.
    noticedAt: (r.closureNoticedAt ?? r.updatedAt).toLocaleString("de-CH", { timeZone: "Europe/Zurich", dateStyle: "medium", timeStyle: "short" }),
    reaction,
    open,
  };
}

/** The closures page: every planned closure with the bookings it meets and who was told and has reacted. */
export async function closuresWithNotices(db: Db, now: Date = new Date()) {
  const overview = await closuresOverview(db, now);
  const list = [];
  for (const c of overview.closures) list.push({ ...c, reactions: await closureReactions(db, c.id) });
  return { ...overview, closures: list };
}

// ---------------------------------------------------------------------------------------------
// Changed opening hours (issue #29 §3): the same notice for bookings the hours now leave outside

export type HoursNotices = {
  /** Active bookings from today outside the hours in force on their date; `noticed` once told for that date. */
  outside: (AffectedBooking & { noticed: boolean })[];
  /** Families told because of changed hours, and what they did since. */
  reactions: ClosureReaction[];
};

export async function hoursNotices(db: Db, now: Date = new Date()): Promise<HoursNotices> {
  const outside = await bookingsOutsideHours(db, now);
  const told = await db
    .select()
    .from(reservations)
    .where(and(isNull(reservations.closureNoticeId), isNotNull(reservations.closureNoticedAt), gte(reservations.closureNoticeDate, venueNow(now).date)))
    .orderBy(asc(reservations.closureNoticeDate), asc(reservations.startMin), asc(reservations.code));
  const noticed = new Set(told.filter((r) => r.closureNoticeDate === r.date).map((r) => r.code));
  return { outside: outside.map((b) => ({ ...b, noticed: noticed.has(b.code) })), reactions: told.map(reactionOf) };
}

/**
 * Tells every family whose confirmed booking now lies outside the opening hours (changed weekly or
 * special hours) with the manager's reason: the same notice as a closure (the manage page offers
 * another date or a free cancellation whatever the cut-off, the cancellation is «von der Anlage
 * abgesagt»). Each booking is locked, checked again (still confirmed, still outside, not told for this
 * date) and marked in its own transaction with its e-mail, so a second click tells nobody twice.
 */
export async function notifyHoursFamilies(db: Db, staff: Staff, rawReason: FormDataEntryValue | null, now: Date = new Date()): Promise<{ ok: boolean; message: string; notified: number }> {
  const parsed = parseNoticeReason(rawReason);
  if (!parsed.ok) return { ok: false, message: parsed.message, notified: 0 };
  const { reason } = parsed;
  const venue = await getVenue(db);
  let notified = 0;
  for (const b of await bookingsOutsideHours(db, now)) {
    if (b.status !== "confirmed") continue;
    const told = await db.transaction(async (tx) => {
      const [r] = await tx.select().from(reservations).where(eq(reservations.code, b.code)).for("update");
      if (!r || r.status !== "confirmed" || r.email === "") return false;
      if (!outsideHours({ date: r.date, startMin: r.startMin, endMin: r.endMin, table: r.tableId !== null }, rulesOn(venue.rules, venue.specialHours, r.date))) return false;
      if (r.closureNoticeDate === r.date) return false;
      const [marked] = await tx
        .update(reservations)
        .set({ closureNoticeId: null, closureNoticeDate: r.date, closureNoticedAt: now, closureNoticeReason: reason, updatedAt: now })
        .where(eq(reservations.id, r.id))
        .returning();
      await enqueueClosureNoticeMail(tx, marked!, reason);
      await tx.insert(auditLog).values({
        staffId: staff.id,
        actor: `staff:${staff.email}`,
        action: "closure-notice",
        reservationId: r.id,
        details: { hours: true, reason, date: r.date },
      });
      return true;
    });
    if (told) notified++;
  }
  if (notified > 0) kickMailer();
  return { ok: true, message: notified > 0 ? HOURS_NOTICE_MSG.sent(notified) : HOURS_NOTICE_MSG.none, notified };
}
