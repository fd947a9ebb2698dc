import { venueWord } from "~/domain/venue-translations";
import type { CancellationSplit } from "~/domain/cancellation-terms";
import { and, asc, eq, getTableColumns, gte, isNull, lte, sql } from "drizzle-orm";
import { SPECIAL_HOURS_SHOWN, upcomingSpecialHours } from "~/domain/venue-settings";
import {
  cancellationEmail,
  closureNoticeEmail,
  voucherSoldEmail,
  invoiceEmail,
  changeEmail,
  changeRefundEmail,
  confirmationEmail,
  headcountEmail,
  lateRefundEmail,
  manageLinkEmail,
  paymentLinkEmail,
  reminderEmail,
  type BookingEmail,
  type ChangeMoneyLines,
  balanceLinkEmail,
  type PlainEmail,
  type PreviousBooking,
  type MealLine,
} from "~/domain/booking-email";
import type { VenueContact } from "~/domain/venue-contact";
import { venueNow } from "~/domain/time";
import { agbPath } from "~/domain/legal-texts";
import { venueContactOf } from "~/domain/venue-profile";
import { depositView } from "../booking/deposit.server";
import { getVenue, venuePolicy, readEmailTexts, readVenueProfile, readVenueTranslations, venueContact as cachedVenueContact } from "../booking/venue.server";
import { getDb, type Db, type Tx } from "../platform/db.server";
import { mailOutbox, manageTokens, openingHours, reservations, specialHours, venueSettings, voucherOrderLinks, voucherOrders, vouchers } from "../platform/schema";
import { bookingPriceLinesIn } from "../booking/confirmation-view.server";
import { emailWords, hoursWords } from "../i18n/texts.server";
import type { EmailWords } from "~/domain/email-words";
import { localePath, LOCALE, type Lang } from "~/i18n/locales";
import type { EmailTexts } from "~/domain/email-texts";
import { canSelfChange } from "~/domain/self-service";
import { getEnv } from "../platform/env.server";
import { issuePaymentToken, manageUrl, newManageToken, newVoucherOrderToken, paymentLinkUrl, voucherOrderUrl } from "../platform/manage-token.server";
import { insertTemplate, prepared, shapeName } from "../platform/prepared.server";
import { createTransport, type MailTransport } from "./mail-transport.server";
import { singleton } from "../platform/singleton.server";

export { createTransport, type MailTransport, type OutgoingMail } from "./mail-transport.server";

type Reservation = typeof reservations.$inferSelect;

export type MailKind =
  | "confirmation"
  | "confirmation-resend"
  | "cancellation"
  | "late-refund"
  | "change"
  | "change-refund"
  | "reminder"
  | "headcount"
  | "manage-link"
  | "payment-link"
  | "closure-notice"
  | "voucher-sold"
  | "invoice"
  | "guest-link";

/**
 * Mail goes through the `mail_outbox` table: the row is written in the booking's own transaction,
 * so a confirmed booking always has its message, and an SMTP outage only delays it.
 * Delivery is at least once: a process that dies between sending and marking the row sends the
 * message again after the lease (the fixed Message-ID lets mail clients drop that duplicate).
 */

/**
 * Longer than a stuck SMTP attempt takes to fail (see the transport timeouts), so no lease runs out
 * mid-send; short enough that mail claimed by a process that died goes out from another process
 * within a minute (several processes share the outbox: WEB_CONCURRENCY).
 */
const LEASE_MS = 55_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
const DEFAULT_BATCH = 100;

/** Back-off after the n-th failed attempt (n ≥ 1): 30 s, 1 min, 2 min … at most 1 h, never giving up. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1), MAX_RETRY_MS);
}

/** A message's own manage link: its secret for the text, its row written with the message. */
type ManageLink = { url: string; row: typeof manageTokens.$inferInsert };

