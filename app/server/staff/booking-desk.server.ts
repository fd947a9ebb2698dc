import { hasHeadcount } from "~/domain/headcount";
import { guestBrief, guestRowsOf, type GuestBrief, type GuestRow } from "../guests/invitations.server";
import { headcountState } from "../booking/headcount.server";
import { getVenue, venuePolicy } from "../booking/venue.server";
import { depositView } from "../booking/deposit.server";
import { extraSummaryLines } from "~/domain/extras";
import { extrasOf } from "../booking/extras.server";
import { and, asc, count, desc, eq, exists, gt, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { containsPattern, FOLD_FROM, FOLD_PAIRS, FOLD_TO, foldName, SEARCH_PAGE_SIZE, type SearchFilters } from "~/domain/booking-search";
import { arrivalAllowed, DESK_MSG, parseNote, parsePaidAtVenue, REFUND_MSG, REFUND_NOTE_MAX, RESEND_INTERVAL_SECONDS } from "~/domain/desk";
import { venueNow, venueToUtc } from "~/domain/time";
import { balanceDueRappen } from "~/domain/payment-link";
import type { Db, Executor } from "../platform/db.server";
import {
  auditLog,
  birthdayTables,
  gameLocations,
  mailOutbox,
  payments,
  refunds,
  reservationNotes,
  reservations,
  voucherLedger,
  type ArrivalState,
} from "../platform/schema";
import type { Reservation } from "../booking/bookings.server";
import { listedAsBooking } from "../booking/reschedule.server";
import { partyDetailsOf, updatePartyDetails, type PartyUpdate } from "../booking/party.server";
import { isBirthdayParty, partyDataFields, partyFormValues, partyRows, PARTY_MSG, type DataField, type PartyDetails } from "~/domain/party-details";
import { enqueueBalanceLinkMail, enqueueConfirmationMail, enqueuePaymentLinkMail, kickMailer, mailErrorForStaff } from "../mail/mail.server";
import { displayPhone, isDiallablePhone, storedPhone } from "~/domain/phone";
import { auditActor, auditSentence, type AuditNames } from "~/domain/audit-text";
import { CONTACT_COUNTRIES, firstContactError, phoneCallerContactError, toContact, type ContactInput } from "~/domain/contact";
import { formatChf } from "~/domain/money";
import { formatVenueInstant } from "~/domain/self-service";
import { issuePaymentToken, paymentLinkUrl } from "../platform/manage-token.server";

/** A signed-in staff member acting at the desk (what the audit log records). */
export type DeskActor = { id: number; email: string };

export type BookingRow = {
  code: string;
  type: string;
  kind: "birthday" | "game";
  date: string;
  startMin: number;
  endMin: number;
  name: string;
  email: string;
  phone: string;
  persons: number;
  offerName: string;
  status: string;
  paymentStatus: string;
  amountRappen: number;
  arrival: string | null;
  /** A refund of one of its payments is open (the provider refused it): on the staff's worklist. */
  refundOpen: boolean;
};

export type SearchResult = { rows: BookingRow[]; total: number; page: number; pages: number };

function personsOf(r: Pick<Reservation, "players" | "numChildren" | "numActiveAdults" | "numAccompanyingAdults">): number {
  return r.players ?? r.numChildren + r.numActiveAdults + r.numAccompanyingAdults;
}

function toRow(r: Reservation, refundOpen: boolean): BookingRow {
  return {
    code: r.code,
    type: r.type,
    kind: r.locationId !== null ? "game" : "birthday",
    date: r.date,
    startMin: r.startMin,
    endMin: r.endMin,
    name: `${r.firstName} ${r.lastName}`,
    email: r.email,
    phone: displayPhone(r.phone),
    persons: personsOf(r),
    offerName: r.offerName,
    status: r.status,
    paymentStatus: r.paymentStatus,
    amountRappen: r.amountRappen,
    arrival: r.arrival,
    refundOpen,
  };
}

/**
 * A payment of the booking whose refund is open: the booking's own state says so after a
 * cancellation, and a second (duplicate) payment of a booking that stays paid has only its payment
 * row to say it; so has a partial refund after a change to a lower price that the provider refused
 * (`refund_due_rappen`). A query builder, so the WHERE names the outer table's columns with the table.
 */
function refundOpenOf(db: Executor): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(payments)
      .where(and(eq(payments.reservationId, reservations.id), openRefund)),
  );
}

