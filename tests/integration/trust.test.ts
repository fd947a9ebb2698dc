import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MSG } from "~/domain/messages";
import { findReservationByCode, findReservationById, reserveBirthday, sweepExpiredHolds, type HoldOwner, type Reservation } from "~/server/booking/bookings.server";
import { reservations } from "~/server/platform/schema";
import type { Db } from "~/server/platform/db.server";
import { getDraft, updateDraft, type CompleteDraft } from "~/server/booking/draft.server";
import { resetEnvForTests } from "~/server/platform/env.server";
import { giveUpReturnedPayment, handleAbandonedReturn } from "~/server/payments/payment-return.server";
import { paymentPageState } from "~/server/payments/payment-view.server";
import { confirmPayment, findPayment, pendingPaymentOf, setPaymentProvider, startPayment } from "~/server/payments/payments.server";
import type { PaymentProvider, TransactionInfo } from "~/server/payments/providers/provider.server";
import { placeBooking } from "~/server/checkout/place-booking.server";
import { holdOwner, initiatePaymentFor, ownsReservation } from "~/server/payments/reservation-owner.server";
import { createVoucher, validateVoucher, voucherLedgerOf } from "~/server/vouchers/vouchers.server";
import { checkoutSummary } from "~/server/checkout/checkout.server";
import { changeHeldBooking, heldByFamilyRappen, openHoldOf, resumePayment } from "~/server/checkout/held-booking.server";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

/**
 * Issue "Trust" §1–3: a held table belongs to the family that made it, no client hoards tables,
 * and a return link shows a stranger nothing personal.
 */

const SATURDAY = 6;
const MINUTE = 60_000;
const STARTS = [600, 720, 840, 960, 1080, 1200];

/** A provider double: every transaction is kept in memory and its status set by the test. */
function memoryProvider() {
  const transactions = new Map<string, TransactionInfo & { cancelled: boolean }>();
  let next = 1;
  const provider: PaymentProvider = {
    name: "simulated",
    async initTransaction(input) {
      const transactionId = `MEM${next++}${Date.now()}`;
      transactions.set(transactionId, { transactionId, status: "initialized", refno: input.refno, currency: input.currency, amountRappen: null, cancelled: false });
      return { transactionId, paymentUrl: `https://pay.example/${transactionId}` };
    },
    async getTransaction(transactionId) {
      const t = transactions.get(transactionId);
      if (!t) throw new Error(`unknown ${transactionId}`);
      return { transactionId, status: t.status, refno: t.refno, currency: t.currency, amountRappen: t.amountRappen };
    },
    async cancel(transactionId) {
      const t = transactions.get(transactionId);
      if (t) t.status = "canceled";
    },
    async credit(transactionId) {
      return { transactionId: `CR-${transactionId}` };
    },
  };
  return {
    provider,
    setStatus(transactionId: string, status: string, amountRappen: number | null = null) {
      const t = transactions.get(transactionId)!;
      t.status = status;
      t.amountRappen = amountRappen;
    },
  };
}

const ENV_KEYS = ["DATA_DIR", "PUBLIC_URL", "PAYMENT_PROVIDER", "SESSION_SECRET", "HOLD_MINUTES", "HOLD_LIMIT_PER_CLIENT", "HOLD_LIMIT_PER_EMAIL", "PAYMENT_START_MINUTES", "LOOKUP_LIMIT_PER_MINUTE"] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
let dataDir: string;
const memory = memoryProvider();

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "kidsindoor-trust-"));
  for (const key of ENV_KEYS) delete process.env[key];
  // The documented defaults are what is tested: 3 holds per client, 2 per e-mail, 5 minutes to pay, 20 look-ups.
  Object.assign(process.env, { DATA_DIR: dataDir, PUBLIC_URL: "http://shop.test", PAYMENT_PROVIDER: "simulated", SESSION_SECRET: "trust-test-secret-0123456789" });
  resetEnvForTests();
  setPaymentProvider(memory.provider);
});

