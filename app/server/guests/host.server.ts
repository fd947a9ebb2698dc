import { eq, sql } from "drizzle-orm";
import { headcountOpen } from "~/domain/headcount";
import { GUEST_LIMITS, guestPlaces, guestStatuses, parseBring, type GuestMeal, type GuestStatus } from "~/domain/guests";
import { picksOf } from "~/domain/extras";
import { DEFAULT_LANG, type Lang } from "~/i18n/locales";
import { t } from "../i18n/texts.server";
import type { Db } from "../platform/db.server";
import { hashManageToken } from "../platform/manage-token.server";
import { auditLog, guestInvitations, guestReplies, reservations } from "../platform/schema";
import type { Reservation } from "../booking/bookings.server";
import { extrasChildren, extrasFor, extrasOf } from "../booking/extras.server";
import { CUSTOMER_ACTOR } from "../booking/reschedule.server";
import { getVenue, loadVenuePolicy, tablesOn } from "../booking/venue.server";
import { submitFamilyExtras } from "../payments/extras-change.server";
import { guestMeals, guestRowsOf, invitationPath, invitationToken, invitationUrl, mayInvite, tableSeats, type GuestRow, type Invitation } from "./invitations.server";

/**
 * The host family's side (issue #32 §1–3), through the manage link: the invitation link and its
 * share actions, the answers as they come, the waiting list, and the hand-over to the final
 * headcount («Zur Gästeliste übernehmen»), which goes through the normal change flows (persons
 * with their price, then the meals). Worded in the page's language (`lang`, German when none is
 * given); the invitation link carries the booking's language, so guests open it in the host's.
 */

export type HostPage = {
  invitation: { url: string; path: string; bring: string; revoked: boolean } | null;
  /** The link can be created or changed: a table birthday before it begins. */
  canInvite: boolean;
  rows: GuestRow[];
  counts: string;
  places: string;
  /** Waiting answers, and how far the children can be raised (the table's seats). */
  waiting: number;
  raiseTo: number | null;
  tableFull: string | null;
  meals: GuestMeal[];
  takeover: { children: number; open: boolean; intro: string } | null;
};

function linkOf(inv: Invitation, lang: Lang): { url: string; path: string } | null {
  const token = invitationToken(inv);
  // After a SESSION_SECRET rotation the derived link no longer matches: the host makes a new one.
  if (hashManageToken(token) !== inv.tokenHash) return null;
  return { url: invitationUrl(token, lang), path: invitationPath(token, lang) };
}

const ANSWER_KEYS = { coming: "answerComing", waiting: "answerWaiting", declinedByHost: "answerDeclinedByHost", notComing: "answerNotComing" } as const satisfies Record<GuestStatus, string>;

/** A row as the host reads it in a language (the rows come worded in German, as staff read them). */
function rowIn(lang: Lang, row: GuestRow): GuestRow {
  if (lang === DEFAULT_LANG) return row;
  const photo = row.photo === "" ? "" : t(lang, "guestsHost", row.photoConsent ? "photoYes" : "photoNo");
  return { ...row, answer: t(lang, "guestsHost", ANSWER_KEYS[row.status]), photo };
}

