import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUEST_TEXT, HOST_TEXT } from "~/domain/guests";
import type { PartyCounts } from "~/domain/pricing";
import { addDays, venueNow, weekdayOf } from "~/domain/time";
import { reserveBirthday, type Reservation } from "~/server/booking/bookings.server";
import { answerPage, closedMessage, editAnswer, invitationPage, submitAnswer } from "~/server/guests/answers.server";
import { hostAction, hostPage } from "~/server/guests/host.server";
import type { Db } from "~/server/platform/db.server";
import { resetEnvForTests } from "~/server/platform/env.server";
import { mailOutbox, reservations } from "~/server/platform/schema";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT } from "./fixtures";

/**
 * Guests in the families' languages (issue #33): the host's invitation link carries the booking's
 * language; an invitation, a guest's answers and the edit link's e-mail speak the language of the
 * page the guest uses; German stays word for word as before.
 */
const saved = { ...process.env };
const COUNTS: PartyCounts = { numChildren: 3, numActiveAdults: 1, numAccompanyingAdults: 1 };
const MEAL = 1;

beforeAll(() => {
  Object.assign(process.env, { PUBLIC_URL: "https://buchung.funworld.test", PAYMENT_PROVIDER: "simulated" });
  resetEnvForTests();
});
afterAll(() => {
  process.env = saved;
  resetEnvForTests();
});

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

function saturday(weeks: number): string {
  let date = addDays(venueNow().date, 7 * (weeks + 2));
  while (weekdayOf(date) !== 6) date = addDays(date, 1);
  return date;
}

async function party(db: Db, date: string, lang: Reservation["lang"]): Promise<Reservation> {
  const held = await reserveBirthday(
    db,
    { offerId: 1, date, startMin: 14 * 60, counts: COUNTS, contact: CONTACT, extras: [{ extraId: MEAL, choice: "Pizza Margherita", quantity: COUNTS.numChildren }] },
    { holdMinutes: 15, channel: "phone", payAtVenue: true },
  );
  if (!held.ok) throw new Error(held.message);
  await db.update(reservations).set({ partyChildName: "Lena", partyChildAge: 7, lang }).where(eq(reservations.id, held.reservation.id));
  return (await db.select().from(reservations).where(eq(reservations.id, held.reservation.id)))[0]!;
}

describe.each(drivers.filter((d) => d.name === "pglite"))("guests in other languages on $name", ({ open }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("gives the host a link in the booking's language, and words the host's list in the page's", async () => {
    const db = database.db;
    const r = await party(db, saturday(30), "fr");
    expect(await hostAction(db, r, form({ intent: "create" }), new Date(), "it")).toEqual({ ok: true, notice: "erstellt" });
    const page = await hostPage(db, r, new Date(), "en");
    expect(page.invitation!.path).toMatch(/^\/fr\/einladung\/[A-Za-z0-9_-]{43}$/);
    expect(page.invitation!.url).toBe(`https://buchung.funworld.test${page.invitation!.path}`);
    // Created from an Italian page without the field: the Italian default.
    expect(page.invitation!.bring).toBe("Abiti comodi e calze antiscivolo.");
    expect(page.places).toBe("Places for guests: 2 (children booked, not counting the birthday child).");
    expect(page.counts).toBe("0 of 2 places taken, 0 not coming.");
    // German unchanged.
    const german = await hostPage(db, r);
    expect(german.counts).toBe(HOST_TEXT.counts(0, 2, 0, 0));
    expect(await hostAction(db, r, form({ intent: "decline", reply: "x" }), new Date(), "fr")).toEqual({ ok: false, status: 400, message: "Cette réponse n’existe pas (ou plus)." });
  });

  it("answers a guest in the page's language, mails the edit link in it, and keeps German as it was", async () => {
    const db = database.db;
    const r = await party(db, saturday(31), "de");
    await hostAction(db, r, form({ intent: "create" }));
    const token = (await hostPage(db, r)).invitation!.path.split("/").at(-1)!;
    const fr = await invitationPage(db, token, new Date(), "fr");
    expect(fr!.view.heading).toBe("Lena va avoir 7 ans et t’invite à sa fête\u202f!");
    expect(fr!.view.when).toMatch(/^samedi,? \d{1,2} .+ \d{4}, 14:00 – 16:00$/);
    expect((await invitationPage(db, token))!.view.heading).toBe("Lena wird 7 und lädt dich ein!");

    const bad = await submitAnswer(db, { token, form: form({ childName: "", attending: "ja", phone: "12" }), clientKey: "10.1.0.1", lang: "it" });
    expect(bad.kind === "problems" ? bad.form.problems.map((p) => p.message) : []).toEqual([
      "Inserisca il nome del bambino.",
      "Scelga un’opzione per «Menü».",
      "Indichi se il bambino può essere fotografato.",
      "Inserisca un numero di telefono valido.",
    ]);
    const german = await submitAnswer(db, { token, form: form({ childName: "", attending: "nein" }), clientKey: "10.1.0.1" });
    expect(german.kind === "problems" ? german.form.problems.map((p) => p.message) : []).toEqual([GUEST_TEXT.childNameMissing]);

    const mailed = await submitAnswer(db, {
      token,
      form: form({ childName: "Mia", attending: "ja", [`meal-${MEAL}`]: "Hot Dog", photoConsent: "ja", phone: "079 123 45 67", email: "eltern@example.ch" }),
      clientKey: "10.1.0.1",
      lang: "en",
    });
    expect(mailed).toMatchObject({ kind: "saved", mailed: true });
    const answer = mailed.kind === "saved" ? mailed.token : "";
    const [mail] = await db.select().from(mailOutbox).where(and(eq(mailOutbox.reservationId, r.id), eq(mailOutbox.kind, "guest-link")));
    expect(mail!.subject).toBe("Your reply to the invitation (Mia)");
    expect(mail!.text).toContain(`https://buchung.funworld.test/en/einladung/antwort/${answer}`);
    expect(mail!.text).toMatch(/You can change your reply here until \w+day, \d{1,2} \w+ \d{4}:/);

    const own = await answerPage(db, answer, new Date(), "en");
    expect(own!.invitationPath).toBe(`/en/einladung/${token}`);
    expect(own!.view.deadline).toMatch(/^\w+day, \d{1,2} \w+ \d{4}$/);
    expect(await editAnswer(db, { token: "x".repeat(43), form: form({}), lang: "fr" })).toEqual({
      kind: "refused",
      status: 404,
      message: "Cette invitation n’existe pas (ou plus). Veuillez demander le lien actuel à la famille qui invite.",
    });
    expect(closedMessage("de", "closed", "Mittwoch, 2. Dezember 2026")).toBe(GUEST_TEXT.closed("Mittwoch, 2. Dezember 2026"));
    expect(closedMessage("it", "over", "")).toBe("Questa festa ha già avuto luogo. Grazie mille!");
  });
});
