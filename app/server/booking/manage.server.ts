import type { BookedExtra } from "~/domain/extras";
import { and, eq, sql } from "drizzle-orm";
import { bookingIcs } from "~/domain/booking-email";
import { emailWords, t } from "../i18n/texts.server";
import { normalizeCode } from "~/domain/codes";
import { LINK_FIELD_MAX, LINK_MSG } from "~/domain/manage-link";
import { formatChf } from "~/domain/money";
import { bookedInsideWindow, canSelfChange, closureNoticeOpen, manageLinkReadable, selfServiceDeadline, type SelfServicePolicy } from "~/domain/self-service";
import type { Lang } from "~/i18n/locales";
import type { Db } from "../platform/db.server";
import type { Executor } from "../platform/db-types";
import { getEnv } from "../platform/env.server";
import { Limit } from "../platform/limits.server";
import { hashManageToken, MANAGE_TOKEN_PATTERN, sameDigest } from "../platform/manage-token.server";
import { closures, manageTokens, reservations } from "../platform/schema";
import { enqueueManageLinkMail, kickMailer } from "../mail/mail.server";
import type { Reservation } from "./bookings.server";
import { DEFAULT_BALANCE_DAYS } from "~/domain/deposit";
import { depositView } from "./deposit.server";
import { reservationView, type ReservationView } from "./confirmation-view.server";
import type { GameLocation } from "~/domain/games";
import { getVenue, loadVenueContact, loadVenuePolicy } from "./venue.server";
import { venueWord, type VenueTranslations } from "~/domain/venue-translations";
import { summaryIn } from "./summary-texts.server";
import { instantIn, lateCancellationIn } from "./manage-texts.server";

/** The self-service window and the late fee as the manager set them (venue settings, cached). */
export async function selfServicePolicy(db: Executor): Promise<SelfServicePolicy & { translations: VenueTranslations }> {
  const [policy, venue] = await Promise.all([loadVenuePolicy(db), getVenue(db)]);
  return {
    // The venue's words in other languages (issue #33): the booking's offer name on the manage pages.
    translations: venue.translations,
    hours: policy.selfServiceHours,
    readableDays: getEnv().MANAGE_LINK_READABLE_DAYS,
    lateCancelFeePercent: policy.lateCancelFeePercent,
    balanceDays: policy.balanceDays,
    balanceAtVenue: policy.balanceAtVenue,
  };
}

/**
 * The booking a manage link opens, or null (unknown token, wrong shape, or past its readable
 * time). The token is hashed and looked up by its digest; the stored digest is compared again in
 * constant time. Only bookings that were confirmed at some point carry links.
 */
export async function findManagedBooking(db: Db, token: unknown, now: Date = new Date()): Promise<Reservation | null> {
  if (typeof token !== "string" || !MANAGE_TOKEN_PATTERN.test(token)) return null;
  const digest = hashManageToken(token);
  const [row] = await db
    .select({ tokenHash: manageTokens.tokenHash, reservation: reservations })
    .from(manageTokens)
    .innerJoin(reservations, eq(reservations.id, manageTokens.reservationId))
    .where(eq(manageTokens.tokenHash, digest));
  if (!row || !sameDigest(row.tokenHash, digest)) return null;
  if (!manageLinkReadable(row.reservation, now, getEnv().MANAGE_LINK_READABLE_DAYS)) return null;
  return row.reservation;
}

export type ManageView = {
  /** The booking as BookingSummary shows it, in the page's language. */
  booking: ReservationView;
  statusLabel: string;
  /** What was paid online (CHF text), or null when nothing was (or the booking has a deposit). */
  paidOnline: string | null;
  /** A deposit booking's state lines, and whether its balance can be paid online now (issue #30 §3). */
  deposit: { lines: string[]; payable: boolean; openRappen: number } | null;
  paymentNote: string | null;
  canChange: boolean;
  /** `Mittwoch, 3. Dezember 2026, 14:00 Uhr` */
  deadline: string;
  hours: number;
  /** Booked after the deadline: online changes were never possible for it. */
  bookedLate: boolean;
  /** AGB §4's sentence on a cancellation after the deadline, with the manager's fee. */
  lateCancellation: string;
  /**
   * The venue cancelled the date (a closure, issue #29 §3) and the family has not chosen yet: its
   * reason (`venueWords`: as the venue typed it, German; else ours, in the page's language).
   */
  closureNotice: { reason: string; venueWords: boolean } | null;
};

const PAID = new Set(["settled", "refund_pending", "refunded"]);