async function enqueue(tx: Tx, reservation: Reservation, kind: MailKind, mail: BookingEmail | PlainEmail, link?: ManageLink): Promise<boolean> {
  // A phone booking may have no e-mail address (issue #29 §4): nothing to send, the desk calls.
  if (reservation.email.trim() === "") return false;
  // The link's row goes in with the message, as a data-modifying WITH (one round trip; it is
  // written even when the reminder's insert below is a no-op, as before: the caller rolls back).
  const message = insertTemplate(
    {
      reservationId: reservation.id,
      kind,
      to: reservation.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ics: "ics" in mail ? mail.ics : null,
      icsMethod: "ics" in mail ? mail.icsMethod : null,
      // Which revision of the booking the message describes: a reminder for an older date is dropped.
      reservationSequence: reservation.sequence,
      // The deliverer compares against the application clock, so the row is due by that clock too.
      nextAttemptAt: new Date(),
    } satisfies typeof mailOutbox.$inferInsert,
    "mail_",
  );
  const token = link ? insertTemplate(link.row, "token_") : null;
  // Every booking queues one or more: prepared once per shape (see `prepared`, `insertTemplate`).
  const name = shapeName("enqueue_mail", `${message.shape};${token?.shape ?? "-"}`);
  const statement = prepared(tx, name, (d) => {
    const writer = token ? d.with(d.$with("new_manage_token").as(d.insert(manageTokens).values(token.template).returning({ id: manageTokens.id }))) : d;
    return writer
      .insert(mailOutbox)
      .values(message.template)
      // Only the reminder (one per booking and date) and the headcount request (one per booking)
      // have unique indexes; for them a second insert is a no-op.
      .onConflictDoNothing()
      .returning({ id: mailOutbox.id })
      .prepare(name);
  });
  const inserted = await statement.execute({ ...message.given, ...token?.given });
  return inserted.length > 0;
}

/** Every message about a booking carries its own manage link (a new token, same booking). */
function newManageLink(reservation: Reservation): ManageLink {
  const { token, row } = newManageToken(reservation.id);
  return { url: manageUrl(token, reservation.lang), row };
}

/** The venue's profile and opening hours as staff set them (read in the mail's own transaction), the hours worded in `lang`. */
async function venueContact(tx: Tx, lang: Lang): Promise<VenueContact> {
  const rows = await tx.select().from(openingHours);
  const rules = rows.map((r) => ({ weekday: r.weekday, openMin: r.openMin, closeMin: r.closeMin, birthdays: r.birthdays === 1, games: r.games === 1 }));
  const today = venueNow().date;
  const specials = await tx.select().from(specialHours).where(gte(specialHours.date, today)).orderBy(asc(specialHours.date)).limit(SPECIAL_HOURS_SHOWN);
  const upcoming = upcomingSpecialHours(
    specials.map((s) => ({ date: s.date, openMin: s.openMin, closeMin: s.closeMin, birthdays: s.birthdays === 1, games: s.games === 1, note: s.note })),
    today,
  );
  return venueContactOf(await readVenueProfile(tx), rules, upcoming, lang === "de" ? undefined : hoursWords(lang));
}

/**
 * The venue as a message shows it, and the message's words: contact, opening hours and the edited
 * texts, in the booking's language (issue #33 §3: also when staff or a background job send it).
 */
async function mailVenue(tx: Tx, lang: Lang): Promise<{ contact: VenueContact; texts: EmailTexts; w: EmailWords; word: (german: string) => string }> {
  const contact = await venueContact(tx, lang);
  if (lang === "de") return { contact, texts: await readEmailTexts(tx), w: emailWords(lang), word: (german) => german };
  // The venue's own words as it translated them (issue #33): the arrival note, the offer's name, a closure's reason.
  const translations = await readVenueTranslations(tx);
  const word = (german: string) => venueWord(translations, lang, german);
  return { contact: { ...contact, arrivalNote: word(contact.arrivalNote), about: word(contact.about) }, texts: await readEmailTexts(tx), w: emailWords(lang), word };
}

