import { expect, test } from "@playwright/test";
import http from "node:http";
import { E2E_ADMIN_PASSWORD, E2E_ADMIN_TOKEN, E2E_BASE_URL } from "../../playwright.config";
import { addDays, venueNow } from "~/domain/time";
import { futureWeekday } from "./helpers";

/**
 * Every route, walked with a generated set of bad requests: wrong and broken content types, NUL
 * bytes, broken encodings, huge numbers and strings, wrong JSON types, oversized bodies, foreign and
 * `null` origins; pages and staff forms also signed in. Nothing may answer 5xx, no body may show a
 * stack trace or a file path, and no booking, voucher, closure, table, offer or note may come of it.
 * The requests the edge must refuse (NUL, foreign origin, not a form, too large) are checked for
 * their exact status and German message.
 */

const BASE = E2E_BASE_URL;
// Its own client address (the server trusts X-Forwarded-For from loopback): the fuzz's failed
// voucher checks and sign-ins count against this address, not against the other tests.
const FUZZ_CLIENT = { "X-Forwarded-For": "203.0.113.77" };
const SAME_ORIGIN = { Origin: BASE };

/** A date no booking may be made for (beyond the horizon), and one the API checks as a date. */
const FAR = "9999-12-31";
const BEYOND = addDays(venueNow().date, 400);

const PAGES = [
  "/",
  "/games",
  "/game",
  "/date",
  "/find-slot",
  "/birthday",
  "/offers",
  "/slot",
  "/enter-data",
  "/success",
  "/payment",
  "/payment/success",
  "/payment/error",
  "/payment/cancel",
  "/agb",
  "/simulated-pay/zz-unknown",
  "/admin",
  "/admin/storno",
  "/admin/login",
  "/buchung",
  `/buchung/${"A".repeat(43)}`,
  `/buchung/${"A".repeat(43)}/stornieren`,
  `/buchung/${"A".repeat(43)}/verschieben`,
  `/buchung/${"A".repeat(43)}/personen`,
  `/buchung/${"A".repeat(43)}/zahlung`,
  `/buchung/${"A".repeat(43)}/kalender.ics`,
  "/gutschein",
  `/gutschein/bestellung/${"A".repeat(43)}`,
  `/gutschein/bestellung/${"A".repeat(43)}/pdf`,
  "/admin/buchungen",
  "/admin/buchungen/FW-ZZZZZZ",
  "/admin/buchungen/FW-ZZZZZZ/verschieben",
  "/admin/export",
  "/admin/export.csv",
  "/admin/tagesliste",
  "/admin/zeitplan",
  "/admin/telefonbuchung",
  "/admin/einstellungen",
  "/admin/einstellungen/oeffnungszeiten",
  "/admin/einstellungen/schliessungen",
  "/admin/einstellungen/tische",
  "/admin/einstellungen/angebote",
  "/admin/einstellungen/spielorte",
  "/admin/einstellungen/mitarbeitende",
  "/admin/einstellungen/betrieb",
  "/admin/einstellungen/gutscheine",
  `/logo/${"0".repeat(32)}.png`,
];
const FORM_POSTS = [...PAGES.filter((p) => p !== "/agb"), "/enter-data/coupon", "/admin/logout"];
const JSON_APIS = [
  "/api/birthday/reserve",
  "/api/reservation/create",
  "/api/coupons/validate",
  "/api/payments/initiate",
  "/api/payments/webhook",
  "/api/reservations/cancel",
  "/api/vouchers",
];
const GET_APIS = ["/api/offers", "/api/tables/available", "/api/vouchers/FW-ZZZZZZ", "/api/payments/transaction/zz-unknown"];

const FORM_FIELDS = [
  "offerId", "locationId", "gameType", "date", "month", "slot", "start", "rounds", "players", "intent",
  "firstName", "lastName", "street", "zip", "city", "phone", "email", "emailRepeat", "message", "terms",
  "bookingCode", "reason", "amount", "validUntil", "voucher", "redirectTo", "outcome", "paymentMethod",
  "freeAmount", "recipientName", "buyerName", "buyerEmail", "validityMonths", "minChf", "maxChf", "presets",
] as const;