/** A payment with money still to go back: refused in full, or a refused part of it. */
const openRefund = or(eq(payments.status, "refund_pending"), gt(payments.refundDueRappen, 0));

/**
 * One search text against code, name, e-mail and phone. The text is a bound parameter and its
 * `%`, `_` and `\` are escaped, so it matches literally; a phone number matches with or without
 * its spaces (digits compared alone when the text has at least three of them).
 */
function textCondition(text: string): SQL | undefined {
  if (!text) return undefined;
  const pattern = containsPattern(text);
  const like = (column: SQL) => sql`${column} ilike ${pattern} escape '\\'`;
  const foldedPattern = containsPattern(foldName(text));
  const folded = (column: SQL) => {
    // lower() after translate: ASCII capitals (the C collation folds only those), accented ones by the list.
    let expr = sql`lower(translate(${column}, ${FOLD_FROM}, ${FOLD_TO}))`;
    for (const [from, to] of FOLD_PAIRS) expr = sql`replace(${expr}, ${from}, ${to})`;
    return sql`${expr} like ${foldedPattern} escape '\\'`;
  };
  const parts: SQL[] = [
    like(sql`${reservations.code}`),
    // Names folded on both sides (issue #29 §5): «Mueller» finds «Müller», «rene» finds «René».
    folded(sql`(${reservations.firstName} || ' ' || ${reservations.lastName})`),
    folded(sql`(${reservations.lastName} || ' ' || ${reservations.firstName})`),
    like(sql`${reservations.email}`),
    like(sql`${reservations.phone}`),
  ];
  const digits = phoneDigits(text);
  if (digits.length >= 3 && /^[\d\s+/().-]+$/.test(text)) {
    // Both sides in national form: `+41 79…` and `0041 79…` read as `079…`.
    const stored = sql`regexp_replace(regexp_replace(${reservations.phone}, '[^0-9+]', '', 'g'), '^([+]|00)41', '0')`;
    parts.push(sql`${stored} like ${`%${digits}%`}`);
  }
  return or(...parts);
}

/** A phone number's digits in Swiss national form (`+41 79 555 66 77` → `0795556677`). */
export function phoneDigits(text: string): string {
  return text.replace(/[^\d+]/g, "").replace(/^(\+|00)41/, "0").replace(/\D/g, "");
}

export async function searchBookings(db: Executor, filters: SearchFilters): Promise<SearchResult> {
  const where = and(
    textCondition(filters.text),
    filters.from ? gte(reservations.date, filters.from) : undefined,
    filters.to ? lte(reservations.date, filters.to) : undefined,
    filters.status ? eq(reservations.status, filters.status) : undefined,
    filters.kind === "game" ? isNotNull(reservations.locationId) : filters.kind === "birthday" ? isNull(reservations.locationId) : undefined,
    filters.payment === "refund_pending"
      ? or(eq(reservations.paymentStatus, "refund_pending"), refundOpenOf(db))
      : filters.payment
        ? eq(reservations.paymentStatus, filters.payment)
        : undefined,
    listedAsBooking,
  );
  const [totalRow] = await db.select({ n: count() }).from(reservations).where(where);
  const total = Number(totalRow?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE));
  const rows = await db
    .select({ reservation: reservations, refundOpen: sql<boolean>`${refundOpenOf(db)}`.mapWith(Boolean) })
    .from(reservations)
    .where(where)
    .orderBy(desc(reservations.date), asc(reservations.startMin), asc(reservations.id))
    .limit(SEARCH_PAGE_SIZE)
    .offset((filters.page - 1) * SEARCH_PAGE_SIZE);
  return { rows: rows.map((row) => toRow(row.reservation, row.refundOpen || row.reservation.paymentStatus === "refund_pending")), total, page: filters.page, pages };
}