/** The manage link's view of a booking, worded in `lang` (namespace `manage`; German by default). */
export function manageView(
  r: Reservation,
  policy: SelfServicePolicy & { translations?: VenueTranslations },
  now: Date = new Date(),
  closureReason: string | null = null,
  location: GameLocation | null = null,
  extras: readonly BookedExtra[] = [],
  lang: Lang = "de",
): ManageView {
  const { hours } = policy;
  const say = (key: Parameters<typeof t<"manage">>[2]) => t(lang, "manage", key);
  const statusLabel =
    r.status === "confirmed"
      ? closureNoticeOpen(r)
        ? say("statusClosure")
        : say("statusConfirmed")
      : r.status === "cancelled"
        ? r.venueCancelled === 1
          ? say("statusVenueCancelled")
          : say("statusCancelled")
        : say("statusFailed");
  // A deposit booking tells its deposit and balance instead (issue #30 §3).
  const deposit = depositView(r, { balanceDays: policy.balanceDays ?? DEFAULT_BALANCE_DAYS, balanceAtVenue: policy.balanceAtVenue ?? false }, "", lang);
  const paidOnline = !deposit && PAID.has(r.paymentStatus) && r.amountRappen > 0 ? formatChf(r.amountRappen, lang) : null;
  const paymentNote = r.paymentStatus === "refunded" ? say("paymentRefunded") : r.paymentStatus === "refund_pending" ? say("paymentRefundPending") : null;
  return {
    booking: summaryIn(lang, reservationView(r, location, extras), undefined, (german) => venueWord(policy.translations ?? {}, lang, german)),
    statusLabel,
    paidOnline,
    deposit: deposit && { lines: deposit.lines, payable: deposit.payable, openRappen: deposit.openRappen },
    paymentNote,
    canChange: canSelfChange(r, now, hours),
    deadline: instantIn(lang, selfServiceDeadline(r, hours)),
    hours,
    bookedLate: bookedInsideWindow(r, hours),
    lateCancellation: lateCancellationIn(lang, policy.lateCancelFeePercent),
    closureNotice: closureNoticeOpen(r) ? { reason: closureReason ?? say("closureDefaultReason"), venueWords: closureReason !== null } : null,
  };
}

/**
 * The reason the family was given when told the venue cannot hold its booking: stored with the notice
 * (a closure's reason, or the manager's words for changed hours); for notices sent before it was
 * stored, the closure's (null when none, or the closure is gone).
 */
export async function closureNoticeReason(db: Executor, r: Reservation): Promise<string | null> {
  if (r.closureNoticeReason) return r.closureNoticeReason;
  if (r.closureNoticeId === null) return null;
  const [row] = await db.select({ reason: closures.reason }).from(closures).where(eq(closures.id, r.closureNoticeId));
  return row?.reason ?? null;
}

/** The booking as a calendar file: the current revision, or its cancellation. */
export async function manageIcs(db: Db, r: Reservation, now: Date = new Date()): Promise<string> {
  return bookingIcs(emailWords(r.lang), r, await loadVenueContact(db), r.status === "cancelled" ? "CANCEL" : "PUBLISH", now);
}

/** Link requests on /buchung: per client address and per booking code (counted in the database). */
export const linkRequestsPerClient = new Limit({ name: "manage-link-client", points: 5, windowSeconds: 15 * 60 });
export const linkRequestsPerCode = new Limit({ name: "manage-link-code", points: 3, windowSeconds: 60 * 60 });

export { LINK_MSG };


/**
 * The "forgot my link" form: a matching code and e-mail address gets a fresh link by e-mail; the
 * answer is the same whether anything matched, so the form tests nothing. Limits count every
 * request (matched or not) per client and per code before the lookup.
 */
export async function requestManageLink(
  db: Db,
  input: { code: unknown; email: unknown; clientKey: string },
  now: Date = new Date(),
): Promise<{ status: 200 | 400 | 429; message: string }> {
  const code = normalizeCode(input.code);
  const email = typeof input.email === "string" ? input.email.trim().toLowerCase() : "";
  if (!code || !email || code.length > LINK_FIELD_MAX.code || email.length > LINK_FIELD_MAX.email) return { status: 400, message: LINK_MSG.missing };
  if (!(await linkRequestsPerClient.consume(db, input.clientKey)).allowed) return { status: 429, message: LINK_MSG.tooMany };
  if (!(await linkRequestsPerCode.consume(db, code)).allowed) return { status: 429, message: LINK_MSG.tooMany };
  const sent = await db.transaction(async (tx) => {
    const [r] = await tx
      .select()
      .from(reservations)
      .where(and(eq(reservations.code, code), sql`lower(${reservations.email}) = ${email}`));
    if (!r || r.confirmedAt === null || !manageLinkReadable(r, now, getEnv().MANAGE_LINK_READABLE_DAYS)) return false;
    await enqueueManageLinkMail(tx, r);
    return true;
  });
  if (sent) kickMailer();
  return { status: 200, message: LINK_MSG.sent };
}

/** With the venue's phone number as the manager keeps it; in the page's language (namespace `manageChange`). */
export async function selfServiceClosedMessage(db: Executor, lang: Lang = "de"): Promise<string> {
  return t(lang, "manageChange", "closedMessage", { hours: (await selfServicePolicy(db)).hours, phone: (await loadVenueContact(db)).phone });
}

/** For the manage routes: the booking of the link in the URL, or a plain 404 (nothing told about why). */
export async function requireManagedBooking(db: Db, token: string | undefined, now: Date = new Date()): Promise<Reservation> {
  const r = await findManagedBooking(db, token, now);
  if (!r) throw new Response("Not Found", { status: 404 });
  return r;
}

/**
 * Headers of every manage page: never cached, never indexed. (`Referrer-Policy: same-origin` for
 * `/buchung…` is set by server.ts with the other security headers, so the token in the URL never
 * travels on as a Referer.)
 */
export const MANAGE_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
} as const;
