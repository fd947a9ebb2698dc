import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_VENUE_PROFILE } from "~/domain/venue-profile";
import type { Lang } from "~/i18n/locales";
import {
  createTransport,
  deliverDueMail,
  enqueueBalanceLinkMail,
  enqueueCancellationMail,
  enqueueChangeMail,
  enqueueChangeRefundMail,
  enqueueClosureNoticeMail,
  enqueueConfirmationMail,
  enqueueHeadcountMail,
  enqueueInvoiceMail,
  enqueueLateRefundMail,
  enqueueManageLinkMail,
  enqueuePaymentLinkMail,
  enqueueReminderMail,
} from "~/server/mail/mail.server";
import { emailTexts, mailOutbox, reservations, venueTranslations } from "~/server/platform/schema";
import { sourceHash } from "~/server/staff/venue-translations-admin.server";
import type { Tx } from "~/server/platform/db.server";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

/**
 * Issue #33 §3: every e-mail about a booking goes out in the booking's language, whoever sends it.
 * Each kind is queued for a booking in each language, delivered as an `.eml` file and read back.
 */

type Reservation = typeof reservations.$inferSelect;

/** Words that give German away in a French, Italian or English message (the venue's own texts removed first). */
const GERMAN_TELLTALES = [
  "Buchung",
  "Gutschein",
  " Uhr",
  "Bitte",
  "Ihre",
  "Sie ",
  "Zahlung",
  "Personen",
  "Kinder",
  "Erwachsene",
  "Termin",
  "Grüsse",
  "Öffnungszeiten",
  "geschlossen",
  "Telefon:",
  "Rechnung",
  "Datum",
  "Zeit:",
  "Paket",
  "zurückerstattet",
  "Restbetrag",
  "Schlusszahl",
  "Kalendereintrag",
];

/** A word each language's messages use, so a message in the wrong (non-German) language fails too. */
const OWN_WORD: Record<Exclude<Lang, "de">, RegExp> = { fr: /réservation/i, it: /prenotazione/i, en: /booking/i };

/** The venue's texts (typed in German by staff) and what the test itself typed: not the message's words. */
const VENUE_TEXTS = [DEFAULT_VENUE_PROFILE.arrivalNote, "Geburtstag Classic", "Wasserschaden"];

type Kind = { kind: string; queue: (tx: Tx, r: Reservation) => Promise<unknown> };

const KINDS: Kind[] = [
  { kind: "confirmation", queue: (tx, r) => enqueueConfirmationMail(tx, r) },
  { kind: "cancellation", queue: (tx, r) => enqueueCancellationMail(tx, { ...r, status: "cancelled" }, null, { refundRappen: 10_000, voucherCreditRappen: 5_000, keptRappen: 5_200 }) },
  {
    kind: "change",
    queue: (tx, r) =>
      enqueueChangeMail(tx, r, { date: r.date, startMin: r.startMin - 60, endMin: r.endMin - 60, persons: 8, priceRappen: 18_000 }, { refundRappen: 0, voucherCreditRappen: 0, paidRappen: 2_200, venueDeltaRappen: 0 }),
  },
  { kind: "change-refund", queue: (tx, r) => enqueueChangeRefundMail(tx, r, 2_200) },
  { kind: "reminder", queue: (tx, r) => enqueueReminderMail(tx, r) },
  {
    kind: "headcount",
    queue: (tx, r) => enqueueHeadcountMail(tx, r, { deadline: r.date, meals: [{ name: "Menü", choices: [{ choice: "Pizza", quantity: 4 }, { choice: "Hot Dog", quantity: 0 }] }, { name: "Dessert", choices: [] }] }),
  },
  { kind: "manage-link", queue: (tx, r) => enqueueManageLinkMail(tx, r) },
  { kind: "payment-link", queue: (tx, r) => enqueuePaymentLinkMail(tx, { ...r, status: "held", paymentStatus: "pending", holdExpiresAt: new Date(Date.now() + 86_400_000) }) },
  { kind: "balance-link", queue: (tx, r) => enqueueBalanceLinkMail(tx, r, { url: "https://funworld.example/zahlung/x", amountRappen: 3_000, validUntil: new Date(Date.now() + 86_400_000) }) },
  { kind: "late-refund", queue: (tx, r) => enqueueLateRefundMail(tx, { ...r, status: "expired" }) },
  { kind: "closure-notice", queue: (tx, r) => enqueueClosureNoticeMail(tx, r, "Wasserschaden") },
  {
    kind: "invoice",
    queue: (tx, r) => enqueueInvoiceMail(tx, r, { number: "R-2026-0001", amountRappen: 15_200, dueDate: r.date, reference: "000000000000000000000000001" }, { body: Buffer.from("%PDF-1.4\n"), fileName: "rechnung.pdf" }),
  },
];

