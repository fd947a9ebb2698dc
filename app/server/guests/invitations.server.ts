import { createHmac, randomBytes } from "node:crypto";
import QRCode from "qrcode";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { longDateLabel } from "~/domain/calendar";
import { hasHeadcount, headcountDeadlineDay, headcountDeadlineText, headcountOpen, isMeal } from "~/domain/headcount";
import { guestPlaces, guestStatuses, HOST_TEXT, type GuestMeal, type GuestRow } from "~/domain/guests";
export { guestBrief, type GuestBrief, type GuestRow } from "~/domain/guests";
import { displayPhone } from "~/domain/phone";
import { formatLongDate } from "~/domain/self-service";
import { formatTime, venueToUtc } from "~/domain/time";
import { DEFAULT_LANG, LOCALE, localePath, type Lang } from "~/i18n/locales";
import { t } from "../i18n/texts.server";
import type { Executor } from "../platform/db.server";
import { getEnv } from "../platform/env.server";
import { hashManageToken, MANAGE_TOKEN_PATTERN, sameDigest } from "../platform/manage-token.server";
import { birthdayTables, guestInvitations, guestReplies, reservations } from "../platform/schema";
import type { Reservation } from "../booking/bookings.server";
import { extrasFor } from "../booking/extras.server";
import { getVenue, loadVenueContact, loadVenuePolicy } from "../booking/venue.server";

/**
 * Invitations and guests' answers (issue #32 §1–3): the link's secret, what a guest link opens,
 * and the lists the host family and staff read. Capabilities stay apart: the invitation link
 * shows the party and takes new answers, an answer's own link edits that answer, the manage link
 * sees the list; none opens another's.
 */

export type Invitation = typeof guestInvitations.$inferSelect;
export type GuestReply = typeof guestReplies.$inferSelect;

/**
 * The invitation's secret, derived from SESSION_SECRET, the row and its version (HMAC-SHA256,
 * 43 characters like a manage link): the manage page can show the same link again without the
 * database holding it; only its SHA-256 is stored for the look-up.
 */
export function invitationToken(inv: Pick<Invitation, "id" | "version">): string {
  return createHmac("sha256", getEnv().SESSION_SECRET).update(`einladung:${inv.id}:${inv.version}`).digest("base64url");
}

/**
 * An invitation's address in a language (issue #33): the host's copies carry the booking's
 * language, so guests open it in the host's language (and may switch).
 */
export function invitationPath(token: string, lang: Lang = DEFAULT_LANG): string {
  return localePath(lang, `/einladung/${token}`);
}

export function invitationUrl(token: string, lang: Lang = DEFAULT_LANG): string {
  return `${getEnv().PUBLIC_URL}${invitationPath(token, lang)}`;
}

/** An answer's own link, in the language the guest answered in. */
export function answerUrl(token: string, lang: Lang = DEFAULT_LANG): string {
  return `${getEnv().PUBLIC_URL}${localePath(lang, `/einladung/antwort/${token}`)}`;
}

/** The printed invitation's QR code (SVG, black on white): phones open the link from paper. */
export function invitationQrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 2, color: { dark: "#000000", light: "#ffffff" } });
}

/** A fresh secret for an answer's edit link, and the digest stored. */
export function newAnswerToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashManageToken(token) };
}

/** The invitation a link opens (not revoked), with its booking; null for anything else. */
export async function findInvitation(db: Executor, token: unknown): Promise<{ invitation: Invitation; booking: Reservation } | null> {
  if (typeof token !== "string" || !MANAGE_TOKEN_PATTERN.test(token)) return null;
  const digest = hashManageToken(token);
  const [row] = await db
    .select({ invitation: guestInvitations, booking: reservations })
    .from(guestInvitations)
    .innerJoin(reservations, eq(reservations.id, guestInvitations.reservationId))
    .where(and(eq(guestInvitations.tokenHash, digest), isNull(guestInvitations.revokedAt)));
  if (!row || !sameDigest(row.invitation.tokenHash, digest) || row.booking.anonymisedAt !== null) return null;
  return row;
}