/** The booking with its offer's name in the message's language (the venue's translation, if any). */
function named<R extends { offerName: string }>(word: (german: string) => string, r: R): R {
  return { ...r, offerName: word(r.offerName) };
}

/** The booking's price lines in its language (the lines of the confirmation page). */
function priceLinesOf(tx: Tx, reservation: Reservation) {
  return bookingPriceLinesIn(tx, reservation, reservation.lang);
}

/**
 * Whether the booking can still be cancelled or moved online now (AGB §4): the e-mails offer only
 * what is possible. `hours`: the caller's (from the venue cache); else the stored setting, read in `tx`.
 */
async function changeableOnlineNow(tx: Tx, reservation: Reservation, hours?: number): Promise<boolean> {
  const window = hours ?? (await tx.select({ hours: venueSettings.selfServiceHours }).from(venueSettings))[0]?.hours ?? getEnv().SELF_SERVICE_HOURS;
  return canSelfChange({ ...reservation, status: "confirmed" }, new Date(), window);
}

/** What the confirmation needs of the venue, when the caller has it from the venue cache. */
export type ConfirmationVenue = { contact: VenueContact; selfServiceHours: number; texts: EmailTexts };

/** `venue`: the caller's (from the venue cache, saving the confirmation's transaction its statements); else read in `tx`. */
/** A deposit booking's state and balance link (issue #30 §3); nothing for a booking paid in full. */
async function depositOf(tx: Tx, reservation: Reservation, manageLink: string) {
  if (reservation.depositRappen <= 0) return null;
  return depositView(reservation, venuePolicy(await getVenue(tx)), manageLink, reservation.lang);
}

/**
 * `kind` "confirmation-resend": staff send the confirmation again (to the address the booking has
 * now). Its own kind, so "one confirmation per payment" stays countable.
 */
export async function enqueueConfirmationMail(tx: Tx, reservation: Reservation, venue?: ConfirmationVenue, kind: "confirmation" | "confirmation-resend" = "confirmation"): Promise<void> {
  const link = newManageLink(reservation);
  const changeableOnline = await changeableOnlineNow(tx, reservation, venue?.selfServiceHours);
  // The venue cache's contact has German hours: another language reads them in its own words.
  const { contact, texts, word } = venue && reservation.lang === "de" ? { ...venue, word: (german: string) => german } : await mailVenue(tx, reservation.lang);
  const w = emailWords(reservation.lang);
  // The price as lines and what is left on the voucher (issue #30 §3): read here, once per confirmation.
  const [voucher] = reservation.voucherId === null ? [] : await tx.select({ rappen: vouchers.remainingRappen, validUntil: vouchers.validUntil }).from(vouchers).where(eq(vouchers.id, reservation.voucherId));
  const data = { ...named(word, reservation), priceLines: await priceLinesOf(tx, reservation), voucherLeft: voucher ?? null, deposit: await depositOf(tx, reservation, link.url) };
  await enqueue(tx, reservation, kind, confirmationEmail(w, data, contact, {
      manageUrl: link.url,
      changeableOnline,
      agbUrl: `${getEnv().PUBLIC_URL}${localePath(reservation.lang, agbPath(reservation.agbVersion))}`,
      texts,
    }), link);
}

export async function enqueueCancellationMail(tx: Tx, reservation: Reservation, reason: string | null, money: CancellationSplit): Promise<void> {
  const why = reason ?? reservation.cancelReason;
  const link = newManageLink(reservation);
  const { contact, texts, w, word } = await mailVenue(tx, reservation.lang);
  await enqueue(tx, reservation, "cancellation", cancellationEmail(w, named(word, reservation), contact, why, { money, manageUrl: link.url, texts }), link);
}

