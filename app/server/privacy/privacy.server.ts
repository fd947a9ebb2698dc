import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import { ANONYMISED, bookingsAnonymisableBefore, DATA_TEXT, DEFAULT_BOOKING_RETENTION_MONTHS, DEFAULT_GUEST_RETENTION_DAYS, guestDataDeletableBefore, parseRetention } from "~/domain/guests";
import { formatVenueInstant } from "~/domain/self-service";
import { venueNow } from "~/domain/time";
import type { Db, Tx } from "../platform/db.server";
import { Limit } from "../platform/limits.server";
import { log } from "../platform/log.server";
import { transactionWithRetry } from "../platform/retry.server";
import { RECONCILE_POLICY } from "../payments/reconcile.server";
import {
  auditLog,
  guestInvitations,
  guestReplies,
  invoices,
  mailOutbox,
  manageTokens,
  payments,
  paymentTokens,
  privacyRuns,
  promoRedemptions,
  refunds,
  reservationNotes,
  reservations,
  venueSettings,
  voucherOrderLinks,
  voucherOrders,
  vouchers,
} from "../platform/schema";
import type { Reservation } from "../booking/bookings.server";
import { extrasOf } from "../booking/extras.server";
import { CUSTOMER_ACTOR, type AuditActor } from "../booking/reschedule.server";
import { getVenue, invalidateVenueCache } from "../booking/venue.server";
import { guestRowsOf } from "../guests/invitations.server";

/**
 * Privacy by default (issue #32 §4). Guests' answers are deleted (rows gone, not hidden) a number of
 * days after the party; a booking's personal data is anonymised a number of months after it, or
 * earlier on the family's request once staff execute it. What accounting must keep stays: the
 * booking row with its code, dates, numbers and amounts, payments, refunds, receipts and invoices
 * (docs/security.md "What deletion keeps").
 */

export type Retention = { guestDays: number; bookingMonths: number };

export async function retentionOf(db: Db | Tx): Promise<Retention> {
  const [row] = await db.select({ guestDays: venueSettings.guestRetentionDays, bookingMonths: venueSettings.bookingRetentionMonths }).from(venueSettings).where(eq(venueSettings.id, 1));
  return { guestDays: row?.guestDays ?? DEFAULT_GUEST_RETENTION_DAYS, bookingMonths: row?.bookingMonths ?? DEFAULT_BOOKING_RETENTION_MONTHS };
}

/**
 * Audit rows keep their money and numbers (price snapshots of changes, amounts, what was paid at the
 * venue); what a person typed goes: per action, the keys that carry it.
 */
const PERSONAL_AUDIT_KEYS: readonly (readonly [readonly string[], readonly string[]])[] = [
  [["contact-change", "party-details", "note"], ["before", "after"]],
  [["confirmation-resend", "invoice.mail"], ["to"]],
  [["cancel", "refund-manual-done"], ["reason", "note"]],
];

/**
 * Money that still moves or is still owed: an open payment, a refund due or in flight (or refused
 * and waiting for staff), an open invoice. Its contact data is what staff and the provider still
 * need, and its receipt or credit note is still to be issued — anonymised later.
 */
async function moneyOpen(tx: Tx, reservationId: number, now: Date): Promise<boolean> {
  // A pending payment counts while the reconciliation still asks about it (a page never finished
  // stays `pending` for good); a refund due, or refused and left to staff, counts until it is done.
  const stillAsked = new Date(now.getTime() - RECONCILE_POLICY.maxAgeMs);
  const open = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.reservationId, reservationId),
        or(and(eq(payments.status, "pending"), gt(payments.createdAt, stillAsked)), eq(payments.status, "refund_pending"), gt(payments.refundDueRappen, 0)),
      ),
    )
    .limit(1);
  if (open.length > 0) return true;
  const inFlight = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    // In flight only: an `unknown` one is staff's (the booking's refund state), not a reason to keep data for ever.
    .where(and(eq(payments.reservationId, reservationId), eq(refunds.status, "pending")))
    .limit(1);
  if (inFlight.length > 0) return true;
  const bills = await tx.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.reservationId, reservationId), eq(invoices.status, "open"))).limit(1);
  return bills.length > 0;
}