/** The answer an edit link opens, with its booking and invitation; null for anything else. */
export async function findAnswer(db: Executor, token: unknown): Promise<{ reply: GuestReply; booking: Reservation; invitation: Invitation | null } | null> {
  if (typeof token !== "string" || !MANAGE_TOKEN_PATTERN.test(token)) return null;
  const digest = hashManageToken(token);
  const [row] = await db
    .select({ reply: guestReplies, booking: reservations })
    .from(guestReplies)
    .innerJoin(reservations, eq(reservations.id, guestReplies.reservationId))
    .where(eq(guestReplies.editTokenHash, digest));
  if (!row || !sameDigest(row.reply.editTokenHash, digest)) return null;
  const [invitation] = await db.select().from(guestInvitations).where(eq(guestInvitations.reservationId, row.booking.id));
  return { ...row, invitation: invitation ?? null };
}

/** Where a party stands for its guests: answers taken, past the deadline, cancelled, or over. */
export type InvitationState = "open" | "closed" | "cancelled" | "over";

export function invitationState(r: Reservation, balanceDays: number, now: Date): InvitationState {
  if (r.status !== "confirmed") return "cancelled";
  if (now.getTime() >= venueToUtc(r.date, r.startMin).getTime()) return "over";
  return headcountOpen(r, balanceDays, now) ? "open" : "closed";
}

/** The meals a guest chooses from: the package's meals orderable for this party now. */
export async function guestMeals(db: Executor, r: Reservation, now: Date = new Date()): Promise<GuestMeal[]> {
  const { orderable } = extrasFor(await getVenue(db), { offerId: r.offerId, gameType: r.gameType, date: r.date, startMin: r.startMin, children: r.numChildren }, now);
  return orderable.filter(isMeal).map((e) => ({ extraId: e.id, name: e.name, choices: [...e.choices] }));
}

/**
 * What an invitation shows (issue #32 §1): the birthday child's first name and age, date, time,
 * the venue's address with a map link, what to bring and the deadline — nothing else of the host's
 * data (no family name, address, phone, e-mail or booking code).
 */
export type InvitationView = {
  heading: string;
  ogTitle: string;
  ogDescription: string;
  when: string;
  venueName: string;
  address: string;
  mapUrl: string;
  bring: string;
  /** The host's «what to bring» is the host's own words: marked with the booking's language on a page in another one. */
  bringLang: string | null;
  deadline: string;
  state: InvitationState;
  meals: GuestMeal[];
};

/** The invitation's heading (and its link preview's title) in a language: the child's first name and age if the host gave them. */
function headingsOf(lang: Lang, child: string | null, age: number | null): { heading: string; ogTitle: string } {
  if (!child) return { heading: t(lang, "guests", "heading"), ogTitle: t(lang, "guests", "heading") };
  if (age === null) return { heading: t(lang, "guests", "headingChild", { child }), ogTitle: t(lang, "guests", "ogTitleChild", { child }) };
  return { heading: t(lang, "guests", "headingAge", { child, age }), ogTitle: t(lang, "guests", "ogTitleAge", { child, age }) };
}

/** In the page's language (`lang`, issue #33): headings, day, time and deadline; the venue's words as they are. */
export async function invitationView(
  db: Executor,
  invitation: Pick<Invitation, "bring"> | null,
  r: Reservation,
  now: Date = new Date(),
  lang: Lang = DEFAULT_LANG,
): Promise<InvitationView> {
  const contact = await loadVenueContact(db);
  const policy = await loadVenuePolicy(db);
  const address = `${contact.street}, ${contact.zip} ${contact.city}`;
  const german = lang === DEFAULT_LANG;
  const when = german
    ? `${formatLongDate(r.date)}, ${formatTime(r.startMin)} – ${formatTime(r.endMin)} Uhr`
    : t(lang, "guests", "whenValue", { date: longDateLabel(r.date, lang), start: formatTime(r.startMin), end: formatTime(r.endMin) });
  return {
    ...headingsOf(lang, r.partyChildName, r.partyChildAge),
    ogDescription: t(lang, "guests", "ogDescription", { when, venue: contact.name }),
    when,
    venueName: contact.name,
    address,
    mapUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${contact.name}, ${address}`)}`,
    bring: invitation?.bring ?? "",
    bringLang: r.lang === lang ? null : LOCALE[r.lang],
    deadline: german ? headcountDeadlineText(r.date, policy.balanceDays) : longDateLabel(headcountDeadlineDay(r.date, policy.balanceDays), lang),
    state: invitationState(r, policy.balanceDays, now),
    meals: await guestMeals(db, r, now),
  };
}

