import { expect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import http from "node:http";
import { rmSync } from "node:fs";
import { createScratchDatabase, type ScratchDatabase } from "../../scripts/scratch-postgres";
import { baseEnv, listening, spawnServer, stop, type Spawned } from "./spawn-server";

/**
 * A real server on PostgreSQL, configured as an operator would start it without a proxy in front
 * (no TRUST_PROXY, LOG_LEVEL=info): NUL bytes never reach PostgreSQL (which refuses them with
 * error 22021, a 500, where the embedded database of the other browser tests takes them), the
 * request log, and X-Forwarded-For ignored for the staff sign-in's limits.
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const NUL_MESSAGE = "Ungültige Anfrage: unerlaubtes Zeichen (NUL).";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let server: Spawned;
let base: string;
let database: ScratchDatabase | undefined;

test.beforeAll(async () => {
  database = await createScratchDatabase(ADMIN_URL, "fw_trust_server");
  server = spawnServer(baseEnv({ DATABASE_URL: database.url, LOG_LEVEL: "info", TRUST_PROXY: "", ADMIN_PASSWORD: "trust-server-password-1" }));
  base = await listening(server, 90_000);
});

test.afterAll(async () => {
  if (server) {
    await stop(server);
    rmSync(server.env.DATA_DIR!, { recursive: true, force: true });
  }
  await database?.drop();
});

/** The JSON lines the server wrote to stdout so far. */
function logLines(): Record<string, unknown>[] {
  return server
    .stdout()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

test("a NUL in any JSON API body answers 400, whatever content type it declares (on PostgreSQL)", async () => {
  const bodies: [string, string | Uint8Array][] = [
    ["application/json", '{"couponCode":"A\\u0000"}'],
    ["application/x-www-form-urlencoded", '{"couponCode":"A\\u0000"}'],
    ["text/plain", '{"couponCode":"A\\u0000"}'],
    ["multipart/form-data; boundary=b0", '{"couponCode":"A\\u0000"}'],
    ["", '{"couponCode":"A\\u0000"}'],
    ["application/x-www-form-urlencoded", "couponCode=A%00"],
    ["application/json", new Uint8Array([...new TextEncoder().encode('{"couponCode":"A'), 0, ...new TextEncoder().encode('"}')])],
  ];
  for (const path of ["/api/coupons/validate", "/api/birthday/reserve", "/api/payments/initiate", "/api/vouchers"]) {
    for (const [contentType, body] of bodies) {
      const response = await fetch(`${base}${path}`, { method: "POST", headers: contentType ? { "Content-Type": contentType } : {}, body: body as BodyInit });
      const label = `${path} ${contentType || "(no type)"} ${typeof body === "string" ? body : "raw NUL"}`;
      expect(response.status, label).toBe(400);
      expect(await response.json(), label).toEqual({ error: NUL_MESSAGE });
    }
  }
  // A NUL in the path or the query string: the same answer.
  for (const path of ["/api/vouchers/A%00", "/api/tables/available?date=2030-01-01%00&count=5&offerId=1"]) {
    const response = await fetch(`${base}${path}`);
    expect(response.status, path).toBe(400);
    expect(await response.json(), path).toEqual({ error: NUL_MESSAGE });
  }
  // Without a NUL the same request reaches the route and its own answer (here: no such voucher).
  const clean = await fetch(`${base}/api/coupons/validate`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: '{"couponCode":"A"}',
  });
  expect(clean.status).toBeLessThan(500);
  expect(logLines().filter((l) => typeof l.status === "number" && l.status >= 500)).toEqual([]);
});

test("one JSON log line per request: time, request id, method, path without the query, status, duration", async () => {
  const own = `trust-log-${randomBytes(6).toString("hex")}`;
  const response = await fetch(`${base}/api/vouchers/FW-ZZZZZZ?code=FW-SECRET1&token=geheim`, { headers: { "X-Request-Id": own } });
  expect(response.headers.get("x-request-id")).toBe(own);
  await response.arrayBuffer();
  const generated = await fetch(`${base}/buchung/${"T".repeat(43)}?x=1`);
  const generatedId = generated.headers.get("x-request-id");
  expect(generatedId).toMatch(/^[0-9a-f-]{36}$/);
  await generated.arrayBuffer();
  // A request id that could inject into the log is replaced by a fresh one.
  const injected = await fetch(`${base}/healthz`, { headers: { "X-Request-Id": 'x","fake":"1' } });
  expect(injected.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);

  await expect.poll(() => logLines().filter((l) => l.reqId === own || l.reqId === generatedId).length).toBe(2);
  const line = logLines().find((l) => l.reqId === own)!;
  expect(line).toEqual({
    level: "info",
    time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    reqId: own,
    method: "GET",
    path: "/api/vouchers/FW-ZZZZZZ",
    status: response.status,
    ms: expect.any(Number),
    msg: "request",
  });
  expect(line.ms as number).toBeGreaterThanOrEqual(0);
  // Manage links carry their secret in the path: logged as a pattern.
  expect(logLines().find((l) => l.reqId === generatedId)).toMatchObject({ method: "GET", path: "/buchung/:token", status: generated.status });
  expect(server.stdout()).not.toContain("FW-SECRET1");
  expect(server.stdout()).not.toContain("geheim");
  expect(server.stdout()).not.toContain("T".repeat(43));
  expect(server.stdout()).not.toContain('"fake"');

  // A script is logged by the path the browser asked for, not the precompressed file sent for it.
  const script = /\/assets\/[^"]+\.js/.exec(await (await fetch(`${base}/offers`)).text())![0];
  const asset = await fetch(`${base}${script}`, { headers: { "Accept-Encoding": "br" } });
  await asset.arrayBuffer();
  const assetId = asset.headers.get("x-request-id");
  await expect.poll(() => logLines().find((l) => l.reqId === assetId)).toMatchObject({ method: "GET", path: script, status: 200 });
});

test("/readyz reports the database, the migrations and the mail backlog; /healthz the process", async () => {
  const ready = await fetch(`${base}/readyz`);
  expect(ready.status).toBe(200);
  expect(ready.headers.get("cache-control")).toBe("no-store");
  const body = (await ready.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ status: "ready", ready: true, database: "ok", mailBacklog: expect.any(Number) });
  expect(body.mailBacklog as number).toBeGreaterThanOrEqual(0);
  const health = await fetch(`${base}/healthz`);
  expect(health.status).toBe(200);
  expect(await health.json()).toMatchObject({ status: "ok" });
});

test("an idle kept-alive connection outlives a reverse proxy's: still open after Node's default 5 s", async () => {
  // A proxy keeps idle upstream connections 60 s; had the app closed first, the proxy's next request
  // on it would fail (a 502 for the family). The app says how long it keeps them, and keeps them.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<{ status: number; keepAlive: string; reused: boolean }>((resolve, reject) => {
      const request = http.get(`${base}/healthz`, { agent }, (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, keepAlive: String(response.headers["keep-alive"] ?? ""), reused: request.reusedSocket }));
      });
      request.on("error", reject);
    });
  try {
    const first = await get();
    expect(first).toEqual({ status: 200, keepAlive: "timeout=65", reused: false });
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await get()).toEqual({ status: 200, keepAlive: "timeout=65", reused: true });
  } finally {
    agent.destroy();
  }
});

test("without TRUST_PROXY a rotating X-Forwarded-For gets no fresh sign-in budget", async () => {
  const attempt = (i: number) =>
    fetch(`${base}/admin/login`, {
      method: "POST",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": `198.51.100.${i + 1}` },
      body: new URLSearchParams({ email: "admin", password: `wrong-password-${i}` }),
      redirect: "manual",
    });
  // Three failures are free, the fourth makes the address wait: all of them count for 127.0.0.1.
  for (let i = 0; i < 4; i++) expect((await attempt(i)).status, `attempt ${i + 1}`).toBe(401);
  const fifth = await attempt(4);
  expect(fifth.status).toBe(429);
  expect(await fifth.text()).toContain("Zu viele fehlgeschlagene Anmeldeversuche.");
});