/** The booking changed (reservation already updated, its `sequence` raised): updated calendar entry, and the money it moved. */
export async function enqueueChangeMail(tx: Tx, reservation: Reservation, previous: PreviousBooking, money?: ChangeMoneyLines): Promise<void> {
  const link = newManageLink(reservation);
  const changeableOnline = await changeableOnlineNow(tx, reservation);
  const { contact, texts, w, word } = await mailVenue(tx, reservation.lang);
  const data = { ...named(word, reservation), priceLines: await priceLinesOf(tx, reservation), deposit: await depositOf(tx, reservation, link.url) };
  await enqueue(tx, reservation, "change", changeEmail(w, data, contact, previous.offerName === undefined ? previous : { ...previous, offerName: word(previous.offerName) }, { manageUrl: link.url, money, changeableOnline, texts }), link);
}

/** A paid difference that could not be applied goes back; the booking stays as it was (see confirmPayment). */
export async function enqueueChangeRefundMail(tx: Tx, reservation: Reservation, refundRappen: number): Promise<void> {
  const { contact, texts, w, word } = await mailVenue(tx, reservation.lang);
  await enqueue(tx, reservation, "change-refund", changeRefundEmail(w, named(word, reservation), contact, refundRappen, texts));
}

/**
 * The reminder, at most once per booking and revision: the unique index `mail_outbox_reminder_once`
 * (booking, sequence) turns a second insert (another process, a restart) into a no-op; false when
 * one was queued before. A moved booking has a new sequence, so its new date gets its own reminder.
 * The caller's transaction should roll back then, so the unused link goes too.
 */
export async function enqueueReminderMail(tx: Tx, reservation: Reservation): Promise<boolean> {
  const link = newManageLink(reservation);
  const changeableOnline = await changeableOnlineNow(tx, reservation);
  const { contact, texts, w, word } = await mailVenue(tx, reservation.lang);
  const data = { ...named(word, reservation), priceLines: await priceLinesOf(tx, reservation), deposit: await depositOf(tx, reservation, link.url) };
  return enqueue(tx, reservation, "reminder", reminderEmail(w, data, contact, { manageUrl: link.url, changeableOnline, texts }), link);
}

/**
 * The request to confirm the final headcount (issue #30 §4), at most once per booking: the unique
 * index `mail_outbox_headcount_once` turns a second insert into a no-op (false), and the caller
 * rolls back so the unused link goes too. `deadline`: the day (`YYYY-MM-DD`); `meals`: the meal
 * counts, worded in the booking's language («Menü: Pizza: 5, …»).
 */
export async function enqueueHeadcountMail(tx: Tx, reservation: Reservation, details: { deadline: string; meals: readonly MealLine[] }): Promise<boolean> {
  const link = newManageLink(reservation);
  const { contact, texts, w, word } = await mailVenue(tx, reservation.lang);
  const data = { ...named(word, reservation), priceLines: await priceLinesOf(tx, reservation), deposit: await depositOf(tx, reservation, link.url) };
  return enqueue(tx, reservation, "headcount", headcountEmail(w, data, contact, { manageUrl: link.url, deadline: details.deadline, meals: details.meals, texts }), link);
}

/** A closure cancels the party (issue #29 §3): the reason and a fresh manage link to move or cancel. */
export async function enqueueClosureNoticeMail(tx: Tx, reservation: Reservation, reason: string): Promise<boolean> {
  const link = newManageLink(reservation);
  const { contact, w, word } = await mailVenue(tx, reservation.lang);
  return enqueue(tx, reservation, "closure-notice", closureNoticeEmail(w, named(word, reservation), contact, { reason: word(reason), manageUrl: link.url }), link);
}

/** Asked for on /buchung (code and e-mail matched): a fresh manage link, nothing else. */
export async function enqueueManageLinkMail(tx: Tx, reservation: Reservation): Promise<void> {
  const link = newManageLink(reservation);
  const { contact, texts, w, word } = await mailVenue(tx, reservation.lang);
  await enqueue(tx, reservation, "manage-link", manageLinkEmail(w, named(word, reservation), contact, link.url, texts), link);
}