/** The table's seats, the most children the party can grow to (the table limits the whole group). */
export async function tableSeats(db: Executor, r: Reservation): Promise<number | null> {
  if (r.tableId === null) return null;
  const [t] = await db.select({ seats: birthdayTables.seats }).from(birthdayTables).where(eq(birthdayTables.id, r.tableId));
  return t?.seats ?? null;
}

function mealsText(reply: Pick<GuestReply, "meals">, meals: readonly GuestMeal[]): string {
  return Object.entries(reply.meals)
    .map(([id, choice]) => {
      const meal = meals.find((m) => String(m.extraId) === id);
      return meals.length > 1 && meal ? `${meal.name}: ${choice}` : choice;
    })
    .join(", ");
}

/** The answers as the host and staff read them, in the order they came, each with its status. */
export async function guestRowsOf(db: Executor, r: Reservation, meals?: readonly GuestMeal[]): Promise<GuestRow[]> {
  const replies = await db.select().from(guestReplies).where(eq(guestReplies.reservationId, r.id)).orderBy(asc(guestReplies.createdAt), asc(guestReplies.id));
  return rowsOf(replies, r.numChildren, meals ?? (await guestMeals(db, r)));
}

function rowsOf(replies: readonly GuestReply[], numChildren: number, meals: readonly GuestMeal[]): GuestRow[] {
  const statuses = guestStatuses(replies, guestPlaces(numChildren));
  return replies.map((g) => {
    const status = statuses.get(g.id) ?? "notComing";
    return {
      id: g.id,
      childName: g.childName,
      status,
      answer: HOST_TEXT.answer[status],
      allergies: g.allergies,
      meals: mealsText(g, meals),
      photo: g.attending === 1 ? (g.photoConsent === 1 ? HOST_TEXT.photoYes : HOST_TEXT.photoNo) : "",
      photoConsent: g.photoConsent === 1,
      phone: g.phone ? displayPhone(g.phone) : "",
    };
  });
}

/** For the prep sheet and the day's lists: the guest rows of many parties at once. */
export async function guestRowsOfMany(db: Executor, bookings: readonly Reservation[]): Promise<Map<number, GuestRow[]>> {
  const result = new Map<number, GuestRow[]>();
  const ids = bookings.filter((b) => hasHeadcount(b)).map((b) => b.id);
  if (ids.length === 0) return result;
  const replies = await db.select().from(guestReplies).where(inArray(guestReplies.reservationId, ids)).orderBy(asc(guestReplies.createdAt), asc(guestReplies.id));
  const venue = await getVenue(db);
  for (const b of bookings) {
    const own = replies.filter((g) => g.reservationId === b.id);
    if (own.length === 0) continue;
    const { orderable, late } = extrasFor(venue, { offerId: b.offerId, gameType: b.gameType, date: b.date, startMin: b.startMin, children: b.numChildren });
    const meals = [...orderable, ...late].filter(isMeal).map((e) => ({ extraId: e.id, name: e.name, choices: [...e.choices] }));
    result.set(b.id, rowsOf(own, b.numChildren, meals));
  }
  return result;
}

/** Whether the host family may invite at all: a confirmed table birthday whose party has not begun. */
export function mayInvite(r: Reservation, now: Date = new Date()): boolean {
  return hasHeadcount(r) && r.status === "confirmed" && r.movesReservationId === null && now.getTime() < venueToUtc(r.date, r.startMin).getTime();
}