export async function hostPage(db: Db, r: Reservation, now: Date = new Date(), lang: Lang = DEFAULT_LANG): Promise<HostPage> {
  const [inv] = await db.select().from(guestInvitations).where(eq(guestInvitations.reservationId, r.id));
  const meals = await guestMeals(db, r, now);
  const rows = await guestRowsOf(db, r, meals);
  const places = guestPlaces(r.numChildren);
  const coming = rows.filter((g) => g.status === "coming").length;
  const waiting = rows.filter((g) => g.status === "waiting").length;
  const notComing = rows.filter((g) => g.status === "notComing").length;
  // How far the persons change can go: the offer's rule and the largest table (a change may move the party to it).
  const venue = await getVenue(db);
  const offer = venue.offers.find((o) => o.id === r.offerId);
  // The tables open for new bookings that day (a change may move the party to one), and its own.
  const largest = Math.max(0, ...tablesOn(venue, r.date).map((t) => t.seats), (await tableSeats(db, r)) ?? 0);
  const maxChildren = Math.max(r.numChildren, Math.min(offer?.maxChildren ?? Number.MAX_SAFE_INTEGER, largest - r.numActiveAdults - r.numAccompanyingAdults));
  const wanted = Math.min(r.numChildren + waiting, maxChildren);
  const raiseTo = waiting > 0 && wanted > r.numChildren ? wanted : null;
  const link = inv && !inv.revokedAt ? linkOf(inv, r.lang) : null;
  const days = (await loadVenuePolicy(db)).balanceDays;
  const open = headcountOpen(r, days, now) && mayInvite(r, now);
  return {
    invitation: inv ? { url: link?.url ?? "", path: link?.path ?? "", bring: inv.bring, revoked: inv.revokedAt !== null || link === null } : null,
    canInvite: mayInvite(r, now),
    rows: rows.map((row) => rowIn(lang, row)),
    counts: t(lang, "guestsHost", "counts", { coming, places, waiting, notComing }),
    places: t(lang, "guestsHost", "places", { places }),
    waiting,
    raiseTo,
    tableFull: waiting > 0 && raiseTo === null ? t(lang, "guestsHost", "tableFull", { children: maxChildren }) : null,
    meals,
    takeover: coming > 0 ? { children: coming + 1, open, intro: t(lang, "guestsHost", "takeoverIntro", { children: coming + 1 }) } : null,
  };
}

export type HostResult =
  | { ok: true; notice: "erstellt" | "neu" | "zurueckgezogen" | "gespeichert" | "abgesagt" | "entfernt" }
  | { ok: true; redirect: string }
  | { ok: false; status: 400 | 404 | 409; message: string };

async function audit(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], r: Reservation, action: string, details: Record<string, unknown> = {}) {
  await tx.insert(auditLog).values({ staffId: CUSTOMER_ACTOR.staffId, actor: CUSTOMER_ACTOR.label, action, reservationId: r.id, details });
}