/** The booking did not happen after all: its money goes back (see confirmPayment). */
export async function enqueueLateRefundMail(tx: Tx, reservation: Reservation): Promise<void> {
  const cause = reservation.status === "cancelled" ? "cancelled" : "expired";
  const { contact, texts, w, word } = await mailVenue(tx, reservation.lang);
  await enqueue(tx, reservation, "late-refund", lateRefundEmail(w, named(word, reservation), contact, cause, texts));
}

/**
 * A phone booking to be paid online (staff desk): the family gets the site's own payment link
 * (`/zahlung/<token>`), which opens a fresh payment at the provider whenever it is used while the
 * hold lasts — a provider's payment page itself expires long before (Datatrans: 30 minutes).
 */
export async function enqueuePaymentLinkMail(tx: Tx, reservation: Reservation): Promise<void> {
  const url = paymentLinkUrl(await issuePaymentToken(tx, reservation.id), reservation.lang);
  const { contact, texts, w, word } = await mailVenue(tx, reservation.lang);
  await enqueue(tx, reservation, "payment-link", paymentLinkEmail(w, named(word, reservation), contact, { url, validUntil: reservation.holdExpiresAt ?? new Date() }, texts));
}

/** A confirmed booking's open balance by link (issue #29 §2): a fresh payment token, the amount, until the party begins. */
export async function enqueueBalanceLinkMail(tx: Tx, reservation: Reservation, link: { url: string; amountRappen: number; validUntil: Date }): Promise<void> {
  const { contact, texts, w, word } = await mailVenue(tx, reservation.lang);
  await enqueue(tx, reservation, "payment-link", balanceLinkEmail(w, named(word, reservation), contact, link, texts));
}

/**
 * A gift voucher was paid (issue #31 §3), in the settling transaction: the buyer's message with a
 * fresh link to the order and the voucher's PDF attached (drawn by the caller, so the message and
 * the voucher commit together). Once per order (`mail_outbox_voucher_once`).
 */
export async function enqueueVoucherSoldMail(
  tx: Tx,
  order: typeof voucherOrders.$inferSelect,
  voucher: { code: string; initialRappen: number; validUntil: string },
  pdf: { body: Buffer; fileName: string },
): Promise<void> {
  const { token, row } = newVoucherOrderToken(order.id);
  await tx.insert(voucherOrderLinks).values(row);
  // In the order's language (the voucher shop's page it was ordered on, issue #33), its link too.
  const { contact, w } = await mailVenue(tx, order.lang);
  const mail = voucherSoldEmail(
    w,
    { buyerName: order.buyerName, recipientName: order.recipientName, code: voucher.code, amountRappen: voucher.initialRappen, validUntil: voucher.validUntil, orderUrl: voucherOrderUrl(token, order.lang) },
    contact,
  );
  await tx
    .insert(mailOutbox)
    .values({
      voucherOrderId: order.id,
      kind: "voucher-sold",
      to: order.buyerEmail,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: [{ filename: pdf.fileName, contentType: "application/pdf", base64: pdf.body.toString("base64") }],
      nextAttemptAt: new Date(),
    })
    .onConflictDoNothing();
}

/**
 * An invoice by e-mail (issue #31 §2): the QR-bill PDF attached (drawn by the caller), with a fresh
 * manage link. False when the booking has no address (a phone booking: staff print or hand it over).
 */
export async function enqueueInvoiceMail(
  tx: Tx,
  reservation: Reservation,
  invoice: { number: string; amountRappen: number; dueDate: string; reference: string },
  pdf: { body: Buffer; fileName: string },
): Promise<boolean> {
  if (reservation.email.trim() === "") return false;
  const link = newManageLink(reservation);
  await tx.insert(manageTokens).values(link.row);
  const { contact, w, word } = await mailVenue(tx, reservation.lang);
  const mail = invoiceEmail(w, named(word, reservation), contact, { ...invoice, manageUrl: link.url });
  await tx.insert(mailOutbox).values({
    reservationId: reservation.id,
    kind: "invoice",
    to: reservation.email,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    reservationSequence: reservation.sequence,
    attachments: [{ filename: pdf.fileName, contentType: "application/pdf", base64: pdf.body.toString("base64") }],
    nextAttemptAt: new Date(),
  });
  return true;
}