export type BookingDetail = {
  reservation: Reservation;
  /** A deposit booking's payment state lines (issue #30 §3); empty for a booking paid in full. */
  depositLines: string[];
  /** A birthday's child and allergies (issue #30 §1) as rows, and the staff form's fields; null for a normal game. */
  party: { rows: [string, string][]; editable: boolean; fields: DataField[] } | null;
  /** Guests' answers (issue #32 §3): what staff need at the party, and every answer; null without answers. */
  guests: { brief: GuestBrief; rows: GuestRow[] } | null;
  resourceName: string | null;
  /** A difference row: the code of the booking whose change it holds (see booking/reschedule.server.ts). */
  changeOf: string | null;
  payments: {
    provider: string;
    transactionId: string;
    amountRappen: number;
    status: string;
    refundTransactionId: string | null;
    /** Partial refunds after a change to a lower price: credited, and still owed (for staff when the provider refused). */
    refundedRappen: number;
    refundDueRappen: number;
    createdAt: string;
    updatedAt: string;
  }[];
  /** The family's phone as staff dial it (stored in E.164), and the address's country unless Swiss. */
  phone: string;
  countryName: string | null;
  voucherLedger: { amountRappen: number; kind: string; createdAt: string }[];
  mails: { kind: string; to: string; subject: string; createdAt: string; sentAt: string | null; skippedAt: string | null; attempts: number; lastError: string | null }[];
  /** The history as German sentences (`auditSentence`), oldest first. */
  audit: { at: string; actor: string; action: string; text: string }[];
  notes: { author: string; text: string; createdAt: string }[];
  today: string;
  /** A refund is waiting for staff (see `markRefundDone`). */
  refundOpen: boolean;
  /**
   * What the open refund waits for: `in-progress` — sent to the provider, its answer still missing
   * (repeated automatically: staff must not refund by hand); `refused` — the provider said no;
   * `unknown` — no answer while the idempotency key lasted: check the provider's back office.
   */
  refundState: "in-progress" | "refused" | "unknown" | null;
  /** Every refund written for the booking's payments (amount, why, state, the provider's credit id). */
  refunds: { transactionId: string; amountRappen: number; reason: string; status: string; creditTransactionId: string | null; attempts: number; createdAt: string }[];
};

