import { createHash, timingSafeEqual } from "node:crypto";
import { MSG } from "~/domain/messages";
import { findReservationByCode, type HoldOwner, type ReserveFailure, type Reservation } from "../booking/bookings.server";
import type { Db } from "../platform/db.server";
import { getEnv } from "../platform/env.server";
import { Limit } from "../platform/limits.server";
import { startPayment } from "./payments.server";

/**
 * A held booking belongs to the party that made it: the browser whose (signed) draft cookie names
 * it, or a JSON client presenting the `reservationToken` it got when reserving. A booking code alone
 * (printed in e-mails, read out on the phone) opens nothing.
 */

function hashToken(token: string): Buffer {
  return createHash("sha256").update(token).digest();
}

/** Constant-time check of a presented `reservationToken` against the stored hash. */
export function ownsReservation(reservation: Pick<Reservation, "ownerTokenHash">, token: unknown): boolean {
  if (typeof token !== "string" || token === "" || !reservation.ownerTokenHash) return false;
  const stored = Buffer.from(reservation.ownerTokenHash, "hex");
  const given = hashToken(token);
  return stored.length === given.length && timingSafeEqual(stored, given);
}

/** The hoarding limits for a hold asked for by this client (numbers from the environment). */
export function holdOwner(clientKey: string): HoldOwner {
  const env = getEnv();
  return {
    clientKey,
    perClient: env.HOLD_LIMIT_PER_CLIENT,
    perEmail: env.HOLD_LIMIT_PER_EMAIL,
    startMinutes: env.PAYMENT_START_MINUTES,
    sharePercent: env.HOLD_SHARE_PERCENT,
  };
}

/** The HTTP status of a failed reservation. */
export function reserveFailureStatus(reason: ReserveFailure): number {
  if (reason === "too_many_holds" || reason === "voucher_attempts") return 429;
  return reason === "slot_taken" || reason === "hold_share" ? 409 : 400;
}

const lookupLimits = new Map<number, Limit>();

/**
 * Per client and minute: payment starts, and look-ups that missed (an unknown booking code or
 * transaction id), so codes cannot be enumerated. Counted in the database (all processes share it).
 */
function lookupLimit(): Limit {
  const points = getEnv().LOOKUP_LIMIT_PER_MINUTE;
  let limit = lookupLimits.get(points);
  if (!limit) lookupLimits.set(points, (limit = new Limit({ name: "booking-lookups", points, windowSeconds: 60 })));
  return limit;
}

export type LimitRefusal = { status: 429; retryAfterSeconds: number; error: string };

/** Counts one attempt that always costs (a payment start); null when allowed. */
export async function consumeLookup(db: Db, clientKey: string): Promise<LimitRefusal | null> {
  const verdict = await lookupLimit().consume(db, clientKey);
  return verdict.allowed ? null : { status: 429, retryAfterSeconds: verdict.retryAfterSeconds, error: MSG.tooManyRequests };
}

/** A reserved look-up: refused, or allowed with `found()` to call when it found something. */
export type LookupAttempt = { refused: LimitRefusal } | { refused: null; found: () => Promise<void> };

/**
 * Counts a look-up by something secret (a transaction id, a payment or manage link) *before* it is
 * made, in one statement with the verdict, so 300 parallel guesses are throttled like 300 in a row;
 * a look-up that finds something gives its point back (`found()`): only misses stay counted.
 */
export async function reserveLookup(db: Db, clientKey: string): Promise<LookupAttempt> {
  const attempt = await lookupLimit().reserve(db, clientKey);
  if (!attempt.allowed) return { refused: { status: 429, retryAfterSeconds: attempt.retryAfterSeconds, error: MSG.tooManyRequests } };
  return { refused: null, found: attempt.release };
}

export type InitiateOutcome =
  | { status: 200; body: { paymentUrl: string } }
  | { status: 404 | 409 | 429 | 502; body: { error: string }; retryAfterSeconds?: number };

/** Same answer for "no such booking" and "not yours": a caller learns nothing about other codes. */
const NOT_FOUND = { status: 404, body: { error: "booking not found" } } as const;

/**
 * `POST /api/payments/initiate` for a JSON client: only with the booking's `reservationToken`,
 * rate-limited per client, and only while the hold is still open.
 */
export async function initiatePaymentFor(
  db: Db,
  input: { code: string; reservationToken: string; clientKey: string; now?: Date },
): Promise<InitiateOutcome> {
  const refused = await consumeLookup(db, input.clientKey);
  if (refused) return { status: 429, body: { error: refused.error }, retryAfterSeconds: refused.retryAfterSeconds };
  const reservation = await findReservationByCode(db, input.code);
  if (!reservation || !ownsReservation(reservation, input.reservationToken)) return NOT_FOUND;
  const now = input.now ?? new Date();
  const open = reservation.status === "held" && reservation.holdExpiresAt !== null && reservation.holdExpiresAt > now;
  if (!open || reservation.amountRappen <= 0) return { status: 409, body: { error: "booking is not awaiting payment" } };
  const payment = await startPayment(db, reservation);
  if (!payment.ok) return { status: 502, body: { error: "Failed to initiate payment" } };
  return { status: 200, body: { paymentUrl: payment.paymentUrl } };
}
