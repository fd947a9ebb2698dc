import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "~/domain/messages";
import { reserveBirthday, type HoldOwner } from "~/server/booking/bookings.server";
import type { Db } from "~/server/platform/db.server";
import { networkOf } from "~/server/platform/client.server";
import { resetEnvForTests } from "~/server/platform/env.server";
import { Limit } from "~/server/platform/limits.server";
import { paymentLinkPage } from "~/server/payments/payment-link.server";
import { holdOwner } from "~/server/payments/reservation-owner.server";
import { reserveGame } from "~/server/booking/games.server";
import { signIn, SIGN_IN_THROTTLE } from "~/server/staff/auth.server";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
import { checkCoupon } from "~/server/vouchers/coupon.server";
import { createVoucher } from "~/server/vouchers/vouchers.server";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

/**
 * Issue #27 §5: throttles count an attempt before they check it, so parallel requests are throttled
 * like sequential ones; one budget of voucher misses whatever the endpoint; unpaid holds from many
 * addresses cannot take every table of a slot.
 */

const ENV_KEYS = ["DATA_DIR", "PUBLIC_URL", "PAYMENT_PROVIDER", "SESSION_SECRET", "HOLD_LIMIT_PER_CLIENT", "HOLD_LIMIT_PER_EMAIL", "LOOKUP_LIMIT_PER_MINUTE", "HOLD_SHARE_PERCENT"] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "kidsindoor-throttles-"));
  for (const key of ENV_KEYS) delete process.env[key];
  // The documented defaults: 20 look-up misses a minute, 50 % of a slot's tables in unpaid holds.
  Object.assign(process.env, { DATA_DIR: dataDir, PUBLIC_URL: "http://shop.test", PAYMENT_PROVIDER: "simulated", SESSION_SECRET: "throttle-test-secret-0123456789" });
  resetEnvForTests();
});