const HUGE_NUMBERS = ["1e308", "-1e308", "99999999999999999999999", "-1", "0", "NaN", "Infinity", "0x10", "1.0000000001", "12.345", "0.001"];
const ODD_STRINGS = ["", " ", FAR, BEYOND, "2026-02-30", "25:99", "<script>alert(1)</script>", "' OR 1=1 --", "ä".repeat(3000), "x".repeat(20_000)];

/** What the edge (platform/http.server.ts) answers, word for word. */
const EDGE = {
  nul: { status: 400, text: "Ungültige Anfrage: unerlaubtes Zeichen (NUL)." },
  origin: { status: 403, text: "Ungültige Anfrage (Herkunft)." },
  notAForm: { status: 415, text: "Ungültige Anfrage: Formulardaten erwartet." },
  badForm: { status: 400, text: "Ungültige Anfrage: Formulardaten nicht lesbar." },
  tooLarge: { status: 413, text: "Die Anfrage ist zu gross." },
} as const;
type Expected = { status: number; text: string };

type Case = { label: string; contentType?: string; body: Uint8Array | string; extra?: Record<string, string>; expected?: Expected };

const enc = (s: string) => new TextEncoder().encode(s);
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const allFields = (value: string) => Object.fromEntries(FORM_FIELDS.map((f) => [f, value]));

function formCases(): Case[] {
  const urlencoded = "application/x-www-form-urlencoded";
  const cases: Case[] = [
    { label: "no content type, empty", body: new Uint8Array() },
    { label: "no content type, fields", body: enc("offerId=1&intent=book"), expected: EDGE.notAForm },
    { label: "json", contentType: "application/json", body: '{"offerId":1,"intent":"book"}', expected: EDGE.notAForm },
    { label: "text/plain", contentType: "text/plain", body: "offerId=1", expected: EDGE.notAForm },
    { label: "multipart without boundary", contentType: "multipart/form-data", body: "--x\r\n", expected: EDGE.badForm },
    { label: "multipart broken boundary", contentType: "multipart/form-data; boundary=abc", body: "garbage without parts", expected: EDGE.badForm },
    {
      label: "multipart valid",
      contentType: "multipart/form-data; boundary=b0",
      body: '--b0\r\nContent-Disposition: form-data; name="offerId"\r\n\r\n1\r\n--b0\r\nContent-Disposition: form-data; name="intent"\r\n\r\nbook\r\n--b0--\r\n',
    },
    { label: "percent NUL", contentType: urlencoded, body: form(allFields("a")).replace(/=a/g, "=a%00"), expected: EDGE.nul },
    { label: "raw NUL", contentType: urlencoded, body: new Uint8Array([...enc("offerId=1&firstName=a"), 0, ...enc("b")]), expected: EDGE.nul },
    {
      label: "multipart raw NUL",
      contentType: "multipart/form-data; boundary=b0",
      body: new Uint8Array([...enc('--b0\r\nContent-Disposition: form-data; name="firstName"\r\n\r\na'), 0, ...enc("b\r\n--b0--\r\n")]),
      expected: EDGE.nul,
    },
    { label: "broken percent-encoding", contentType: urlencoded, body: "offerId=%zz&firstName=%E0%A4%A&date=%&intent=book%" },
    { label: "lone surrogate", contentType: urlencoded, body: "firstName=%ED%A0%80&intent=book" },
    { label: "utf-16 charset", contentType: `${urlencoded}; charset=utf-16`, body: "offerId=1&intent=book" },
    { label: "repeated fields", contentType: urlencoded, body: Array.from({ length: 500 }, (_, i) => `offerId=${i}&intent=book`).join("&") },
    { label: "oversized", contentType: urlencoded, body: `message=${"x".repeat(70 * 1024)}`, expected: EDGE.tooLarge },
    { label: "foreign origin", contentType: urlencoded, body: "offerId=1", extra: { Origin: "https://evil.example" }, expected: EDGE.origin },
    { label: "null origin", contentType: urlencoded, body: "offerId=1", extra: { Origin: "null" }, expected: EDGE.origin },
  ];
  const intents = ["book", "coupon", "book", "coupon-clear", "book", "issue", "note", "save", "x"];
  [...HUGE_NUMBERS, ...ODD_STRINGS].forEach((value, i) => {
    // The sign-in is never given a password (a failed sign-in counts toward its lock-out).
    const fields = { ...allFields(value), password: "", couponCode: "" };
    for (const intent of [intents[i % intents.length]!]) {
      cases.push({ label: `all fields ${JSON.stringify(value.slice(0, 20))} intent ${intent}`, contentType: urlencoded, body: form({ ...fields, intent }) });
    }
  });
  return cases;
}

