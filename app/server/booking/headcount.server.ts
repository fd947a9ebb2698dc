import { and, eq, gte, isNull, lte, ne, notExists } from "drizzle-orm";
import {
  HEADCOUNT_MSG,
  HEADCOUNT_NOTICE_DAYS,
  hasHeadcount,
  headcountDeadlineDay,
  headcountDeadlineText,
  headcountOpen,
  headcountRequestDue,
  mealCounts,
  mealProblem,
  mealText,
  type MealCount,
} from "~/domain/headcount";
import { addDays, formatDateDE, formatTime, venueNow } from "~/domain/time";
import type { BookedExtra, ExtraPick } from "~/domain/extras";
import type { Lang } from "~/i18n/locales";
import { t } from "../i18n/texts.server";
import type { Db, Executor } from "../platform/db.server";
import { auditLog, mailOutbox, reservations } from "../platform/schema";
import { enqueueHeadcountMail } from "../mail/mail.server";
import { queueOncePerBooking } from "./reminders.server";
import type { Reservation } from "./bookings.server";
import { extrasFor, extrasOf } from "./extras.server";
import type { AuditActor } from "./reschedule.server";
import { getVenue, loadVenueContact, loadVenuePolicy, type Venue } from "./venue.server";
import { longDateIn, partyMessageIn, venueInstantIn, whenRange } from "./party-pages.server";

/**
 * The final headcount of a birthday party (issue #30 §4): what the manage link shows and asks,
 * the family's confirmation under the row lock, the lock after the deadline, and the job that
 * asks by e-mail once per booking. The deadline day is the balance's due day (`balanceDays`).
 */

export type HeadcountState = {
  /** «Mittwoch, 9. Dezember 2026» */
  deadline: string;
  /** Before the end of the deadline day: the family may change and confirm. */
  open: boolean;
  /** «Dienstag, 8. Dezember 2026, 14:05 Uhr», or null while not confirmed. */
  confirmedAt: string | null;
};

/**
 * The state for the manage page, the staff pages and the prep sheet; null for a booking without a
 * headcount. `lang`: a family page's language (issue #33), German for staff.
 */
export function headcountState(r: Reservation, days: number, now: Date = new Date(), lang: Lang = "de"): HeadcountState | null {
  if (!hasHeadcount(r) || r.status !== "confirmed") return null;
  return {
    deadline: longDateIn(lang, headcountDeadlineDay(r.date, days), headcountDeadlineText(r.date, days)),
    open: headcountOpen(r, days, now),
    confirmedAt: r.headcountConfirmedAt ? venueInstantIn(lang, r.headcountConfirmedAt) : null,
  };
}

/** `HEADCOUNT_MSG`'s sentences with values in a language (namespace `party`); German as the domain words them. */
function headcountWords(lang: Lang) {
  if (lang === "de") return HEADCOUNT_MSG;
  return {
    ask: (deadline: string) => t(lang, "party", "headcountAsk", { deadline }),
    confirmed: (at: string) => t(lang, "party", "headcountConfirmed", { at }),
    changeUntil: (deadline: string) => t(lang, "party", "headcountChangeUntil", { deadline }),
    locked: (deadline: string, phone: string) => t(lang, "party", "headcountLocked", { deadline, phone }),
    mealsMismatch: (name: string, chosen: number, children: number) => t(lang, "party", "mealsMismatch", { name, chosen, children }),
    mealsLocked: (name: string, children: number) => t(lang, "party", "mealsLocked", { name, children }),
  };
}

/** «Pizza Margherita: 5, Hot Dog: 3» (`mealText`) in a language: the choices are the venue's words. */
function mealTextIn(lang: Lang, m: MealCount): string {
  if (lang === "de") return mealText(m);
  const chosen = m.choices.filter((c) => c.quantity > 0);
  return chosen.length === 0 ? t(lang, "party", "nothingChosen") : chosen.map((c) => t(lang, "party", "mealChoice", { choice: c.choice, quantity: c.quantity })).join(", ");
}