async function insertReservation(db: TestDatabase["db"], lang: Lang): Promise<Reservation> {
  const [row] = await db
    .insert(reservations)
    .values({
      code: `FW-L${randomBytes(4).toString("hex").toUpperCase()}`,
      type: "BIRTHDAY_PARTY",
      date: nextWeekday(6),
      startMin: 840,
      endMin: 960,
      numChildren: 6,
      numActiveAdults: 1,
      numAccompanyingAdults: 2,
      offerId: 1,
      offerName: "Geburtstag Classic",
      ...CONTACT,
      partyChildName: "Lea",
      partyChildAge: 7,
      partyNotes: "Nüsse",
      priceRappen: 20_200,
      discountRappen: 5_000,
      amountRappen: 15_200,
      voucherCode: "ABCD2345EFGH",
      status: "confirmed",
      paymentStatus: "settled",
      confirmedAt: new Date(),
      lang,
    })
    .returning();
  return row!;
}

function withoutVenueTexts(text: string): string {
  return VENUE_TEXTS.reduce((rest, venueText) => rest.split(venueText).join(""), text);
}

/** RFC 5545: folded lines joined, TEXT escapes undone (so the venue's texts can be told apart). */
function unfoldIcs(ics: string): string {
  return ics.replace(/\r\n[ \t]/g, "").replace(/\\([,;\\])/g, "$1").replace(/\\n/g, "\n");
}

function calendarPart(mail: ParsedMail): string | undefined {
  return mail.attachments.find((a) => a.contentType.startsWith("text/calendar"))?.content.toString("utf8");
}

