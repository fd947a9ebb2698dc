import { randomBytes } from "node:crypto";
import { link, mkdir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";

export type OutgoingMail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  ics?: { method: string; content: string } | null;
  /** Files sent along (a sold gift voucher's PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /** Names the `.eml` file in the local outbox (the booking code, else the outbox id). */
  reference?: string;
  /** A stable Message-ID lets mail clients drop the duplicate if a retry resends a delivered message. */
  messageId?: string;
  /** `fr-CH`: the Content-Language header (the message's language, for mail clients and screen readers). */
  language?: string;
};

export type MailTransport = { send(message: OutgoingMail): Promise<void> };

export type TransportEnv = { SMTP_URL?: string; DATA_DIR: string };

function toNodemailer(message: OutgoingMail): Mail.Options {
  return {
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    // German text is mostly Latin letters: quoted-printable, which nodemailer would pick anyway after
    // counting the characters of every body with two regular expressions per message.
    textEncoding: "quoted-printable",
    ...(message.html ? { html: message.html } : {}),
    ...(message.ics
      ? { icalEvent: { method: message.ics.method, filename: "buchung.ics", content: message.ics.content } }
      : {}),
    ...(message.messageId ? { messageId: message.messageId } : {}),
    ...(message.language ? { headers: { "Content-Language": message.language } } : {}),
    ...(message.attachments?.length ? { attachments: message.attachments } : {}),
  };
}

/**
 * nodemailer waits up to 10 minutes on a silent socket by default; a stuck server must fail the
 * attempt well inside the outbox lease, so the message is retried rather than held.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function createSmtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    async send(message) {
      await transporter.sendMail(toNodemailer(message));
    },
  };
}

function safeFilePart(value: string): string {
  return value.replace(/[^A-Za-z0-9_-]+/g, "_").slice(0, 60) || "mail";
}

/** Local runs without SMTP: each message becomes an `.eml` file any mail client opens. */
export function createFileTransport(outboxDir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  let ready: Promise<unknown> | undefined;
  return {
    async send(message) {
      const info = await transporter.sendMail(toNodemailer(message));
      const raw = info.message;
      if (!Buffer.isBuffer(raw)) throw new Error("streamTransport did not return a buffer");
      const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(".", "-");
      const base = `${stamp}-${safeFilePart(message.reference ?? "mail")}`;
      // Written under a hidden temporary name, then linked to its `.eml` name: whoever watches the
      // folder (a mail client, a test) never reads a half-written message. `link` never overwrites:
      // two messages for one booking in the same millisecond get a suffix.
      const temporary = path.join(outboxDir, `.${base}.${randomBytes(6).toString("hex")}.tmp`);
      // The folder is made once, and again should someone remove it while the server runs.
      ready ??= mkdir(outboxDir, { recursive: true }).catch((error: unknown) => {
        ready = undefined;
        throw error;
      });
      await ready;
      await writeFile(temporary, raw, { flag: "wx" }).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
        await mkdir(outboxDir, { recursive: true });
        await writeFile(temporary, raw, { flag: "wx" });
      });
      try {
        for (let n = 1; ; n++) {
          const file = path.join(outboxDir, n === 1 ? `${base}.eml` : `${base}-${n}.eml`);
          try {
            await link(temporary, file);
            return;
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== "EEXIST" || n >= 100) throw error;
          }
        }
      } finally {
        await unlink(temporary).catch(() => undefined);
      }
    },
  };
}

export function createTransport(env: TransportEnv): MailTransport {
  return env.SMTP_URL ? createSmtpTransport(env.SMTP_URL) : createFileTransport(path.resolve(env.DATA_DIR, "outbox"));
}