/** The meals this booking counts: its package's meals (active, orderable or not) and those it chose. */
function mealsOf(venue: Pick<Venue, "extras">, r: Reservation, booked: readonly BookedExtra[], now: Date): MealCount[] {
  const { orderable, late } = extrasFor(venue, { offerId: r.offerId, gameType: r.gameType, date: r.date, startMin: r.startMin, children: r.numChildren }, now);
  return mealCounts([...orderable, ...late], booked);
}

/** The family's message (in its page's language) when a change would leave the meals not adding up after the confirmation or the deadline. */
export async function familyMealsGuard(
  db: Db,
  r: Reservation,
  picks: readonly ExtraPick[],
  now: Date = new Date(),
  lang: Lang = "de",
): Promise<((locked: Reservation) => string | null) | undefined> {
  if (!hasHeadcount(r)) return undefined;
  const venue = await getVenue(db);
  const days = (await loadVenuePolicy(db)).balanceDays;
  const asBooked = picks.map((p) => {
    const extra = venue.extras.find((e) => e.id === p.extraId);
    return { ...p, name: extra?.name ?? "", unit: extra?.unit ?? "piece", unitPriceRappen: extra?.priceRappen ?? 1, deadlineDays: extra?.deadlineDays ?? 0 } satisfies BookedExtra;
  });
  return (locked) => {
    if (locked.headcountConfirmedAt === null && headcountOpen(locked, days, now)) return null;
    const say = headcountWords(lang);
    return mealProblem(mealsOf(venue, locked, asBooked, now), locked.numChildren, (name) => say.mealsLocked(name, locked.numChildren));
  };
}

/**
 * The headcount page of the manage link: the numbers, the meals counted, what is still wrong, and
 * the sentence that asks (or says it is confirmed, or locked), in the page's language.
 */
export async function headcountPage(db: Db, r: Reservation, now: Date = new Date(), lang: Lang = "de") {
  const days = (await loadVenuePolicy(db)).balanceDays;
  const state = headcountState(r, days, now, lang);
  if (!state) return null;
  const meals = mealsOf(await getVenue(db), r, await extrasOf(db, r.id), now);
  const say = headcountWords(lang);
  const lockedMessage = state.open ? null : say.locked(state.deadline, (await loadVenueContact(db)).phone);
  return {
    state,
    when: lang === "de" ? `${formatDateDE(r.date)}, ${formatTime(r.startMin)} - ${formatTime(r.endMin)} Uhr, ${r.offerName}` : whenRange(lang, r, r.offerName),
    counts: [
      [t(lang, "party", "children"), String(r.numChildren)],
      [t(lang, "party", "activeAdults"), String(r.numActiveAdults)],
      [t(lang, "party", "accompanyingAdults"), String(r.numAccompanyingAdults)],
    ] as [string, string][],
    // `chosen`: the text names the venue's choices (marked as German on a page in another language).
    meals: meals.map((m) => ({ name: m.name, text: mealTextIn(lang, m), total: m.total, chosen: m.choices.some((c) => c.quantity > 0) })),
    problem: mealProblem(meals, r.numChildren, say.mealsMismatch),
    lockedMessage,
    status: lockedMessage ?? (state.confirmedAt ? `${say.confirmed(state.confirmedAt)} ${say.changeUntil(state.deadline)}` : say.ask(state.deadline)),
  };
}

/** The message a family reads when its numbers are locked; null while it may still change them. */
export async function headcountLockedMessage(db: Db, r: Reservation, now: Date = new Date()): Promise<string | null> {
  if (!hasHeadcount(r)) return null;
  const days = (await loadVenuePolicy(db)).balanceDays;
  if (headcountOpen(r, days, now)) return null;
  return HEADCOUNT_MSG.locked(headcountDeadlineText(r.date, days), (await loadVenueContact(db)).phone);
}

/** For a family's change of its numbers: the deadline in days and the message after it (checked under the row lock). */
export async function headcountLockOption(db: Db, r: Reservation): Promise<{ days: number; lockedMessage: string }> {
  const days = (await loadVenuePolicy(db)).balanceDays;
  return { days, lockedMessage: HEADCOUNT_MSG.locked(headcountDeadlineText(r.date, days), (await loadVenueContact(db)).phone) };
}

export type HeadcountResult = { ok: true; already: boolean } | { ok: false; status: 400 | 404 | 409; message: string };

