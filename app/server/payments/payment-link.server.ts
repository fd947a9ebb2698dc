import { payNowRappen } from "~/domain/deposit";
import { and, desc, eq } from "drizzle-orm";
import { formatChf } from "~/domain/money";
import { balanceDueRappen, PAYMENT_LINK_MSG, paymentLinkStatus, type PaymentLinkStatus } from "~/domain/payment-link";
import { manageLinkReadable } from "~/domain/self-service";
import { venueToUtc } from "~/domain/time";
import type { Lang } from "~/i18n/locales";
import type { Reservation } from "../booking/bookings.server";
import { reservationView } from "../booking/confirmation-view.server";
import { dateIn, instantIn, timeRangeIn } from "../booking/manage-texts.server";
import { summaryIn } from "../booking/summary-texts.server";
import { venueWordsIn } from "../booking/venue.server";
import { localizeIn, t } from "../i18n/texts.server";
import type { Db } from "../platform/db.server";
import { getEnv } from "../platform/env.server";
import { hashManageToken, MANAGE_TOKEN_PATTERN, sameDigest } from "../platform/manage-token.server";
import { payments, paymentTokens, reservations } from "../platform/schema";
import { startBalancePayment, startPayment } from "./payments.server";
import { changeReturnUrls } from "./booking-change.server";
import { consumeLookup, reserveLookup } from "./reservation-owner.server";

/**
 * `/zahlung/<token>`: the payment link e-mailed for a phone booking. The token (256 random bits,
 * only its SHA-256 stored) is the family's proof of ownership; the amount is the booking's stored
 * one. Opening the page shows what is to be paid and changes nothing (mail scanners open links);
 * its button starts a payment at the provider and sends the browser there. The provider's own page
 * expires after about 30 minutes, the hold after PHONE_HOLD_MINUTES: a new payment is opened for
 * each use, except that a just-opened one (still unused) is reused. Afterwards the normal return
 * page, webhook and reconciliation confirm the booking (`confirmPayment`).
 */

/** A payment page opened this recently is still valid at the provider (Datatrans: 30 minutes) and is reused. */
const REUSE_MINUTES = 20;

/**
 * What the token holder sees: what is to be paid and until when — no name, address, phone or
 * e-mail (a forwarded link shows no more than the e-mail it came in).
 */
export type PaymentLinkPage =
  | {
      status: "open";
      code: string;
      date: string;
      time: string;
      offerName: string;
      party: string;
      amount: string;
      validUntil: string;
      /** The open balance of a confirmed booking (a correction that costs more), not the booking itself. */
      balance: boolean;
      /** A game: its name is ours (in the page's language); a birthday's offer is named as the venue typed it. */
      game: boolean;
    }
  | { status: Exclude<PaymentLinkStatus, "open">; code: string; message: string; phone?: boolean };

export type PaymentLinkRefusal = { ok: false; status: 404 | 429 | 503; message: string; retryAfterSeconds?: number };

async function findLinkedBooking(db: Db, token: unknown, now: Date): Promise<Reservation | null> {
  if (typeof token !== "string" || !MANAGE_TOKEN_PATTERN.test(token)) return null;
  const digest = hashManageToken(token);
  const [row] = await db
    .select({ tokenHash: paymentTokens.tokenHash, reservation: reservations })
    .from(paymentTokens)
    .innerJoin(reservations, eq(reservations.id, paymentTokens.reservationId))
    .where(eq(paymentTokens.tokenHash, digest));
  if (!row || !sameDigest(row.tokenHash, digest)) return null;
  // Like a manage link: nothing at all some days after the date.
  if (!manageLinkReadable(row.reservation, now, getEnv().MANAGE_LINK_READABLE_DAYS)) return null;
  return row.reservation;
}

/** What the page shows, worded in the page's language (namespace `managePay`; German by default). */
function pageOf(r: Reservation, now: Date, lang: Lang = "de", venueWord: (german: string) => string = (german) => german): PaymentLinkPage {
  const status = paymentLinkStatus(r, now);
  if (status !== "open") return { status, code: r.code, message: localizeIn(lang, "managePay", PAYMENT_LINK_MSG[status]), phone: status === "expired" };
  return {
    status,
    code: r.code,
    date: dateIn(lang, r.date),
    time: timeRangeIn(lang, r.startMin, r.endMin),
    // A game's name has our words in it («Normales Spiel – Arena»), an offer's the venue's: worded as on the booking pages.
    offerName: lang === "de" ? r.offerName : summaryIn(lang, reservationView(r), undefined, venueWord).offerName,
    party: r.players
      ? t(lang, "managePay", "players", { players: r.players, rounds: r.rounds ?? 0 })
      : t(lang, "managePay", "persons", { persons: r.numChildren + r.numActiveAdults + r.numAccompanyingAdults }),
    amount: formatChf(r.status === "confirmed" ? balanceDueRappen(r) : payNowRappen(r), lang),
    // A balance can be paid online until the party begins (at the venue after that).
    validUntil: instantIn(lang, r.status === "confirmed" ? venueToUtc(r.date, r.startMin) : r.holdExpiresAt!),
    balance: r.status === "confirmed",
    game: r.players !== null,
  };
}

