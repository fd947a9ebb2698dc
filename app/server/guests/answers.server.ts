import { and, eq, isNull, sql } from "drizzle-orm";
import { GUEST_LIMITS, GUEST_TEXT, guestPlaces, guestStatuses, parseGuestAnswer, type GuestAnswer, type GuestCheckWords, type GuestProblem, type GuestStatus } from "~/domain/guests";
import { isDiallablePhone, storedPhone } from "~/domain/phone";
import { DEFAULT_LANG, type Lang } from "~/i18n/locales";
import { t } from "../i18n/texts.server";
import type { Db } from "../platform/db.server";
import { networkOf } from "../platform/client.server";
import { Limit } from "../platform/limits.server";
import { hashManageToken } from "../platform/manage-token.server";
import { guestInvitations, guestReplies, reservations } from "../platform/schema";
import { enqueueGuestLinkMail, kickMailer } from "../mail/mail.server";
import { answerUrl, findAnswer, findInvitation, invitationPath, invitationToken, invitationView, newAnswerToken, type GuestReply, type InvitationState, type InvitationView } from "./invitations.server";

/**
 * Guests' answers without an account (issue #32 §2). A new answer comes through the invitation
 * link and gets its own edit link; the party's row lock orders it against the host's changes and
 * the other guests, so the places fill in one order whatever races. A guest link reads nothing of
 * the other guests: the status of one's own answer is all it tells. Every answer is worded in the
 * language of the page the guest uses (`lang`, German when none is given), the edit link's e-mail too.
 */

/** New answers per invitation link and per client address; edits per answer (all in `rate_limits`). */
export const answersPerLink = new Limit({ name: "guest-answer-link", points: 60, windowSeconds: 60 * 60 });
export const answersPerClient = new Limit({ name: "guest-answer-client", points: 20, windowSeconds: 60 * 60 });
export const editsPerAnswer = new Limit({ name: "guest-answer-edit", points: 30, windowSeconds: 60 * 60 });
/** Edit-link e-mails per address a day: the form cannot be used to flood someone's inbox. */
export const guestMailsPerAddress = new Limit({ name: "guest-answer-mail", points: 3, windowSeconds: 24 * 60 * 60 });

export type AnswerForm = { values: Record<string, string>; problems: GuestProblem[] };

/** The answer checks' messages in a language (German: the domain's own). */
function checkWords(lang: Lang): GuestCheckWords {
  if (lang === DEFAULT_LANG) return GUEST_TEXT;
  const say = (key: "childNameMissing" | "attendingMissing" | "photoMissing" | "phoneMissing" | "phoneInvalid" | "emailInvalid") => t(lang, "guests", key);
  return {
    childNameMissing: say("childNameMissing"),
    childNameTooLong: t(lang, "guests", "childNameTooLong", { max: GUEST_LIMITS.childName }),
    attendingMissing: say("attendingMissing"),
    allergiesTooLong: t(lang, "guests", "allergiesTooLong", { max: GUEST_LIMITS.allergies }),
    mealMissing: (name) => t(lang, "guests", "mealMissing", { name }),
    photoMissing: say("photoMissing"),
    phoneMissing: say("phoneMissing"),
    phoneInvalid: say("phoneInvalid"),
    emailInvalid: say("emailInvalid"),
  };
}

/** Why an invitation takes no answers now (the deadline passed, cancelled, over), in a language; null while it does. */
export function closedMessage(lang: Lang, state: InvitationState, deadline: string): string | null {
  if (state === "closed") return t(lang, "guests", "closed", { deadline });
  if (state === "cancelled") return t(lang, "guests", "cancelled");
  return state === "over" ? t(lang, "guests", "over") : null;
}

/** The posted fields as typed (strings, cut to a sane length before any check). */
export function postedAnswer(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string") continue;
    if (name === "childName" || name === "attending" || name === "allergies" || name === "photoConsent" || name === "phone" || name === "email" || /^meal-\d{1,9}$/.test(name)) values[name] = value.slice(0, 1000);
  }
  return values;
}

export type InvitationPage = { view: InvitationView };

/** The invitation a guest opens, or null (unknown, revoked, deleted). */
export async function invitationPage(db: Db, token: string, now: Date = new Date(), lang: Lang = DEFAULT_LANG): Promise<InvitationPage | null> {
  const found = await findInvitation(db, token);
  if (!found) return null;
  return { view: await invitationView(db, found.invitation, found.booking, now, lang) };
}

