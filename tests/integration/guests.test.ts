import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUEST_LIMITS, GUEST_TEXT, HOST_TEXT } from "~/domain/guests";
import type { PartyCounts } from "~/domain/pricing";
import { addDays, addMonths, venueToUtc } from "~/domain/time";
import { reserveBirthday, type Reservation } from "~/server/booking/bookings.server";
import { confirmHeadcount } from "~/server/booking/headcount.server";
import { findManagedBooking } from "~/server/booking/manage.server";
import { CUSTOMER_ACTOR } from "~/server/booking/reschedule.server";
import { answerPage, answersPerClient, answersPerLink, editAnswer, invitationPage, submitAnswer } from "~/server/guests/answers.server";
import { hostAction, hostPage } from "~/server/guests/host.server";
import { findAnswer, findInvitation, guestRowsOf } from "~/server/guests/invitations.server";
import { cancelBooking } from "~/server/payments/cancellation.server";
import { openDatabase, type Db } from "~/server/platform/db.server";
import { resetEnvForTests } from "~/server/platform/env.server";
import { issueManageToken } from "~/server/platform/manage-token.server";
import { auditLog, guestInvitations, guestReplies, mailOutbox, manageTokens, payments, privacyRuns, reservationExtras, reservations } from "~/server/platform/schema";
import { seed } from "~/server/platform/seed.server";
import { bookingDataExport, executeDeletion, openDeletionRequests, PRIVACY_STAFF_MSG, requestDeletion, runPrivacyJob, saveRetention } from "~/server/privacy/privacy.server";
import { prepSheet } from "~/server/staff/export.server";
import { bookingDetail } from "~/server/staff/booking-desk.server";
import type { Staff } from "~/server/staff/auth.server";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
import { drivers, scratchPostgres, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

/**
 * Guests (issue #32) on both databases: the invitation link, the answers' own links and the manage
 * link open only what they are for; a guest link reads nothing of the host or the other guests;
 * «yes» answers beyond the places wait; the guest list becomes the final headcount; guests' answers
 * are deleted N days after the party and old bookings anonymised, once per day whatever runs it.
 */

const saved = { ...process.env };
const run = promisify(execFile);
const COUNTS: PartyCounts = { numChildren: 3, numActiveAdults: 1, numAccompanyingAdults: 1 };
const MEAL = 1;
const DAY = 86_400_000;

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
const yes = (childName: string, meal = "Hot Dog", extra: Record<string, string> = {}) =>
  form({ childName, attending: "ja", [`meal-${MEAL}`]: meal, photoConsent: "ja", phone: "079 123 45 67", ...extra });

async function party(db: Db, date: string, counts: PartyCounts = COUNTS, contact = CONTACT): Promise<{ r: Reservation; manage: string }> {
  const held = await reserveBirthday(db, { offerId: 1, date, startMin: 14 * 60, counts, contact, extras: [{ extraId: MEAL, choice: "Pizza Margherita", quantity: counts.numChildren }] }, { holdMinutes: 15, channel: "phone", payAtVenue: true });
  if (!held.ok) throw new Error(held.message);
  await db.update(reservations).set({ partyChildName: "Lena", partyChildAge: 7, partyNotes: "Lena: Laktose" }).where(eq(reservations.id, held.reservation.id));
  const manage = await issueManageToken(db, held.reservation.id);
  return { r: (await db.select().from(reservations).where(eq(reservations.id, held.reservation.id)))[0]!, manage };
}

/** The host creates the link; its token, as the manage page shows it. */
async function invite(db: Db, r: Reservation): Promise<string> {
  const created = await hostAction(db, r, form({ intent: "create", bring: "Rutschfeste Socken" }));
  expect(created).toEqual({ ok: true, notice: "erstellt" });
  const page = await hostPage(db, r);
  return page.invitation!.path.split("/").at(-1)!;
}

describe.each(drivers)("guests on $name", ({ open }) => {
  let database: TestDatabase;
  let week = 0;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });
  function nextSaturday() {
    week += 1;
    return nextWeekday(6, new Date(Date.now() + (week + 2) * 7 * DAY));
  }
  const reload = async (id: number) => (await database.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;

  it("keeps the links apart: invitation, answer and manage link each open only their own page; revoked and renewed links stop working", async () => {
    const db = database.db;
    const { r, manage } = await party(db, nextSaturday());
    const token = await invite(db, r);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token).not.toBe(manage);
    // Shown again the same (derived), and the database holds only its digest.
    expect((await hostPage(db, r)).invitation!.path).toBe(`/einladung/${token}`);
    const [row] = await db.select().from(guestInvitations).where(eq(guestInvitations.reservationId, r.id));
    expect(row!.tokenHash).not.toContain(token);

    expect(await findManagedBooking(db, token)).toBeNull();
    expect(await findInvitation(db, manage)).toBeNull();
    const saved = await submitAnswer(db, { token, form: yes("Mia"), clientKey: "10.0.0.1" });
    expect(saved.kind).toBe("saved");
    const answer = saved.kind === "saved" ? saved.token : "";
    expect(await findInvitation(db, answer)).toBeNull();
    expect(await findManagedBooking(db, answer)).toBeNull();
    expect(await findAnswer(db, token)).toBeNull();
    expect(await findAnswer(db, manage)).toBeNull();
    expect((await answerPage(db, answer))?.form.childName).toBe("Mia");

    await hostAction(db, r, form({ intent: "revoke" }));
    expect(await invitationPage(db, token)).toBeNull();
    expect(await submitAnswer(db, { token, form: yes("Noah"), clientKey: "10.0.0.1" })).toMatchObject({ kind: "refused", status: 404 });
    // The answer's own link still works: the guest can still say no.
    expect((await answerPage(db, answer))?.status).toBe("coming");
    await hostAction(db, r, form({ intent: "create" }));
    const renewed = (await hostPage(db, r)).invitation!.path.split("/").at(-1)!;
    expect(renewed).not.toBe(token);
    expect(await invitationPage(db, token)).toBeNull();
    expect(await invitationPage(db, renewed)).not.toBeNull();
    expect(await db.select().from(auditLog).where(and(eq(auditLog.reservationId, r.id), eq(auditLog.action, "invitation-revoked")))).toHaveLength(1);
  });

  it("shows guests the party and nothing else of the host; a guest link reads only its own answer's status", async () => {
    const db = database.db;
    const contact = { ...CONTACT, firstName: "Beatrice", lastName: "Gastgeberin", street: "Geheimweg 99", phone: "079 987 65 43", email: "host-secret@example.ch" };
    const { r } = await party(db, nextSaturday(), COUNTS, contact);
    const token = await invite(db, r);
    const page = await invitationPage(db, token);
    const shown = JSON.stringify(page);
    expect(page!.view.heading).toBe("Lena wird 7 und lädt dich ein!");
    expect(page!.view.ogTitle).toBe("Einladung: Lena wird 7");
    expect(page!.view.bring).toBe("Rutschfeste Socken");
    expect(page!.view.meals).toEqual([{ extraId: MEAL, name: "Menü", choices: ["Pizza Margherita", "Hot Dog", "Vegetarisch"] }]);
    for (const secret of ["Gastgeberin", "Beatrice", "Geheimweg", "987 65 43", "+41799876543", "host-secret", r.code, "Laktose"]) expect(shown).not.toContain(secret);

    const a = await submitAnswer(db, { token, form: yes("Mia", "Hot Dog", { allergies: "Nüsse" }), clientKey: "10.0.0.2" });
    const b = await submitAnswer(db, { token, form: yes("Noah"), clientKey: "10.0.0.2" });
    const other = await answerPage(db, b.kind === "saved" ? b.token : "");
    expect(JSON.stringify(other)).not.toContain("Mia");
    expect(JSON.stringify(other)).not.toContain("Nüsse");
    expect(a.kind).toBe("saved");
  });

  it("checks answers on the server with the form's German messages, and limits them per client", async () => {
    const db = database.db;
    const { r } = await party(db, nextSaturday());
    const token = await invite(db, r);
    const bad = await submitAnswer(db, { token, form: form({ childName: "", attending: "ja", phone: "12", email: "nope" }), clientKey: "10.0.0.3" });
    expect(bad.kind).toBe("problems");
    if (bad.kind !== "problems") return;
    expect(bad.form.problems.map((p) => p.message)).toEqual([GUEST_TEXT.childNameMissing, GUEST_TEXT.mealMissing("Menü"), GUEST_TEXT.photoMissing, GUEST_TEXT.phoneInvalid, GUEST_TEXT.emailInvalid]);
    // A «no» needs only the name; NUL and control characters never reach the row.
    const no = await submitAnswer(db, { token, form: form({ childName: "Ella\u0000 B.", attending: "nein" }), clientKey: "10.0.0.3" });
    expect(no.kind).toBe("saved");
    const [row] = await db.select().from(guestReplies).where(eq(guestReplies.reservationId, r.id));
    expect(row).toMatchObject({ childName: "Ella B.", attending: 0, phone: "", photoConsent: 0 });
    // With an e-mail: the edit link goes out once, filed under the party.
    const mailed = await submitAnswer(db, { token, form: yes("Tim", "Vegetarisch", { email: "Eltern@Example.ch" }), clientKey: "10.0.0.3" });
    expect(mailed).toMatchObject({ kind: "saved", mailed: true });
    const [mail] = await db.select().from(mailOutbox).where(and(eq(mailOutbox.reservationId, r.id), eq(mailOutbox.kind, "guest-link")));
    expect(mail!.to).toBe("eltern@example.ch");
    expect(mail!.text).toContain(`https://buchung.funworld.test/einladung/antwort/${mailed.kind === "saved" ? mailed.token : ""}`);
    // The client's budget: 20 answers an hour, counted in the database.
    // Counted per network: two addresses of one /24 share the budget.
    await answersPerClient.reset(db, "10.9.9.0/24");
    const results = [];
    for (let i = 0; i < 21; i++) results.push(await submitAnswer(db, { token, form: form({ childName: `Kind ${i}`, attending: "nein" }), clientKey: `10.9.9.${i % 2 === 0 ? 9 : 77}` }));
    expect(results.slice(0, 20).every((x) => x.kind === "saved")).toBe(true);
    expect(results[20]).toEqual({ kind: "refused", status: 429, message: GUEST_TEXT.tooMany });
  });

  it("takes «yes» answers beyond the places as a waiting list in the order they came (racing answers too); a «no» frees a place; the host declines one", async () => {
    const db = database.db;
    const { r } = await party(db, nextSaturday());
    const token = await invite(db, r);
    // Two places (three children, one is the birthday child); six answers at once.
    const answers = await Promise.all(["A", "B", "C", "D", "E", "F"].map((n) => submitAnswer(db, { token, form: yes(n), clientKey: `10.1.0.${n.charCodeAt(0)}` })));
    // Racing inserts take ids in any order: each answer's link by its row.
    const tokenOf = new Map<number, string>();
    for (const x of answers) if (x.kind === "saved") tokenOf.set((await findAnswer(db, x.token))!.reply.id, x.token);
    let rows = await guestRowsOf(db, r);
    expect(rows.filter((g) => g.status === "coming")).toHaveLength(2);
    expect(rows.filter((g) => g.status === "waiting")).toHaveLength(4);
    const page = await hostPage(db, r);
    expect(page.counts).toBe(HOST_TEXT.counts(2, 2, 4, 0));
    // The table (10 seats, 2 adults) fits 8 children: raise to 3 + 4 = 7.
    expect(page.raiseTo).toBe(7);

    const coming = rows.find((g) => g.status === "coming")!;
    const comingToken = tokenOf.get(coming.id)!;
    expect(await editAnswer(db, { token: comingToken, form: form({ childName: coming.childName, attending: "nein" }) })).toEqual({ kind: "saved" });
    rows = await guestRowsOf(db, r);
    expect(rows.filter((g) => g.status === "coming")).toHaveLength(2);
    expect(rows.filter((g) => g.status === "waiting")).toHaveLength(3);
    // Saying yes again queues at the end.
    await editAnswer(db, { token: comingToken, form: yes(coming.childName) });
    expect((await answerPage(db, comingToken))!.status).toBe("waiting");

    const waiting = rows.find((g) => g.status === "waiting")!;
    // Only a waiting guest can be declined (one who moved up keeps the place); odd ids are a 400, not a 500.
    expect(await hostAction(db, r, form({ intent: "decline", reply: String(rows.find((g) => g.status === "coming")!.id) }))).toEqual({ ok: false, status: 409, message: HOST_TEXT.notWaiting });
    expect(await hostAction(db, r, form({ intent: "decline", reply: "1e15" }))).toEqual({ ok: false, status: 400, message: HOST_TEXT.noSuchAnswer });
    expect(await hostAction(db, r, form({ intent: "decline", reply: String(waiting.id) }))).toEqual({ ok: true, notice: "abgesagt" });
    // A second press (two tabs) answers the same.
    expect(await hostAction(db, r, form({ intent: "decline", reply: String(waiting.id) }))).toEqual({ ok: true, notice: "abgesagt" });
    expect((await guestRowsOf(db, r)).find((g) => g.id === waiting.id)!.status).toBe("declinedByHost");
    expect((await answerPage(db, tokenOf.get(waiting.id)!))!.status).toBe("declinedByHost");
    // Another party's answer cannot be declined through this booking.
    const { r: elsewhere } = await party(db, nextSaturday());
    await hostAction(db, elsewhere, form({ intent: "decline", reply: String(rows.find((g) => g.status === "waiting" && g.id !== waiting.id)!.id) }));
    expect((await guestRowsOf(db, r)).filter((g) => g.status === "declinedByHost")).toHaveLength(1);
    // A made-up answer (spam through a shared link): the host removes it; its link opens nothing after.
    const last = rows.at(-1)!;
    expect(await hostAction(db, r, form({ intent: "remove", reply: String(last.id) }))).toEqual({ ok: true, notice: "entfernt" });
    expect(await answerPage(db, tokenOf.get(last.id)!)).toBeNull();
  });

  it("takes at most the answers an invitation can have, and e-mails one address at most three edit links a day", async () => {
    const db = database.db;
    const { r } = await party(db, nextSaturday());
    const token = await invite(db, r);
    const inv = await findInvitation(db, token);
    for (let i = 0; i < GUEST_LIMITS.maxAnswers; i++) {
      if (i % 15 === 0) await answersPerLink.reset(db, String(inv!.invitation.id));
      const saved = await submitAnswer(db, { token, form: form({ childName: `K${i}`, attending: "nein", ...(i < 4 ? { email: "flood@example.ch" } : {}) }), clientKey: `10.7.${i}.1` });
      expect(saved.kind).toBe("saved");
      if (i < 4) expect(saved).toMatchObject({ mailed: i < 3 });
    }
    await answersPerLink.reset(db, String(inv!.invitation.id));
    expect(await submitAnswer(db, { token, form: form({ childName: "Zuviel", attending: "nein" }), clientKey: "10.7.200.1" })).toEqual({ kind: "refused", status: 409, message: GUEST_TEXT.full });
    expect(await db.select().from(mailOutbox).where(and(eq(mailOutbox.reservationId, r.id), eq(mailOutbox.kind, "guest-link")))).toHaveLength(3);
  });

  it("hands the guest list over to the final headcount: children through the persons page, then the meals; staff see allergies and photo consent", async () => {
    const db = database.db;
    const { r } = await party(db, nextSaturday(), { numChildren: 6, numActiveAdults: 1, numAccompanyingAdults: 0 });
    const token = await invite(db, r);
    await submitAnswer(db, { token, form: yes("Mia", "Hot Dog", { allergies: "Nüsse" }), clientKey: "10.2.0.1" });
    await submitAnswer(db, { token, form: yes("Noah", "Vegetarisch", { photoConsent: "nein" }), clientKey: "10.2.0.1" });
    await submitAnswer(db, { token, form: form({ childName: "Ella", attending: "nein" }), clientKey: "10.2.0.1" });

    // Six children booked, three would come (Lena and two guests): the persons page first.
    expect(await hostAction(db, r, form({ intent: "takeover", token: "T", [`birthdayMeal-${MEAL}`]: "Pizza Margherita" }))).toEqual({ ok: true, redirect: "/buchung/T/personen?kinder=3" });
    await db.update(reservations).set({ numChildren: 3 }).where(eq(reservations.id, r.id));
    const three = await reload(r.id);
    expect(await hostAction(db, three, form({ intent: "takeover", token: "T" }))).toEqual({ ok: false, status: 400, message: HOST_TEXT.takeoverMealMissing("Menü") });
    expect(await hostAction(db, three, form({ intent: "takeover", token: "T", [`birthdayMeal-${MEAL}`]: "Pizza Margherita" }))).toEqual({ ok: true, redirect: "/buchung/T/schlusszahl?ok=gaeste" });
    const meals = await db.select().from(reservationExtras).where(eq(reservationExtras.reservationId, r.id));
    expect(Object.fromEntries(meals.map((m) => [m.choice, m.quantity]))).toEqual({ "Pizza Margherita": 1, "Hot Dog": 1, Vegetarisch: 1 });
    expect(await confirmHeadcount(db, { reservationId: r.id, actor: CUSTOMER_ACTOR })).toEqual({ ok: true, already: false });

    const detail = await bookingDetail(db, r.code);
    expect(detail!.guests!.brief.allergies).toEqual([{ child: "Mia", text: "Nüsse" }]);
    expect(detail!.guests!.brief.noPhotos).toEqual(["Noah"]);
    const sheet = await prepSheet(db, r.date);
    const onSheet = sheet.parties.find((p) => p.code === r.code)!;
    expect(onSheet.guests!.coming.map((g) => g.childName)).toEqual(["Mia", "Noah"]);
    expect(onSheet.guests!.noPhotos).toEqual(["Noah"]);
  });

  it("closes answers after the deadline and for a cancelled party; the invitation says so", async () => {
    const db = database.db;
    const { r } = await party(db, nextSaturday());
    const token = await invite(db, r);
    const late = new Date(venueToUtc(addDays(r.date, -2), 9 * 60));
    expect((await invitationPage(db, token, late))!.view.state).toBe("closed");
    expect(await submitAnswer(db, { token, form: yes("Mia"), clientKey: "10.3.0.1" }, late)).toMatchObject({ kind: "refused", status: 409 });
    await cancelBooking(db, { where: { id: r.id }, reason: null, actor: CUSTOMER_ACTOR, creditVoucher: true });
    expect((await invitationPage(db, token))!.view.state).toBe("cancelled");
    expect(await submitAnswer(db, { token, form: yes("Mia"), clientKey: "10.3.0.1" })).toEqual({ kind: "refused", status: 409, message: GUEST_TEXT.cancelled });
  });
});