export async function bookingDetail(db: Executor, code: string, now: Date = new Date()): Promise<BookingDetail | null> {
  const normalized = code.trim().toUpperCase();
  if (!normalized || normalized.length > 40) return null;
  const [r] = await db.select().from(reservations).where(eq(reservations.code, normalized));
  if (!r) return null;
  const [resource, paymentRows, ledgerRows, mailRows, auditRows, noteRows] = await Promise.all([
    r.tableId !== null
      ? db.select({ name: birthdayTables.name }).from(birthdayTables).where(eq(birthdayTables.id, r.tableId))
      : r.locationId !== null
        ? db.select({ name: gameLocations.name }).from(gameLocations).where(eq(gameLocations.id, r.locationId))
        : Promise.resolve([]),
    db.select().from(payments).where(eq(payments.reservationId, r.id)).orderBy(asc(payments.id)),
    db.select().from(voucherLedger).where(eq(voucherLedger.reservationId, r.id)).orderBy(asc(voucherLedger.id)),
    db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, r.id)).orderBy(asc(mailOutbox.id)),
    db.select().from(auditLog).where(eq(auditLog.reservationId, r.id)).orderBy(asc(auditLog.id)),
    db.select().from(reservationNotes).where(eq(reservationNotes.reservationId, r.id)).orderBy(asc(reservationNotes.id)),
  ]);
  // Moves name their tables and game locations, which may since have been renamed or removed.
  const names: AuditNames =
    auditRows.some((a) => a.action === "move" || a.action === "change")
      ? {
          tables: Object.fromEntries((await db.select({ id: birthdayTables.id, name: birthdayTables.name }).from(birthdayTables)).map((t) => [t.id, t.name])),
          locations: Object.fromEntries((await db.select({ id: gameLocations.id, name: gameLocations.name }).from(gameLocations)).map((l) => [l.id, l.name])),
        }
      : { tables: {}, locations: {} };
  const refundRows = paymentRows.length === 0 ? [] : await db.select().from(refunds).where(inArray(refunds.paymentId, paymentRows.map((p) => p.id))).orderBy(asc(refunds.id));
  const refundOpen = r.paymentStatus === "refund_pending" || paymentRows.some((p) => p.status === "refund_pending" || p.refundDueRappen > 0);
  const inFlight = (paymentId: number) => refundRows.some((f) => f.paymentId === paymentId && f.status === "pending");
  const refundState: BookingDetail["refundState"] = !refundOpen
    ? null
    : refundRows.some((f) => f.status === "unknown")
      ? "unknown"
      : paymentRows.some((p) => p.refundDueRappen > 0 || (p.status === "refund_pending" && !inFlight(p.id))) || !refundRows.some((f) => f.status === "pending")
        ? "refused"
        : "in-progress";
  // The final headcount (issue #30 §4): confirmed when, or open until its deadline.
  const headcountRows = (b: typeof r, days: number): [string, string][] => {
    const state = headcountState(b, days);
    if (!state) return [];
    const text = state.confirmedAt ? `bestätigt am ${state.confirmedAt}` : state.open ? `offen, Frist: ${state.deadline}` : `nicht bestätigt (Frist ${state.deadline} vorbei)`;
    return [["Schlusszahl", text]];
  };
  // The extras ordered (issue #30 §2), one per line with count and price.
  const extraLines = extraSummaryLines(await extrasOf(db, r.id)).map((l) => `${l.label}: ${l.detail}`);
  const extraRows: [string, string][] = extraLines.length > 0 ? [["Zusatzleistungen", extraLines.join("\n")]] : [];
  return {
    reservation: r,
    // A deposit booking's state (issue #30 §3): «Anzahlung bezahlt», «Restbetrag offen …» with amounts.
    depositLines: depositView(r, venuePolicy(await getVenue(db)), null)?.lines ?? [],
    party: isBirthdayParty(r)
      ? { rows: [...partyRows(partyDetailsOf(r)), ...extraRows, ...headcountRows(r, venuePolicy(await getVenue(db)).balanceDays)], editable: r.status === "confirmed" || r.status === "held", fields: partyDataFields(partyFormValues(partyDetailsOf(r))) }
      : null,
    guests: await (async () => {
      const rows = hasHeadcount(r) ? await guestRowsOf(db, r) : [];
      return rows.length > 0 ? { brief: guestBrief(rows), rows } : null;
    })(),
    phone: displayPhone(r.phone),
    countryName: r.country === "CH" ? null : (CONTACT_COUNTRIES[r.country as keyof typeof CONTACT_COUNTRIES] ?? r.country),
    resourceName: resource[0]?.name ?? null,
    changeOf: r.movesReservationId === null ? null : ((await db.select({ code: reservations.code }).from(reservations).where(eq(reservations.id, r.movesReservationId)))[0]?.code ?? null),
    payments: paymentRows.map((p) => ({
      provider: p.provider,
      transactionId: p.transactionId,
      amountRappen: p.amountRappen,
      status: p.status,
      refundTransactionId: p.refundTransactionId,
      refundedRappen: p.refundedRappen,
      refundDueRappen: p.refundDueRappen,
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
    })),
    voucherLedger: ledgerRows.map((l) => ({ amountRappen: l.amountRappen, kind: l.kind, createdAt: l.createdAt.toISOString() })),
    mails: mailRows.map((m) => ({
      kind: m.kind,
      to: m.to,
      subject: m.subject,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
      skippedAt: m.skippedAt?.toISOString() ?? null,
      attempts: m.attempts,
      // Rows written before errors were stored short may still carry a path or a stack.
      lastError: m.lastError === null ? null : mailErrorForStaff(m.lastError),
    })),
    audit: auditRows.map((a) => ({ at: a.at.toISOString(), actor: auditActor(a.actor), action: a.action, text: auditSentence(a, names) })),
    notes: noteRows.map((n) => ({ author: n.author, text: n.text, createdAt: n.createdAt.toISOString() })),
    today: venueNow(now).date,
    refundOpen,
    refundState,
    refunds: refundRows.map((f) => ({
      transactionId: paymentRows.find((p) => p.id === f.paymentId)?.transactionId ?? "",
      amountRappen: f.amountRappen,
      reason: f.reason,
      status: f.status,
      creditTransactionId: f.creditTransactionId,
      attempts: f.attempts,
      createdAt: f.createdAt.toISOString(),
    })),
  };
}

