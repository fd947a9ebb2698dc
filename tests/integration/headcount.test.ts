import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXTRAS_MSG, type ExtraPick } from "~/domain/extras";
import { headcountNoticeAt, HEADCOUNT_MSG } from "~/domain/headcount";
import type { PartyCounts } from "~/domain/pricing";
import { addDays, formatDateDE, venueToUtc } from "~/domain/time";
import { reserveBirthday, type Reservation } from "~/server/booking/bookings.server";
import { confirmHeadcount, headcountPage, queueDueHeadcountRequests } from "~/server/booking/headcount.server";
import { CUSTOMER_ACTOR } from "~/server/booking/reschedule.server";
import { createTransport, deliverDueMail, type OutgoingMail } from "~/server/mail/mail.server";
import { changeBooking, changeByFamily } from "~/server/payments/booking-change.server";
import { cancelBooking } from "~/server/payments/cancellation.server";
import { submitFamilyExtras } from "~/server/payments/extras-change.server";
import { resetEnvForTests } from "~/server/platform/env.server";
import { auditLog, mailOutbox, reservations } from "~/server/platform/schema";
import { bookingsCsv, CSV_HEADER, prepSheet } from "~/server/staff/export.server";
import { parse } from "csv-parse/sync";
import type { Staff } from "~/server/staff/auth.server";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

/**
 * The final headcount (issue #30 §4) on both databases: the request e-mail goes out once per
 * booking (two runs racing, a later run, a booking made after it was due), the family confirms
 * only while the meals add up to the children, a change of its numbers asks again, and after the
 * deadline the numbers are locked for the family while staff still change them.
 */

const saved = { ...process.env };
const TOKEN = "h".repeat(43);
const HOUR = 3_600_000;
const MEAL = 1;
const BAG = 3;
const COUNTS: PartyCounts = { numChildren: 6, numActiveAdults: 1, numAccompanyingAdults: 1 };
/** The seed's balance days: the deadline is three days before the party. */
const DAYS = 3;

beforeAll(() => {
  Object.assign(process.env, { PUBLIC_URL: "https://buchung.funworld.test", PAYMENT_PROVIDER: "simulated" });
  resetEnvForTests();
});
afterAll(() => {
  process.env = saved;
  resetEnvForTests();
});

