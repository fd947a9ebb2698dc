import { expect, test } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { baseEnv, listening, spawnServer, stop, type Spawned } from "./spawn-server";

/**
 * Issue #27 §6 on real servers: X-Forwarded-Host against Origin, Remix's English 4xx defaults, the
 * benchmark pages in production, and the staff commands while the embedded database is in use.
 */

test.describe.configure({ timeout: 180_000 });

const TOKEN = randomBytes(18).toString("base64url");
const servers: Spawned[] = [];

async function start(overrides: Record<string, string>): Promise<{ server: Spawned; base: string }> {
  const server = spawnServer(baseEnv(overrides));
  servers.push(server);
  return { server, base: await listening(server, 90_000) };
}

test.afterAll(async () => {
  for (const server of servers.splice(0)) {
    await stop(server);
    rmSync(server.env.DATA_DIR!, { recursive: true, force: true });
  }
});

/** What a person sees: the HTML without its scripts (Remix's hydration data is not shown). */
function visibleText(html: string): string {
  return html.replace(/<script[\s\S]*?<\/script>/g, "");
}

const ENGLISH_DEFAULTS = /Unexpected (Application|Server) Error|Method Not Allowed|did not provide an/;

function post(base: string, path: string, headers: Record<string, string>, body = "email=&password=") {
  return fetch(`${base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, ...headers },
    body,
  });
}

/** The server most tests use: embedded database, no proxy trusted, an API token. */
let plain: { server: Spawned; base: string };
test.beforeAll(async () => {
  plain = await start({ ADMIN_API_TOKEN: TOKEN });
});

test("without TRUST_PROXY an X-Forwarded-Host that differs from the Origin is ignored: the form is answered, no 500", async () => {
  const { base, server } = plain;
  const login = await post(base, "/admin/login", { "X-Forwarded-Host": "evil.example" });
  expect(login.status).toBe(400);
  expect(await login.text()).toContain("Bitte geben Sie E-Mail und Passwort ein.");
  const offers = await post(base, "/offers", { "X-Forwarded-Host": "evil.example:8443" }, "offerId=");
  expect(offers.status).toBeLessThan(500);
  expect(server.stderr() + server.stdout()).not.toContain("does not match `origin` header");
});

test("behind a trusted proxy a real mismatch of X-Forwarded-Host and Origin is a German 403; a match goes through", async () => {
  const { base } = await start({ TRUST_PROXY: "loopback" });
  const mismatch = await post(base, "/admin/login", { "X-Forwarded-Host": "evil.example" });
  expect(mismatch.status).toBe(403);
  expect(await mismatch.text()).toBe("Ungültige Anfrage (Herkunft).");
  const host = new URL(base).host;
  const match = await post(base, "/admin/login", { "X-Forwarded-Host": host });
  expect(match.status).toBe(400);
});

test("a post from PUBLIC_URL through a proxy that sends the upstream's Host (no X-Forwarded-Host) is answered, not a 500", async () => {
  const { base, server } = await start({ PUBLIC_URL: "https://buchung.example.ch" });
  // fetch sends Host: 127.0.0.1:<port>, as nginx's plain `proxy_pass` does; the Origin is the site's.
  const login = await post(base, "/admin/login", { Origin: "https://buchung.example.ch" });
  expect(login.status).toBe(400);
  expect(await login.text()).toContain("Bitte geben Sie E-Mail und Passwort ein.");
  const offers = await post(base, "/offers", { Origin: "https://buchung.example.ch" }, "offerId=1");
  expect(offers.status).toBe(302);
  // Another site's origin is still refused.
  expect((await post(base, "/offers", { Origin: "https://evil.example" }, "offerId=1")).status).toBe(403);
  expect(server.stderr() + server.stdout()).not.toContain("does not match `origin` header");
});

test("methods × pages: the right 4xx in German, never Remix's English defaults or a 5xx", async () => {
  const { base } = plain;
  const token = randomBytes(32).toString("base64url");
  // Pages without a form of their own: 405 with what they allow.
  const readOnly = ["/", "/birthday", "/date", "/games", "/agb", "/success", "/payment", "/payment/success", `/buchung/${token}`];
  for (const path of readOnly) {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const response = await fetch(`${base}${path}`, { method, redirect: "manual", headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" }, body: "a=1" });
      const html = visibleText(await response.text());
      expect.soft(response.status, `${method} ${path}`).toBe(405);
      expect.soft(response.headers.get("allow"), `${method} ${path}`).toBe("GET, HEAD");
      expect.soft(html, `${method} ${path}`).not.toMatch(ENGLISH_DEFAULTS);
      expect.soft(html, `${method} ${path}`).toContain("Diese Seite kann nur aufgerufen, aber nicht auf diese Weise gesendet werden.");
    }
  }
  // Pages with a form of their own answer writes themselves (a redirect or their own German message).
  // (/payment/cancel and /payment/error: «Zahlung abbrechen» for a payment the provider still has open.)
  for (const path of ["/offers", "/find-slot", "/enter-data", "/admin/login", "/admin", "/payment/cancel", "/payment/error"]) {
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const response = await fetch(`${base}${path}`, { method, redirect: "manual", headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" }, body: "a=1" });
      expect.soft(response.status, `${method} ${path}`).toBeLessThan(500);
      expect.soft(visibleText(await response.text()), `${method} ${path}`).not.toMatch(ENGLISH_DEFAULTS);
    }
  }
  // OPTIONS: what the site allows, everywhere, without running a loader.
  for (const path of ["/", "/offers", "/date", "/api/offers", "/api/vouchers", "/api/birthday/reserve"]) {
    const response = await fetch(`${base}${path}`, { method: "OPTIONS" });
    expect.soft(response.status, `OPTIONS ${path}`).toBe(204);
    expect.soft(response.headers.get("allow"), `OPTIONS ${path}`).toBe("GET, HEAD, POST");
  }
  // The API: JSON {error} with the right status.
  const vouchers = await fetch(`${base}/api/vouchers`);
  expect(vouchers.status).toBe(405);
  expect(vouchers.headers.get("allow")).toBe("POST");
  expect(await vouchers.json()).toEqual({ error: "method not allowed" });
  const head = await fetch(`${base}/api/vouchers`, { method: "HEAD" });
  expect(head.status).toBe(405);
});

test("the benchmark pages are not served in production unless BENCH_PAGES=true", async () => {
  const production = {
    NODE_ENV: "production",
    PUBLIC_URL: "http://127.0.0.1",
    PAYMENT_PROVIDER: "simulated",
    ALLOW_SIMULATED_PAYMENTS: "true",
  };
  const off = await start(production);
  for (const path of ["/bench/empty", "/bench/ssr", "/bench/ssr-hydrated"]) {
    const response = await fetch(`${off.base}${path}`);
    expect.soft(response.status, path).toBe(404);
    expect.soft(await response.text(), path).not.toContain("Leistungsmessung");
  }
  const on = await start({ ...production, BENCH_PAGES: "true" });
  for (const path of ["/bench/empty", "/bench/ssr", "/bench/ssr-hydrated"]) {
    expect.soft((await fetch(`${on.base}${path}`)).status, path).toBe(200);
  }
});

test("npm run staff / npm run voucher while the server holds the embedded database: the steps, or the running server", async () => {
  const { server, base } = plain;
  const run = (script: string, args: string[], env: Record<string, string>) =>
    spawnSync("node", ["--import", "tsx", script, ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "test", DATA_DIR: server.env.DATA_DIR!, SESSION_SECRET: server.env.SESSION_SECRET!, ...env },
      encoding: "utf8",
      timeout: 60_000,
    });
  const staff = run("scripts/staff.ts", ["list"], {});
  expect(staff.status).toBe(1);
  expect(staff.stderr).toContain("So geht es: den Server stoppen (Ctrl+C), diesen Befehl wiederholen und den Server wieder starten (npm start)");
  expect(staff.stderr).toContain("/admin/einstellungen/mitarbeitende");

  const withoutToken = run("scripts/voucher.ts", ["create", "50"], { PUBLIC_URL: base });
  expect(withoutToken.status).toBe(1);
  expect(withoutToken.stderr).toContain("So geht es: den Server mit ADMIN_API_TOKEN=");
  const wrongToken = run("scripts/voucher.ts", ["create", "50"], { PUBLIC_URL: base, ADMIN_API_TOKEN: "ein-anderes-token-0123456789" });
  expect(wrongToken.status).toBe(1);
  expect(wrongToken.stderr).toContain("kennt dieses ADMIN_API_TOKEN nicht");
  const created = run("scripts/voucher.ts", ["create", "50"], { PUBLIC_URL: base, ADMIN_API_TOKEN: TOKEN });
  expect(created.stderr).toBe("");
  expect(created.status).toBe(0);
  expect(created.stdout).toContain("Wert:        CHF 50.00");
});
