import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Executor } from "./db.server";
import { getEnv } from "./env.server";
import { manageTokens, paymentTokens, voucherOrderLinks } from "./schema";
import { localePath, type Lang } from "~/i18n/locales";

/**
 * Manage links (`/buchung/<token>`): 32 random bytes (256 bits) in base64url, handed out only in
 * e-mails to the booking's address. The database keeps the SHA-256 alone, so a leaked backup or
 * outbox-free dump opens no booking.
 */
export const MANAGE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashManageToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Constant-time comparison of two hex digests of equal length. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** A fresh link for one booking (in the caller's transaction); returns the secret, stores its hash. */
export async function issueManageToken(tx: Executor, reservationId: number, now: Date = new Date()): Promise<string> {
  const { token, row } = newManageToken(reservationId, now);
  await tx.insert(manageTokens).values(row);
  return token;
}

/** A fresh link's secret and the row that stores its hash, for a caller that writes the row itself. */
export function newManageToken(reservationId: number, now: Date = new Date()): { token: string; row: typeof manageTokens.$inferInsert } {
  const token = randomBytes(32).toString("base64url");
  return { token, row: { reservationId, tokenHash: hashManageToken(token), createdAt: now } };
}

/** The absolute link for e-mails (PUBLIC_URL). */
export function manageUrl(token: string, lang: Lang = "de"): string {
  // In the family's language (issue #33): the link in a French e-mail opens the French page.
  return `${getEnv().PUBLIC_URL}${localePath(lang, `/buchung/${token}`)}`;
}

/**
 * Payment links (`/zahlung/<token>`, phone bookings to be paid online): the same kind of secret as a
 * manage link, in a table of its own — one capability per purpose, so the payment link can neither
 * show nor cancel the booking, and a manage link cannot start payments.
 */
export async function issuePaymentToken(tx: Executor, reservationId: number, now: Date = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx.insert(paymentTokens).values({ reservationId, tokenHash: hashManageToken(token), createdAt: now });
  return token;
}

export function paymentLinkUrl(token: string, lang: Lang = "de"): string {
  return `${getEnv().PUBLIC_URL}${localePath(lang, `/zahlung/${token}`)}`;
}

/**
 * Links to a gift voucher's order (`/gutschein/bestellung/<token>`, issue #31 §3): the same kind of
 * secret again, in its own table — it shows the order and its voucher, nothing of any booking.
 */
export function newVoucherOrderToken(voucherOrderId: number, now: Date = new Date()): { token: string; row: typeof voucherOrderLinks.$inferInsert } {
  const token = randomBytes(32).toString("base64url");
  return { token, row: { voucherOrderId, tokenHash: hashManageToken(token), createdAt: now } };
}

/** The absolute link to a voucher order, in the buyer's language (issue #33: `/fr/gutschein/bestellung/…`). */
export function voucherOrderUrl(token: string, lang: Lang = "de"): string {
  return `${getEnv().PUBLIC_URL}${localePath(lang, `/gutschein/bestellung/${token}`)}`;
}
