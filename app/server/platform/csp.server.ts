import { randomFillSync } from "node:crypto";
import type { Env } from "./env.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** This response's Content-Security-Policy nonce (server.ts), for Remix's inline scripts. */
    cspNonce?: string;
  }
}

const NONCE_BYTES = 16;
/** Random bytes for the next 256 nonces: one call to the system's random source instead of one per
 * response (that call was ~4 % of a small request's CPU here; node's randomUUID batches the same way). */
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = noncePool.length;

/** A fresh nonce per response: 128 random bits, each byte used once. */
export function newCspNonce(): string {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/**
 * The site's Content-Security-Policy. Scripts run only from this origin or with this response's
 * nonce (Remix's hydration and scroll scripts, the one-line forward on /payment) — no
 * `unsafe-inline` for scripts. Styles keep `unsafe-inline`: a few elements carry `style`
 * attributes, and a style cannot run code. Forms may post to this site and, since the browser
 * follows a form's redirect to it, to the payment provider's page. No page may be framed.
 */
export function contentSecurityPolicy(nonce: string, options: { env: Pick<Env, "PAYMENT_PROVIDER" | "DATATRANS_PAY_URL">; dev?: boolean }): string {
  const provider = options.env.PAYMENT_PROVIDER === "datatrans" ? ` ${new URL(options.env.DATATRANS_PAY_URL).origin}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    // Vite's dev server reloads over a WebSocket.
    `connect-src 'self'${options.dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    `form-action 'self'${provider}`,
  ].join("; ");
}