const NOT_FOUND: PaymentLinkRefusal = { ok: false, status: 404, message: "Not Found" };

/**
 * The page behind the link. Rate-limited like the other look-ups by something secret: a client whose
 * unknown tokens passed the limit is refused before the look-up; every look-up is counted before it
 * is made (parallel guesses too), and only misses stay counted.
 */
export async function paymentLinkPage(
  db: Db,
  input: { token: unknown; clientKey: string; lang?: Lang },
  now: Date = new Date(),
): Promise<{ ok: true; page: PaymentLinkPage } | PaymentLinkRefusal> {
  const lookup = await reserveLookup(db, input.clientKey);
  if (lookup.refused) return { ok: false, status: 429, message: lookup.refused.error, retryAfterSeconds: lookup.refused.retryAfterSeconds };
  const r = await findLinkedBooking(db, input.token, now);
  // Counted before the look-up: only a miss stays counted.
  if (!r) return NOT_FOUND;
  await lookup.found();
  return { ok: true, page: pageOf(r, now, input.lang, await venueWordsIn(db, input.lang ?? "de")) };
}

/**
 * The button: pays the held booking of the token at the provider. Every press counts against the
 * client's look-up limit (as a payment start through the API does). A booking that can no longer be
 * paid answers with its page; a provider that cannot be reached leaves the hold as it is.
 */
export async function payByLink(
  db: Db,
  input: { token: unknown; clientKey: string; lang?: Lang },
  now: Date = new Date(),
): Promise<{ ok: true; redirect: string } | { ok: true; page: PaymentLinkPage } | PaymentLinkRefusal> {
  const limited = await consumeLookup(db, input.clientKey);
  if (limited) return { ok: false, status: 429, message: limited.error, retryAfterSeconds: limited.retryAfterSeconds };
  const r = await findLinkedBooking(db, input.token, now);
  if (!r) return NOT_FOUND;
  if (paymentLinkStatus(r, now) !== "open") return { ok: true, page: pageOf(r, now, input.lang, await venueWordsIn(db, input.lang ?? "de")) };
  const due = r.status === "confirmed" ? balanceDueRappen(r) : payNowRappen(r);
  const reuse = await unusedPaymentUrl(db, r, due, now);
  if (reuse) return { ok: true, redirect: reuse };
  const started = r.status === "confirmed" ? await startBalancePayment(db, r, due) : await startPayment(db, r, { keepHold: true });
  if (!started.ok) return { ok: false, status: 503, message: PAYMENT_LINK_MSG.startFailed, retryAfterSeconds: 60 };
  return { ok: true, redirect: started.paymentUrl };
}

/** A payment page opened for this amount in the last minutes and not used yet: sent to again instead of a new one. */
async function unusedPaymentUrl(db: Db, r: Reservation, amountRappen: number, now: Date): Promise<string | null> {
  const [recent] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.reservationId, r.id), eq(payments.status, "pending")))
    .orderBy(desc(payments.id))
    .limit(1);
  const unused = recent && (recent.providerStatus === null || recent.providerStatus === "initialized");
  return recent && unused && recent.amountRappen === amountRappen && now.getTime() - recent.createdAt.getTime() < REUSE_MINUTES * 60_000 ? recent.paymentUrl : null;
}

export const BALANCE_MSG = {
  notDue: "Für diese Buchung ist kein Restbetrag offen.",
  atVenue: "Den Restbetrag bezahlen Sie bei uns am Empfang.",
  startFailed: PAYMENT_LINK_MSG.startFailed,
} as const;

/**
 * «Restbetrag bezahlen» on the manage link (issue #30 §3): a deposit booking's open balance, paid
 * online through the normal payment (a `balance` payment row; settling lowers the balance exactly
 * once, `settleBalancePayment`). The provider sends the family back to the manage link's return
 * page. A page opened a moment ago for the same amount is reused, so repeated presses open no new
 * transactions. `lang`: the page's, for the return page.
 */
export async function payBalance(
  db: Db,
  r: Reservation,
  input: { token: string; atVenue: boolean; lang?: Lang },
  now: Date = new Date(),
): Promise<{ ok: true; redirect: string } | { ok: false; status: 409 | 503; message: string }> {
  const due = balanceDueRappen(r);
  if (due <= 0) return { ok: false, status: 409, message: BALANCE_MSG.notDue };
  if (input.atVenue) return { ok: false, status: 409, message: BALANCE_MSG.atVenue };
  const reuse = await unusedPaymentUrl(db, r, due, now);
  if (reuse) return { ok: true, redirect: reuse };
  const started = await startBalancePayment(db, r, due, changeReturnUrls(input.token, input.lang));
  if (!started.ok) return { ok: false, status: 503, message: BALANCE_MSG.startFailed };
  return { ok: true, redirect: started.paymentUrl };
}