describe.each(drivers)("privacy on $name", ({ open }) => {
  let database: TestDatabase;
  let manager: Staff;
  beforeAll(async () => {
    database = await open();
    manager = (await createStaffAccount(database.db, "chef@funworld.ch", "chef-password-1", "manager")) as Staff;
  });
  afterAll(async () => {
    await database?.close();
  });

  it("deletes guests' answers N days after the party (a controlled clock), once per day however often it runs; anonymises bookings after the retention", async () => {
    const db = database.db;
    const date = nextWeekday(6, new Date(Date.now() + 3 * 7 * DAY));
    const { r, manage } = await party(db, date);
    const token = await invite(db, r);
    await submitAnswer(db, { token, form: yes("Mia", "Hot Dog", { email: "mia@example.ch" }), clientKey: "10.4.0.1" });
    await submitAnswer(db, { token, form: yes("Noah"), clientKey: "10.4.0.1" });
    expect((await saveRetention(db, form({ guestDays: "10", bookingMonths: "12" }), manager)).ok).toBe(true);

    const at = (day: string) => venueToUtc(day, 3 * 60);
    expect(await runPrivacyJob(db, at(addDays(date, 9)))).toMatchObject({ ran: true, guestsDeleted: 0 });
    expect(await db.select().from(guestReplies).where(eq(guestReplies.reservationId, r.id))).toHaveLength(2);
    // Day 10: two runs racing and a third later that day: one deletes, the others find the day done.
    const day10 = at(addDays(date, 10));
    const runs = await Promise.all([runPrivacyJob(db, day10), runPrivacyJob(db, day10)]);
    expect(runs.filter((x) => x.ran)).toHaveLength(1);
    expect(runs.find((x) => x.ran)).toMatchObject({ guestsDeleted: 2, invitationsDeleted: 1, bookingsAnonymised: 0 });
    expect(await runPrivacyJob(db, new Date(day10.getTime() + 3_600_000))).toMatchObject({ ran: false });
    expect(await db.select().from(guestReplies).where(eq(guestReplies.reservationId, r.id))).toHaveLength(0);
    expect(await db.select().from(guestInvitations).where(eq(guestInvitations.reservationId, r.id))).toHaveLength(0);
    expect(await db.select().from(mailOutbox).where(and(eq(mailOutbox.reservationId, r.id), eq(mailOutbox.kind, "guest-link")))).toHaveLength(0);
    expect(await invitationPage(db, token)).toBeNull();
    expect((await db.select().from(privacyRuns).where(eq(privacyRuns.day, addDays(date, 10))))[0]).toMatchObject({ guestsDeleted: 2, invitationsDeleted: 1 });
    // The booking itself is untouched until its retention ends.
    expect((await reload(r.id)).lastName).toBe(CONTACT.lastName);

    // 12 months after the party: contact data gone, code, amounts and payments kept; links open nothing.
    const later = at(addDays(addMonths(date, 12), 1));
    expect(await runPrivacyJob(db, later)).toMatchObject({ ran: true, bookingsAnonymised: 1 });
    const gone = await reload(r.id);
    expect(gone).toMatchObject({ firstName: "Anonymisiert", lastName: "", street: "", zip: "", city: "", phone: "", email: "", message: null, partyChildName: null, partyNotes: null, code: r.code, amountRappen: r.amountRappen, date: r.date });
    expect(gone.anonymisedAt).not.toBeNull();
    expect(await db.select().from(manageTokens).where(eq(manageTokens.reservationId, r.id))).toHaveLength(0);
    expect(await findManagedBooking(db, manage)).toBeNull();
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, r.id))).toHaveLength(0);
    const audit = await db.select().from(auditLog).where(eq(auditLog.reservationId, r.id));
    expect(JSON.stringify(audit)).not.toContain(CONTACT.lastName);
    expect(audit.some((a) => a.action === "anonymised")).toBe(true);

    function reload(id: number) {
      return db
        .select()
        .from(reservations)
        .where(eq(reservations.id, id))
        .then((rows) => rows[0]!);
    }
  });

  it("lets a family download its data and request deletion; staff execute it once the party is over", async () => {
    const db = database.db;
    const date = nextWeekday(0, new Date(Date.now() + 6 * 7 * DAY));
    const { r } = await party(db, date);
    const token = await invite(db, r);
    await submitAnswer(db, { token, form: yes("Mia", "Hot Dog", { allergies: "Nüsse" }), clientKey: "10.5.0.1" });
    const exported = await bookingDataExport(db, r);
    expect(exported.booking.code).toBe(r.code);
    expect(exported.contact.email).toBe(CONTACT.email);
    expect(exported.party.childName).toBe("Lena");
    expect(exported.guests).toEqual([expect.objectContaining({ child: "Mia", answer: "Zusage", allergies: "Nüsse" })]);

    // Audit rows: what was typed goes, numbers stay.
    await db.insert(auditLog).values([
      { actor: "customer", action: "party-details", reservationId: r.id, details: { before: { notes: "Lena: Laktose" }, after: { notes: null } } },
      { actor: "staff:x@funworld.ch", action: "change", reservationId: r.id, details: { before: { numChildren: 3 }, after: { numChildren: 4 }, newPriceRappen: 12_300 } },
    ]);
    expect(await requestDeletion(db, r)).toEqual({ ok: true });
    expect(await requestDeletion(db, r)).toEqual({ ok: true });
    expect(await db.select().from(auditLog).where(and(eq(auditLog.reservationId, r.id), eq(auditLog.action, "deletion-requested")))).toHaveLength(1);
    const [request] = (await openDeletionRequests(db)).filter((x) => x.code === r.code);
    expect(request!.ahead).toBe(true);
    expect((await executeDeletion(db, { code: r.code, staff: manager })).ok).toBe(false);
    const after = venueToUtc(addDays(date, 1), 10 * 60);
    // Money still moving (a payment open at the provider): refused until it is settled or given up.
    const [open] = await db
      .insert(payments)
      .values({ reservationId: r.id, provider: "simulated", transactionId: `open-${r.id}`, refno: r.code, amountRappen: 1000, currency: "CHF", status: "pending", paymentUrl: "https://pay.example/x", createdAt: new Date(after.getTime() - DAY) })
      .returning();
    expect(await executeDeletion(db, { code: r.code, staff: manager }, after)).toEqual({ ok: false, message: PRIVACY_STAFF_MSG.moneyOpen });
    // A payment page never finished stays `pending` for good: once the reconciliation stops asking (7 days), it blocks nothing.
    expect(await executeDeletion(db, { code: r.code, staff: manager }, new Date(open!.createdAt.getTime() + 6 * DAY))).toEqual({ ok: false, message: PRIVACY_STAFF_MSG.moneyOpen });
    await db.update(payments).set({ createdAt: new Date(after.getTime() - 8 * DAY) }).where(eq(payments.id, open!.id));
    const [done, again] = await Promise.all([executeDeletion(db, { code: r.code, staff: manager }, after), executeDeletion(db, { code: r.code, staff: manager }, after)]);
    expect([done.ok, again.ok].sort()).toEqual([false, true]);
    const row = (await db.select().from(reservations).where(eq(reservations.id, r.id)))[0]!;
    expect(row.email).toBe("");
    expect(await db.select().from(guestReplies).where(eq(guestReplies.reservationId, r.id))).toHaveLength(0);
    expect((await openDeletionRequests(db)).some((x) => x.code === r.code)).toBe(false);
    const audit = await db.select().from(auditLog).where(eq(auditLog.reservationId, r.id));
    expect(JSON.stringify(audit)).not.toContain("Laktose");
    expect(audit.find((a) => a.action === "change")!.details).toEqual({ before: { numChildren: 3 }, after: { numChildren: 4 }, newPriceRappen: 12_300 });
  });
});

