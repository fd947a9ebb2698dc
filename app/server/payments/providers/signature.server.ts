import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Datatrans signs each webhook with `Datatrans-Signature: t=<unix ms>,s0=<hex>`, where
 * s0 = hex(HMAC-SHA256(key = the hex-decoded HMAC key, message = t + raw body)).
 * The raw body must be verified as received: re-serialised JSON would not match.
 */

const HEX_KEY = /^(?:[0-9a-f]{2})+$/i;
const TIMESTAMP = /^\d{1,16}$/;
const SHA256_HEX = /^[0-9a-f]{64}$/i;

function hmacKey(hmacKeyHex: string): Buffer {
  // Buffer.from(…, "hex") silently drops bad input; an empty key would still "verify", so refuse it.
  if (!HEX_KEY.test(hmacKeyHex)) throw new Error("The webhook HMAC key must be a non-empty hex string.");
  return Buffer.from(hmacKeyHex, "hex");
}

function digest(key: Buffer, timestamp: string, rawBody: string): Buffer {
  return createHmac("sha256", key)
    .update(timestamp + rawBody, "utf8")
    .digest();
}

/** The full `Datatrans-Signature` header value for a body, as Datatrans would send it. */
export function signWebhook(hmacKeyHex: string, rawBody: string, timestampMs: number): string {
  if (!Number.isSafeInteger(timestampMs) || timestampMs < 0) {
    throw new Error("timestampMs must be a non-negative integer.");
  }
  const t = String(timestampMs);
  return `t=${t},s0=${digest(hmacKey(hmacKeyHex), t, rawBody).toString("hex")}`;
}

function parseHeader(header: string): { t: string; s0: string } | null {
  let t: string | undefined;
  let s0: string | undefined;
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) return null;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    // A repeated field is ambiguous: which one was signed? Refuse rather than guess.
    if (name === "t") {
      if (t !== undefined) return null;
      t = value;
    } else if (name === "s0") {
      if (s0 !== undefined) return null;
      s0 = value;
    }
    // Other names are ignored so a future extra scheme (s1=…) does not break verification.
  }
  if (t === undefined || s0 === undefined || !TIMESTAMP.test(t) || !SHA256_HEX.test(s0)) return null;
  return { t, s0 };
}

/**
 * Whether the header is a valid signature of `rawBody`. Missing or garbled headers are false, never
 * an exception, since they come from whoever can reach the webhook URL. With `maxAgeMs`, a timestamp
 * further than that from now (in either direction) is refused, which limits replays.
 * Throws only when `hmacKeyHex` itself is not hex: that is a configuration error, not a bad request.
 */
export function verifyWebhookSignature(
  header: string | null,
  rawBody: string,
  hmacKeyHex: string,
  options: { nowMs?: number; maxAgeMs?: number } = {}
): boolean {
  const key = hmacKey(hmacKeyHex);
  if (!header) return false;
  const parsed = parseHeader(header);
  if (!parsed) return false;

  if (options.maxAgeMs !== undefined) {
    const now = options.nowMs ?? Date.now();
    if (Math.abs(now - Number(parsed.t)) > options.maxAgeMs) return false;
  }

  const expected = digest(key, parsed.t, rawBody);
  const given = Buffer.from(parsed.s0, "hex");
  // The regex already fixes the length; the check keeps timingSafeEqual from throwing if that changes.
  return given.length === expected.length && timingSafeEqual(given, expected);
}