const birthdayBase = {
  reservationDate: FAR,
  selectedSlots: [{ startTime: "14:00", endTime: "16:00" }],
  numChildren: 5,
  numAccompanyingAdults: 1,
  numActiveAdults: 0,
  selectedOffer: { offerId: 1 },
  locationId: 1,
  gameType: 1,
  startTime: "14:00",
  rounds: 1,
  players: 4,
  firstName: "Fuzz",
  lastName: "Test",
  street: "Teststrasse 1",
  zip: "8000",
  city: "Zürich",
  phone: "044 000 00 00",
  email: "fuzz@example.ch",
  emailRepeat: "fuzz@example.ch",
  bookingCode: "FW-000000",
  refno: "FW-000000",
  transactionId: "zz-unknown",
  status: "settled",
  amount: 0.001,
  validUntil: FAR,
};
const BAD_JSON_VALUES: unknown[] = [true, false, null, [], {}, [1, 2], "", -1, 0, 1e308, -1e308, 99999999999999999999, 0.001, "x".repeat(20_000), "9999-99-99", { $gt: "" }];

function jsonCases(): Case[] {
  const json = "application/json";
  const cases: Case[] = [
    { label: "no content type", body: new Uint8Array() },
    { label: "form", contentType: "application/x-www-form-urlencoded", body: "offerId=1" },
    { label: "broken json", contentType: json, body: '{"reservationDate":' },
    { label: "json null", contentType: json, body: "null" },
    { label: "json array", contentType: json, body: "[]" },
    { label: "json string", contentType: json, body: '"x"' },
    { label: "json huge number", contentType: json, body: "1e999" },
    { label: "deep nesting", contentType: json, body: `${"[".repeat(5000)}${"]".repeat(5000)}` },
    { label: "escaped NUL", contentType: json, body: JSON.stringify({ ...birthdayBase, firstName: "a\u0000b" }), expected: EDGE.nul },
    // The API reads every body as JSON, whatever type it declares: the escape is a NUL in all of them.
    ...["application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=b0", undefined].map((contentType) => ({
      label: `escaped NUL typed ${contentType ?? "(none)"}`,
      contentType,
      body: enc(JSON.stringify({ ...birthdayBase, couponCode: "A\u0000", firstName: "a\u0000b" })),
      expected: EDGE.nul,
    })),
    { label: "raw NUL", contentType: json, body: new Uint8Array([...enc('{"firstName":"a'), 0, ...enc('"}')]), expected: EDGE.nul },
    { label: "oversized", contentType: json, body: JSON.stringify({ message: "x".repeat(300 * 1024) }), expected: EDGE.tooLarge },
    // A cross-site form (text/plain) could post a JSON body from a family's browser: refused.
    { label: "foreign origin", contentType: "text/plain", body: JSON.stringify(birthdayBase), extra: { Origin: "https://evil.example" }, expected: EDGE.origin },
    { label: "null origin", contentType: "text/plain", body: JSON.stringify(birthdayBase), extra: { Origin: "null" }, expected: EDGE.origin },
    { label: "lone surrogate", contentType: json, body: '{"firstName":"\\ud800"}' },
    { label: "base (beyond horizon)", contentType: json, body: JSON.stringify(birthdayBase) },
  ];
  // Each field gets a quarter of the bad values, a different quarter per field: all values, all fields, a minute.
  Object.keys(birthdayBase).forEach((field, f) => {
    for (const value of BAD_JSON_VALUES.filter((_, v) => (v + f) % 4 === 0)) {
      cases.push({ label: `${field}=${JSON.stringify(value)?.slice(0, 20)}`, contentType: json, body: JSON.stringify({ ...birthdayBase, [field]: value }) });
    }
  });
  return cases;
}