/**
 * The family confirms its numbers and meals (issue #30 §4), under the booking's row lock so a
 * change racing it either comes first (and is what is confirmed) or clears the confirmation after.
 * Refused after the deadline, and while the meals do not add up to the children.
 */
export async function confirmHeadcount(db: Db, input: { reservationId: number; actor: AuditActor; lang?: Lang }, now: Date = new Date()): Promise<HeadcountResult> {
  const venue = await getVenue(db);
  const days = (await loadVenuePolicy(db)).balanceDays;
  const phone = (await loadVenueContact(db)).phone;
  // The family's messages in its page's language (German for staff and by default).
  const lang = input.lang ?? "de";
  const say = headcountWords(lang);
  const notActive = partyMessageIn(lang, HEADCOUNT_MSG.notActive);
  return db.transaction(async (tx): Promise<HeadcountResult> => {
    const [r] = await tx.select().from(reservations).where(eq(reservations.id, input.reservationId)).for("update");
    if (!r) return { ok: false, status: 404, message: notActive };
    if (!hasHeadcount(r)) return { ok: false, status: 409, message: partyMessageIn(lang, HEADCOUNT_MSG.notBirthday) };
    if (r.status !== "confirmed") return { ok: false, status: 409, message: notActive };
    if (!headcountOpen(r, days, now)) return { ok: false, status: 409, message: say.locked(longDateIn(lang, headcountDeadlineDay(r.date, days), headcountDeadlineText(r.date, days)), phone) };
    const problem = mealProblem(mealsOf(venue, r, await extrasOf(tx, r.id), now), r.numChildren, say.mealsMismatch);
    if (problem) return { ok: false, status: 400, message: problem };
    if (r.headcountConfirmedAt !== null) return { ok: true, already: true };
    await tx.update(reservations).set({ headcountConfirmedAt: now, updatedAt: now }).where(eq(reservations.id, r.id));
    await tx.insert(auditLog).values({
      staffId: input.actor.staffId,
      actor: input.actor.label,
      action: "headcount-confirmed",
      reservationId: r.id,
      details: { numChildren: r.numChildren, adults: r.numActiveAdults + r.numAccompanyingAdults, priceRappen: r.priceRappen },
    });
    return { ok: true, already: false };
  });
}

async function requestCandidates(db: Executor, now: Date, days: number) {
  const today = venueNow(now).date;
  return db
    .select()
    .from(reservations)
    .where(
      and(
        eq(reservations.status, "confirmed"),
        eq(reservations.type, "BIRTHDAY_PARTY"),
        isNull(reservations.players),
        isNull(reservations.headcountConfirmedAt),
        // A phone booking without an e-mail address gets no request; the desk calls.
        ne(reservations.email, ""),
        gte(reservations.date, addDays(today, days)),
        lte(reservations.date, addDays(today, days + HEADCOUNT_NOTICE_DAYS + 1)),
        notExists(db.select({ id: mailOutbox.id }).from(mailOutbox).where(and(eq(mailOutbox.reservationId, reservations.id), eq(mailOutbox.kind, "headcount")))),
      ),
    );
}

/**
 * Queues the headcount request of every birthday party that is due (issue #30 §4), at most once per
 * booking: the row lock orders it against a cancellation or a confirmation racing it, and the unique
 * index `mail_outbox_headcount_once` makes a second queueing (another process, a restart, an
 * overlapping run) a no-op. The deliverer drops a request whose booking was cancelled meanwhile.
 */
export async function queueDueHeadcountRequests(db: Db, now: Date = new Date()): Promise<number> {
  const days = (await loadVenuePolicy(db)).balanceDays;
  const venue = await getVenue(db);
  const candidates = (await requestCandidates(db, now, days)).filter((c) => headcountRequestDue(c, days, now));
  return queueOncePerBooking(
    db,
    candidates,
    (_tx, r) => headcountRequestDue(r, days, now),
    async (tx, r) => {
      const meals = mealsOf(venue, r, await extrasOf(tx, r.id), now);
      return enqueueHeadcountMail(tx, r, { deadline: headcountDeadlineDay(r.date, days), meals });
    },
  );
}