/**
 * A guest's own edit link (issue #32 §2), to the address the guest typed for it (not stored
 * elsewhere). Filed under the party's booking, so the privacy job deletes it with the answers.
 */
export async function enqueueGuestLinkMail(tx: Tx, reservationId: number, to: string, mail: { subject: string; text: string }): Promise<void> {
  await tx.insert(mailOutbox).values({ reservationId, kind: "guest-link", to, subject: mail.subject, text: mail.text, html: null, nextAttemptAt: new Date() });
}

type OutboxRow = typeof mailOutbox.$inferSelect;

type ClaimedRow = OutboxRow & { booking: { code: string; status: string; sequence: number; lang: Lang } | undefined };

/**
 * Takes one due row by pushing its next attempt past the lease. The statement is atomic, and
 * SKIP LOCKED lets a second deliverer on PostgreSQL move on to another row instead of waiting;
 * the repeated conditions in the outer WHERE make a row that changed meanwhile drop out.
 * The same round trip marks the message sent before it (`sentId`) and reads the booking's code,
 * state and revision: one statement per message instead of three.
 */
async function claimNext(db: Db, now: Date, sentId?: number): Promise<ClaimedRow | undefined> {
  // Run once or twice per message: built once per variant (see `prepared`).
  const name = sentId === undefined ? "claim_mail" : "mark_sent_claim_mail";
  const statement = prepared(db, name, (d) => {
    const due = and(isNull(mailOutbox.sentAt), isNull(mailOutbox.skippedAt), lte(mailOutbox.nextAttemptAt, sql.placeholder("now")));
    const candidate = d
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(due)
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(1)
      .for("update", { skipLocked: true });
    // The message sent before this one: it is leased (not due), so the claim below cannot pick it.
    const marked = d.$with("marked_sent").as(
      d
        .update(mailOutbox)
        .set({ sentAt: sql`${sql.placeholder("now")}`, lastError: null })
        .where(eq(mailOutbox.id, sql.placeholder("sentId")))
        .returning({ id: mailOutbox.id }),
    );
    const ofBooking = (column: string) => sql.raw(`(select r.${column} from reservations r where r.id = "mail_outbox"."reservation_id")`);
    return (sentId === undefined ? d : d.with(marked))
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`${sql.placeholder("leaseUntil")}` })
      // A scalar subquery runs once (an InitPlan); `id IN (…)` may be planned as a semi-join that
      // re-runs the LIMIT 1 and claims every due row at once.
      .where(and(sql`${mailOutbox.id} = (${candidate})`, due))
      .returning({
        ...getTableColumns(mailOutbox),
        bookingCode: sql<string | null>`${ofBooking("code")}`,
        bookingStatus: sql<string | null>`${ofBooking("status")}`,
        bookingSequence: sql<number | null>`${ofBooking("sequence")}`,
        bookingLang: sql<Lang | null>`${ofBooking("lang")}`,
      })
      .prepare(name);
  });
  const [row] = await statement.execute({ now: now.toISOString(), leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString(), sentId: sentId ?? -1 });
  if (!row) return undefined;
  const { bookingCode, bookingStatus, bookingSequence, bookingLang, ...outbox } = row;
  const booking =
    bookingCode !== null && bookingStatus !== null && bookingSequence !== null
      ? { code: bookingCode, status: bookingStatus, sequence: Number(bookingSequence), lang: bookingLang ?? "de" }
      : undefined;
  return { ...outbox, booking };
}