export type AnonymiseResult = "done" | "already" | "money-open";

/**
 * Blanks a booking's personal data in the caller's transaction: the booking's row is locked first,
 * then its held change rows (higher ids), then the dependent rows. Contact fields, message, party
 * details, the cancellation's free text; its guests' answers and invitation, links, staff notes and
 * e-mails; the personal text of its audit rows and of its promo redemptions. Refused while money of
 * it is open (`money-open`); `already` when it was anonymised before.
 */
export async function anonymiseBooking(tx: Tx, reservationId: number, actor: AuditActor, reason: "request" | "retention", now: Date): Promise<AnonymiseResult> {
  const [r] = await tx.select({ id: reservations.id, anonymisedAt: reservations.anonymisedAt }).from(reservations).where(eq(reservations.id, reservationId)).for("update");
  if (!r || r.anonymisedAt !== null) return "already";
  const changeRows = await tx.select({ id: reservations.id }).from(reservations).where(eq(reservations.movesReservationId, reservationId)).orderBy(asc(reservations.id)).for("update");
  const ids = [reservationId, ...changeRows.map((c) => c.id)];
  for (const id of ids) if (await moneyOpen(tx, id, now)) return "money-open";
  await tx
    .update(reservations)
    .set({
      firstName: ANONYMISED.name,
      lastName: ANONYMISED.text,
      street: ANONYMISED.text,
      zip: ANONYMISED.text,
      city: ANONYMISED.text,
      phone: ANONYMISED.text,
      email: ANONYMISED.text,
      message: null,
      partyChildName: null,
      partyChildAge: null,
      partyNotes: null,
      cancelReason: null,
      clientKey: null,
      anonymisedAt: now,
      updatedAt: now,
    })
    .where(inArray(reservations.id, ids));
  await tx.delete(guestReplies).where(inArray(guestReplies.reservationId, ids));
  await tx.delete(guestInvitations).where(inArray(guestInvitations.reservationId, ids));
  await tx.delete(manageTokens).where(inArray(manageTokens.reservationId, ids));
  await tx.delete(paymentTokens).where(inArray(paymentTokens.reservationId, ids));
  await tx.delete(reservationNotes).where(inArray(reservationNotes.reservationId, ids));
  // Every e-mail of the booking, sent or not: a message still queued (a cancellation's) carries the address.
  await tx.delete(mailOutbox).where(inArray(mailOutbox.reservationId, ids));
  await tx.update(promoRedemptions).set({ email: ANONYMISED.text }).where(inArray(promoRedemptions.reservationId, ids));
  for (const [actions, keys] of PERSONAL_AUDIT_KEYS) {
    await tx
      .update(auditLog)
      .set({ details: sql`${auditLog.details} - ${sql.raw(`array[${keys.map((k) => `'${k}'`).join(",")}]`)}` })
      .where(and(inArray(auditLog.reservationId, ids), inArray(auditLog.action, [...actions])));
  }
  await tx.insert(auditLog).values({ staffId: actor.staffId, actor: actor.label, action: "anonymised", reservationId, details: { reason } });
  return "done";
}

export type PrivacyRun = { ran: boolean; guestsDeleted: number; invitationsDeleted: number; bookingsAnonymised: number };

const BATCH = 100;

/**
 * The daily privacy job: its work once per venue day, whichever processes run it and however
 * often. The day's row in `privacy_runs` is inserted first, in the transaction that deletes the
 * guests' answers: another process waits on that insert and finds the day done; a crash rolls both
 * back and the next run does the day. Bookings past their retention are then anonymised in batches
 * (each booking once: its row lock and `anonymised_at`), skipping those whose money is still open;
 * what a crash leaves is picked up the next day. Logs counts only.
 */