export type DeskResult = { ok: true; message: string } | { ok: false; status: 400 | 404 | 409 | 429; message: string };

/** An internal note on a booking, and its audit row, in one transaction. */
export async function addNote(db: Db, input: { code: string; text: unknown }, actor: DeskActor): Promise<DeskResult> {
  const note = parseNote(input.text);
  if (!note.ok) return { ok: false, status: 400, message: note.message };
  return db.transaction(async (tx) => {
    const [r] = await tx.select({ id: reservations.id }).from(reservations).where(eq(reservations.code, input.code.trim().toUpperCase()));
    if (!r) return { ok: false, status: 404, message: DESK_MSG.notFound };
    const [row] = await tx
      .insert(reservationNotes)
      .values({ reservationId: r.id, staffId: actor.id, author: `staff:${actor.email}`, text: note.text })
      .returning({ id: reservationNotes.id });
    await tx.insert(auditLog).values({
      staffId: actor.id,
      actor: `staff:${actor.email}`,
      action: "note",
      reservationId: r.id,
      details: { noteId: row!.id, after: { text: note.text } },
    });
    return { ok: true, message: "Notiz gespeichert." };
  });
}

export type ArrivalIntent = "arrived" | "no_show" | "reset" | "paid";

export function arrivalIntent(value: unknown): ArrivalIntent | null {
  return value === "arrived" || value === "no_show" || value === "reset" || value === "paid" ? value : null;
}

/**
 * The desk at the door: mark a confirmed booking arrived or no-show (from its day on), take the mark
 * back, and/or record what was paid at the counter (the total so far, so a repeated form post
 * changes nothing). Row-locked; one audit row with before and after.
 */
export async function recordArrival(
  db: Db,
  input: { code: string; intent: unknown; paid?: unknown },
  actor: DeskActor,
  now: Date = new Date(),
): Promise<DeskResult> {
  const intent = arrivalIntent(input.intent);
  if (!intent) return { ok: false, status: 400, message: DESK_MSG.intent };
  const paidText = typeof input.paid === "string" ? input.paid.trim() : "";
  let paid: number | null = null;
  if (intent === "paid" || paidText !== "") {
    const parsed = parsePaidAtVenue(paidText);
    if (!parsed.ok) return { ok: false, status: 400, message: parsed.message };
    paid = parsed.rappen;
  }
  return db.transaction(async (tx) => {
    const [r] = await tx.select().from(reservations).where(eq(reservations.code, input.code.trim().toUpperCase())).for("update");
    if (!r) return { ok: false, status: 404, message: DESK_MSG.notFound };
    if (r.status !== "confirmed") return { ok: false, status: 409, message: DESK_MSG.notConfirmed };
    const changesArrival = intent !== "paid";
    if (changesArrival && intent !== "reset" && !arrivalAllowed(r.date, venueNow(now).date)) return { ok: false, status: 409, message: DESK_MSG.notYet };
    const arrival: ArrivalState | null = intent === "arrived" ? "arrived" : intent === "no_show" ? "no_show" : intent === "reset" ? null : r.arrival;
    const paidAtVenueRappen = paid ?? r.paidAtVenueRappen;
    const before = { arrival: r.arrival, paidAtVenueRappen: r.paidAtVenueRappen };
    const after = { arrival, paidAtVenueRappen };
    if (before.arrival === after.arrival && before.paidAtVenueRappen === after.paidAtVenueRappen) {
      return { ok: true, message: "Keine Änderung." };
    }
    await tx
      .update(reservations)
      .set({ arrival, arrivalAt: arrival === r.arrival ? r.arrivalAt : arrival ? now : null, paidAtVenueRappen, updatedAt: now })
      .where(eq(reservations.id, r.id));
    await tx.insert(auditLog).values({
      staffId: actor.id,
      actor: `staff:${actor.email}`,
      action: "arrival",
      reservationId: r.id,
      details: { before, after },
    });
    const what =
      arrival !== r.arrival
        ? arrival === "arrived"
          ? `${r.code}: angekommen.`
          : arrival === "no_show"
            ? `${r.code}: nicht erschienen.`
            : `${r.code}: Ankunft zurückgesetzt.`
        : `${r.code}: Zahlung vor Ort gespeichert.`;
    return { ok: true, message: what };
  });
}

