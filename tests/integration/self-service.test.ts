import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { simpleParser, type ParsedMail } from "mailparser";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { selfServiceDeadline } from "~/domain/self-service";
import { addDays, venueNow, venueToUtc, weekdayOf } from "~/domain/time";
import { findReservationByCode, reserveBirthday, type Reservation } from "~/server/booking/bookings.server";
import { findManagedBooking, LINK_MSG, manageView, requestManageLink } from "~/server/booking/manage.server";
import { queueDueReminders } from "~/server/booking/reminders.server";
import { CUSTOMER_ACTOR, type ChangeTarget } from "~/server/booking/reschedule.server";
import { changeBooking, changeByFamily } from "~/server/payments/booking-change.server";
import { createTransport, deliverDueMail } from "~/server/mail/mail.server";
import { cancelByFamily } from "~/server/payments/cancellation.server";
import { confirmPayment, startPayment } from "~/server/payments/payments.server";
import { hashManageToken } from "~/server/platform/manage-token.server";
import { auditLog, mailOutbox, manageTokens, payments, reservations, vouchers } from "~/server/platform/schema";
import { cancelReservation, restoreVoucher } from "~/server/staff/cancellation.server";
import { createVoucher, voucherLedgerOf } from "~/server/vouchers/vouchers.server";
import { useFakeDatatrans } from "./fake-datatrans-env";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

const HMAC_KEY = "0123456789abcdef0123456789abcdef";
const PUBLIC_URL = "https://buchung.funworld.test";
/** 25 persons fit only the 30-seat table: one such booking per slot. */
const BIG = { numChildren: 10, numActiveAdults: 10, numAccompanyingAdults: 5 };
const API = { staffId: null, name: "api-token" as const };
const LINK = new RegExp(`${PUBLIC_URL.replace(/[.]/g, "\\.")}/buchung/([A-Za-z0-9_-]{43})`);

const datatrans = useFakeDatatrans({
  label: "self",
  hmacKey: HMAC_KEY,
  env: {
    PUBLIC_URL,
    SELF_SERVICE_HOURS: "48",
    REMINDER_HOURS_BEFORE: "48",
    MANAGE_LINK_READABLE_DAYS: "14",
    // The next spring clock change can be up to a year and three days ahead.
    BOOKING_HORIZON_DAYS: "400",
  },
});

afterEach(() => {
  datatrans.fake.setDown(false);
  datatrans.fake.setCreditRefusal(null);
  vi.restoreAllMocks();
});

/**
 * The next spring clock change (last Sunday of March, venue time) that is still bookable: at least
 * three days ahead, so the booking has not begun and its 48-hour deadline lies ahead too.
 */
function nextSpringForward(from: Date): string {
  const today = venueNow(from).date;
  for (let year = Number(today.slice(0, 4)); ; year++) {
    let day = `${year}-03-31`;
    while (weekdayOf(day) !== 0) day = addDays(day, -1);
    if (day >= addDays(today, 3)) return day;
  }
}

function calendarPart(mail: ParsedMail): string {
  const part = mail.attachments.find((a) => a.contentType.startsWith("text/calendar"));
  return part?.content.toString("utf8") ?? "";
}

/** The defaults (SELF_SERVICE_HOURS 48, no refund after the deadline). */
const POLICY = { hours: 48, readableDays: 14, lateCancelFeePercent: 100 };