export async function runPrivacyJob(db: Db, now: Date = new Date()): Promise<PrivacyRun> {
  const today = venueNow(now).date;
  const retention = await retentionOf(db);
  const first = await transactionWithRetry(db, async (tx) => {
    const claimed = await tx.insert(privacyRuns).values({ day: today, guestsDeleted: 0, invitationsDeleted: 0, bookingsAnonymised: 0, ranAt: now }).onConflictDoNothing().returning({ day: privacyRuns.day });
    if (claimed.length === 0) return null;
    // The parties whose guests' answers are due, their rows locked first (the lock order of a host's or guest's change).
    const guestCut = guestDataDeletableBefore(today, retention.guestDays);
    const withGuests = or(
      sql`exists (select 1 from ${guestReplies} g where g.reservation_id = ${reservations.id})`,
      sql`exists (select 1 from ${guestInvitations} i where i.reservation_id = ${reservations.id})`,
    );
    const due = await tx.select({ id: reservations.id }).from(reservations).where(and(lte(reservations.date, guestCut), withGuests)).orderBy(asc(reservations.id)).for("update");
    const ids = due.map((d) => d.id);
    if (ids.length === 0) return { guestsDeleted: 0, invitationsDeleted: 0 };
    const guests = await tx.delete(guestReplies).where(inArray(guestReplies.reservationId, ids)).returning({ id: guestReplies.id });
    const invitations = await tx.delete(guestInvitations).where(inArray(guestInvitations.reservationId, ids)).returning({ id: guestInvitations.id });
    await tx.delete(mailOutbox).where(and(eq(mailOutbox.kind, "guest-link"), inArray(mailOutbox.reservationId, ids)));
    return { guestsDeleted: guests.length, invitationsDeleted: invitations.length };
  });
  if (!first) return { ran: false, guestsDeleted: 0, invitationsDeleted: 0, bookingsAnonymised: 0 };
  const bookingCut = bookingsAnonymisableBefore(today, retention.bookingMonths);
  let anonymised = 0;
  let after = 0;
  for (;;) {
    const batch = await db
      .select({ id: reservations.id })
      .from(reservations)
      // Change rows follow their booking; a booking's row is anonymised with them.
      .where(and(lt(reservations.date, bookingCut), isNull(reservations.anonymisedAt), isNull(reservations.movesReservationId), gt(reservations.id, after)))
      .orderBy(asc(reservations.id))
      .limit(BATCH);
    if (batch.length === 0) break;
    after = batch.at(-1)!.id;
    anonymised += await transactionWithRetry(db, async (tx) => {
      let done = 0;
      for (const b of batch) if ((await anonymiseBooking(tx, b.id, { staffId: null, label: "system" }, "retention", now)) === "done") done += 1;
      return done;
    });
  }
  await anonymiseVoucherOrders(db, today, bookingCut);
  await db.update(privacyRuns).set({ ...first, bookingsAnonymised: anonymised }).where(eq(privacyRuns.day, today));
  const result = { ran: true, ...first, bookingsAnonymised: anonymised };
  log.info({ job: "privacy", day: today, guestsDeleted: result.guestsDeleted, invitationsDeleted: result.invitationsDeleted, bookingsAnonymised: anonymised }, "privacy job ran");
  return result;
}

/** Gift voucher orders: the buyer's and recipient's names once the order is that old and its voucher no longer usable. */
async function anonymiseVoucherOrders(db: Db, today: string, cut: string): Promise<void> {
  await transactionWithRetry(db, async (tx) => {
    const orders = await tx
      .select({ id: voucherOrders.id })
      .from(voucherOrders)
      .leftJoin(vouchers, eq(vouchers.id, voucherOrders.voucherId))
      .where(and(lt(voucherOrders.createdAt, new Date(`${cut}T00:00:00Z`)), sql`${voucherOrders.buyerEmail} <> ''`, or(isNull(voucherOrders.voucherId), lt(vouchers.validUntil, today))))
      .orderBy(asc(voucherOrders.id))
      .for("update", { of: voucherOrders });
    if (orders.length === 0) return;
    const ids = orders.map((o) => o.id);
    await tx.update(voucherOrders).set({ buyerName: ANONYMISED.name, buyerEmail: "", recipientName: ANONYMISED.name, message: "" }).where(inArray(voucherOrders.id, ids));
    await tx.delete(voucherOrderLinks).where(inArray(voucherOrderLinks.voucherOrderId, ids));
    await tx.delete(mailOutbox).where(inArray(mailOutbox.voucherOrderId, ids));
  });
}