/** The host's buttons: create, renew or revoke the link, save «what to bring», decline a waiting guest. */
export async function hostAction(db: Db, r: Reservation, form: FormData, now: Date = new Date(), lang: Lang = DEFAULT_LANG): Promise<HostResult> {
  const say = (key: "notActive" | "over" | "noSuchAnswer" | "notWaiting" | "bringDefault") => t(lang, "guestsHost", key);
  const bringTooLong = () => t(lang, "guestsHost", "bringTooLong", { max: GUEST_LIMITS.bring });
  const intent = String(form.get("intent") ?? "");
  if (intent === "takeover") return takeOver(db, r, form, now, lang);
  if (intent !== "revoke" && !mayInvite(r, now)) return { ok: false, status: 409, message: r.status !== "confirmed" ? say("notActive") : say("over") };
  return db.transaction(async (tx): Promise<HostResult> => {
    const [locked] = await tx.select().from(reservations).where(eq(reservations.id, r.id)).for("update");
    if (!locked) return { ok: false, status: 404, message: say("notActive") };
    // Checked again under the lock: a cancellation that came in between wins.
    if (intent !== "revoke" && !mayInvite(locked, now)) return { ok: false, status: 409, message: locked.status !== "confirmed" ? say("notActive") : say("over") };
    const [inv] = await tx.select().from(guestInvitations).where(eq(guestInvitations.reservationId, r.id)).for("update");
    if (intent === "create" || intent === "renew") {
      const bring = intent === "create" && !inv ? parseBring(form.get("bring") ?? say("bringDefault")) : (inv?.bring ?? "");
      if (bring === null) return { ok: false, status: 400, message: bringTooLong() };
      if (!inv) {
        // The id comes first (the secret is derived from it), then its digest.
        const [row] = await tx.insert(guestInvitations).values({ reservationId: r.id, tokenHash: `pending-${r.id}`, bring, createdAt: now }).returning();
        await tx.update(guestInvitations).set({ tokenHash: hashManageToken(invitationToken(row!)) }).where(eq(guestInvitations.id, row!.id));
        await audit(tx, r, "invitation-created");
        return { ok: true, notice: "erstellt" };
      }
      // A link that still works stays; after a SESSION_SECRET rotation the shown one would not: renew.
      if (intent === "create" && inv.revokedAt === null && hashManageToken(invitationToken(inv)) === inv.tokenHash) return { ok: true, notice: "erstellt" };
      const version = inv.version + 1;
      await tx.update(guestInvitations).set({ version, tokenHash: hashManageToken(invitationToken({ id: inv.id, version })), revokedAt: null }).where(eq(guestInvitations.id, inv.id));
      await audit(tx, r, "invitation-renewed");
      return { ok: true, notice: "neu" };
    }
    if (intent === "revoke") {
      if (inv && inv.revokedAt === null) {
        await tx.update(guestInvitations).set({ revokedAt: now }).where(eq(guestInvitations.id, inv.id));
        await audit(tx, r, "invitation-revoked");
      }
      return { ok: true, notice: "zurueckgezogen" };
    }
    if (intent === "bring") {
      const bring = parseBring(form.get("bring"));
      if (bring === null) return { ok: false, status: 400, message: bringTooLong() };
      if (inv) await tx.update(guestInvitations).set({ bring }).where(eq(guestInvitations.id, inv.id));
      return { ok: true, notice: "gespeichert" };
    }
    if (intent === "decline" || intent === "remove") {
      const raw = String(form.get("reply") ?? "");
      if (!/^\d{1,9}$/.test(raw)) return { ok: false, status: 400, message: say("noSuchAnswer") };
      const id = Number(raw);
      // Only an answer of this party (the id alone opens nothing of another booking), read under the party's lock.
      const replies = await tx.select().from(guestReplies).where(eq(guestReplies.reservationId, r.id)).for("update");
      const reply = replies.find((g) => g.id === id);
      if (!reply) return { ok: false, status: 404, message: say("noSuchAnswer") };
      if (intent === "remove") {
        await tx.delete(guestReplies).where(eq(guestReplies.id, id));
        await audit(tx, r, "guest-removed", { count: 1 });
        return { ok: true, notice: "entfernt" };
      }
      // Declined only while it still waits: a guest who moved up meanwhile keeps the place.
      const status = guestStatuses(replies, guestPlaces(locked.numChildren)).get(id);
      // A second press (two tabs, a double click) finds it declined: the same answer as the first.
      if (status === "declinedByHost") return { ok: true, notice: "abgesagt" };
      if (status !== "waiting") return { ok: false, status: 409, message: say("notWaiting") };
      await tx.update(guestReplies).set({ hostDeclinedAt: now, updatedAt: now }).where(eq(guestReplies.id, id));
      await audit(tx, r, "guest-declined", { count: 1 });
      return { ok: true, notice: "abgesagt" };
    }
    return { ok: false, status: 400, message: say("notActive") };
  });
}

/**
 * «Zur Gästeliste übernehmen»: the children first (the birthday child and the guests who come),
 * through the persons page with its price; once they match, the meals — the guests' choices and
 * the birthday child's, chosen here — replace the booked meals through the extras change (the
 * package's meals cost nothing, so it is saved at once). The family then confirms the headcount.
 */
