import { randomBytes } from "node:crypto";
import type { Env } from "./env.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** This response's Content-Security-Policy nonce (server.ts), for Remix's inline scripts. */
    cspNonce?: string;
  }
}

/** A fresh nonce per response: 128 random bits. */
export function newCspNonce(): string {
  return randomBytes(16).toString("base64");
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