export type SubmitResult =
  | { kind: "saved"; token: string; mailed: boolean }
  | { kind: "problems"; form: AnswerForm }
  | { kind: "refused"; status: 404 | 409 | 429; message: string };

function values(answer: GuestAnswer) {
  return {
    childName: answer.childName,
    attending: answer.attending ? 1 : 0,
    allergies: answer.allergies,
    meals: answer.meals,
    photoConsent: answer.photoConsent ? 1 : 0,
    phone: answer.phone === "" ? "" : storedPhone(answer.phone),
  };
}

/**
 * A new answer through the invitation link: checked, limited, stored under the party's lock. `lang`:
 * the invitation page's language, which the answers and the edit link's e-mail speak.
 */
export async function submitAnswer(db: Db, input: { token: string; form: FormData; clientKey: string; lang?: Lang }, now: Date = new Date()): Promise<SubmitResult> {
  const lang = input.lang ?? DEFAULT_LANG;
  const found = await findInvitation(db, input.token);
  if (!found) return { kind: "refused", status: 404, message: t(lang, "guests", "notFound") };
  const view = await invitationView(db, found.invitation, found.booking, now, lang);
  const refusal = stateRefusal(view, lang);
  if (refusal) return refusal;
  const posted = postedAnswer(input.form);
  const parsed = parseGuestAnswer(posted, view.meals, (p) => isDiallablePhone(p), checkWords(lang));
  if (!parsed.ok) return { kind: "problems", form: { values: posted, problems: parsed.problems } };
  // Per network (an IPv6 host rotating its addresses is one client), then per link.
  if (!(await answersPerClient.consume(db, networkOf(input.clientKey))).allowed) return { kind: "refused", status: 429, message: t(lang, "guests", "tooMany") };
  if (!(await answersPerLink.consume(db, String(found.invitation.id))).allowed) return { kind: "refused", status: 429, message: t(lang, "guests", "tooManyLink") };
  // Reserved, and given back unless the answer is saved (a refused answer costs the address nothing).
  const mailSlot = parsed.answer.email ? await guestMailsPerAddress.reserve(db, hashManageToken(parsed.answer.email)) : null;
  const mailTo = mailSlot?.allowed ? parsed.answer.email : null;
  const { token, hash } = newAnswerToken();
  const saved = await db.transaction(async (tx) => {
    // The party's row first (the lock order of every change of the booking), then the answers.
    const [r] = await tx.select().from(reservations).where(eq(reservations.id, found.booking.id)).for("update");
    if (!r || r.status !== "confirmed" || r.anonymisedAt !== null) return "gone";
    const [inv] = await tx.select({ id: guestInvitations.id }).from(guestInvitations).where(and(eq(guestInvitations.id, found.invitation.id), isNull(guestInvitations.revokedAt)));
    if (!inv) return "gone";
    const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(guestReplies).where(eq(guestReplies.reservationId, r.id));
    if (Number(count?.n ?? 0) >= GUEST_LIMITS.maxAnswers) return "full";
    await tx.insert(guestReplies).values({
      reservationId: r.id,
      editTokenHash: hash,
      invitationVersion: found.invitation.version,
      ...values(parsed.answer),
      attendingSince: parsed.answer.attending ? now : null,
      createdAt: now,
      updatedAt: now,
    });
    // In the language the guest answered in, with the edit link in it too (the deadline is already worded so).
    const child = parsed.answer.childName;
    if (mailTo) {
      await enqueueGuestLinkMail(tx, r.id, mailTo, {
        subject: t(lang, "guests", "mailSubject", { child }),
        text: t(lang, "guests", "mailBody", { child, url: answerUrl(token, lang), deadline: view.deadline }),
      });
    }
    return "saved";
  });
  if (saved !== "saved" && mailSlot?.allowed) await mailSlot.release();
  if (saved === "full") return { kind: "refused", status: 409, message: t(lang, "guests", "full") };
  if (saved !== "saved") return { kind: "refused", status: 409, message: t(lang, "guests", "cancelled") };
  if (mailTo) kickMailer();
  return { kind: "saved", token, mailed: mailTo !== null };
}

function stateRefusal(view: InvitationView, lang: Lang): { kind: "refused"; status: 409; message: string } | null {
  const message = closedMessage(lang, view.state, view.deadline);
  return message === null ? null : { kind: "refused", status: 409, message };
}