/** A voucher order's language, read only for its (rare) message: the claim of every other message stays one statement. */
async function voucherOrderLang(db: Db, orderId: number): Promise<Lang> {
  const [order] = await db.select({ lang: voucherOrders.lang }).from(voucherOrders).where(eq(voucherOrders.id, orderId));
  return order?.lang ?? "de";
}

async function markSent(db: Db, id: number, now: Date): Promise<void> {
  await db.update(mailOutbox).set({ sentAt: now, lastError: null }).where(eq(mailOutbox.id, id));
}

/**
 * A reminder is queued two days ahead and may wait in the outbox (an SMTP outage) while the family
 * cancels or moves: decided again when it goes out, so a cancelled booking gets no "see you soon"
 * and a moved one no reminder of its old date (the new date gets its own reminder).
 */
export function staleReminderReason(row: Pick<OutboxRow, "kind" | "reservationSequence">, booking: { status: string; sequence: number } | undefined): string | null {
  // The headcount request (issue #30 §4) asks nothing of a booking cancelled meanwhile.
  if (row.kind === "headcount") return !booking || booking.status !== "confirmed" ? "Buchung nicht mehr aktiv" : null;
  if (row.kind !== "reminder") return null;
  if (!booking || booking.status !== "confirmed") return "Buchung nicht mehr aktiv";
  if (row.reservationSequence !== null && row.reservationSequence !== booking.sequence) return "Buchung inzwischen verschoben";
  return null;
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 1000);
}