export { REFUND_MSG, REFUND_NOTE_MAX };

/**
 * "Rückerstattung manuell erledigt": staff refunded by hand what the provider refused (in its back
 * office, or by bank transfer). Every open refund of the booking becomes `refunded`, and the
 * booking's own state too when it was the one waiting; row-locked, so a double submit finds nothing
 * open the second time. One audit row with before and after (and the staff's note, e.g. a
 * transfer reference). No e-mail: the family was told the refund is handled manually.
 */
export async function markRefundDone(
  db: Db,
  input: { code: string; note?: unknown },
  actor: DeskActor,
  now: Date = new Date(),
): Promise<DeskResult> {
  const note = typeof input.note === "string" ? input.note.trim() : "";
  if ([...note].length > REFUND_NOTE_MAX) return { ok: false, status: 400, message: REFUND_MSG.noteTooLong };
  return db.transaction(async (tx) => {
    const [r] = await tx.select().from(reservations).where(eq(reservations.code, input.code.trim().toUpperCase())).for("update");
    if (!r) return { ok: false, status: 404, message: DESK_MSG.notFound };
    const open = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.reservationId, r.id), openRefund))
      .for("update");
    if (open.length === 0 && r.paymentStatus !== "refund_pending") return { ok: false, status: 409, message: REFUND_MSG.none };
    // Sent to the provider and not answered yet: the reconciliation repeats it with its key, so a
    // refund by hand now would pay the family twice.
    if (open.length > 0) {
      const [inFlight] = await tx
        .select({ id: refunds.id })
        .from(refunds)
        .where(and(inArray(refunds.paymentId, open.map((p) => p.id)), eq(refunds.status, "pending")));
      if (inFlight) return { ok: false, status: 409, message: REFUND_MSG.inProgress };
    }
    const whole = open.filter((p) => p.status === "refund_pending");
    const parts = open.filter((p) => p.status !== "refund_pending");
    if (whole.length > 0) {
      await tx
        .update(payments)
        .set({ status: "refunded", refundDueRappen: 0, refundedRappen: sql`${payments.amountRappen} - ${payments.voucherCreditedRappen}`, updatedAt: now })
        .where(inArray(payments.id, whole.map((p) => p.id)));
    }
    // A refused part of a payment (a change to a lower price): that part is done, the payment stays paid.
    if (parts.length > 0) {
      await tx
        .update(payments)
        .set({ refundedRappen: sql`${payments.refundedRappen} + ${payments.refundDueRappen}`, refundDueRappen: 0, updatedAt: now })
        .where(inArray(payments.id, parts.map((p) => p.id)));
    }
    const paymentStatus = r.paymentStatus === "refund_pending" ? "refunded" : r.paymentStatus;
    if (paymentStatus !== r.paymentStatus) await tx.update(reservations).set({ paymentStatus, updatedAt: now }).where(eq(reservations.id, r.id));
    await tx.insert(auditLog).values({
      staffId: actor.id,
      actor: `staff:${actor.email}`,
      action: "refund-manual-done",
      reservationId: r.id,
      details: {
        before: {
          paymentStatus: r.paymentStatus,
          payments: open.map((p) => ({ transactionId: p.transactionId, amountRappen: p.amountRappen, status: p.status, refundDueRappen: p.refundDueRappen })),
        },
        after: {
          paymentStatus,
          payments: open.map((p) => ({ transactionId: p.transactionId, amountRappen: p.amountRappen, status: p.status === "refund_pending" ? "refunded" : p.status, refundDueRappen: 0 })),
        },
        note: note || null,
      },
    });
    return { ok: true, message: REFUND_MSG.done(r.code) };
  });
}