const QUERIES = [
  "?date=%00",
  "?date=9999-99-99&month=9999-99&offerId=1e308&locationId=-1&day=99999999999999999999",
  "?date=2026-02-30&offerId=abc&count=1e308",
  `?date=${FAR}&offerId=1&count=5`,
  `?offerId=1&date=${BEYOND}&count=5`,
  "?offerId=1&offerId=2&date=a&date=b",
  "?code=%E0%A4%A&redirectTo=%zz",
  `?redirectTo=${"x".repeat(6000)}`,
  "?voucher=%ED%A0%80&date=<script>",
  `?q=%25%5F%5C'%22&from=2026-02-30&to=${"9".repeat(40)}&status=zz&kind=game&page=99999&kind=birthday&numChildren=1e308&rounds=-1&players=NaN&gameType=3`,
];
const ODD_PATHS = ["/%zz", "/api/vouchers/%00", `/api/vouchers/${"X".repeat(5000)}`, "/simulated-pay/%E0%A4%A", "/api/payments/transaction/..%2F..%2Fetc%2Fpasswd", "/assets/%zz", "/%C0%AE%C0%AE/"];

type Finding = { request: string; status: number; problem: string };

/** A stack line, a file path or a driver's message in a body the family or a client could see. */
const LEAK = /\n\s+at .+:\d+:\d+|node_modules|\/work\/|file:\/\/|Failed query|\bSyntaxError\b|\bTypeError\b|PGlite|postgres/i;

async function probe(findings: Finding[], method: string, path: string, c?: Case, cookie?: string, extraHeaders: Record<string, string> = {}) {
  const headers: Record<string, string> = { ...FUZZ_CLIENT, ...extraHeaders };
  if (method !== "GET") Object.assign(headers, path.startsWith("/api/") ? {} : SAME_ORIGIN);
  if (c?.contentType) headers["Content-Type"] = c.contentType;
  if (c?.extra) Object.assign(headers, c.extra);
  if (cookie) headers.Cookie = cookie;
  const label = `${method} ${path.slice(0, 80)}${c ? ` [${c.label}]` : ""}${cookie ? " (signed in)" : ""}`;
  let response: Response;
  try {
    response = await fetch(`${BASE}${path}`, { method, headers, body: method === "GET" ? undefined : ((c?.body ?? new Uint8Array()) as BodyInit), redirect: "manual" });
  } catch (error) {
    // undici says only "fetch failed"; the cause says what the socket did (reset, closed, timed out).
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    findings.push({ request: label, status: 0, problem: `no answer: ${(error as Error).message}${cause ? ` (${cause.code ?? ""} ${cause.message ?? ""})` : ""}` });
    return;
  }
  const body = await response.text();
  if (response.status >= 500) findings.push({ request: label, status: response.status, problem: body.slice(0, 200) });
  // The edge's refusals, exactly: a NUL in the URL is one wherever it is sent.
  const expected = c?.expected ?? (/%00/i.test(path) ? EDGE.nul : undefined);
  if (expected && (response.status !== expected.status || !body.includes(expected.text))) {
    findings.push({ request: label, status: response.status, problem: `expected ${expected.status} "${expected.text}", got ${body.slice(0, 120)}` });
  }
  // A staff form that answered with a new voucher (the only trace of one the fuzz could see).
  if (body.includes("Gutschein ausgestellt")) findings.push({ request: label, status: response.status, problem: "issued a voucher" });
  const leak = LEAK.exec(body);
  if (leak) findings.push({ request: label, status: response.status, problem: `leaks ${JSON.stringify(leak[0])}` });
  if (response.headers.get("x-request-id") === null) findings.push({ request: label, status: response.status, problem: "no X-Request-Id" });
  if (path.startsWith("/api/") && method === "POST" && response.status < 300) {
    // No fuzz body is a complete, bookable request: a 2xx on a creating endpoint would mean data came of it.
    if (/reserve|reservation\/create|vouchers$/.test(path)) findings.push({ request: label, status: response.status, problem: "created something" });
  }
  return response;
}