afterAll(async () => {
  setPaymentProvider(undefined);
  for (const key of ENV_KEYS) {
    const value = savedEnv[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

afterEach(() => setPaymentProvider(memory.provider));

let clientSeq = 0;
/** A fresh client address per test, so the per-client counters of one test never touch another. */
function newClient(): string {
  return `198.51.100.${++clientSeq}`;
}

let dayOffset = 0;
/** A fresh Saturday per test (weeks apart), so tables taken by one test never touch another. */
function freshSaturday(): string {
  return nextWeekday(SATURDAY, new Date(Date.now() + (dayOffset++ * 7 + 7) * 24 * 60 * MINUTE));
}

async function hold(db: Db, date: string, startMin: number, owner: HoldOwner | undefined, email = CONTACT.email, now?: Date) {
  return reserveBirthday(
    db,
    { offerId: 1, date, startMin, counts: { numChildren: 4, numActiveAdults: 0, numAccompanyingAdults: 0 }, contact: { ...CONTACT, email }, couponCode: null },
    { holdMinutes: 15, owner, now },
  );
}

async function heldOne(db: Db, date: string, startMin: number, client: string, email?: string) {
  const result = await hold(db, date, startMin, holdOwner(client), email);
  if (!result.ok) throw new Error(`hold refused: ${result.message}`);
  return result;
}

async function statusOf(db: Db, id: number) {
  return (await findReservationById(db, id))!.status;
}

/** A browser's request carrying the draft cookie that `setCookie` wrote. */
function withCookie(url: string, setCookie: string | null): Request {
  return new Request(url, { headers: setCookie ? { Cookie: setCookie.split(";")[0]! } : {} });
}

describe.each(drivers)("trust on $name", ({ open }) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await open();
    db = database.db;
  });
  afterAll(async () => {
    await database?.close();
  });

  describe("§1 a held table belongs to the family that made it", () => {
    it("starts a payment only with the booking's reservationToken; unknown and foreign codes answer alike", async () => {
      const { reservation, reservationToken } = await heldOne(db, freshSaturday(), 600, newClient());
      // Only a hash is stored, and it is checked against the token.
      expect(reservation.ownerTokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(reservation.ownerTokenHash).not.toContain(reservationToken);
      expect(ownsReservation(reservation, reservationToken)).toBe(true);
      expect(ownsReservation(reservation, `${reservationToken}x`)).toBe(false);

      const stranger = newClient();
      const foreign = await initiatePaymentFor(db, { code: reservation.code, reservationToken: "guessed-token", clientKey: stranger });
      const unknown = await initiatePaymentFor(db, { code: "FW-ZZZZZZ", reservationToken: "guessed-token", clientKey: stranger });
      expect(foreign).toEqual({ status: 404, body: { error: "booking not found" } });
      expect(unknown).toEqual(foreign);
      // Neither attempt opened a payment for the family's booking.
      expect(await pendingPaymentOf(db, reservation.id)).toBeNull();

      const owner = await initiatePaymentFor(db, { code: reservation.code, reservationToken, clientKey: newClient() });
      expect(owner.status).toBe(200);
      expect(await statusOf(db, reservation.id)).toBe("held");
    });

    it("a stranger's given-up payment does not release the hold: only the booking's current payment does", async () => {
      const { reservation } = await heldOne(db, freshSaturday(), 600, newClient());
      const first = await startPayment(db, reservation);
      const second = await startPayment(db, reservation);
      if (!first.ok || !second.ok) throw new Error("payment not started");
      const firstId = first.paymentUrl.split("/").at(-1)!;
      const secondId = second.paymentUrl.split("/").at(-1)!;
      // The older attempt is cancelled at the provider: the family still pays through the newer one.
      memory.setStatus(firstId, "canceled");
      await confirmPayment(db, firstId);
      expect((await findPayment(db, firstId))!.status).toBe("cancelled");
      expect(await statusOf(db, reservation.id)).toBe("held");
      memory.setStatus(secondId, "canceled");
      await confirmPayment(db, secondId);
      expect(await statusOf(db, reservation.id)).toBe("expired");
    });

    it("a return through the cancel URL releases the hold only when the provider cancelled it, and only for the browser whose draft made it", async () => {
      const { reservation } = await heldOne(db, freshSaturday(), 720, newClient());
      const started = await startPayment(db, reservation);
      if (!started.ok) throw new Error("payment not started");
      const trx = started.paymentUrl.split("/").at(-1)!;
      const url = `http://shop.test/payment/cancel?datatransTrxId=${trx}`;
      const strangerCookie = await updateDraft(new Request(url), { bookingCode: "FW-OTHER1" });
      const ownerCookie = await updateDraft(new Request(url), { bookingCode: reservation.code });
      // A GET while the provider still has the payment open gives nothing up, not even for the owner.
      expect(await handleAbandonedReturn(db, withCookie(url, strangerCookie))).toEqual({ kind: "released" });
      expect(await handleAbandonedReturn(db, new Request(url))).toEqual({ kind: "released" });
      expect(await handleAbandonedReturn(db, withCookie(url, ownerCookie))).toMatchObject({ kind: "open", transactionId: trx, paymentUrl: started.paymentUrl });
      expect(await statusOf(db, reservation.id)).toBe("held");
      expect((await findPayment(db, trx))!.status).toBe("pending");
      // The POST of «Zahlung abbrechen»: a stranger's changes nothing, the owner's releases.
      await giveUpReturnedPayment(db, withCookie(url, strangerCookie), trx, "cancelled");
      expect(await statusOf(db, reservation.id)).toBe("held");
      await giveUpReturnedPayment(db, withCookie(url, ownerCookie), trx, "cancelled");
      expect(await statusOf(db, reservation.id)).toBe("expired");
    });

    it("the cancel return releases the hold when the provider reports it cancelled, and confirms a payment the provider settled", async () => {
      // The Sunday after three days from now: no other test of this file books Sundays.
      const day = nextWeekday(0, new Date(Date.now() + 3 * 24 * 60 * MINUTE));
      const first = await heldOne(db, day, 600, newClient());
      const a = await startPayment(db, first.reservation);
      if (!a.ok) throw new Error("payment not started");
      const trxA = a.paymentUrl.split("/").at(-1)!;
      const urlA = `http://shop.test/payment/cancel?datatransTrxId=${trxA}`;
      memory.setStatus(trxA, "canceled");
      const ownerA = await updateDraft(new Request(urlA), { bookingCode: first.reservation.code });
      expect(await handleAbandonedReturn(db, withCookie(urlA, ownerA))).toEqual({ kind: "released" });
      expect(await statusOf(db, first.reservation.id)).toBe("expired");

      const second = await heldOne(db, day, 840, newClient());
      const b = await startPayment(db, second.reservation);
      if (!b.ok) throw new Error("payment not started");
      const trxB = b.paymentUrl.split("/").at(-1)!;
      const urlB = `http://shop.test/payment/error?datatransTrxId=${trxB}`;
      memory.setStatus(trxB, "settled", second.reservation.amountRappen);
      const ownerB = await updateDraft(new Request(urlB), { bookingCode: second.reservation.code });
      expect(await handleAbandonedReturn(db, withCookie(urlB, ownerB))).toEqual({ kind: "settled", transactionId: trxB });
      expect(await statusOf(db, second.reservation.id)).toBe("confirmed");
    });

    it("limits payment starts and unknown look-ups per client with a German 429, other clients unaffected", async () => {
      const guesser = newClient();
      const answers = [];
      for (let i = 0; i < 22; i++) {
        answers.push((await initiatePaymentFor(db, { code: `FW-GUES${String(i).padStart(2, "0")}`, reservationToken: "x", clientKey: guesser })).status);
      }
      expect(answers.slice(0, 20).every((s) => s === 404)).toBe(true);
      expect(answers.slice(20)).toEqual([429, 429]);
      const refused = await initiatePaymentFor(db, { code: "FW-GUESSX", reservationToken: "x", clientKey: guesser });
      expect(refused.body).toEqual({ error: MSG.tooManyRequests });

      // Return links: unknown transaction ids count too, then the page says "too many".
      const linkGuesser = newClient();
      const params = { couponOnly: false, mock: false };
      for (let i = 0; i < 20; i++) {
        const state = await paymentPageState(db, { ...params, transactionId: `NOPE${i}` }, {}, linkGuesser);
        expect(state).toMatchObject({ kind: "error", message: "Keine Reservierungsdaten gefunden." });
      }
      expect(await paymentPageState(db, { ...params, transactionId: "NOPE-X" }, {}, linkGuesser)).toMatchObject({ kind: "error", message: MSG.tooManyRequests });
      expect(await paymentPageState(db, { ...params, transactionId: "NOPE-X" }, {}, newClient())).toMatchObject({ message: "Keine Reservierungsdaten gefunden." });
    });
  });

  describe("§2 no hoarding", () => {
    it("one client holds at most 3 unpaid bookings, one e-mail at most 2; the 4th / 3rd gets 429's message", async () => {
      const date = freshSaturday();
      const client = newClient();
      for (let i = 0; i < 3; i++) await heldOne(db, date, STARTS[i]!, client, `family${i}-${client}@example.ch`);
      const fourth = await hold(db, date, STARTS[3]!, holdOwner(client), `family3-${client}@example.ch`);
      expect(fourth).toEqual({ ok: false, reason: "too_many_holds", message: MSG.tooManyHolds });
      expect(MSG.tooManyHolds).toBe("Sie haben bereits offene Reservierungen. Bitte schliessen Sie zuerst die Zahlung ab oder warten Sie einige Minuten.");
      // Another address is not affected.
      expect((await hold(db, date, STARTS[3]!, holdOwner(newClient()), "other@example.ch")).ok).toBe(true);

      const email = `Mixed.Case-${client}@example.ch`;
      await heldOne(db, date, STARTS[4]!, newClient(), email);
      await heldOne(db, date, STARTS[5]!, newClient(), email.toLowerCase());
      const third = await hold(db, freshSaturday(), 600, holdOwner(newClient()), email.toUpperCase());
      expect(third.ok === false && third.reason).toBe("too_many_holds");
    });

    it("paid, expired and released holds no longer count", async () => {
      const date = freshSaturday();
      const client = newClient();
      const held = [];
      for (let i = 0; i < 3; i++) held.push(await heldOne(db, date, STARTS[i]!, client, `count${i}-${client}@example.ch`));
      expect((await hold(db, date, STARTS[3]!, holdOwner(client), `count3-${client}@example.ch`)).ok).toBe(false);
      // The family pays one of them: the client may hold another.
      const started = await startPayment(db, held[0]!.reservation);
      if (!started.ok) throw new Error("payment not started");
      const trx = started.paymentUrl.split("/").at(-1)!;
      memory.setStatus(trx, "settled", held[0]!.reservation.amountRappen);
      expect((await confirmPayment(db, trx)).confirmedNow).toBe(true);
      expect((await hold(db, date, STARTS[3]!, holdOwner(client), `count3-${client}@example.ch`)).ok).toBe(true);
    });

    it("a voucher debited for a refused hold goes back (the refusal rolls back the whole booking)", async () => {
      const client = newClient();
      const date = freshSaturday();
      for (let i = 0; i < 3; i++) await heldOne(db, date, STARTS[i]!, client, `v${i}-${client}@example.ch`);
      const voucher = await createVoucher(db, { amountRappen: 1000 });
      const refused = await reserveBirthday(
        db,
        { offerId: 1, date, startMin: STARTS[3]!, counts: { numChildren: 4, numActiveAdults: 0, numAccompanyingAdults: 0 }, contact: { ...CONTACT, email: `v3-${client}@example.ch` }, couponCode: voucher.code },
        { holdMinutes: 15, owner: holdOwner(client) },
      );
      expect(refused.ok).toBe(false);
      expect(await voucherLedgerOf(db, voucher.id)).toEqual([]);
    });

    it("holds the limit when many requests of one client race, across days (as from several processes)", async () => {
      const client = newClient();
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => hold(db, freshSaturday(), 600, holdOwner(client), `race${i}-${client}@example.ch`)),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(3);
      expect(results.filter((r) => !r.ok && r.reason === "too_many_holds")).toHaveLength(9);
      const stored = await db.select().from(reservations).where(and(eq(reservations.clientKey, client), eq(reservations.status, "held")));
      expect(stored).toHaveLength(3);
    });

    it("a hold that has not reached the payment provider within 5 minutes drops; a started one keeps at least 20 (the provider's 15-minute page and a margin)", async () => {
      const now = new Date();
      const date = freshSaturday();
      const unpaid = await hold(db, date, 600, holdOwner(newClient()), "late@example.ch", now);
      const paying = await hold(db, date, 720, holdOwner(newClient()), "prompt@example.ch", now);
      if (!unpaid.ok || !paying.ok) throw new Error("hold refused");
      expect(unpaid.reservation.holdExpiresAt!.getTime()).toBe(now.getTime() + 5 * MINUTE);
      expect((await startPayment(db, paying.reservation)).ok).toBe(true);
      await sweepExpiredHolds(db, new Date(now.getTime() + 5 * MINUTE + 1000));
      expect(await statusOf(db, unpaid.reservation.id)).toBe("expired");
      expect(await statusOf(db, paying.reservation.id)).toBe("held");
      // The JSON client that comes too late cannot start its payment any more.
      const late = await initiatePaymentFor(db, { code: unpaid.reservation.code, reservationToken: unpaid.reservationToken, clientKey: newClient() });
      expect(late.status).toBe(409);
      await sweepExpiredHolds(db, new Date(now.getTime() + 19 * MINUTE));
      expect(await statusOf(db, paying.reservation.id)).toBe("held");
      await sweepExpiredHolds(db, new Date(now.getTime() + 20 * MINUTE + 1000));
      expect(await statusOf(db, paying.reservation.id)).toBe("expired");
    });

    it("a family that abandons and restarts its own booking replaces its hold instead of piling up", async () => {
      const date = freshSaturday();
      const client = newClient();
      const draft: CompleteDraft = { kind: "birthday", offerId: 1, date, startMin: 840, endMin: 960, numChildren: 4, numActiveAdults: 0, numAccompanyingAdults: 0 };
      let cookie: string | null = null;
      const made: string[] = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        const request = withCookie("http://shop.test/enter-data", cookie);
        const current = await getDraft(request);
        const outcome = await placeBooking(db, request, { ...draft, bookingCode: current.bookingCode }, { ...CONTACT, email: `restart-${client}@example.ch` }, client);
        expect(outcome.kind, `attempt ${attempt}`).toBe("redirect");
        if (outcome.kind !== "redirect") return;
        cookie = outcome.cookie;
        made.push((await getDraft(withCookie("http://shop.test/payment", cookie))).bookingCode!);
      }
      const held = await db.select().from(reservations).where(and(eq(reservations.clientKey, client), eq(reservations.status, "held")));
      expect(held.map((r) => r.code)).toEqual([made.at(-1)]);
    });

    it("the form path answers 429 with the same message", async () => {
      const client = newClient();
      const date = freshSaturday();
      for (let i = 0; i < 3; i++) await heldOne(db, date, STARTS[i]!, client, `form${i}-${client}@example.ch`);
      const draft: CompleteDraft = { kind: "birthday", offerId: 1, date, startMin: STARTS[3]!, endMin: STARTS[3]! + 120, numChildren: 4, numActiveAdults: 0, numAccompanyingAdults: 0 };
      const outcome = await placeBooking(db, new Request("http://shop.test/enter-data"), draft, { ...CONTACT, email: `form3-${client}@example.ch` }, client);
      expect(outcome).toEqual({ kind: "error", status: 429, message: MSG.tooManyHolds });
    });

    it("an old tab sending the form again after the family paid elsewhere shows that booking, not a second one", async () => {
      const client = newClient();
      const date = freshSaturday();
      const draft: CompleteDraft = { kind: "birthday", offerId: 1, date, startMin: 600, endMin: 720, numChildren: 4, numActiveAdults: 0, numAccompanyingAdults: 0 };
      const contact = { ...CONTACT, email: `oldtab-${client}@example.ch` };
      const first = await placeBooking(db, new Request("http://shop.test/enter-data"), draft, contact, client);
      expect(first).toMatchObject({ kind: "redirect", to: "/payment" });
      if (first.kind !== "redirect") return;
      const code = (await getDraft(withCookie("http://shop.test/payment", first.cookie))).bookingCode!;
      const reservation = (await findReservationByCode(db, code))!;
      const payment = (await pendingPaymentOf(db, reservation.id))!;
      // Paid at the provider in the other tab; neither its webhook nor the browser's return has arrived.
      memory.setStatus(payment.transactionId, "settled", reservation.amountRappen);

      const again = await placeBooking(db, withCookie("http://shop.test/enter-data", first.cookie), { ...draft, bookingCode: code }, contact, client);
      expect(again).toMatchObject({ kind: "redirect", to: "/payment/success" });
      if (again.kind !== "redirect") return;
      expect((await getDraft(withCookie("http://shop.test/payment/success", again.cookie))).bookingCode).toBe(code);
      expect(await findReservationByCode(db, code)).toMatchObject({ status: "confirmed", paymentStatus: "settled" });
      expect((await findPayment(db, payment.transactionId))?.status).toBe("settled");
      const made = await db.select().from(reservations).where(eq(reservations.email, contact.email));
      expect(made.map((r) => r.code)).toEqual([code]);
    });

    it("an old tab whose payment is still open gives that hold up and books anew (as before)", async () => {
      const client = newClient();
      const date = freshSaturday();
      const draft: CompleteDraft = { kind: "birthday", offerId: 1, date, startMin: 600, endMin: 720, numChildren: 4, numActiveAdults: 0, numAccompanyingAdults: 0 };
      const contact = { ...CONTACT, email: `opentab-${client}@example.ch` };
      const first = await placeBooking(db, new Request("http://shop.test/enter-data"), draft, contact, client);
      if (first.kind !== "redirect") throw new Error("no booking");
      const code = (await getDraft(withCookie("http://shop.test/payment", first.cookie))).bookingCode!;
      const earlier = (await findReservationByCode(db, code))!;
      const payment = (await pendingPaymentOf(db, earlier.id))!;
      const again = await placeBooking(db, withCookie("http://shop.test/enter-data", first.cookie), { ...draft, bookingCode: code }, contact, client);
      expect(again).toMatchObject({ kind: "redirect", to: "/payment" });
      if (again.kind !== "redirect") return;
      const next = (await getDraft(withCookie("http://shop.test/payment", again.cookie))).bookingCode!;
      expect(next).not.toBe(code);
      expect((await findReservationByCode(db, code))?.status).not.toBe("held");
      expect((await findPayment(db, payment.transactionId))?.status).toBe("cancelled");
      expect((await findReservationByCode(db, next))?.status).toBe("held");
    });

    it("back on /enter-data with an open hold: its voucher still counts for the family, «Zahlung fortsetzen» reuses the payment, «Ändern» gives hold and voucher back", async () => {
      const client = newClient();
      const voucher = await createVoucher(db, { amountRappen: 1000 });
      // A Sunday ten days ahead: no other test of this file books it.
      const date = nextWeekday(0, new Date(Date.now() + 10 * 24 * 60 * MINUTE));
      const draft: CompleteDraft = { kind: "birthday", offerId: 1, date, startMin: 600, endMin: 720, numChildren: 4, numActiveAdults: 0, numAccompanyingAdults: 0, couponCode: voucher.code };
      const placed = await placeBooking(db, new Request("http://shop.test/enter-data"), draft, { ...CONTACT, email: `back-${client}@example.ch` }, client);
      if (placed.kind !== "redirect") throw new Error("no booking");
      const request = withCookie("http://shop.test/enter-data", placed.cookie);
      const code = (await getDraft(request)).bookingCode!;
      const held = (await findReservationByCode(db, code))!;
      const first = (await pendingPaymentOf(db, held.id))!;
      expect(held).toMatchObject({ status: "held", voucherCode: voucher.code, discountRappen: 1000 });
      expect((await openHoldOf(db, code))?.id).toBe(held.id);

      // The voucher is used up for everyone else, but not for the family whose hold took it.
      expect((await validateVoucher(db, voucher.code)).valid).toBe(false);
      expect(await heldByFamilyRappen(db, code, voucher.code)).toBe(1000);
      expect(await heldByFamilyRappen(db, undefined, voucher.code)).toBe(0);
      const summary = await checkoutSummary(db, { ...draft, bookingCode: code });
      expect(summary).toMatchObject({ couponCode: voucher.code, discountRappen: 1000, amountRappen: summary!.priceRappen - 1000 });

      // «Zahlung fortsetzen»: the same payment, still open at the provider.
      expect(await resumePayment(db, request, { ...draft, bookingCode: code })).toEqual({ to: "/payment" });
      expect((await pendingPaymentOf(db, held.id))?.transactionId).toBe(first.transactionId);

      // «Ändern»: payment cancelled, hold released, voucher credited back and still chosen.
      const changed = await changeHeldBooking(db, request, { ...draft, bookingCode: code });
      expect(changed).toMatchObject({ to: "/enter-data" });
      expect((await findReservationByCode(db, code))?.status).toBe("expired");
      expect((await findPayment(db, first.transactionId))?.status).toBe("cancelled");
      expect((await validateVoucher(db, voucher.code)).remainingRappen).toBe(1000);
      expect((await getDraft(withCookie("http://shop.test/enter-data", (changed as { cookie: string }).cookie))).couponCode).toBe(voucher.code);
      expect(await openHoldOf(db, code)).toBeNull();
    });

    it("«Ändern» while the provider cannot be asked keeps the hold and answers with an error, not a failure", async () => {
      const client = newClient();
      const date = nextWeekday(0, new Date(Date.now() + 10 * 24 * 60 * MINUTE));
      const draft: CompleteDraft = { kind: "birthday", offerId: 1, date, startMin: 840, endMin: 960, numChildren: 4, numActiveAdults: 0, numAccompanyingAdults: 0 };
      const placed = await placeBooking(db, new Request("http://shop.test/enter-data"), draft, { ...CONTACT, email: `down-${client}@example.ch` }, client);
      if (placed.kind !== "redirect") throw new Error("no booking");
      const request = withCookie("http://shop.test/enter-data", placed.cookie);
      const code = (await getDraft(request)).bookingCode!;
      setPaymentProvider({ ...memory.provider, getTransaction: async () => Promise.reject(new Error("provider down")) });
      const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
      try {
        expect(await changeHeldBooking(db, request, { ...draft, bookingCode: code })).toEqual({ error: "failed" });
      } finally {
        warn.mockRestore();
      }
      expect((await findReservationByCode(db, code))?.status).toBe("held");
    });
  });

  describe("§3 a return link shows a stranger nothing personal", () => {
    async function paidWithVoucher(): Promise<{ reservation: Reservation; trx: string }> {
      const voucher = await createVoucher(db, { amountRappen: 1000 });
      const result = await reserveBirthday(
        db,
        { offerId: 1, date: freshSaturday(), startMin: 600, counts: { numChildren: 4, numActiveAdults: 0, numAccompanyingAdults: 0 }, contact: { ...CONTACT, email: `victim-${newClient()}@example.ch` }, couponCode: voucher.code },
        { holdMinutes: 15, owner: holdOwner(newClient()) },
      );
      if (!result.ok) throw new Error(result.message);
      const started = await startPayment(db, result.reservation);
      if (!started.ok) throw new Error("payment not started");
      const trx = started.paymentUrl.split("/").at(-1)!;
      memory.setStatus(trx, "settled", result.reservation.amountRappen);
      return { reservation: result.reservation, trx };
    }

    it("a stranger gets the status and the booking code only — no contact data, no voucher code", async () => {
      const { reservation, trx } = await paidWithVoucher();
      const params = { transactionId: trx, couponOnly: false, mock: false };
      for (const strangerDraft of [{}, { bookingCode: "FW-OTHER1", offerId: 1, startMin: 600 }]) {
        const state = await paymentPageState(db, params, strangerDraft, newClient());
        expect(state).toMatchObject({ kind: "booking", status: "settled", restricted: true, reservation: { code: reservation.code } });
        const text = JSON.stringify(state);
        for (const secret of [reservation.voucherCode!, reservation.email, CONTACT.firstName, CONTACT.lastName, CONTACT.street, CONTACT.phone, CONTACT.zip]) {
          expect(text).not.toContain(secret);
        }
      }
      // The family's own browser still sees everything.
      const own = await paymentPageState(db, params, { bookingCode: reservation.code }, newClient());
      expect(own).toMatchObject({ kind: "booking", restricted: false, reservation: { email: reservation.email, couponCode: reservation.voucherCode } });
    });
  });
});