/**
 * «Bestätigung erneut senden» (issue #29 §2): the confirmation again, to the address the booking has
 * now, with a fresh manage link and the current calendar entry. Row-locked, so two clicks at once
 * queue one message; at most one per booking per RESEND_INTERVAL_SECONDS (counted in the outbox,
 * so it holds across processes). Audited.
 */
export async function resendConfirmation(db: Db, code: string, actor: DeskActor, now: Date = new Date()): Promise<DeskResult> {
  const result = await db.transaction(async (tx): Promise<DeskResult> => {
    const [r] = await tx.select().from(reservations).where(eq(reservations.code, code.trim().toUpperCase())).for("update");
    if (!r) return { ok: false, status: 404, message: DESK_MSG.notFound };
    if (r.status !== "confirmed") return { ok: false, status: 409, message: DESK_MSG.resendNotConfirmed };
    if (r.email.trim() === "") return { ok: false, status: 409, message: DESK_MSG.noEmail };
    const since = new Date(now.getTime() - RESEND_INTERVAL_SECONDS * 1000);
    const [recent] = await tx
      .select({ n: count() })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.reservationId, r.id), eq(mailOutbox.kind, "confirmation-resend"), gt(mailOutbox.createdAt, since)));
    if (Number(recent?.n ?? 0) > 0) return { ok: false, status: 429, message: DESK_MSG.resendTooSoon };
    await enqueueConfirmationMail(tx, r, undefined, "confirmation-resend");
    await tx.insert(auditLog).values({ staffId: actor.id, actor: `staff:${actor.email}`, action: "confirmation-resend", reservationId: r.id, details: { to: r.email } });
    return { ok: true, message: DESK_MSG.resent(r.email) };
  });
  if (result.ok) kickMailer();
  return result;
}

/**
 * «Zahlungslink anzeigen» (issue #29 §4): a held phone booking's payment link for staff to read out
 * or send by SMS — the way to reach a caller without an e-mail address, and a fallback when a mail
 * bounced. Each press issues a fresh token (the link is shown once and never stored in readable
 * form); older links stay valid while the hold lasts. Audited.
 */
export async function showPaymentLink(
  db: Db,
  code: string,
  actor: DeskActor,
  now: Date = new Date(),
  options: { email?: boolean } = {},
): Promise<{ ok: true; url: string; smsHref: string | null; validUntil: Date; amountRappen: number; emailed: boolean } | { ok: false; status: 404 | 409; message: string }> {
  const result = await db.transaction(async (tx) => {
    const [r] = await tx.select().from(reservations).where(eq(reservations.code, code.trim().toUpperCase())).for("update");
    if (!r) return { ok: false as const, status: 404 as const, message: DESK_MSG.notFound };
    const heldPhone = r.status === "held" && r.channel === "phone" && r.holdExpiresAt !== null && r.holdExpiresAt.getTime() > now.getTime() && r.movesReservationId === null;
    // A confirmed booking paid online with an open balance (a correction that costs more) pays it by link too.
    const balance = balanceDueRappen(r);
    if (!heldPhone && balance === 0) return { ok: false as const, status: 409 as const, message: DESK_MSG.paymentLinkNotHeld };
    const amountRappen = heldPhone ? r.amountRappen : balance;
    const validUntil = heldPhone ? r.holdExpiresAt! : venueToUtc(r.date, r.startMin);
    const url = paymentLinkUrl(await issuePaymentToken(tx, r.id, now), r.lang);
    const emailed = options.email === true && !heldPhone && r.email !== "";
    if (emailed) await enqueueBalanceLinkMail(tx, r, { url, amountRappen, validUntil });
    await tx.insert(auditLog).values({
      staffId: actor.id,
      actor: `staff:${actor.email}`,
      action: "payment-link-shown",
      reservationId: r.id,
      details: { amountRappen, ...(heldPhone ? {} : { balance: true }), ...(emailed ? { emailed: true } : {}) },
    });
    const body = `${r.code}: Bitte bezahlen Sie ${formatChf(amountRappen)} bis ${formatVenueInstant(validUntil)} unter ${url}`;
    const digits = r.phone.replace(/[^\d+]/g, "");
    return { ok: true as const, url, smsHref: digits ? `sms:${digits}?body=${encodeURIComponent(body)}` : null, validUntil, amountRappen, emailed };
  });
  if (result.ok && result.emailed) kickMailer();
  return result;
}