/** The form's values from a stored answer (the e-mail is never stored, so it starts empty). */
function formOf(reply: GuestReply): Record<string, string> {
  const form: Record<string, string> = {
    childName: reply.childName,
    attending: reply.attending === 1 ? "ja" : "nein",
    allergies: reply.allergies,
    photoConsent: reply.attending === 1 ? (reply.photoConsent === 1 ? "ja" : "nein") : "",
    phone: reply.phone,
  };
  for (const [id, choice] of Object.entries(reply.meals)) form[`meal-${id}`] = choice;
  return form;
}

async function statusOf(db: Db, reply: GuestReply, numChildren: number): Promise<GuestStatus> {
  const all = await db
    .select({ id: guestReplies.id, attending: guestReplies.attending, attendingSince: guestReplies.attendingSince, hostDeclinedAt: guestReplies.hostDeclinedAt })
    .from(guestReplies)
    .where(eq(guestReplies.reservationId, reply.reservationId));
  return guestStatuses(all, guestPlaces(numChildren)).get(reply.id) ?? "notComing";
}

/** An answer's own page: the party, the answer's status and the form to change it. */
export async function answerPage(
  db: Db,
  token: string,
  now: Date = new Date(),
  lang: Lang = DEFAULT_LANG,
): Promise<{ view: InvitationView; status: GuestStatus; form: Record<string, string>; invitationPath: string | null } | null> {
  const found = await findAnswer(db, token);
  if (!found || found.booking.anonymisedAt !== null) return null;
  // «Antwort für ein weiteres Kind» (a sibling): the invitation's own link, while it works (in the page's language).
  const inv = found.invitation;
  // Only to an answer that came through the current link: a link renewed because it leaked is not handed on.
  const live =
    inv && inv.revokedAt === null && inv.version === found.reply.invitationVersion && hashManageToken(invitationToken(inv)) === inv.tokenHash ? invitationPath(invitationToken(inv), lang) : null;
  return { view: await invitationView(db, inv, found.booking, now, lang), status: await statusOf(db, found.reply, found.booking.numChildren), form: formOf(found.reply), invitationPath: live };
}

export type EditResult = { kind: "saved" } | { kind: "problems"; form: AnswerForm } | { kind: "refused"; status: 404 | 409 | 429; message: string };

/**
 * A change through the answer's link, until the deadline. A «yes» keeps its place while it stays a
 * «yes»; a new «yes» queues behind the others (`attending_since`). The host's «no» stays.
 */
export async function editAnswer(db: Db, input: { token: string; form: FormData; lang?: Lang }, now: Date = new Date()): Promise<EditResult> {
  const lang = input.lang ?? DEFAULT_LANG;
  const found = await findAnswer(db, input.token);
  if (!found || found.booking.anonymisedAt !== null) return { kind: "refused", status: 404, message: t(lang, "guests", "notFound") };
  const view = await invitationView(db, found.invitation, found.booking, now, lang);
  const refusal = stateRefusal(view, lang);
  if (refusal) return refusal;
  const posted = postedAnswer(input.form);
  // The e-mail field is not offered when changing: the link is already at hand.
  delete posted.email;
  const parsed = parseGuestAnswer(posted, view.meals, (p) => isDiallablePhone(p), checkWords(lang));
  if (!parsed.ok) return { kind: "problems", form: { values: posted, problems: parsed.problems } };
  if (!(await editsPerAnswer.consume(db, String(found.reply.id))).allowed) return { kind: "refused", status: 429, message: t(lang, "guests", "tooMany") };
  const saved = await db.transaction(async (tx) => {
    const [r] = await tx.select().from(reservations).where(eq(reservations.id, found.booking.id)).for("update");
    if (!r || r.status !== "confirmed") return false;
    const [reply] = await tx.select().from(guestReplies).where(eq(guestReplies.id, found.reply.id)).for("update");
    if (!reply) return false;
    const attendingSince = parsed.answer.attending ? (reply.attending === 1 ? reply.attendingSince : now) : null;
    await tx.update(guestReplies).set({ ...values(parsed.answer), attendingSince, updatedAt: now }).where(eq(guestReplies.id, reply.id));
    return true;
  });
  if (!saved) return { kind: "refused", status: 409, message: t(lang, "guests", "cancelled") };
  return { kind: "saved" };
}