async function staffCookie(): Promise<string> {
  const response = await fetch(`${BASE}/admin/login`, {
    method: "POST",
    headers: { ...SAME_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    body: form({ email: "admin", password: E2E_ADMIN_PASSWORD }),
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("fw_staff="));
  expect(cookie).toBeDefined();
  return cookie!.split(";")[0]!;
}

async function bookingsOn(cookie: string, date: string): Promise<string> {
  const html = await (await fetch(`${BASE}/admin?date=${date}`, { headers: { Cookie: cookie } })).text();
  return [...html.matchAll(/FW-[A-Z0-9]{6}/g)].map((m) => m[0]).sort().join(",");
}

/** What a page shows, without markup, scripts or the per-response CSP nonce. */
async function visibleText(cookie: string, path: string): Promise<string> {
  const html = await (await fetch(`${BASE}${path}`, { headers: { Cookie: cookie } })).text();
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The staff pages that show what a staff form could create or change: tables, closures, offers,
 * opening hours, game locations, staff accounts, and a held booking's notes, arrival and audit trail.
 */
const STATE_PAGES = [
  "/admin/einstellungen/tische",
  "/admin/einstellungen/schliessungen",
  "/admin/einstellungen/angebote",
  "/admin/einstellungen/oeffnungszeiten",
  "/admin/einstellungen/spielorte",
  "/admin/einstellungen/mitarbeitende",
  "/admin/einstellungen/betrieb",
];

/** A real held booking, so the booking desk's forms (note, arrival) are walked against a row that exists. */
async function heldBooking(): Promise<string> {
  const refused: string[] = [];
  for (const startTime of ["10:00", "12:00", "14:00", "16:00"]) {
    const response = await fetch(`${BASE}/api/birthday/reserve`, {
      method: "POST",
      headers: { ...FUZZ_CLIENT, "Content-Type": "application/json" },
      body: JSON.stringify({
        reservationDate: futureWeekday(3, 90),
        selectedSlots: [{ startTime, endTime: `${String(Number(startTime.slice(0, 2)) + 2).padStart(2, "0")}:00` }],
        numChildren: 5,
        numActiveAdults: 0,
        numAccompanyingAdults: 1,
        selectedOffer: { offerId: 1 },
        ...Object.fromEntries(["firstName", "lastName", "street", "zip", "city", "phone", "email"].map((f) => [f, birthdayBase[f as keyof typeof birthdayBase]])),
      }),
    });
    if (response.status === 200) return ((await response.json()) as { bookingCode: string }).bookingCode;
    refused.push(`${startTime}: ${response.status} ${await response.text()}`);
  }
  throw new Error(`no free slot for the fuzz's held booking: ${refused.join("; ")}`);
}

test("fuzz: every route, bad input of every kind, no 5xx, no leak, nothing created", async () => {
  test.setTimeout(120_000);
  const started = Date.now();
  const cookie = await staffCookie();
  const before = await Promise.all([FAR, BEYOND].map((d) => bookingsOn(cookie, d)));
  const booking = await heldBooking();
  const statePages = [...STATE_PAGES, `/admin/buchungen/${booking}`];
  const stateBefore = await Promise.all(statePages.map((p) => visibleText(cookie, p)));
  // The snapshots are of the pages themselves (signed in as a manager), not of the sign-in page.
  for (const [i, text] of stateBefore.entries()) expect(text, statePages[i]).not.toContain("Anmeldung für Mitarbeitende");
  expect(stateBefore.at(-1)).toContain(booking);
  const findings: Finding[] = [];
  const statuses = new Map<number, number>();
  let requests = 0;
  // Four requests in flight: the server is exercised concurrently, and the walk stays under a minute.
  const inFlight = new Set<Promise<unknown>>();
  const run = async (...args: Parameters<typeof probe> extends [Finding[], ...infer R] ? R : never) => {
    requests += 1;
    if (inFlight.size >= 4) await Promise.race(inFlight);
    const task = probe(findings, ...args).then((r) => {
      if (r) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    });
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task));
  };

  for (const path of [...PAGES, ...GET_APIS]) {
    for (const query of ["", ...QUERIES]) {
      await run("GET", `${path}${query}`);
      if (path.startsWith("/admin")) await run("GET", `${path}${query}`, undefined, cookie);
    }
  }
  for (const path of ODD_PATHS) await run("GET", path);

  const forms = formCases();
  for (const path of [...FORM_POSTS, `/admin/buchungen/${booking}`]) {
    for (const formCase of forms) {
      // The logo upload page takes binary multipart bodies (NUL bytes included) and checks them itself: a 4xx, never a 5xx.
      const c = path === "/admin/einstellungen/betrieb" && formCase.label === "multipart raw NUL" ? { ...formCase, expected: undefined } : formCase;
      await run("POST", path, c);
      // Staff forms again with a session (never the sign-out: the session is needed to the end).
      if (path.startsWith("/admin") && path !== "/admin/logout" && path !== "/admin/login") await run("POST", path, c, cookie);
    }
  }
  for (const method of ["PUT", "DELETE", "PATCH"]) await run(method, "/enter-data", forms[6]);

  const jsons = jsonCases();
  for (const path of JSON_APIS) {
    for (const c of jsons) {
      await run("POST", path, c);
      if (path === "/api/vouchers" || path === "/api/reservations/cancel") {
        await run("POST", path, c, undefined, { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` });
      }
    }
  }

  await Promise.all(inFlight);
  const seconds = (Date.now() - started) / 1000;

  expect(findings, `${findings.length} of ${requests} requests`).toEqual([]);
  // The walk reached the routes: the edge refused some (400/403/413/415), the routes answered others.
  for (const status of [200, 400, 403, 413, 415]) expect(statuses.get(status) ?? 0, `answers with ${status}`).toBeGreaterThan(0);
  // Nothing was booked, not even on the days the bodies named.
  expect(await Promise.all([FAR, BEYOND].map((d) => bookingsOn(cookie, d)))).toEqual(before);
  expect(before).toEqual(["", ""]);
  // No table, closure, offer, opening hour, location, note or arrival came of the staff forms.
  expect(await Promise.all(statePages.map((p) => visibleText(cookie, p)))).toEqual(stateBefore);
  // Part of `npm test`: the walk must stay quick (issue "Robustness": under a minute).
  expect(seconds, "the walk takes under a minute").toBeLessThan(60);
  // The staff session survived the walk: no request signed it out.
  expect((await fetch(`${BASE}/admin`, { headers: { Cookie: cookie }, redirect: "manual" })).status).toBe(200);
  console.info(`fuzz: ${requests} requests in ${Math.round(seconds)} s; statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
});

/** One raw request: `fetch` refuses to send TRACE at all, a client on the internet does not. */
function rawRequest(method: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${BASE}${path}`, { method, headers: { ...FUZZ_CLIENT, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

test("methods the site does not serve get 405 with what it allows, on pages, APIs and files alike", async () => {
  const html = await (await fetch(`${BASE}/offers`)).text();
  const stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  expect(stylesheet).toBeDefined();
  for (const path of ["/", "/offers", "/api/offers", "/api/birthday/reserve", stylesheet!, "/favicon.ico"]) {
    // (Node's own parser answers a method it does not know, e.g. TRACK, with 400 before the app.)
    for (const method of ["TRACE", "PROPFIND", "MKCOL"]) {
      const response = await rawRequest(method, path);
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.allow, `${method} ${path}`).toBe("GET, HEAD, POST");
      expect(response.body, `${method} ${path}`).toContain("Diese Anfragemethode wird nicht unterstützt.");
      expect(response.headers["x-request-id"], `${method} ${path}`).toBeDefined();
    }
  }
  // A write to an API that only reads: the API's own answer, not Remix's "Unexpected Server Error".
  for (const path of ["/api/offers", "/api/tables/available", "/api/payments/transaction/zz-unknown"]) {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const response = await fetch(`${BASE}${path}`, { method, headers: { ...FUZZ_CLIENT, "Content-Type": "application/json" }, body: "{}" });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get("allow"), `${method} ${path}`).toBe("GET, HEAD");
      expect(await response.json(), `${method} ${path}`).toEqual({ error: "method not allowed" });
    }
  }
});