describe.each(drivers)("final headcount on $name", ({ open }) => {
  let database: TestDatabase;
  let manager: Staff;
  let week = 0;
  beforeAll(async () => {
    database = await open();
    manager = (await createStaffAccount(database.db, "chef@funworld.ch", "chef-password-1", "manager")) as Staff;
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A Saturday of its own, weeks ahead, so no two tests share a slot or a request window. */
  function nextSaturday() {
    week += 2;
    return nextWeekday(6, new Date(Date.now() + (week + 2) * 7 * 86_400_000));
  }

  /** Confirmed at once (paid at the venue): no provider needed. */
  async function party(date: string, extras: ExtraPick[], options: { now?: Date; email?: string } = {}) {
    const held = await reserveBirthday(
      database.db,
      { offerId: 1, date, startMin: 14 * 60, counts: COUNTS, contact: { ...CONTACT, email: options.email ?? CONTACT.email }, extras },
      { holdMinutes: 15, channel: "phone", payAtVenue: true, now: options.now },
    );
    if (!held.ok) throw new Error(held.message);
    return held.reservation;
  }
  const reload = async (id: number): Promise<Reservation> => (await database.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;
  const requests = (id: number) => database.db.select().from(mailOutbox).where(and(eq(mailOutbox.reservationId, id), eq(mailOutbox.kind, "headcount")));
  const form = (fields: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.set(k, v);
    return f;
  };

  it("asks once by e-mail two days before the deadline (two runs racing, a later run), not a party booked after that, not a cancelled one", async () => {
    const date = nextSaturday();
    const r = await party(date, [{ extraId: MEAL, choice: "Hot Dog", quantity: 4 }]);
    const due = headcountNoticeAt(date, DAYS);
    expect(due.toISOString()).toBe(venueToUtc(addDays(date, -DAYS - 2), 9 * 60).toISOString());

    await queueDueHeadcountRequests(database.db, new Date(due.getTime() - 60_000));
    expect(await requests(r.id)).toHaveLength(0);

    const at = new Date(due.getTime() + 60_000);
    await Promise.all([queueDueHeadcountRequests(database.db, at), queueDueHeadcountRequests(database.db, at)]);
    await queueDueHeadcountRequests(database.db, new Date(at.getTime() + HOUR));
    const [mail, ...more] = await requests(r.id);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`Schlusszahl für Ihre Feier am ${formatDateDE(date)}: bitte bis ${formatDateDE(addDays(date, -DAYS))} bestätigen – Buchung ${r.code}, Fun World`);
    expect(mail!.text).toMatch(/Schlusszahl bestätigen: https:\/\/buchung\.funworld\.test\/buchung\/[A-Za-z0-9_-]{43}\/schlusszahl/);
    expect(mail!.text).toContain("Menü: Hot Dog: 4");
    expect(mail!.text).toMatch(/Kinder:\s+6/);
    expect(mail!.html).toContain("Schlusszahl bestätigen");
    // As it leaves: a real message file (.eml) with both parts.
    const dir = await mkdtemp(path.join(tmpdir(), "kidsindoor-headcount-mail-"));
    try {
      await deliverDueMail(database.db, { transport: createTransport({ DATA_DIR: dir }), from: "Fun World <buchung@funworld.ch>" });
      const files = (await readdir(path.join(dir, "outbox"))).filter((f) => f.includes(r.code));
      const parsed = await Promise.all(files.map(async (f) => simpleParser(await readFile(path.join(dir, "outbox", f)))));
      const eml = parsed.find((m) => m.subject?.startsWith("Schlusszahl"));
      expect(eml?.subject).toBe(mail!.subject);
      expect(eml?.text).toMatch(/Schlusszahl bestätigen: https:\/\/buchung\.funworld\.test\/buchung\/[A-Za-z0-9_-]{43}\/schlusszahl/);
      expect(eml?.text).toContain("Nach dieser Frist lassen sich die Zahlen online nicht mehr ändern");
      expect(eml?.html).toContain("Menü: Hot Dog: 4");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    // Booked after the request was due: the confirmation just told them; no request.
    const late = await party(date, [], { now: new Date(due.getTime() + 2 * HOUR), email: "late@example.ch" });
    await queueDueHeadcountRequests(database.db, new Date(due.getTime() + 3 * HOUR));
    expect(await requests(late.id)).toHaveLength(0);

    // Queued, then cancelled before it went out: the deliverer drops it and says why.
    const other = await party(nextSaturday(), [], { email: "storno@example.ch" });
    const otherAt = new Date(headcountNoticeAt(other.date, DAYS).getTime() + 60_000);
    await queueDueHeadcountRequests(database.db, otherAt);
    expect(await requests(other.id)).toHaveLength(1);
    await cancelBooking(database.db, { where: { id: other.id }, reason: null, actor: CUSTOMER_ACTOR, creditVoucher: true }, otherAt);
    const sent: OutgoingMail[] = [];
    await deliverDueMail(database.db, { transport: { send: async (m: OutgoingMail) => void sent.push(m) }, from: "x@funworld.ch", now: otherAt });
    expect(sent.filter((m) => m.reference === other.code && m.subject.startsWith("Schlusszahl"))).toHaveLength(0);
    expect((await requests(other.id))[0]).toMatchObject({ sentAt: null, lastError: "nicht gesendet: Buchung nicht mehr aktiv" });
  });

  it("confirms only while the meals add up to the children; a confirmed party keeps them adding up; new numbers ask again", async () => {
    const date = nextSaturday();
    const r = await party(date, [{ extraId: MEAL, choice: "Hot Dog", quantity: 4 }]);
    const now = venueToUtc(addDays(date, -10), 12 * 60);

    const refused = await confirmHeadcount(database.db, { reservationId: r.id, actor: CUSTOMER_ACTOR }, now);
    expect(refused).toEqual({ ok: false, status: 400, message: "«Menü»: 4 von 6 Kindern gewählt. Bitte wählen Sie für jedes Kind genau eine Auswahl." });
    expect((await headcountPage(database.db, r, now))!.problem).toBe(refused.ok ? null : refused.message);

    // Two more meals (price unchanged: included): saved at once.
    const meals = await submitFamilyExtras(database.db, r, form({ "extra-1-1": "4", "extra-1-2": "2" }), { token: TOKEN, confirmed: true }, now);
    expect(meals.kind === "outcome" && "kind" in meals.outcome && meals.outcome.kind).toBe("changed");
    expect(await confirmHeadcount(database.db, { reservationId: r.id, actor: CUSTOMER_ACTOR }, now)).toEqual({ ok: true, already: false });
    expect(await confirmHeadcount(database.db, { reservationId: r.id, actor: CUSTOMER_ACTOR }, now)).toEqual({ ok: true, already: true });
    const confirmed = await reload(r.id);
    expect(confirmed.headcountConfirmedAt?.toISOString()).toBe(now.toISOString());
    const audit = await database.db.select().from(auditLog).where(and(eq(auditLog.reservationId, r.id), eq(auditLog.action, "headcount-confirmed")));
    expect(audit).toHaveLength(1);
    expect((await prepSheet(database.db, date)).parties.find((p) => p.code === r.code)).toMatchObject({ headcountConfirmed: true });
    // The CSV export says when (Swiss Excel reads the date and time as written).
    const { csv } = await bookingsCsv(database.db, { from: date, to: date }, manager);
    const records = parse(csv, { bom: true, delimiter: ";" }) as string[][];
    const row = records.find((x) => x[0] === r.code)!;
    expect(row[CSV_HEADER.indexOf("Schlusszahl bestätigt am")]).toBe(now.toLocaleString("de-CH", { timeZone: "Europe/Zurich" }));

    // Confirmed: a meal choice that no longer adds up is refused; goodie bags still change freely.
    const short = await submitFamilyExtras(database.db, confirmed, form({ "extra-1-1": "3", "extra-1-2": "2" }), { token: TOKEN, confirmed: true }, now);
    expect(short.kind === "outcome" && "ok" in short.outcome ? short.outcome.message : null).toBe(HEADCOUNT_MSG.mealsLocked("Menü", 6));
    const bags = await submitFamilyExtras(database.db, confirmed, form({ "extra-1-1": "4", "extra-1-2": "2", [`extra-${BAG}`]: "6" }), { token: TOKEN, confirmed: false }, now);
    expect(bags.kind === "outcome" && "kind" in bags.outcome && bags.outcome.kind).toBe("quote");

    // New numbers before the deadline: the confirmation is gone; the family confirms again.
    const counts = { ...COUNTS, numChildren: 7 };
    const changed = await changeByFamily(database.db, confirmed, { date, startMin: confirmed.startMin, counts }, { token: TOKEN, confirmed: true, hours: 48, closedMessage: "zu spät", headcount: { days: DAYS, lockedMessage: "gesperrt" } }, now);
    expect("kind" in changed && changed.kind).toBe("changed");
    expect((await reload(r.id)).headcountConfirmedAt).toBeNull();
    expect((await prepSheet(database.db, date)).parties.find((p) => p.code === r.code)).toMatchObject({ headcountConfirmed: false, children: 7 });
    const again = await confirmHeadcount(database.db, { reservationId: r.id, actor: CUSTOMER_ACTOR }, now);
    expect(again).toMatchObject({ ok: false, status: 400, message: "«Menü»: 6 von 7 Kindern gewählt. Bitte wählen Sie für jedes Kind genau eine Auswahl." });
  });

  it("fewer children than goodie bags: the family changes the extras first (its refund there), staff may correct anyway", async () => {
    const date = nextSaturday();
    const r = await party(date, [{ extraId: BAG, choice: "", quantity: 6 }], { email: "bags@example.ch" });
    const now = venueToUtc(addDays(date, -10), 12 * 60);
    const options = { token: TOKEN, confirmed: true, hours: 48, closedMessage: "zu spät", headcount: { days: DAYS, lockedMessage: "gesperrt" } };
    const fewer = await changeByFamily(database.db, r, { date, startMin: r.startMin, counts: { ...COUNTS, numChildren: 4 } }, options, now);
    expect(fewer).toEqual({ ok: false, reason: "invalid", message: "«Goodie-Bag» ist für 6 Kinder bestellt. Bitte passen Sie zuerst die Zusatzleistungen an und ändern Sie danach die Anzahl Kinder." });
    // More children are fine, and so are fewer once the bags are down to 4.
    const bags = await submitFamilyExtras(database.db, r, form({ [`extra-${BAG}`]: "4" }), { token: TOKEN, confirmed: true, expectedPriceRappen: r.priceRappen - 2 * 450 }, now);
    expect(bags.kind === "outcome" && "kind" in bags.outcome && bags.outcome.kind).toBe("changed");
    const after = await changeByFamily(database.db, await reload(r.id), { date, startMin: r.startMin, counts: { ...COUNTS, numChildren: 4 } }, options, now);
    expect("kind" in after && after.kind).toBe("changed");
  });

  it("moving the party earlier past the cake's order deadline is refused (the cake goes first); a later date is fine", async () => {
    const date = nextSaturday();
    const r = await party(date, [{ extraId: 2, choice: "", quantity: 1 }], { email: "kuchen@example.ch" });
    // Thursday, nine days before: the Saturday in two days is inside the cake's three days.
    const now = venueToUtc(addDays(date, -9), 12 * 60);
    const options = { token: TOKEN, confirmed: true, hours: 48, closedMessage: "zu spät", headcount: { days: DAYS, lockedMessage: "gesperrt" } };
    const earlier = await changeByFamily(database.db, r, { date: addDays(date, -7), startMin: r.startMin }, options, now);
    expect(earlier).toEqual({ ok: false, reason: "invalid", message: EXTRAS_MSG.tooLateForMove("Geburtstagstorte") });
    const later = await changeByFamily(database.db, r, { date: addDays(date, 7), startMin: r.startMin }, options, now);
    expect("kind" in later && later.kind).toBe("changed");
  });

  it("the deadline ends with the venue's day on the day summer time begins (a 23-hour day)", async () => {
    // Wednesday 31 March 2027; three days before is Sunday 28 March, when clocks go from 02:00 to 03:00.
    const date = "2027-03-31";
    const r = await party(date, [{ extraId: MEAL, choice: "Hot Dog", quantity: 6 }], { email: "dst@example.ch" });
    // 23:59 on 28 March in Zurich is 21:59 UTC (UTC+2 since 03:00 that morning).
    expect(await confirmHeadcount(database.db, { reservationId: r.id, actor: CUSTOMER_ACTOR }, new Date("2027-03-28T22:00:00Z"))).toMatchObject({ ok: false, status: 409 });
    expect(await confirmHeadcount(database.db, { reservationId: r.id, actor: CUSTOMER_ACTOR }, new Date("2027-03-28T21:59:00Z"))).toEqual({ ok: true, already: false });
    // The request was due at 09:00 on Friday 26 March (still winter time, UTC+1): 08:00 UTC.
    expect(headcountNoticeAt(date, DAYS).toISOString()).toBe("2027-03-26T08:00:00.000Z");
  });

  it("after the deadline the family's numbers are locked (changes and confirmation refused); staff still change them", async () => {
    const date = nextSaturday();
    const r = await party(date, [{ extraId: MEAL, choice: "Pizza Margherita", quantity: 6 }]);
    // The day after the deadline day, 50 hours before the party: inside the self-service time, outside the headcount's.
    const after = venueToUtc(addDays(date, -2), 12 * 60);
    const locked = "Die Zahlen sind festgelegt.";
    const family = await changeByFamily(database.db, r, { date, startMin: r.startMin, counts: { ...COUNTS, numChildren: 8 } }, { token: TOKEN, confirmed: true, hours: 48, closedMessage: "zu spät", headcount: { days: DAYS, lockedMessage: locked } }, after);
    expect(family).toMatchObject({ ok: false, reason: "refused", message: locked });
    // A move of the date is not a change of the numbers: still the self-service rules alone.
    const refusedConfirm = await confirmHeadcount(database.db, { reservationId: r.id, actor: CUSTOMER_ACTOR }, after);
    expect(refusedConfirm).toMatchObject({ ok: false, status: 409 });
    expect(refusedConfirm.ok ? "" : refusedConfirm.message).toMatch(/^Die Frist für die Schlusszahl ist am [A-Za-z]+, \d+\. [A-Za-zä]+ \d{4} abgelaufen\. Änderungen der Anzahl Personen nur noch telefonisch: \+41/);
    const page = await headcountPage(database.db, r, after);
    expect(page!.state).toMatchObject({ open: false, confirmedAt: null });
    expect(page!.lockedMessage).toBe(refusedConfirm.ok ? null : refusedConfirm.message);

    const staff = await changeBooking(
      database.db,
      { reservationId: r.id, target: { date, startMin: r.startMin, counts: { ...COUNTS, numChildren: 8 } }, actor: { staffId: null, label: "Empfang" }, pricing: "difference", confirmed: true, money: { increase: "venue", decrease: "refund" } },
      after,
    );
    expect("kind" in staff && staff.kind).toBe("changed");
    expect(await reload(r.id)).toMatchObject({ numChildren: 8 });
  });
});