describe("the privacy job with two server processes on PostgreSQL", () => {
  it("deletes a day's guest answers exactly once while two processes run the job at the same instant", async () => {
    const scratch = await scratchPostgres();
    if (!scratch) return;
    const database = await openDatabase({ url: scratch.url });
    try {
      await seed(database.db);
      const db = database.db;
      const date = nextWeekday(6, new Date(Date.now() + 5 * 7 * DAY));
      for (let i = 0; i < 4; i++) {
        const { r } = await party(db, i < 2 ? date : addDays(date, 7), { numChildren: 6, numActiveAdults: 1, numAccompanyingAdults: 0 });
        const token = await invite(db, r);
        for (const n of ["A", "B", "C"]) await submitAnswer(db, { token, form: yes(`${n}${i}`), clientKey: `10.6.${i}.1` });
      }
      const at = venueToUtc(addDays(date, 30), 4 * 60).toISOString();
      const runner = () =>
        run(process.execPath, ["--import", "tsx", "tests/integration/processes/privacy-runner.ts", scratch.url, at], { env: { ...process.env, VITEST: "" }, maxBuffer: 1 << 20 }).then(
          // The runner's own line (the job's log lines go to stdout too).
          ({ stdout }) => JSON.parse(stdout.trim().split("\n").find((l) => l.startsWith('{"ran"'))!) as { ran: number; guestsDeleted: number },
        );
      const [a, b] = await Promise.all([runner(), runner()]);
      expect(a.ran + b.ran).toBe(1);
      expect(a.guestsDeleted + b.guestsDeleted).toBe(6);
      expect(await db.select().from(guestReplies)).toHaveLength(6);
      expect(await db.select().from(privacyRuns)).toHaveLength(1);
      // After a restart the same day: nothing more.
      const [c] = await Promise.all([runner()]);
      expect(c!.ran).toBe(0);
    } finally {
      await database.close();
      await scratch.drop();
    }
  }, 120_000);
});