describe.each(drivers)("self-service on $name", ({ open }) => {
  let database: TestDatabase;
  let week = 0;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A Saturday of its own (weeks apart), so no two tests share a table. */
  function nextSaturday() {
    week += 1;
    return nextWeekday(6, new Date(Date.now() + week * 7 * 86400_000));
  }

  async function paidBooking(options: { date?: string; startMin?: number; couponCode?: string; now?: Date } = {}) {
    const date = options.date ?? nextSaturday();
    const held = await reserveBirthday(
      database.db,
      { offerId: 1, date, startMin: options.startMin ?? 600, counts: BIG, contact: CONTACT, couponCode: options.couponCode },
      { holdMinutes: 15, now: options.now },
    );
    if (!held.ok) throw new Error(held.message);
    const started = await startPayment(database.db, held.reservation);
    if (!started.ok) throw new Error("payment not started");
    const trx = started.paymentUrl.split("/").at(-1)!;
    await datatrans.fake.pay(trx, "settled");
    await confirmPayment(database.db, trx);
    return { date, code: held.reservation.code, trx, id: held.reservation.id };
  }

  /** The family's move through its manage page (the token only shapes the payment's return URLs). */
  function moveByFamily(r: Reservation, target: ChangeTarget, now?: Date) {
    return changeByFamily(database.db, r, target, { token: "t".repeat(43), hours: 48, closedMessage: "geschlossen" }, now);
  }

  async function mailsOf(id: number) {
    return database.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, id)).orderBy(mailOutbox.id);
  }

  async function tokenFrom(id: number, kind = "confirmation"): Promise<string> {
    const mail = (await mailsOf(id)).find((m) => m.kind === kind);
    const match = LINK.exec(mail?.text ?? "");
    if (!match) throw new Error(`no manage link in the ${kind} mail`);
    return match[1]!;
  }

  async function reload(id: number): Promise<Reservation> {
    const [r] = await database.db.select().from(reservations).where(eq(reservations.id, id));
    return r!;
  }

  /** Delivers everything due into a fresh folder and parses the messages of one booking. */
  async function deliveredMails(code: string): Promise<ParsedMail[]> {
    const dir = await mkdtemp(path.join(tmpdir(), "kidsindoor-self-mail-"));
    try {
      await deliverDueMail(database.db, { transport: createTransport({ DATA_DIR: dir }), from: "Fun World <buchung@funworld.ch>" });
      const files = (await readdir(path.join(dir, "outbox"))).filter((f) => f.includes(code)).sort();
      return Promise.all(files.map(async (f) => simpleParser(await readFile(path.join(dir, "outbox", f)))));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it("puts a working manage link into the confirmation e-mail and stores only its hash", async () => {
    const { id, code } = await paidBooking();
    const token = await tokenFrom(id);
    expect((await findManagedBooking(database.db, token))?.code).toBe(code);

    const stored = await database.db.select().from(manageTokens).where(eq(manageTokens.reservationId, id));
    expect(stored.map((t) => t.tokenHash)).toContain(hashManageToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    // One changed character, the booking code, a wrong shape: nothing.
    const flipped = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    expect(await findManagedBooking(database.db, flipped)).toBeNull();
    expect(await findManagedBooking(database.db, code)).toBeNull();
    expect(await findManagedBooking(database.db, `${token}x`)).toBeNull();
    expect(await findManagedBooking(database.db, undefined)).toBeNull();

    const mails = await deliveredMails(code);
    const confirmation = mails.find((m) => m.subject?.startsWith("Buchungsbestätigung"))!;
    expect(confirmation.text).toContain(`Buchung verwalten (ansehen, stornieren, verschieben): ${PUBLIC_URL}/buchung/${token}`);
    expect(confirmation.html).toContain(`href="${PUBLIC_URL}/buchung/${token}"`);
  });

  it("keeps the link read-only after the deadline and after the date, then answers nothing", async () => {
    const { id } = await paidBooking();
    const token = await tokenFrom(id);
    const r = await reload(id);
    const start = venueToUtc(r.date, r.startMin);
    expect(manageView(r, POLICY, new Date(start.getTime() - 49 * 3_600_000)).canChange).toBe(true);
    expect(manageView(r, POLICY, new Date(start.getTime() - 47 * 3_600_000)).canChange).toBe(false);
    expect(await findManagedBooking(database.db, token, new Date(start.getTime() + 13 * 86_400_000))).not.toBeNull();
    expect(await findManagedBooking(database.db, token, new Date(start.getTime() + 15 * 86_400_000))).toBeNull();
  });

  it("sends a fresh link for a matching code and e-mail, answers the same otherwise, and limits per client and per code", async () => {
    const { id, code } = await paidBooking();
    const match = await requestManageLink(database.db, { code: code.toLowerCase(), email: " ANNA@example.ch ", clientKey: "10.0.0.1" });
    const wrongMail = await requestManageLink(database.db, { code, email: "eve@example.ch", clientKey: "10.0.0.2" });
    const unknown = await requestManageLink(database.db, { code: "FW-ZZZZZZ", email: "anna@example.ch", clientKey: "10.0.0.3" });
    expect([match, wrongMail, unknown]).toEqual([
      { status: 200, message: LINK_MSG.sent },
      { status: 200, message: LINK_MSG.sent },
      { status: 200, message: LINK_MSG.sent },
    ]);
    const linkMails = (await mailsOf(id)).filter((m) => m.kind === "manage-link");
    expect(linkMails).toHaveLength(1);
    const token = await tokenFrom(id, "manage-link");
    expect((await findManagedBooking(database.db, token))?.id).toBe(id);

    // Per code: the third request used it up (3 per hour), whoever asks next is refused.
    const perCode = await requestManageLink(database.db, { code, email: "anna@example.ch", clientKey: "10.0.0.4" });
    expect(perCode).toEqual({ status: 200, message: LINK_MSG.sent });
    expect(await requestManageLink(database.db, { code, email: "anna@example.ch", clientKey: "10.0.0.5" })).toEqual({ status: 429, message: LINK_MSG.tooMany });

    // Per client: 5 requests in 15 minutes, whatever the codes.
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await requestManageLink(database.db, { code: `FW-X${i}`, email: "x@example.ch", clientKey: "10.9.9.9" }));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await requestManageLink(database.db, { code: "", email: "x@example.ch", clientKey: "10.9.9.8" })).toEqual({ status: 400, message: LINK_MSG.missing });
  });

  it("cancels exactly at the 48-hour boundary across the spring clock change, and not a millisecond later", async () => {
    // The next spring change (last Sunday of March): clocks go forward at 02:00; 10:00 CEST = 08:00Z,
    // the deadline two days earlier is Friday 09:00 CET = 08:00Z.
    const sunday = nextSpringForward(new Date());
    const friday = addDays(sunday, -2);
    const a = await paidBooking({ date: sunday, startMin: 600 });
    const b = await paidBooking({ date: sunday, startMin: 840 });
    const deadline = selfServiceDeadline({ date: sunday, startMin: 600 }, 48);
    expect(deadline.toISOString()).toBe(`${friday}T08:00:00.000Z`);
    const cancel = (id: number, now: Date) =>
      cancelByFamily(database.db, { reservationId: id, allowed: (r) => manageView(r, POLICY, now).canChange, closedMessage: "zu spät" }, now);
    expect((await cancel(a.id, deadline)).kind).toBe("cancelled");
    const late = await cancel(b.id, new Date(selfServiceDeadline({ date: sunday, startMin: 840 }, 48).getTime() + 1));
    expect(late).toMatchObject({ kind: "refused", message: "zu spät" });
    expect((await reload(b.id)).status).toBe("confirmed");
    expect(manageView(await reload(b.id), POLICY, deadline).deadline).toBe(`Freitag, ${Number(friday.slice(8))}. März ${friday.slice(0, 4)}, 13:00 Uhr`);
  });

  it("cancels once when the family double-submits and staff cancel at the same time: one refund, one voucher credit, one e-mail", async () => {
    const voucher = await createVoucher(database.db, { amountRappen: 5000 });
    const { id, code, trx } = await paidBooking({ couponCode: voucher.code });
    const now = new Date();
    const family = () => cancelByFamily(database.db, { reservationId: id, allowed: (r) => manageView(r, POLICY, now).canChange, closedMessage: "zu spät" }, now);
    const results = await Promise.all([family(), family(), cancelReservation(database.db, { code, reason: null, actor: API })]);
    const familyKinds = results.slice(0, 2).map((r) => ("kind" in r ? r.kind : ""));
    const staffWon = results[2]!.status === 200;
    expect(familyKinds.filter((k) => k === "cancelled").length + (staffWon ? 1 : 0)).toBe(1);

    expect(datatrans.fake.requests.filter((r) => r.path.endsWith(`/${trx}/credit`))).toHaveLength(1);
    const mails = await mailsOf(id);
    expect(mails.filter((m) => m.kind === "cancellation")).toHaveLength(1);
    const audit = await database.db.select().from(auditLog).where(and(eq(auditLog.reservationId, id), eq(auditLog.action, "cancel")));
    expect(audit).toHaveLength(1);
    const r = await reload(id);
    expect(r).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });

    // Whoever won, the voucher part is back once (AGB §5: staff cancellations credit it too).
    const [v] = await database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(v!.remainingRappen).toBe(5000);
    expect((await voucherLedgerOf(database.db, voucher.id)).map((l) => l.kind)).toEqual(["redeem", "cancel-credit"]);
    expect((await restoreVoucher(database.db, { code, actor: API })).status).toBe(409);
    const cancellation = (await deliveredMails(code)).find((m) => m.subject?.startsWith("Stornierung"))!;
    expect(calendarPart(cancellation)).toContain("METHOD:CANCEL");
  });

  it("a family's own cancellation: voucher credited, payment refunded, e-mail with METHOD:CANCEL and the manage link", async () => {
    const voucher = await createVoucher(database.db, { amountRappen: 5000 });
    const { id, code, trx } = await paidBooking({ couponCode: voucher.code });
    const now = new Date();
    const outcome = await cancelByFamily(database.db, { reservationId: id, allowed: (r) => manageView(r, POLICY, now).canChange, closedMessage: "zu spät" }, now);
    expect(outcome).toMatchObject({ kind: "cancelled", refund: "refunded", voucherCreditedRappen: 5000 });
    const r = await reload(id);
    expect(r).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    expect(datatrans.fake.requests.filter((q) => q.path.endsWith(`/${trx}/credit`))).toHaveLength(1);
    const [v] = await database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(v!.remainingRappen).toBe(5000);
    expect((await voucherLedgerOf(database.db, voucher.id)).map((l) => [l.kind, l.amountRappen])).toEqual([
      ["redeem", 5000],
      ["cancel-credit", -5000],
    ]);
    // Staff cannot credit it a second time.
    expect((await restoreVoucher(database.db, { code, actor: API })).status).toBe(409);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.reservationId, id));
    expect(audit.map((a) => [a.actor, a.action])).toEqual([
      ["customer", "cancel"],
      ["system", "refund"],
    ]);

    const cancellation = (await deliveredMails(code)).find((m) => m.subject?.startsWith("Stornierung"))!;
    const ics = calendarPart(cancellation);
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain("STATUS:CANCELLED");
    expect(ics).toContain(`UID:${code}@funworld.ch`);
    expect(ics).toContain("SEQUENCE:1");
    expect(cancellation.text).toContain(`Der bezahlte Betrag von CHF ${(r.amountRappen / 100).toFixed(2)} wird Ihnen zurückerstattet`);
    expect(cancellation.text).toContain(`Der mit dem Gutschein ${voucher.code} bezahlte Betrag von CHF 50.00 wird dem Gutschein wieder gutgeschrieben.`);
    expect(cancellation.text).toMatch(LINK);
  });

  it("marks a refund the provider refuses for staff and tells the family it is being handled", async () => {
    const { id } = await paidBooking();
    datatrans.fake.setCreditRefusal("DECLINED");
    vi.spyOn(console, "error").mockImplementation(() => {});
    const now = new Date();
    const outcome = await cancelByFamily(database.db, { reservationId: id, allowed: () => true, closedMessage: "" }, now);
    expect(outcome).toMatchObject({ kind: "cancelled", refund: "manual" });
    const r = await reload(id);
    expect(r.paymentStatus).toBe("refund_pending");
    const [payment] = await database.db.select().from(payments).where(eq(payments.reservationId, id));
    expect(payment!.status).toBe("refund_pending");
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.reservationId, id));
    expect(audit.map((a) => a.action).sort()).toEqual(["cancel", "refund-manual"]);
    expect(manageView(r, POLICY).paymentNote).toBe("Die Rückerstattung ist in Bearbeitung; Sie erhalten den Betrag ohne weiteres Zutun zurück.");
    datatrans.fake.setCreditRefusal(null);
  });

  it("moves a booking to a free slot with a change e-mail (same UID, next SEQUENCE) and an audit row", async () => {
    const { id, code, date } = await paidBooking();
    const moved = await moveByFamily(await reload(id), { date, startMin: 840 });
    expect(moved).toMatchObject({ kind: "changed", refund: "none" });
    const r = await reload(id);
    expect(r).toMatchObject({ date, startMin: 840, endMin: 960, sequence: 1, status: "confirmed", priceRappen: (await findReservationByCode(database.db, code))!.priceRappen });
    const audit = await database.db.select().from(auditLog).where(and(eq(auditLog.reservationId, id), eq(auditLog.action, "move")));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor).toBe("customer");

    const mails = await deliveredMails(code);
    const change = mails.find((m) => m.subject?.startsWith("Änderung"))!;
    const ics = calendarPart(change);
    expect(ics).toContain("METHOD:REQUEST");
    expect(ics).toContain(`UID:${code}@funworld.ch`);
    expect(ics).toContain("SEQUENCE:1");
    expect(ics).toContain(`DTSTART:${venueToUtc(date, 840).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "")}`);
    expect(change.text).toContain("wurde verschoben");
    expect(change.text).toMatch(LINK);
    const confirmationIcs = calendarPart(mails.find((m) => m.subject?.startsWith("Buchungsbestätigung"))!);
    expect(confirmationIcs).toContain("SEQUENCE:0");

    // The same slot again is no move; a slot off the grid is refused.
    expect(await moveByFamily(r, { date, startMin: 840 })).toMatchObject({ ok: false, reason: "invalid" });
    expect(await moveByFamily(r, { date, startMin: 845 })).toMatchObject({ ok: false, reason: "invalid" });
    // Cancelling afterwards removes the moved entry: SEQUENCE above the move's.
    await cancelByFamily(database.db, { reservationId: id, allowed: () => true, closedMessage: "" });
    const cancelMail = (await mailsOf(id)).find((m) => m.kind === "cancellation")!;
    expect(cancelMail.ics).toContain("SEQUENCE:2");
  });

  it("lets exactly one of two racing moves (and a new booking) take a slot; the losers keep their bookings", async () => {
    const date = nextSaturday();
    const a = await paidBooking({ date, startMin: 600 });
    const b = await paidBooking({ date, startMin: 840 });
    const moveTo1080 = async (reservationId: number) => {
      const result = await changeBooking(database.db, { reservationId, target: { date, startMin: 1080 }, actor: CUSTOMER_ACTOR, pricing: "difference" });
      return "ok" in result ? result : { ok: true as const };
    };
    const results = await Promise.all([
      moveTo1080(a.id),
      moveTo1080(b.id),
      reserveBirthday(database.db, { offerId: 1, date, startMin: 1080, counts: BIG, contact: CONTACT }, { holdMinutes: 15 }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results) if (!r.ok) expect(r).toMatchObject({ reason: "slot_taken", message: "Dieser Termin wurde soeben vergeben. Bitte wählen Sie einen anderen Zeitslot." });
    const after = [await reload(a.id), await reload(b.id)];
    const at = after.map((r) => r.startMin);
    expect(at.filter((m) => m === 1080).length).toBe(results[2]!.ok ? 0 : 1);
    expect(after.every((r) => r.status === "confirmed")).toBe(true);
    // A loser is still where it was.
    if (!results[0]!.ok) expect(after[0]!.startMin).toBe(600);
    if (!results[1]!.ok) expect(after[1]!.startMin).toBe(840);
  });

  it("refuses the family's move after the deadline", async () => {
    const { id, date } = await paidBooking();
    const r = await reload(id);
    const tooLate = new Date(selfServiceDeadline(r, 48).getTime() + 60_000);
    const result = await moveByFamily(r, { date, startMin: 840 }, tooLate);
    expect(result).toMatchObject({ ok: false, reason: "refused" });
    expect((await reload(id)).startMin).toBe(600);
  });

  it("queues the reminder exactly once, even with parallel runs, never for cancelled or late bookings", async () => {
    const date = nextSaturday();
    const early = await paidBooking({ date, startMin: 600 });
    const cancelled = await paidBooking({ date, startMin: 840 });
    await cancelByFamily(database.db, { reservationId: cancelled.id, allowed: () => true, closedMessage: "" });
    const startLate = venueToUtc(date, 1080);
    // Booked 30 hours before its start: no reminder.
    const late = await paidBooking({ date, startMin: 1080, now: new Date(startLate.getTime() - 30 * 3_600_000) });

    const before = venueToUtc(date, 600);
    expect(await queueDueReminders(database.db, new Date(before.getTime() - 49 * 3_600_000))).toBe(0);
    const at = new Date(before.getTime() - 47 * 3_600_000);
    const counts = await Promise.all([queueDueReminders(database.db, at), queueDueReminders(database.db, at), queueDueReminders(database.db, at)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await queueDueReminders(database.db, new Date(before.getTime() - 24 * 3_600_000))).toBe(0);
    expect((await mailsOf(early.id)).filter((m) => m.kind === "reminder")).toHaveLength(1);
    expect((await mailsOf(cancelled.id)).filter((m) => m.kind === "reminder")).toHaveLength(0);
    expect(await queueDueReminders(database.db, new Date(startLate.getTime() - 20 * 3_600_000))).toBe(0);
    expect((await mailsOf(late.id)).filter((m) => m.kind === "reminder")).toHaveLength(0);

    const reminder = (await deliveredMails(early.code)).find((m) => m.subject?.startsWith("Erinnerung"))!;
    expect(reminder.text).toContain("10-20 Minuten");
    expect(reminder.text).toContain("Industriestrasse 12");
    expect(reminder.text).toContain("Öffnungszeiten");
    expect(reminder.text).toContain("Bitte mitbringen");
    const token = LINK.exec(reminder.text ?? "")![1]!;
    expect((await findManagedBooking(database.db, token, at))?.id).toBe(early.id);
  });

  it("a cancellation racing the reminder job: one cancellation, one refund, one cancellation e-mail, no reminder after it", async () => {
    const { id, trx, date } = await paidBooking();
    const at = new Date(venueToUtc(date, 600).getTime() - 47 * 3_600_000);
    await Promise.all([
      cancelByFamily(database.db, { reservationId: id, allowed: () => true, closedMessage: "" }, at),
      queueDueReminders(database.db, at),
      cancelByFamily(database.db, { reservationId: id, allowed: () => true, closedMessage: "" }, at),
    ]);
    const mails = await mailsOf(id);
    const cancellations = mails.filter((m) => m.kind === "cancellation");
    expect(cancellations).toHaveLength(1);
    expect(datatrans.fake.requests.filter((r) => r.path.endsWith(`/${trx}/credit`))).toHaveLength(1);
    const reminders = mails.filter((m) => m.kind === "reminder");
    expect(reminders.length).toBeLessThanOrEqual(1);
    // A reminder, if any, was queued before the cancellation, never after it.
    for (const r of reminders) expect(r.id).toBeLessThan(cancellations[0]!.id);
    expect(await queueDueReminders(database.db, at)).toBe(0);
  });
});
