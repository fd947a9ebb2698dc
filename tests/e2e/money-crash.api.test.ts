import { expect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import net from "node:net";
import pg from "pg";
import { createScratchDatabase, type ScratchDatabase } from "../../scripts/scratch-postgres";
import { futureWeekday } from "../../bench/lib/flow";
import { startFakeDatatrans, type FakeDatatrans } from "../fakes/datatrans";
import { baseEnv, listening, spawnServer, stop, type Spawned } from "./spawn-server";

/**
 * Money across processes and crashes (issue #27 §3, §4), on real server processes paying through the
 * fake Datatrans: a server killed (SIGKILL) while the provider is carrying out a refund, restarted,
 * reconciles it — one refund at the provider, recorded once, the desk shows it refunded; and staff
 * cancellations racing payment confirmations, in one process and across two, end without a 500 and
 * with every franc paid given back exactly once.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const TOKEN = randomBytes(18).toString("base64url");
const HMAC_KEY = "c0ffee00c0ffee00c0ffee00c0ffee00";
const PASSWORD = "money-crash-password";

test.describe.configure({ timeout: 180_000, mode: "serial" });

let database: ScratchDatabase | undefined;
let fake: FakeDatatrans;
const servers: Spawned[] = [];

test.beforeEach(async () => {
  database = await createScratchDatabase(ADMIN_URL, "fw_money");
  fake = await startFakeDatatrans({ merchantId: "m-money", password: "pw-money", hmacKeyHex: HMAC_KEY });
});

test.afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => stop(s)));
  await fake?.close();
  await database?.drop();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

/** A server on a port of its own (webhooks are sent to its PUBLIC_URL). */
async function start(port: number, overrides: Record<string, string> = {}): Promise<Spawned> {
  const server = spawnServer(
    baseEnv({
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: database!.url,
      ADMIN_API_TOKEN: TOKEN,
      ADMIN_PASSWORD: PASSWORD,
      PAYMENT_PROVIDER: "datatrans",
      DATATRANS_MERCHANT_ID: "m-money",
      DATATRANS_PASSWORD: "pw-money",
      DATATRANS_HMAC_KEY: HMAC_KEY,
      DATATRANS_API_URL: fake.apiUrl,
      DATATRANS_PAY_URL: fake.payUrl,
      HOLD_LIMIT_PER_CLIENT: "1000",
      HOLD_LIMIT_PER_EMAIL: "1000",
      LOOKUP_LIMIT_PER_MINUTE: "100000",
      ...overrides,
    }),
  );
  servers.push(server);
  await listening(server, 60_000);
  return server;
}

/** A booking held through the JSON API with its payment opened at the fake; returns code, token and transaction. */
async function holdAndInitiate(base: string, date: string, startTime: string) {
  const reserved = await fetch(`${base}/api/birthday/reserve`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      reservationDate: date,
      selectedSlots: [{ startTime, endTime: "" }],
      numChildren: 4,
      numActiveAdults: 0,
      numAccompanyingAdults: 1,
      selectedOffer: { offerId: 1 },
      firstName: "Rita",
      lastName: "Rückgabe",
      street: "Bachweg 2",
      zip: "8620",
      city: "Wetzikon",
      phone: "044 222 33 44",
      email: "rita@example.ch",
    }),
  });
  expect(reserved.status, await reserved.clone().text()).toBe(200);
  const { bookingCode: code, reservationToken } = (await reserved.json()) as { bookingCode: string; reservationToken: string };
  const initiated = await fetch(`${base}/api/payments/initiate`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ systemId: "kidsindoor", currency: "CHF", refno: code, reservationToken }),
  });
  expect(initiated.status).toBe(200);
  const trx = ((await initiated.json()) as { paymentUrl: string }).paymentUrl.split("/").at(-1)!;
  return { code, reservationToken, trx };
}