async function takeOver(db: Db, r: Reservation, form: FormData, now: Date, lang: Lang): Promise<HostResult> {
  const locked = t(lang, "guestsHost", "takeoverLocked");
  const token = String(form.get("token") ?? "");
  const days = (await loadVenuePolicy(db)).balanceDays;
  if (!mayInvite(r, now) || !headcountOpen(r, days, now)) return { ok: false, status: 409, message: locked };
  const meals = await guestMeals(db, r, now);
  const rows = await guestRowsOf(db, r, meals);
  const comingIds = new Set(rows.filter((g) => g.status === "coming").map((g) => g.id));
  if (comingIds.size === 0) return { ok: false, status: 409, message: t(lang, "guestsHost", "takeoverNothing") };
  const children = comingIds.size + 1;
  if (children !== r.numChildren) return { ok: true, redirect: `/buchung/${token}/personen?kinder=${children}` };
  const replies = (await db.select().from(guestReplies).where(eq(guestReplies.reservationId, r.id))).filter((g) => comingIds.has(g.id));
  const counts = new Map<string, number>();
  for (const meal of meals) {
    const own = String(form.get(`birthdayMeal-${meal.extraId}`) ?? "");
    if (!meal.choices.includes(own)) return { ok: false, status: 400, message: t(lang, "guestsHost", "takeoverMealMissing", { name: meal.name }) };
    const field = (choice: string) => `extra-${meal.extraId}-${meal.choices.indexOf(choice)}`;
    counts.set(field(own), (counts.get(field(own)) ?? 0) + 1);
    for (const g of replies) {
      const choice = g.meals[String(meal.extraId)] ?? "";
      if (!meal.choices.includes(choice)) return { ok: false, status: 409, message: t(lang, "guestsHost", "takeoverMealGone", { child: g.childName, name: meal.name }) };
      counts.set(field(choice), (counts.get(field(choice)) ?? 0) + 1);
    }
  }
  // Every other extra stays as booked: its fields carry the booked counts.
  const { orderable } = extrasFor(await getVenue(db), { offerId: r.offerId, gameType: r.gameType, date: r.date, startMin: r.startMin, children: extrasChildren(r) }, now);
  const booked = picksOf(await extrasOf(db, r.id));
  const posted = new FormData();
  for (const extra of orderable) {
    if (meals.some((m) => m.extraId === extra.id)) {
      extra.choices.forEach((_c, i) => posted.set(`extra-${extra.id}-${i}`, String(counts.get(`extra-${extra.id}-${i}`) ?? 0)));
      continue;
    }
    const slots = extra.choices.length > 0 ? extra.choices.map((c, i) => ({ choice: c, name: `extra-${extra.id}-${i}` })) : [{ choice: "", name: `extra-${extra.id}` }];
    for (const s of slots) posted.set(s.name, String(booked.find((p) => p.extraId === extra.id && p.choice === s.choice)?.quantity ?? 0));
  }
  const result = await submitFamilyExtras(db, r, posted, { token, confirmed: true }, now);
  // The extras change's own messages are German (its pages word them); rare here: the meals were just checked.
  if (result.kind === "problems") return { ok: false, status: 400, message: result.problems[0]?.message ?? locked };
  const { outcome } = result;
  if ("ok" in outcome) return { ok: false, status: 409, message: outcome.message };
  if (outcome.kind === "payment") return { ok: true, redirect: outcome.paymentUrl };
  if (outcome.kind === "quote") return { ok: false, status: 409, message: outcome.message ?? locked };
  await db.insert(auditLog).values({ staffId: CUSTOMER_ACTOR.staffId, actor: CUSTOMER_ACTOR.label, action: "guest-list-taken-over", reservationId: r.id, details: { children, guests: comingIds.size } });
  return { ok: true, redirect: `/buchung/${token}/schlusszahl?ok=gaeste` };
}

/** For the manage page's card: how many answered, without loading the list. */
export async function guestCounts(db: Db, r: Reservation): Promise<{ answers: number; invited: boolean }> {
  const [inv] = await db.select({ id: guestInvitations.id }).from(guestInvitations).where(eq(guestInvitations.reservationId, r.id));
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(guestReplies).where(eq(guestReplies.reservationId, r.id));
  return { answers: Number(row?.n ?? 0), invited: inv !== undefined };
}
