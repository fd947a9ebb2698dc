import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newCspNonce } from "./csp.server";

describe("contentSecurityPolicy", () => {
  const simulated = { PAYMENT_PROVIDER: "simulated", DATATRANS_PAY_URL: "https://pay.sandbox.datatrans.com" } as const;
  const datatrans = { PAYMENT_PROVIDER: "datatrans", DATATRANS_PAY_URL: "https://pay.datatrans.com/" } as const;

  it("runs scripts from this site or with the nonce only, never inline without it", () => {
    const csp = contentSecurityPolicy("abc123", { env: simulated });
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp.split("; ").find((d) => d.startsWith("script-src"))).not.toContain("unsafe");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("object-src 'none'");
  });

  it("lets forms lead to the payment provider's page, and nowhere else", () => {
    expect(contentSecurityPolicy("n", { env: simulated })).toContain("form-action 'self'");
    expect(contentSecurityPolicy("n", { env: datatrans })).toContain("form-action 'self' https://pay.datatrans.com");
  });

  it("allows the dev server's WebSocket only in development", () => {
    expect(contentSecurityPolicy("n", { env: simulated })).toContain("connect-src 'self';");
    expect(contentSecurityPolicy("n", { env: simulated, dev: true })).toContain("connect-src 'self' ws: wss:");
  });

  it("makes a fresh nonce of 128 bits each time", () => {
    const a = newCspNonce();
    expect(Buffer.from(a, "base64")).toHaveLength(16);
    expect(newCspNonce()).not.toBe(a);
    // Across refills of the pool of random bytes too: no nonce comes twice.
    const many = Array.from({ length: 1000 }, newCspNonce);
    expect(new Set(many).size).toBe(1000);
    for (const n of many) expect(Buffer.from(n, "base64")).toHaveLength(16);
  });
});