/** The last runs, for the manager's page (counts only). */
export async function recentPrivacyRuns(db: Db) {
  return db.select().from(privacyRuns).orderBy(desc(privacyRuns.day)).limit(10);
}

/** Requests per booking (the manage link), counted in the database. */
export const deletionRequests = new Limit({ name: "deletion-request", points: 5, windowSeconds: 60 * 60 });
export const dataDownloads = new Limit({ name: "data-export", points: 30, windowSeconds: 60 * 60 });

/** The family asks for deletion (manage link): recorded once, audited; staff execute it. */
export async function requestDeletion(db: Db, r: Reservation, now: Date = new Date()): Promise<{ ok: true } | { ok: false; status: 429; message: string }> {
  if (!(await deletionRequests.consume(db, String(r.id))).allowed) return { ok: false, status: 429, message: DATA_TEXT.tooMany };
  await db.transaction(async (tx) => {
    const set = await tx
      .update(reservations)
      .set({ deletionRequestedAt: now })
      .where(and(eq(reservations.id, r.id), isNull(reservations.deletionRequestedAt)))
      .returning({ id: reservations.id });
    if (set.length > 0) await tx.insert(auditLog).values({ staffId: CUSTOMER_ACTOR.staffId, actor: CUSTOMER_ACTOR.label, action: "deletion-requested", reservationId: r.id, details: {} });
  });
  return { ok: true };
}

/** Open requests for staff: oldest first, with whether the party is still ahead (then staff cancel first). */
export async function openDeletionRequests(db: Db, now: Date = new Date()) {
  const today = venueNow(now).date;
  const rows = await db
    .select({ id: reservations.id, code: reservations.code, date: reservations.date, status: reservations.status, requestedAt: reservations.deletionRequestedAt })
    .from(reservations)
    .where(and(isNotNull(reservations.deletionRequestedAt), isNull(reservations.anonymisedAt)))
    .orderBy(asc(reservations.deletionRequestedAt));
  return rows.map((r) => ({ ...r, requestedAt: formatVenueInstant(r.requestedAt!), ahead: r.status === "confirmed" && r.date >= today }));
}

export const PRIVACY_STAFF_MSG = {
  ahead: "Die Feier steht noch bevor: Bitte stornieren Sie die Buchung zuerst (oder halten Sie mit der Familie Rücksprache).",
  notFound: "Diese Anfrage gibt es nicht (mehr).",
  done: "Die Personendaten der Buchung sind anonymisiert.",
  moneyOpen: "Für diese Buchung ist noch Geld offen (eine Zahlung, eine Rückerstattung oder eine Rechnung). Bitte schliessen Sie das zuerst ab; danach lässt sich die Anfrage ausführen.",
  saved: "Die Aufbewahrungsfristen sind gespeichert.",
} as const;

/** Staff execute a family's request: refused while the party is ahead; once only. */
export async function executeDeletion(db: Db, input: { code: string; staff: { id: number; email: string } }, now: Date = new Date()): Promise<{ ok: boolean; message: string }> {
  const today = venueNow(now).date;
  return db.transaction(async (tx) => {
    const [r] = await tx.select().from(reservations).where(eq(reservations.code, input.code)).for("update");
    if (!r || r.deletionRequestedAt === null || r.anonymisedAt !== null) return { ok: false, message: PRIVACY_STAFF_MSG.notFound };
    if (r.status === "confirmed" && r.date >= today) return { ok: false, message: PRIVACY_STAFF_MSG.ahead };
    const done = await anonymiseBooking(tx, r.id, { staffId: input.staff.id, label: `staff:${input.staff.email}` }, "request", now);
    if (done === "money-open") return { ok: false, message: PRIVACY_STAFF_MSG.moneyOpen };
    return done === "done" ? { ok: true, message: PRIVACY_STAFF_MSG.done } : { ok: false, message: PRIVACY_STAFF_MSG.notFound };
  });
}