afterAll(async () => {
  for (const key of ENV_KEYS) {
    const value = savedEnv[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;
let dayOffset = 0;
let networkSeq = 0;
function freshSaturday(): string {
  return nextWeekday(6, new Date(Date.now() + (dayOffset++ * 7 + 14) * 24 * 60 * 60_000));
}

async function hold(db: Db, date: string, startMin: number, owner: HoldOwner | undefined, couponCode: string | null = null, email = CONTACT.email) {
  return reserveBirthday(
    db,
    { offerId: 1, date, startMin, counts: { numChildren: 4, numActiveAdults: 0, numAccompanyingAdults: 0 }, contact: { ...CONTACT, email }, couponCode },
    { holdMinutes: 15, owner },
  );
}

/**
 * How many of a burst of wrong passwords the policy lets through: the 3 free failures and the one
 * after them at once, one more whose gate race can go either way, and one more each time a waiting
 * time (1 s, 2 s, 4 s …, counted from the attempt) has passed while the burst was still arriving.
 */
function allowedChecks(freeFailures: number, burstSeconds: number): number {
  let waited = 0;
  let extra = 0;
  for (let delay = 1; waited + delay <= burstSeconds; delay *= 2) {
    waited += delay;
    extra++;
  }
  return freeFailures + 2 + extra;
}

describe.each(drivers)("throttles under parallel requests on $name", ({ open }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("a reserved attempt counts at once: of 300 parallel attempts exactly the window's points pass, and given-back ones free their place", async () => {
    const limit = new Limit({ name: unique("test-reserve"), points: 20, windowSeconds: 60 });
    const attempts = await Promise.all(Array.from({ length: 300 }, () => limit.reserve(database.db, "198.51.100.7")));
    expect(attempts.filter((a) => a.allowed)).toHaveLength(20);
    // A hit gives its point back: the next attempt of another key is unaffected, this key's count drops.
    const other = new Limit({ name: unique("test-release"), points: 2, windowSeconds: 60 });
    const first = await other.reserve(database.db, "k");
    const second = await other.reserve(database.db, "k");
    expect(first.allowed && second.allowed).toBe(true);
    if (first.allowed) await first.release();
    expect((await other.reserve(database.db, "k")).allowed).toBe(true);
    expect((await other.reserve(database.db, "k")).allowed).toBe(false);
  });

  it("300 password guesses sent at once: only as many are checked as the back-off allows in that time, the rest 429", async () => {
    const email = `${unique("guess")}@funworld.ch`;
    await createStaffAccount(database.db, email, "das-richtige-passwort");
    const client = unique("client");
    const request = new Request("http://shop.test/admin/login", { method: "POST" });
    // The right password is the last of the burst: it is not checked any more than the guesses before it.
    const passwords = Array.from({ length: 300 }, (_, i) => (i === 299 ? "das-richtige-passwort" : `falsch-${i}-xxxxxx`));
    const started = performance.now();
    const results = await Promise.all(passwords.map((password) => signIn(database.db, request, email, password, client)));
    const seconds = (performance.now() - started) / 1000;
    const checked = results.filter((r) => r.ok || r.status === 401).length;
    expect(checked).toBeGreaterThanOrEqual(SIGN_IN_THROTTLE.freeFailures);
    expect(checked).toBeLessThanOrEqual(allowedChecks(SIGN_IN_THROTTLE.freeFailures, seconds));
    expect(results.filter((r) => !r.ok && r.status === 429)).toHaveLength(300 - checked);
    // Its owner elsewhere gets in.
    expect(await signIn(database.db, request, email, "das-richtige-passwort", unique("client"))).toMatchObject({ ok: true });
  });

  it("300 unknown payment links at once from one address: 20 misses answered 404, the rest 429", async () => {
    const client = unique("client");
    const pages = await Promise.all(
      Array.from({ length: 300 }, () => paymentLinkPage(database.db, { token: randomBytes(32).toString("base64url"), clientKey: client })),
    );
    const statuses = pages.map((p) => (p.ok ? 200 : p.status));
    expect(statuses.filter((s) => s === 404)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(280);
  });

  it("voucher misses share one budget whatever the endpoint: bookings with wrong codes count, then the check refuses too", async () => {
    const client = unique("client");
    const owner = { ...holdOwner(client), perClient: 1000, perEmail: 1000 };
    const date = freshSaturday();
    const reasons = [];
    for (let i = 0; i < 6; i++) {
      const result = await hold(database.db, date, 600, owner, `FALSCH${i}${seq}`);
      reasons.push(result.ok ? "ok" : result.reason);
    }
    expect(reasons).toEqual(["voucher", "voucher", "voucher", "voucher", "voucher", "voucher_attempts"]);
    const refused = await hold(database.db, date, 600, owner, "NOCHEINER");
    expect(refused).toMatchObject({ ok: false, reason: "voucher_attempts", message: MSG.voucherTooManyAttempts });
    // The same budget as the voucher check's.
    expect((await checkCoupon(database.db, "WIEDERFALSCH", client)).status).toBe(429);
    // A game booking counts against it as well.
    const game = await reserveGame(
      database.db,
      { locationId: 2, gameType: 1, date, startMin: 600, rounds: 1, players: 2, contact: CONTACT, couponCode: "SPIELFALSCH" },
      { holdMinutes: 15, owner },
    );
    expect(game).toMatchObject({ ok: false, reason: "voucher_attempts" });
    // Another address is not affected, and a valid code does not use up the budget.
    const other = unique("client");
    const voucher = await createVoucher(database.db, { amountRappen: 1_000 });
    for (let i = 0; i < 7; i++) expect((await checkCoupon(database.db, voucher.code, other)).status).toBe(200);
    // Staff phone bookings (no owner) are not limited.
    expect(await hold(database.db, date, 720, undefined, "TELEFONFALSCH")).toMatchObject({ ok: false, reason: "voucher" });
  });

  it("voucher tries sent at once through bookings: five misses checked, the rest refused", async () => {
    const client = unique("client");
    const owner = { ...holdOwner(client), perClient: 1000, perEmail: 1000 };
    const date = freshSaturday();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => hold(database.db, date, 600 + (i % 6) * 120, owner, `PARALLEL${i}X${seq}`)));
    const reasons = results.map((r) => (r.ok ? "ok" : r.reason));
    expect(reasons.filter((r) => r === "voucher")).toHaveLength(5);
    expect(reasons.filter((r) => r === "voucher_attempts")).toHaveLength(35);
  });

  it("hoarding with many addresses of one network: unpaid holds take at most half of a slot's tables, families elsewhere still hold the rest", async () => {
    const date = freshSaturday();
    const net = `10.${++networkSeq}.${networkSeq}`;
    const results = [];
    // Twelve addresses of one /24, each within its own limit of 3, all after the same time.
    for (let i = 1; i <= 12; i++) results.push(await hold(database.db, date, 840, holdOwner(`${net}.${i}`), null, `hoarder${i}@example.ch`));
    // 6 tables, 50 %: 3 unpaid holds overlap 14:00 at most.
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok && r.reason === "hold_share")).toHaveLength(9);
    expect(results.find((r) => !r.ok)).toMatchObject({ message: MSG.holdShareTaken });
    // A phone booking by staff is not capped.
    expect(await hold(database.db, date, 840, undefined)).toMatchObject({ ok: true });
    // A family from another network (with no hold that day) still holds one of the other tables…
    const family = `10.${++networkSeq}.1.7`;
    expect(await hold(database.db, date, 840, holdOwner(family), null, "family1@example.ch")).toMatchObject({ ok: true });
    // …but its network gets no second one past the share.
    expect(await hold(database.db, date, 840, holdOwner(family), null, "family1b@example.ch")).toMatchObject({ ok: false, reason: "hold_share" });
    // A family paying in full with a voucher is confirmed at once: never capped.
    const voucher = await createVoucher(database.db, { amountRappen: 100_000 });
    expect(await hold(database.db, date, 840, holdOwner(`${net}.99`), voucher.code, "paid@example.ch")).toMatchObject({ ok: true, requiresPayment: false });
    // Another time of the day has its own share.
    expect(await hold(database.db, date, 600, holdOwner(`${net}.13`), null, "early@example.ch")).toMatchObject({ ok: true });
  });

  it("addresses of one IPv6 /64 are one network", () => {
    expect(networkOf("2001:db8:1:2:aaaa::1")).toBe(networkOf("2001:0db8:0001:0002:ffff:1:2:3"));
    expect(networkOf("2001:db8:1:3::1")).not.toBe(networkOf("2001:db8:1:2::1"));
    expect(networkOf("::ffff:192.0.2.7")).toBe(networkOf("192.0.2.200"));
    expect(networkOf("unknown")).toBe("unknown");
  });
});
