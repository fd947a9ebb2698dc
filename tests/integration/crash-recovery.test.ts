import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/server/platform/db.server";
import { mailOutbox, payments, reservations } from "~/server/platform/schema";
import { startFakeDatatrans, type FakeDatatrans } from "../fakes/datatrans";
import { scratchPostgres } from "./databases";
import { nextWeekday } from "./fixtures";

/**
 * The worst moment for a crash: the family has paid at the provider, and the server dies before the
 * webhook arrives (and the browser never comes back). The real server runs as a child process
 * against the fake Datatrans, is killed with SIGKILL, the payment settles at the provider while it
 * is down (its webhook is lost), and after a restart the booking must be confirmed with exactly one
 * confirmation e-mail — on the embedded database and on PostgreSQL.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const MERCHANT_ID = "1100012345";
const PASSWORD = "fake-Pa55word";
const HMAC_KEY = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

let fake: FakeDatatrans;

beforeAll(async () => {
  // The server serves the production build; build it when a run starts from a clean checkout.
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) {
    // Without VITEST in its environment: under Vitest the config leaves the Remix plugin out.
    const { VITEST: _vitest, ...env } = process.env;
    execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "ignore", env });
  }
  fake = await startFakeDatatrans({ merchantId: MERCHANT_ID, password: PASSWORD, hmacKeyHex: HMAC_KEY });
}, 300_000);

afterAll(async () => {
  await fake?.close();
});

type Target = { name: string; port: number };
const targets: Target[] = [
  { name: "pglite", port: 3252 },
  { name: "postgres", port: 3253 },
];

describe.each(targets)("a server killed between settlement and webhook, on $name", ({ name, port }) => {
  let dataDir: string;
  let databaseUrl = "";
  let dropDatabase: (() => Promise<void>) | undefined;
  let child: ChildProcess | undefined;
  let skip = false;
  const baseUrl = `http://127.0.0.1:${port}`;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), `kidsindoor-crash-${name}-`));
    if (name === "postgres") {
      const scratch = await scratchPostgres();
      if (!scratch) skip = true;
      else {
        databaseUrl = scratch.url;
        dropDatabase = scratch.drop;
      }
    }
  });

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill("SIGKILL");
    await dropDatabase?.();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<ChildProcess> {
    const proc = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "pipe"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: "crash-test-session-secret-0123456789",
        PAYMENT_PROVIDER: "datatrans",
        DATATRANS_MERCHANT_ID: MERCHANT_ID,
        DATATRANS_PASSWORD: PASSWORD,
        DATATRANS_HMAC_KEY: HMAC_KEY,
        DATATRANS_API_URL: fake.apiUrl,
        DATATRANS_PAY_URL: fake.payUrl,
        SMTP_URL: "",
        ADMIN_PASSWORD: "",
        VITEST: "",
      },
    });
    let stderr = "";
    proc.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}: ${stderr}`);
      const ok = await fetch(`${baseUrl}/api/offers`).then((r) => r.ok).catch(() => false);
      if (ok) return proc;
      if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async function stop(proc: ChildProcess, signal: NodeJS.Signals) {
    if (proc.exitCode !== null) return;
    const exited = new Promise((resolve) => proc.once("exit", resolve));
    proc.kill(signal);
    await exited;
  }

  const outboxFiles = async () => (await readdir(path.join(dataDir, "outbox")).catch(() => [] as string[])).filter((f) => f.endsWith(".eml"));

  it("confirms the booking after the restart, with exactly one confirmation e-mail", async (context) => {
    if (skip) context.skip();
    child = await start();
    const date = nextWeekday(6, new Date(Date.now() + 3 * 7 * 86_400_000));
    const reserve = await fetch(`${baseUrl}/api/birthday/reserve`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        reservationDate: date,
        selectedSlots: [{ startTime: "14:00", endTime: "16:00" }],
        numChildren: 6,
        numActiveAdults: 2,
        numAccompanyingAdults: 0,
        selectedOffer: { offerId: 1 },
        firstName: "Lea",
        lastName: "Frei",
        street: "Dorfstrasse 3",
        zip: "8604",
        city: "Volketswil",
        phone: "079 123 45 67",
        email: "lea@example.ch",
      }),
    });
    expect(reserve.status).toBe(200);
    const reserved = (await reserve.json()) as { bookingCode: string; reservationToken?: string };
    const initiate = await fetch(`${baseUrl}/api/payments/initiate`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      // The owner's token, where the API hands one out.
      body: JSON.stringify({ currency: "CHF", refno: reserved.bookingCode, reservationToken: reserved.reservationToken }),
    });
    expect(initiate.status).toBe(200);
    const transaction = [...fake.transactions.values()].find((t) => t.refno === reserved.bookingCode)!;
    expect(transaction.status).toBe("initialized");

    // The crash, then the family pays: the provider settles and its webhook finds no server.
    await stop(child, "SIGKILL");
    await fake.pay(transaction.transactionId, "settled");
    expect(fake.webhooks.at(-1)).toMatchObject({ transactionId: transaction.transactionId, responseStatus: null });

    child = await start();
    // Reconciliation at start asks the provider; the mailer then writes the e-mail.
    const deadline = Date.now() + 30_000;
    while ((await outboxFiles()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    // The webhook, retried late by the provider, changes nothing.
    expect((await fake.sendWebhook(transaction.transactionId)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1000));
    await stop(child, "SIGTERM");

    expect(await outboxFiles()).toHaveLength(1);
    const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir });
    try {
      const [booking] = await database.db.select().from(reservations).where(eq(reservations.code, reserved.bookingCode));
      expect(booking).toMatchObject({ status: "confirmed", paymentStatus: "settled" });
      const [payment] = await database.db.select().from(payments).where(eq(payments.transactionId, transaction.transactionId));
      expect(payment).toMatchObject({ status: "settled" });
      const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, booking!.id));
      expect(mails.map((m) => m.kind)).toEqual(["confirmation"]);
    } finally {
      await database.close();
    }
  }, 180_000);
});