const CONTACT_KEYS = ["firstName", "lastName", "street", "zip", "city", "country", "phone", "email"] as const;

/**
 * Staff correct a booking's contact data (issue #29 §2): a mistyped e-mail address, a new phone
 * number. The same rules as where the booking came from — the site's form for online bookings, name
 * and phone for a caller — checked under the row lock; the changed fields go into the audit row
 * (before and after). `notify`: the confirmation goes again to the (new) address, with a fresh manage
 * link; a held phone booking gets its payment link there instead.
 */
export type ContactOutcome = "unchanged" | "saved" | "notified";

export async function correctContact(
  db: Db,
  input: { code: string; contact: ContactInput; notify: boolean },
  actor: DeskActor,
  now: Date = new Date(),
): Promise<(DeskResult & { ok: false }) | { ok: true; message: string; outcome: ContactOutcome }> {
  const result = await db.transaction(async (tx): Promise<(DeskResult & { ok: false }) | { ok: true; message: string; outcome: ContactOutcome }> => {
    const [r] = await tx.select().from(reservations).where(eq(reservations.code, input.code.trim().toUpperCase())).for("update");
    if (!r) return { ok: false, status: 404, message: DESK_MSG.notFound };
    if (r.status !== "confirmed" && r.status !== "held") return { ok: false, status: 409, message: DESK_MSG.contactNotActive };
    const given: ContactInput = { ...input.contact, emailRepeat: input.contact.email, terms: "on" };
    const problem = r.channel === "phone" ? phoneCallerContactError(given, isDiallablePhone) : firstContactError(given, isDiallablePhone);
    if (problem) return { ok: false, status: 400, message: problem };
    const typed = toContact(given);
    const next = { ...typed, phone: storedPhone(typed.phone, typed.country) };
    const changed = CONTACT_KEYS.filter((k) => next[k] !== r[k]);
    if (changed.length === 0) return { ok: true, message: DESK_MSG.contactUnchanged, outcome: "unchanged" };
    const [updated] = await tx
      .update(reservations)
      .set({ ...Object.fromEntries(changed.map((k) => [k, next[k]])), updatedAt: now })
      .where(eq(reservations.id, r.id))
      .returning();
    const notify = input.notify && updated!.email !== "";
    await tx.insert(auditLog).values({
      staffId: actor.id,
      actor: `staff:${actor.email}`,
      action: "contact-change",
      reservationId: r.id,
      details: { before: Object.fromEntries(changed.map((k) => [k, r[k]])), after: Object.fromEntries(changed.map((k) => [k, next[k]])), notified: notify },
    });
    if (notify && updated!.status === "confirmed") await enqueueConfirmationMail(tx, updated!, undefined, "confirmation-resend");
    else if (notify && updated!.channel === "phone" && updated!.holdExpiresAt && updated!.holdExpiresAt > now) await enqueuePaymentLinkMail(tx, updated!);
    return notify
      ? { ok: true, message: DESK_MSG.contactSavedNotified(updated!.email), outcome: "notified" }
      : { ok: true, message: DESK_MSG.contactSaved, outcome: "saved" };
  });
  if (result.ok) kickMailer();
  return result;
}

/** Staff store a booking's party details (issue #30 §1): any time while the booking is active, audited. */
export async function partyDetailsByStaff(db: Db, code: string, details: PartyDetails, actor: DeskActor, now: Date = new Date()): Promise<PartyUpdate> {
  const [r] = await db.select({ id: reservations.id }).from(reservations).where(eq(reservations.code, code.trim().toUpperCase()));
  if (!r) return { ok: false, status: 404, message: PARTY_MSG.notActive };
  return updatePartyDetails(db, { reservationId: r.id, details, actor: { staffId: actor.id, label: `staff:${actor.email}` }, byStaff: true }, now);
}
