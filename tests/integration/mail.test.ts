import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { mailOutbox, reservations } from "~/server/platform/schema";
import { closeDatabase, getDb, type Db } from "~/server/platform/db.server";
import { resetEnvForTests } from "~/server/platform/env.server";
import {
  createTransport,
  deliverDueMail,
  enqueueCancellationMail,
  enqueueConfirmationMail,
  kickMailer,
  mailerIdle,
  startMailer,
} from "~/server/mail/mail.server";
import { seed } from "~/server/platform/seed.server";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

const FROM = "Fun World <buchung@funworld.ch>";

/** An SMTP server in this process that keeps every message it accepts, parsed. */
class FakeSmtp {
  readonly messages: ParsedMail[] = [];
  private server: SMTPServer | undefined;
  port = 0;

  async start(port = this.port): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      disableReverseLookup: true,
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.messages.push(mail);
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }
}

function calendarPart(mail: ParsedMail): string | undefined {
  const part = mail.attachments.find((a) => a.contentType.startsWith("text/calendar"));
  return part?.content.toString("utf8");
}

async function insertReservation(db: Db) {
  const code = `FW-T${randomBytes(4).toString("hex").toUpperCase()}`;
  const [row] = await db
    .insert(reservations)
    .values({
      code,
      type: "BIRTHDAY_PARTY",
      date: nextWeekday(6),
      startMin: 600,
      endMin: 720,
      numChildren: 6,
      numActiveAdults: 1,
      numAccompanyingAdults: 2,
      offerId: 1,
      offerName: "Geburtstag Classic",
      ...CONTACT,
      priceRappen: 20_200,
      discountRappen: 5_000,
      amountRappen: 15_200,
      voucherCode: "ABCD2345EFGH",
      status: "confirmed",
      paymentStatus: "settled",
      confirmedAt: new Date(),
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

describe.each(drivers)("mail outbox on $name", ({ open }) => {
  let database: TestDatabase;
  const smtp = new FakeSmtp();

  beforeAll(async () => {
    database = await open();
    await smtp.start(0);
  });
  afterAll(async () => {
    await smtp.stop();
    await database?.close();
  });
  beforeEach(async () => {
    // Every test starts with an empty outbox, so "deliver what is due" only sees its own mail.
    await database.db.delete(mailOutbox);
    smtp.messages.length = 0;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  async function bookAndQueue() {
    const reservation = await insertReservation(database.db);
    await database.db.transaction((tx) => enqueueConfirmationMail(tx, reservation));
    return reservation;
  }

  it("queues the confirmation in the caller's transaction and delivers it once, with the calendar entry", async () => {
    const reservation = await bookAndQueue();
    const transport = createTransport({ SMTP_URL: smtp.url, DATA_DIR: "unused" });

    expect(await deliverDueMail(database.db, { transport, from: FROM })).toEqual({ sent: 1, failed: 0 });
    expect(await deliverDueMail(database.db, { transport, from: FROM })).toEqual({ sent: 0, failed: 0 });

    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.subject).toContain(reservation.code);
    expect(mail.text).toContain(reservation.code);
    expect(mail.html || "").toContain(reservation.code);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : "").toBe(CONTACT.email);
    expect(mail.from?.text).toContain("buchung@funworld.ch");
    const ics = calendarPart(mail);
    expect(ics).toContain("METHOD:PUBLISH");
    expect(ics).toContain(`UID:${reservation.code}@funworld.ch`);

    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, reservation.id));
    expect(row).toMatchObject({ kind: "confirmation", to: CONTACT.email, icsMethod: "PUBLISH", attempts: 0, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it("queues nothing when the caller's transaction rolls back", async () => {
    const reservation = await insertReservation(database.db);
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueConfirmationMail(tx, reservation);
        throw new Error("booking failed after queuing");
      }),
    ).rejects.toThrow("booking failed");
    expect(await database.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("sends a cancellation with METHOD:CANCEL for the same calendar entry", async () => {
    const reservation = await insertReservation(database.db);
    await database.db.transaction((tx) => enqueueCancellationMail(tx, reservation, "Kind krank", { refundRappen: 0, voucherCreditRappen: 0, keptRappen: 0 }));
    const transport = createTransport({ SMTP_URL: smtp.url, DATA_DIR: "unused" });
    expect(await deliverDueMail(database.db, { transport, from: FROM })).toEqual({ sent: 1, failed: 0 });
    const mail = smtp.messages[0]!;
    expect(mail.subject).toContain("Stornierung");
    expect(mail.text).toContain("Grund: Kind krank");
    const ics = calendarPart(mail);
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain("STATUS:CANCELLED");
    expect(ics).toContain(`UID:${reservation.code}@funworld.ch`);
  });

  it("sends every message exactly once when several deliverers run at the same time", async () => {
    const queued = await Promise.all(Array.from({ length: 6 }, () => bookAndQueue()));
    const transport = createTransport({ SMTP_URL: smtp.url, DATA_DIR: "unused" });

    const results = await Promise.all(
      Array.from({ length: 3 }, () => deliverDueMail(database.db, { transport, from: FROM })),
    );

    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(6);
    expect(results.every((r) => r.failed === 0)).toBe(true);
    expect(smtp.messages).toHaveLength(6);
    const subjects = smtp.messages.map((m) => m.subject ?? "");
    for (const reservation of queued) {
      expect(subjects.filter((s) => s.includes(reservation.code))).toHaveLength(1);
    }
  });

  it("sends a single message once when two deliverers race for it", async () => {
    await bookAndQueue();
    const transport = createTransport({ SMTP_URL: smtp.url, DATA_DIR: "unused" });
    const [a, b] = await Promise.all([
      deliverDueMail(database.db, { transport, from: FROM }),
      deliverDueMail(database.db, { transport, from: FROM }),
    ]);
    expect(a!.sent + b!.sent).toBe(1);
    expect(smtp.messages).toHaveLength(1);
  });

  it("keeps the message while SMTP is down and sends it after the back-off once the server is back", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const reservation = await bookAndQueue();
    const transport = createTransport({ SMTP_URL: smtp.url, DATA_DIR: "unused" });
    await smtp.stop();
    try {
      const t0 = new Date();
      expect(await deliverDueMail(database.db, { transport, from: FROM, now: t0 })).toEqual({ sent: 0, failed: 1 });
      const [failed] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, reservation.id));
      expect(failed).toMatchObject({ attempts: 1, sentAt: null });
      expect(failed!.lastError).toBeTruthy();
      expect(failed!.nextAttemptAt.getTime()).toBe(t0.getTime() + 30_000);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(reservation.code));

      // Not due again before the back-off has passed.
      const early = new Date(t0.getTime() + 10_000);
      expect(await deliverDueMail(database.db, { transport, from: FROM, now: early })).toEqual({ sent: 0, failed: 0 });
    } finally {
      await smtp.start();
    }

    const later = new Date(Date.now() + 31_000);
    expect(await deliverDueMail(database.db, { transport, from: FROM, now: later })).toEqual({ sent: 1, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.subject).toContain(reservation.code);
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, reservation.id));
    expect(row).toMatchObject({ attempts: 1, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it("doubles the wait after each failed attempt", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const reservation = await bookAndQueue();
    const broken = { send: () => Promise.reject(new Error("421 try again later")) };
    let now = new Date(Date.now() + 1000);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      expect(await deliverDueMail(database.db, { transport: broken, from: FROM, now })).toEqual({ sent: 0, failed: 1 });
      const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, reservation.id));
      waits.push(row!.nextAttemptAt.getTime() - now.getTime());
      expect(row!.lastError).toBe("421 try again later");
      now = row!.nextAttemptAt;
    }
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000]);
  });

  it("writes an .eml file into DATA_DIR/outbox when no SMTP server is configured", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "funworld-mail-"));
    try {
      const reservation = await bookAndQueue();
      const transport = createTransport({ DATA_DIR: dataDir });
      expect(await deliverDueMail(database.db, { transport, from: FROM })).toEqual({ sent: 1, failed: 0 });

      const files = await readdir(path.join(dataDir, "outbox"));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(new RegExp(`^\\d{8}T\\d{6}-\\d{3}Z-${reservation.code}\\.eml$`));
      const raw = await readFile(path.join(dataDir, "outbox", files[0]!));
      expect(raw.toString("utf8")).toContain(reservation.code);
      expect(raw.toString("utf8")).toContain("\r\n");
      const mail = await simpleParser(raw);
      expect(mail.subject).toContain(reservation.code);
      expect(calendarPart(mail)).toContain("METHOD:PUBLISH");
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("the background mailer on the process database", () => {
  const smtp = new FakeSmtp();
  const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: process.env.SMTP_URL };
  let dataDir: string;

  beforeAll(async () => {
    await smtp.start(0);
    dataDir = await mkdtemp(path.join(tmpdir(), "funworld-mailer-"));
    process.env.DATA_DIR = dataDir;
    process.env.SMTP_URL = smtp.url;
    delete process.env.DATABASE_URL;
    resetEnvForTests();
    await seed(await getDb());
  });
  afterAll(async () => {
    await closeDatabase();
    await smtp.stop();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvForTests();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("ignores kicks until started, then sends what waited and sends new mail at once after a kick", async () => {
    const db = await getDb();
    const unsent = async () => (await db.select().from(mailOutbox)).filter((row) => row.sentAt === null).length;

    const early = await insertReservation(db);
    await db.transaction((tx) => enqueueConfirmationMail(tx, early));
    kickMailer();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages).toHaveLength(0);

    // An interval far beyond the test: only the start and the kick can send.
    const stop = startMailer(600_000);
    try {
      await waitFor(async () => (await unsent()) === 0);
      expect(smtp.messages.map((m) => m.subject)).toEqual([expect.stringContaining(early.code)]);

      const late = await insertReservation(db);
      await db.transaction((tx) => enqueueConfirmationMail(tx, late));
      kickMailer();
      kickMailer();
      await waitFor(async () => (await unsent()) === 0);
      await mailerIdle();
      expect(smtp.messages).toHaveLength(2);
      expect(smtp.messages[1]!.subject).toContain(late.code);
      expect(smtp.messages[1]!.from?.text).toContain("buchung@funworld.ch");
    } finally {
      stop();
      await mailerIdle();
    }
  });
});