describe.each(drivers)("e-mails in the booking's language on $name (issue #33 §3)", ({ open }) => {
  let database: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await database.db.delete(mailOutbox);
    await database.db.delete(emailTexts);
    await database.db.delete(venueTranslations);
  });

  /** Queues every kind for a booking in `lang` and reads the delivered `.eml` files back, by kind. */
  async function sendAll(lang: Lang): Promise<{ reservation: Reservation; mails: Map<string, ParsedMail> }> {
    dataDir = await mkdtemp(path.join(tmpdir(), `funworld-mail-${lang}-`));
    try {
      const reservation = await insertReservation(database.db, lang);
      for (const { queue } of KINDS) {
        await database.db.transaction(async (tx) => {
          await queue(tx, reservation);
        });
      }
      const transport = createTransport({ DATA_DIR: dataDir });
      expect(await deliverDueMail(database.db, { transport, from: "Fun World <buchung@funworld.ch>" })).toEqual({ sent: KINDS.length, failed: 0 });
      const files = (await readdir(path.join(dataDir, "outbox"))).sort();
      expect(files).toHaveLength(KINDS.length);
      const mails = new Map<string, ParsedMail>();
      for (const file of files) {
        const mail = await simpleParser(await readFile(path.join(dataDir, "outbox", file)));
        // The Message-ID names the outbox kind (`<kind.id.code@domain>`); the balance link shares «payment-link».
        const kind = /^<([a-z-]+)\./.exec(mail.messageId ?? "")![1]!;
        mails.set(mails.has(kind) ? "balance-link" : kind, mail);
      }
      expect([...mails.keys()].sort()).toEqual(KINDS.map((k) => k.kind).sort());
      return { reservation, mails };
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }

  it.each(["fr", "it", "en"] as const)("sends every kind in %s, with no German word but the venue's own texts", async (lang) => {
    const { reservation, mails } = await sendAll(lang);
    for (const [kind, mail] of mails) {
      expect(mail.headers.get("content-language"), kind).toBe(`${lang}-CH`);
      expect(mail.subject, kind).toContain(reservation.code);
      const html = typeof mail.html === "string" ? mail.html : "";
      expect(html, kind).toContain(`<html lang="${lang}">`);
      for (const [part, text] of [
        ["subject", mail.subject ?? ""],
        ["text", mail.text ?? ""],
        ["html", html],
        // PRODID names the product that made the entry (`//Buchung//FR`), not words a family reads.
        ["ics", unfoldIcs(calendarPart(mail) ?? "").replace(/^PRODID:.*$/m, "")],
      ] as const) {
        const own = withoutVenueTexts(text);
        for (const word of GERMAN_TELLTALES) expect(own, `${kind} ${part} in ${lang}: «${word}»`).not.toContain(word);
      }
      expect(`${mail.subject}\n${mail.text}`, kind).toMatch(OWN_WORD[lang]);
    }
    // Links open the family's language: the manage page and the phone booking's payment page.
    expect(mails.get("confirmation")!.text).toMatch(new RegExp(`/${lang}/buchung/[A-Za-z0-9_-]{20,}`));
    expect(mails.get("payment-link")!.text).toMatch(new RegExp(`/${lang}/zahlung/[A-Za-z0-9_-]{20,}`));
    // The venue's German arrival note comes after a note that it is German.
    const confirmation = mails.get("confirmation")!;
    expect(confirmation.text).toContain(DEFAULT_VENUE_PROFILE.arrivalNote);
    expect(calendarPart(confirmation)).toContain(`SUMMARY;LANGUAGE=${lang}-CH:`);
    expect(calendarPart(mails.get("cancellation")!)).toContain("METHOD:CANCEL");
    expect(calendarPart(mails.get("change")!)).toContain("METHOD:REQUEST");
  });

  it("keeps German messages German, word for word where the spec fixed them", async () => {
    const { reservation, mails } = await sendAll("de");
    for (const [kind, mail] of mails) expect(mail.headers.get("content-language"), kind).toBe("de-CH");
    const confirmation = mails.get("confirmation")!;
    expect(confirmation.subject).toMatch(new RegExp(`^Buchungsbestätigung ${reservation.code} – `));
    expect(confirmation.text).toContain("Guten Tag Anna Muster");
    expect(confirmation.text).toContain("Uhr");
    expect(mails.get("headcount")!.text).toContain("Menü: Pizza: 4");
    expect(mails.get("headcount")!.text).toContain("Dessert: noch nichts gewählt");
  });

  it("words numbers, dates and the details per language", async () => {
    const fr = (await sendAll("fr")).mails;
    const confirmation = fr.get("confirmation")!;
    expect(confirmation.subject).toMatch(/^Confirmation de réservation FW-/);
    expect(confirmation.text).toContain("Bonjour Anna Muster");
    expect(confirmation.text).toContain("Lea, aura 7 ans");
    // Swiss French writes the currency after the amount.
    expect(confirmation.text).toMatch(/Total:\s+152\.00\sCHF/);
    expect(fr.get("headcount")!.text).toContain("Dessert\u00a0: aucun choix pour l’instant");
    expect(fr.get("cancellation")!.text).toContain("nous retenons 52.00\u00a0CHF");
    // Opening hours in the signature: French weekdays.
    expect(confirmation.text).toMatch(/Heures d’ouverture\u00a0: .*(lun|mer|sam)/);
    const italian = (await sendAll("it")).mails;
    expect(italian.get("confirmation")!.text).toContain("Buongiorno Anna Muster");
    const en = (await sendAll("en")).mails;
    expect(en.get("reminder")!.subject).toMatch(/^Reminder/);
  });

  it("words the venue's own texts as the venue translated them: the offer's name, the arrival note, a closure's reason", async () => {
    const french = { "Geburtstag Classic": "Anniversaire Classic", [DEFAULT_VENUE_PROFILE.arrivalNote]: "Merci d’arriver 10 à 20 minutes en avance.", Wasserschaden: "Dégât des eaux" };
    await database.db.insert(venueTranslations).values(Object.entries(french).map(([source, text]) => ({ lang: "fr" as const, source, sourceHash: sourceHash(source), text })));
    const { mails } = await sendAll("fr");
    const confirmation = mails.get("confirmation")!;
    expect(confirmation.text).toContain("Anniversaire Classic");
    expect(confirmation.text).toContain("Merci d’arriver 10 à 20 minutes en avance.");
    expect(confirmation.text).not.toContain("Geburtstag Classic");
    expect(confirmation.text).not.toContain(DEFAULT_VENUE_PROFILE.arrivalNote);
    expect(unfoldIcs(calendarPart(confirmation) ?? "")).toContain("Anniversaire Classic");
    expect(confirmation.text).toMatch(/\/fr\/agb\b/);
    expect(mails.get("closure-notice")!.text).toContain("Dégât des eaux");
    expect(mails.get("reminder")!.text).toContain("Anniversaire Classic");
    // German messages keep the German words.
    const german = (await sendAll("de")).mails.get("confirmation")!;
    expect(german.text).toContain("Geburtstag Classic");
    expect(german.text).toContain(DEFAULT_VENUE_PROFILE.arrivalNote);
  });

  it("sends a text the venue edited only in German as German, marked as such, and the built-in text where it edited none", async () => {
    await database.db.insert(emailTexts).values({ kind: "confirmation", intro: "Hallo {vorname}\n\nParkplätze gibt es hinter dem Haus.", closing: "Bis bald!" });
    const { mails } = await sendAll("fr");
    const confirmation = mails.get("confirmation")!.text ?? "";
    expect(confirmation).toContain("(Message du centre en allemand)\n\nHallo Anna\n\nParkplätze gibt es hinter dem Haus.");
    expect(confirmation).toContain("Bis bald!");
    // The reminder was not edited: French throughout.
    expect(mails.get("reminder")!.text).toContain("Bonjour Anna Muster");
  });
});