/** An absolute file path in an error message (`/srv/…/outbox/x.eml`, `C:\…`), not a URL's `//host`. */
const FILE_PATH = /(^|[\s'"(=,])(?:[A-Za-z]:)?[\\/](?![\\/])[^\s'"(),]*/g;

/**
 * What a staff page may show of a failed delivery (stored in `mail_outbox.last_error`): the first
 * line of the message, server file paths reduced to their file name, at most 200 characters — no
 * stack, no directory layout. The full message goes to the log.
 */
export function mailErrorForStaff(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error ?? "");
  const firstLine = text.split(/\r?\n/, 1)[0]!.trim();
  const withoutPaths = firstLine.replace(FILE_PATH, (match, lead: string) => {
    const name = match.slice(lead.length).split(/[\\/]/).pop() ?? "";
    return `${lead}…/${name}`;
  });
  const short = withoutPaths.length > 200 ? `${withoutPaths.slice(0, 199)}…` : withoutPaths;
  return short || "Versand fehlgeschlagen";
}

let defaultTransport: MailTransport | undefined;

export type DeliverOptions = {
  now?: Date;
  transport?: MailTransport;
  limit?: number;
  /** Sender address; MAIL_FROM from the environment when left out. */
  from?: string;
};

/**
 * Sends what is due, one claimed row at a time. A failed send is recorded on its row and retried
 * later; only a database error escapes.
 */
export async function deliverDueMail(db: Db, options: DeliverOptions = {}): Promise<{ sent: number; failed: number }> {
  const clock = () => options.now ?? new Date();
  const limit = options.limit ?? DEFAULT_BATCH;
  const transport = options.transport ?? (defaultTransport ??= createTransport(getEnv()));
  const from = options.from ?? getEnv().MAIL_FROM;
  let sent = 0;
  let failed = 0;
  let skipped = 0;
  // A message that went out is marked sent together with the next claim (or at the end).
  let sentId: number | undefined;
  while (sent + failed + skipped < limit) {
    const row = await claimNext(db, clock(), sentId);
    sentId = undefined;
    if (!row) break;
    const { booking } = row;
    // A guest's edit link goes to the guest's parents: the host's booking code stays out of its headers.
    const code = row.kind === "guest-link" ? undefined : booking?.code;
    const stale = staleReminderReason(row, booking);
    if (stale) {
      skipped++;
      // Kept, not deleted: the desk's e-mail list shows that (and why) it did not go out.
      await db.update(mailOutbox).set({ skippedAt: clock(), lastError: `nicht gesendet: ${stale}` }).where(eq(mailOutbox.id, row.id));
      continue;
    }
    // Read outside the send's try: a database error escapes instead of counting as a failed send.
    const orderLang = booking === undefined && row.voucherOrderId !== null ? await voucherOrderLang(db, row.voucherOrderId) : undefined;
    try {
      await transport.send({
        from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        ics: row.ics ? { method: row.icsMethod ?? "PUBLISH", content: row.ics } : null,
        attachments: row.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.base64, "base64") })),
        reference: code ?? (row.voucherOrderId !== null ? `gutschein-${row.voucherOrderId}` : `mail-${row.id}`),
        // The booking's language (issue #33 §3), a voucher order's its order's. A guest's link is in
        // the language the guest answered in, which the row does not keep: no header.
        language: row.kind === "guest-link" ? undefined : LOCALE[booking?.lang ?? orderLang ?? "de"],
        messageId: `<${row.kind}.${row.id}.${code ?? "mail"}@${cachedVenueContact(await getVenue(db)).domain}>`,
      });
    } catch (error) {
      failed++;
      const attempts = row.attempts + 1;
      const retryAt = new Date(clock().getTime() + retryDelayMs(attempts));
      await db
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} + 1`, lastError: mailErrorForStaff(error), nextAttemptAt: retryAt })
        .where(eq(mailOutbox.id, row.id));
      console.warn(
        `Mail ${row.id} (${row.kind}${code ? ` ${code}` : ""}) not sent, attempt ${attempts}, next try ${retryAt.toISOString()}: ${errorText(error)}`,
      );
      continue;
    }
    sentId = row.id;
    sent++;
  }
  if (sentId !== undefined) await markSent(db, sentId, clock());
  return { sent, failed };
}

// ---------------------------------------------------------------------------------------------
// The background mailer of the server process

/**
 * server.ts starts the mailer from its own copy of this module while routes kick it from the
 * bundle's (or Vite's) copy, so the state is shared per process.
 */
type MailerState = { activeMailers: number; running: Promise<void> | undefined; runAgain: boolean };
const mailer = () => singleton<MailerState>("mailer", () => ({ activeMailers: 0, running: undefined, runAgain: false }));

/** One delivery at a time per process; a kick during a run asks for one more pass afterwards. */
function deliverInBackground(): Promise<void> {
  const state = mailer();
  if (state.running) {
    state.runAgain = true;
    return state.running;
  }
  state.running = (async () => {
    try {
      do {
        state.runAgain = false;
        await deliverDueMail(await getDb());
      } while (state.runAgain);
    } catch (error) {
      console.warn(`Mailer: delivery run failed, the periodic run retries: ${errorText(error)}`);
    } finally {
      state.running = undefined;
    }
  })();
  return state.running;
}

/**
 * Sends just-queued mail now instead of at the next periodic run. Only once `startMailer` runs in
 * this process: a test or a one-off script that books must not open the process database (and
 * its DATA_DIR lock) behind its back; its mail waits in the outbox for the server's mailer.
 */
export function kickMailer(): void {
  if (mailer().activeMailers === 0) return;
  void deliverInBackground();
}

/** Resolves when no delivery run is in progress: await it after stopping, before closing the database. */
export function mailerIdle(): Promise<void> {
  return mailer().running ?? Promise.resolve();
}

/** Delivers due mail now and then every `intervalMs` (the timer does not keep the process alive). */
export function startMailer(intervalMs = 30_000): () => void {
  const state = mailer();
  state.activeMailers++;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    await deliverInBackground();
    if (stopped) return;
    timer = setTimeout(() => void tick(), intervalMs);
    timer.unref();
  };
  // Mail left over from before a restart goes out at once.
  void tick();
  return () => {
    if (stopped) return;
    stopped = true;
    state.activeMailers--;
    clearTimeout(timer);
  };
}
