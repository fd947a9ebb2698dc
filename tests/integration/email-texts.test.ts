import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, desc, eq, like } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_EMAIL_TEXTS } from "~/domain/email-texts";
import { reserveBirthday } from "~/server/booking/bookings.server";
import { getVenue, venueContact, venuePolicy } from "~/server/booking/venue.server";
import { emailTextsOverview, previewEmailText, resetEmailText, saveEmailText } from "~/server/mail/email-texts.server";
import { createTransport, deliverDueMail, enqueueCancellationMail, enqueueConfirmationMail } from "~/server/mail/mail.server";
import { auditLog, emailTexts, mailOutbox } from "~/server/platform/schema";
import type { Staff } from "~/server/staff/auth.server";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

const FROM = "Fun World <buchung@funworld.ch>";

describe.each(drivers)("editable e-mail texts on $name", ({ open }) => {
  let database: TestDatabase;
  let manager: Staff;
  let slot = 600;

  beforeAll(async () => {
    database = await open();
    manager = await createStaffAccount(database.db, "texte@funworld.ch", "ein-langes-passwort-123", "manager");
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await database.db.delete(mailOutbox);
    await database.db.delete(emailTexts);
  });

  async function book() {
    const result = await reserveBirthday(
      database.db,
      { offerId: 1, date: nextWeekday(6), startMin: slot, counts: { numChildren: 6, numActiveAdults: 1, numAccompanyingAdults: 0 }, contact: CONTACT },
      { holdMinutes: 30 },
    );
    slot += 120;
    if (!result.ok) throw new Error(`booking failed: ${JSON.stringify(result)}`);
    return result.reservation;
  }

  async function queuedText(reservationId: number, kind: string): Promise<string> {
    const [mail] = await database.db.select().from(mailOutbox).where(and(eq(mailOutbox.reservationId, reservationId), eq(mailOutbox.kind, kind)));
    return mail!.text;
  }

  it("uses the defaults while nothing is stored: the e-mails read as they always did", async () => {
    const overview = await emailTextsOverview(database.db);
    expect(overview).toHaveLength(8);
    expect(overview.every((t) => t.isDefault)).toBe(true);
    const r = await book();
    await database.db.transaction((tx) => enqueueConfirmationMail(tx, r));
    const text = await queuedText(r.id, "confirmation");
    expect(text.startsWith("Guten Tag Anna Muster\n\nVielen Dank für Ihre Buchung bei Fun World. Ihre Buchung ist bestätigt.\n\n")).toBe(true);
    expect(text).toContain("Wir freuen uns auf Ihren Besuch!\nIhr Team von Fun World\n\n-- ");
  });

  it("refuses an unknown placeholder and an empty introduction in German, storing nothing", async () => {
    const unknown = await saveEmailText(database.db, manager, "confirmation", "Hallo {vornahme}", "Tschüss");
    expect(unknown).toEqual({ ok: false, errors: { intro: expect.stringMatching(/^Unbekannter Platzhalter \{vornahme\}\. Erlaubt sind: \{vorname\}/) } });
    const empty = await saveEmailText(database.db, manager, "confirmation", "  \n ", "Bis bald {xyz}");
    expect(empty).toEqual({ ok: false, errors: { intro: "Bitte geben Sie einen Text ein.", closing: expect.stringContaining("{xyz}") } });
    const tooLong = await saveEmailText(database.db, manager, "confirmation", "a".repeat(2001), "");
    expect(tooLong.ok).toBe(false);
    expect(await database.db.select().from(emailTexts)).toHaveLength(0);
  });

  it("puts a saved text into the next e-mail, with the booking's values, in the .eml file (text and escaped HTML)", async () => {
    const saved = await saveEmailText(
      database.db,
      manager,
      "confirmation",
      "Liebe Familie {nachname}\r\n\r\nHurra, {vorname}! Am {datum} um {zeit} feiern wir bei {name} (<b>Code {buchungscode}</b>).\u0000",
      "Bis bald!\nEuer {name}-Team, {telefon}",
    );
    expect(saved.ok).toBe(true);
    const [row] = await database.db.select().from(emailTexts).where(eq(emailTexts.kind, "confirmation"));
    // The NUL a pasted text carried is gone; the line endings are normalised.
    expect(row!.intro).toBe("Liebe Familie {nachname}\n\nHurra, {vorname}! Am {datum} um {zeit} feiern wir bei {name} (<b>Code {buchungscode}</b>).");
    const [audit] = await database.db.select().from(auditLog).where(like(auditLog.action, "settings.email_text.confirmation")).limit(1);
    expect(audit).toBeDefined();

    // The payment path reads the texts from the venue cache: the save emptied it.
    const venue = await getVenue(database.db);
    expect(venue.emailTexts.de?.confirmation?.closing).toBe("Bis bald!\nEuer {name}-Team, {telefon}");
    const r = await book();
    await database.db.transaction((tx) => enqueueConfirmationMail(tx, r, { contact: venueContact(venue), selfServiceHours: venuePolicy(venue).selfServiceHours, texts: venue.emailTexts }));

    const dataDir = await mkdtemp(path.join(tmpdir(), "funworld-texts-"));
    try {
      expect(await deliverDueMail(database.db, { transport: createTransport({ DATA_DIR: dataDir }), from: FROM })).toEqual({ sent: 1, failed: 0 });
      const [file] = await readdir(path.join(dataDir, "outbox"));
      const mail = await simpleParser(await readFile(path.join(dataDir, "outbox", file!)));
      const [y, m, d] = r.date.split("-");
      expect(mail.text).toContain(`Liebe Familie Muster\n\nHurra, Anna! Am ${d}.${m}.${y} um ${String(r.startMin / 60).padStart(2, "0")}:00 - `);
      expect(mail.text).toContain(`feiern wir bei Fun World (<b>Code ${r.code}</b>).`);
      expect(mail.text).toContain("Bis bald!\nEuer Fun World-Team, +41 44 555 12 34\n\n-- ");
      expect(mail.text).not.toContain("Guten Tag");
      expect(mail.text).not.toMatch(/\{[a-z_]+\}/);
      // In the HTML the manager's angle brackets are text, not markup.
      expect(mail.html).toContain(`(&lt;b&gt;Code ${r.code}&lt;/b&gt;)`);
      expect(mail.html).not.toContain("<b>Code");
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("uses each kind's own text: the cancellation e-mail read in the cancelling transaction", async () => {
    await saveEmailText(database.db, manager, "cancellation", "Hallo {vorname}\n\nSchade, {buchungscode} fällt aus.", "Bis zum nächsten Mal\n{name}");
    const r = await book();
    await database.db.transaction((tx) => enqueueCancellationMail(tx, { ...r, status: "cancelled" }, "Krankheit", { refundRappen: 0, voucherCreditRappen: 0, keptRappen: 0 }));
    const text = await queuedText(r.id, "cancellation");
    expect(text.startsWith(`Hallo Anna\n\nSchade, ${r.code} fällt aus.\n\nGrund: Krankheit\n\n`)).toBe(true);
    expect(text).toContain("Bis zum nächsten Mal\nFun World\n\n-- ");
  });

  it("restores the default: the row goes, and saving the default text stores nothing either", async () => {
    await saveEmailText(database.db, manager, "reminder", "Bald! {datum}", "Ciao");
    expect((await emailTextsOverview(database.db)).find((t) => t.kind === "reminder")).toMatchObject({ isDefault: false, updatedBy: "texte@funworld.ch" });
    expect(await resetEmailText(database.db, manager, "reminder")).toMatchObject({ ok: true });
    expect(await database.db.select().from(emailTexts)).toHaveLength(0);
    expect((await getVenue(database.db)).emailTexts.de?.reminder).toBeUndefined();

    const d = DEFAULT_EMAIL_TEXTS["manage-link"];
    expect((await saveEmailText(database.db, manager, "manage-link", `${d.intro}\n`, d.closing)).ok).toBe(true);
    expect(await database.db.select().from(emailTexts)).toHaveLength(0);
  });

  it("previews an unsaved text with a sample booking, with the same checks as a save", async () => {
    const preview = await previewEmailText(database.db, "payment-link", "Grüezi {vorname} {nachname}", "Merci, {name}");
    expect(preview.ok).toBe(true);
    if (!preview.ok) return;
    expect(preview.subject).toContain("FW-MUSTER");
    expect(preview.text.startsWith("Grüezi Anna Muster\n\nBitte bezahlen Sie CHF")).toBe(true);
    expect(preview.text).toContain("Merci, Fun World");
    expect(await database.db.select().from(emailTexts)).toHaveLength(0);
    expect(await previewEmailText(database.db, "payment-link", "Grüezi {kind}", "")).toMatchObject({ ok: false, errors: { intro: expect.stringContaining("{kind}") } });
  });

  it("keeps a text per language (issue #33 §2): a family gets its language's text, else the edited German one marked, else its language's default", async () => {
    const r = { ...(await book()), lang: "fr" as const };
    // Nothing edited: the French built-in text.
    await database.db.transaction((tx) => enqueueConfirmationMail(tx, r));
    expect(await queuedText(r.id, "confirmation")).toMatch(/^Bonjour Anna Muster\n\nMerci beaucoup pour votre réservation/);
    await database.db.delete(mailOutbox);

    // Only German edited: the French family reads it, after a note that it is German.
    await saveEmailText(database.db, manager, "confirmation", "Hallo {vorname}\n\nParkplätze hinter dem Haus.", "Bis bald!");
    expect((await emailTextsOverview(database.db, "fr")).find((t) => t.kind === "confirmation")).toMatchObject({ isDefault: true, germanEdited: true });
    await database.db.transaction((tx) => enqueueConfirmationMail(tx, r));
    expect(await queuedText(r.id, "confirmation")).toMatch(/^\(Message du centre en allemand\)\n\nHallo Anna\n\nParkplätze hinter dem Haus\./);
    await database.db.delete(mailOutbox);

    // A French text of its own: French, unmarked; the German family still reads the German edit.
    await saveEmailText(database.db, manager, "confirmation", "Salut {vorname}\n\nParking derrière le bâtiment.", "À bientôt\u202f!", new Date(), "fr");
    const [audit] = await database.db.select().from(auditLog).where(like(auditLog.action, "settings.email_text.confirmation")).orderBy(desc(auditLog.id)).limit(1);
    expect(audit!.details).toMatchObject({ lang: "fr", before: null });
    await database.db.transaction((tx) => enqueueConfirmationMail(tx, r));
    await database.db.transaction((tx) => enqueueConfirmationMail(tx, { ...r, lang: "de" }, undefined, "confirmation-resend"));
    expect(await queuedText(r.id, "confirmation")).toMatch(/^Salut Anna\n\nParking derrière le bâtiment\.\n\n/);
    expect(await queuedText(r.id, "confirmation-resend")).toMatch(/^Hallo Anna\n\n/);
    await database.db.delete(mailOutbox);

    // The French default saved while German is edited is stored: it must win over the German fallback.
    const frenchDefault = (await emailTextsOverview(database.db, "fr")).find((t) => t.kind === "reminder")!.text;
    await saveEmailText(database.db, manager, "reminder", "Hallo", "Tschüss");
    await saveEmailText(database.db, manager, "reminder", frenchDefault.intro, frenchDefault.closing, new Date(), "fr");
    expect(await database.db.select().from(emailTexts).where(and(eq(emailTexts.kind, "reminder"), eq(emailTexts.lang, "fr")))).toHaveLength(1);
    // Back to the fallback: the French row goes, the German stays.
    await resetEmailText(database.db, manager, "confirmation", "fr");
    expect((await database.db.select().from(emailTexts).where(eq(emailTexts.kind, "confirmation"))).map((row) => row.lang)).toEqual(["de"]);
    expect((await getVenue(database.db)).emailTexts.fr?.confirmation).toBeUndefined();
  });

  it("previews a language's text in that language", async () => {
    const preview = await previewEmailText(database.db, "payment-link", "Buongiorno {vorname}", "Cordiali saluti", "it");
    expect(preview.ok).toBe(true);
    if (!preview.ok) return;
    expect(preview.text.startsWith("Buongiorno Anna\n\n")).toBe(true);
    expect(preview.text).not.toContain("Bitte bezahlen");
  });
});