const cancel = (base: string, code: string) =>
  fetch(`${base}/api/reservations/cancel`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({ bookingCode: code, reason: "Auf Wunsch der Familie" }),
  });

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: database!.url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function staffCookie(base: string): Promise<string> {
  const signIn = await fetch(`${base}/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ email: "admin", password: PASSWORD }).toString(),
    redirect: "manual",
  });
  const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith("fw_staff="));
  if (!cookie) throw new Error(`no staff session: ${signIn.status}`);
  return cookie.split(";")[0]!;
}

test("a server killed while the provider carries out a refund: the restarted server reconciles it — one refund, recorded once, the desk shows it refunded", async () => {
  const port = await freePort();
  const first = await start(port);
  const base = first.baseUrl!;
  const { code, reservationToken, trx } = await holdAndInitiate(base, futureWeekday(6, 21), "14:00");
  await fake.pay(trx, "settled");
  const status = await fetch(`${base}/api/payments/transaction/${trx}?reservationToken=${encodeURIComponent(reservationToken)}`);
  expect(((await status.json()) as { status: string }).status).toBe("settled");

  // The provider takes 3 s to answer the refund; the server dies once it has made it.
  fake.setCreditDelay(3_000);
  const cancelling = cancel(base, code).catch(() => null);
  await expect.poll(() => fake.credits().filter((c) => c.refno === code).length, { timeout: 10_000, intervals: [20] }).toBe(1);
  const creditMadeAt = Date.now();
  first.child.kill("SIGKILL");
  await first.exit;
  expect(await cancelling).toBeNull();
  // Killed mid-call: the refund row (with its key) was committed before the call, its answer never recorded.
  expect(await query("select status, attempts from refunds")).toEqual([{ status: "pending", attempts: 1 }]);
  expect(await query("select status from reservations where code = $1", [code])).toEqual([{ status: "cancelled" }]);

  // Restarted after the provider's answer went out to nobody: the reconciliation at start repeats the
  // refund with its stored key, the provider answers the first credit again, and it is recorded.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, creditMadeAt + 3_200 - Date.now())));
  fake.setCreditDelay(0);
  const second = await start(port);
  await expect
    .poll(async () => (await query<{ status: string }>("select status from refunds"))[0]?.status, { timeout: 30_000, intervals: [200] })
    .toBe("succeeded");

  const credits = fake.credits().filter((c) => c.refno === code);
  expect(credits).toHaveLength(1);
  const keys = new Set(fake.requests.filter((r) => r.path.endsWith(`/${trx}/credit`)).map((r) => r.headers["idempotency-key"]));
  expect(keys.size).toBe(1);
  expect(await query("select status, refunded_rappen, refund_transaction_id from payments where transaction_id = $1", [trx])).toEqual([
    { status: "refunded", refunded_rappen: credits[0]!.amount, refund_transaction_id: credits[0]!.transactionId },
  ]);
  expect(await query("select payment_status from reservations where code = $1", [code])).toEqual([{ payment_status: "refunded" }]);
  expect(await query("select count(*)::int as n from audit_log where action = 'refund'")).toEqual([{ n: 1 }]);
  expect(await query("select count(*)::int as n from audit_log where action like 'refund-manual%'")).toEqual([{ n: 0 }]);

  const desk = await fetch(`${second.baseUrl}/admin/buchungen/${code}`, { headers: { Cookie: await staffCookie(second.baseUrl!) } });
  expect(desk.status).toBe(200);
  const html = await desk.text();
  expect(html).toContain("zurückerstattet");
  expect(html).not.toContain("abgelehnt");
  expect(html).not.toContain("manuell erledigt");
  expect(html).toContain(credits[0]!.transactionId);
});

for (const processes of [1, 2] as const) {
  test(`staff cancellations racing payment confirmations (${processes === 1 ? "one process" : "two processes"}): no 500, every payment settled at the provider is refunded exactly once`, async () => {
    const portA = await freePort();
    const a = await start(portA);
    const b = processes === 2 ? await start(await freePort()) : a;
    const date = futureWeekday(6, 28);
    const bookings = [];
    for (const startTime of ["10:00", "12:00", "14:00", "16:00", "18:00"]) {
      for (let table = 0; table < 3; table++) bookings.push(await holdAndInitiate(a.baseUrl!, date, startTime));
    }
    // The family pays (the provider's signed webhook goes to process A) while staff cancel (through B).
    const answers = await Promise.all(
      bookings.map(async ({ code, trx }) => {
        const [, cancelled] = await Promise.all([fake.pay(trx, "settled"), cancel(b.baseUrl!, code)]);
        return { code, trx, cancelStatus: cancelled.status, webhook: fake.webhooks.find((w) => w.transactionId === trx)?.responseStatus ?? null };
      }),
    );
    for (const answer of answers) {
      expect(answer.cancelStatus, answer.code).toBe(200);
      expect(answer.webhook, answer.code).toBe(200);
    }
    // Every payment ends refunded once (a refund after the cancellation, or the cancellation's own).
    await expect
      .poll(async () => (await query<{ status: string }>("select distinct status from payments")).map((r) => r.status), { timeout: 30_000, intervals: [200] })
      .toEqual(["refunded"]);
    for (const { code, trx } of answers) {
      const credits = fake.credits().filter((c) => c.refno === code);
      expect(credits.map((c) => c.amount), code).toEqual([fake.transactions.get(trx)!.settledAmount]);
    }
    expect(await query("select distinct status from reservations")).toEqual([{ status: "cancelled" }]);
    for (const server of processes === 2 ? [a, b] : [a]) expect(server.stderr()).not.toMatch(/deadlock|40P01|Unexpected Server Error/);
  });
}

/** A paid booking through the JSON API, and its manage link (from the confirmation e-mail). */
async function paidWithManageLink(base: string, date: string, startTime: string) {
  const { code, reservationToken, trx } = await holdAndInitiate(base, date, startTime);
  await fake.pay(trx, "settled");
  const status = await fetch(`${base}/api/payments/transaction/${trx}?reservationToken=${encodeURIComponent(reservationToken)}`);
  expect(((await status.json()) as { status: string }).status).toBe("settled");
  const [mail] = await query<{ text: string }>("select m.text from mail_outbox m join reservations r on r.id = m.reservation_id where r.code = $1 and m.kind = 'confirmation'", [code]);
  const token = /\/buchung\/([A-Za-z0-9_-]{20,})/.exec(mail!.text)?.[1];
  if (!token) throw new Error(`no manage link for ${code}`);
  return { code, token };
}

/** The family's form posts (no JavaScript): the quote, then the confirmation with the price shown; answers the provider's transaction. */
async function payMorePersons(base: string, token: string): Promise<string> {
  const form = (extra: Record<string, string>) =>
    fetch(`${base}/buchung/${token}/personen`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: new URLSearchParams({ numChildren: "6", numActiveAdults: "0", numAccompanyingAdults: "1", ...extra }).toString(),
      redirect: "manual",
    });
  const quote = await (await form({})).text();
  const expected = /name="expect" value="(\d+)"/.exec(quote)?.[1];
  if (!expected) throw new Error("no quote");
  const confirmed = await form({ confirm: "1", expect: expected });
  expect(confirmed.status).toBe(303);
  return confirmed.headers.get("location")!.split("/").at(-1)!;
}

for (const processes of [1, 2] as const) {
  test(`a family cancelling while its price difference is paid (${processes === 1 ? "one process" : "two processes"}): no 500, never 'abgebrochen', all money back once`, async () => {
    const a = await start(await freePort());
    const b = processes === 2 ? await start(await freePort()) : a;
    const date = futureWeekday(6, 35);
    const families = [];
    for (const startTime of ["10:00", "12:00", "14:00", "16:00", "18:00", "20:00"]) {
      const booking = await paidWithManageLink(a.baseUrl!, date, startTime);
      families.push({ ...booking, trx: await payMorePersons(a.baseUrl!, booking.token) });
    }
    // The difference is paid at the provider; the family's return (process A) and its cancellation (process B) race.
    const results = await Promise.all(
      families.map(async ({ token, trx }) => {
        const [returned, cancelled] = await Promise.all([
          fake.pay(trx, "settled").then(() => fetch(`${a.baseUrl}/buchung/${token}/zahlung?r=ok&datatransTrxId=${trx}`, { redirect: "manual" })),
          fetch(`${b.baseUrl}/buchung/${token}/stornieren`, { method: "POST", headers: { Origin: b.baseUrl! }, redirect: "manual" }),
        ]);
        return { returned: returned.status, back: returned.headers.get("location") ?? "", cancelled: cancelled.status };
      }),
    );
    for (const [i, r] of results.entries()) {
      expect(r.cancelled, `family ${i}`).toBe(303);
      expect(r.returned, `family ${i}`).toBe(303);
      expect(r.back, `family ${i}`).not.toContain("zahlung-abgebrochen");
    }
    await expect
      .poll(async () => (await query<{ status: string }>("select distinct status from payments")).map((r) => r.status), { timeout: 30_000, intervals: [200] })
      .toEqual(["refunded"]);
    // Each booking's payments (the booking and its difference, both under the booking's code since
    // issue #30 §3) come back exactly once each: one credit per payment, for its amount.
    const paid = await query<{ refno: string; amount_rappen: number }>("select refno, amount_rappen from payments");
    for (const refno of new Set(paid.map((p) => p.refno))) {
      const amounts = paid.filter((p) => p.refno === refno).map((p) => p.amount_rappen).sort((x, y) => x - y);
      expect(fake.credits().filter((c) => c.refno === refno).map((c) => c.amount).sort((x, y) => (x ?? 0) - (y ?? 0)), refno).toEqual(amounts);
    }
    for (const server of processes === 2 ? [a, b] : [a]) expect(server.stderr()).not.toMatch(/deadlock|40P01|Unexpected Server Error/);
  });
}