/** The manager sets both retention periods (audited). */
export async function saveRetention(db: Db, form: FormData, staff: { id: number; email: string }): Promise<{ ok: boolean; message: string }> {
  const parsed = parseRetention({ guestDays: form.get("guestDays"), bookingMonths: form.get("bookingMonths") });
  if (!parsed.ok) return { ok: false, message: parsed.message };
  const venue = await getVenue(db);
  await db.transaction(async (tx) => {
    const values = { guestRetentionDays: parsed.guestDays, bookingRetentionMonths: parsed.bookingMonths };
    await tx
      .insert(venueSettings)
      .values({ id: 1, ...venue.prices, ...values })
      .onConflictDoUpdate({ target: venueSettings.id, set: values });
    await tx.insert(auditLog).values({ staffId: staff.id, actor: `staff:${staff.email}`, action: "retention-settings", details: values });
  });
  invalidateVenueCache(db);
  return { ok: true, message: PRIVACY_STAFF_MSG.saved };
}

/**
 * A family's booking data (nDSG Art. 25, 28): what we store about it, as JSON or a printable page.
 * Guests' answers are in it as the family sees them on its list.
 */
export async function bookingDataExport(db: Db, r: Reservation) {
  const extras = await extrasOf(db, r.id);
  const paid = await db
    .select({ kind: payments.kind, amountRappen: payments.amountRappen, state: payments.status, createdAt: payments.createdAt })
    .from(payments)
    .where(eq(payments.reservationId, r.id))
    .orderBy(asc(payments.createdAt));
  const bills = await db.select({ number: invoices.number, amountRappen: invoices.amountRappen, status: invoices.status }).from(invoices).where(eq(invoices.reservationId, r.id));
  const mails = await db
    .select({ kind: mailOutbox.kind, to: mailOutbox.to, subject: mailOutbox.subject, sentAt: mailOutbox.sentAt })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.reservationId, r.id), sql`${mailOutbox.kind} <> 'guest-link'`))
    .orderBy(asc(mailOutbox.id));
  const guests = await guestRowsOf(db, r);
  return {
    booking: {
      code: r.code,
      offer: r.offerName,
      date: r.date,
      start: `${String(Math.floor(r.startMin / 60)).padStart(2, "0")}:${String(r.startMin % 60).padStart(2, "0")}`,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      children: r.numChildren,
      activeAdults: r.numActiveAdults,
      accompanyingAdults: r.numAccompanyingAdults,
      players: r.players,
      priceChf: (r.priceRappen / 100).toFixed(2),
      amountChf: (r.amountRappen / 100).toFixed(2),
      voucherCode: r.voucherCode,
      channel: r.channel,
    },
    contact: { firstName: r.firstName, lastName: r.lastName, street: r.street, zip: r.zip, city: r.city, country: r.country, phone: r.phone, email: r.email, message: r.message },
    party: { childName: r.partyChildName, childAge: r.partyChildAge, notes: r.partyNotes },
    extras: extras.map((e) => ({ name: e.name, choice: e.choice, quantity: e.quantity, unitPriceChf: (e.unitPriceRappen / 100).toFixed(2) })),
    payments: paid.map((p) => ({ kind: p.kind, amountChf: (p.amountRappen / 100).toFixed(2), state: p.state, createdAt: p.createdAt.toISOString() })),
    invoices: bills.map((b) => ({ number: b.number, amountChf: (b.amountRappen / 100).toFixed(2), status: b.status })),
    emails: mails.map((m) => ({ kind: m.kind, to: m.to, subject: m.subject, sentAt: m.sentAt?.toISOString() ?? null })),
    guests: guests.map((g) => ({ child: g.childName, answer: g.answer, allergies: g.allergies, meal: g.meals, photos: g.photo, phone: g.phone })),
    deletionRequestedAt: r.deletionRequestedAt?.toISOString() ?? null,
  };
}

export type BookingDataExport = Awaited<ReturnType<typeof bookingDataExport>>;
