import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, eq, isNull, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, staffAccounts } from "~/server/platform/schema";
import { resetEnvForTests } from "~/server/platform/env.server";
import { getStaff, signIn, type Staff } from "~/server/staff/auth.server";
import {
  ACCOUNT_MSG,
  createStaffAccount,
  listStaffAccounts,
  manageStaffAccount,
  setStaffAccountDisabled,
  setStaffRole,
  StaffAccountError,
} from "~/server/staff/staff-accounts.server";
import type { Db } from "~/server/platform/db.server";
import { drivers, type TestDatabase } from "./databases";

/**
 * Staff accounts as a manager manages them on /admin/einstellungen/mitarbeitende: every change audited
 * as that manager, passwords nowhere, and the guard rails (no self-demotion or self-disabling, never
 * zero active managers — also when two managers act at the same moment).
 */

const BASE = "http://staff.test";
const PASSWORD = "richtig-und-lang-genug";
const ENV_KEYS = ["SESSION_SECRET", "PUBLIC_URL", "DATA_DIR", "NODE_ENV"] as const;

let saved: Partial<Record<(typeof ENV_KEYS)[number], string | undefined>> = {};
let dataDir: string;

beforeAll(() => {
  saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
  dataDir = mkdtempSync(path.join(os.tmpdir(), "fun-world-accounts-"));
  process.env.SESSION_SECRET = "accounts-test-session-secret-0123456789";
  process.env.PUBLIC_URL = BASE;
  process.env.DATA_DIR = dataDir;
  process.env.NODE_ENV = "test";
  resetEnvForTests();
});

afterAll(() => {
  const env = process.env as Record<string, string | undefined>;
  for (const key of ENV_KEYS) {
    if (saved[key] === undefined) delete env[key];
    else env[key] = saved[key];
  }
  resetEnvForTests();
  rmSync(dataDir, { recursive: true, force: true });
});

let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++counter}@funworld.ch`;
const withCookie = (setCookie: string) => new Request(`${BASE}/admin`, { headers: { Cookie: setCookie.split(";")[0]! } });
const signInRequest = () => new Request(`${BASE}/admin/login`, { method: "POST" });

async function sessionOf(db: Db, email: string, password = PASSWORD): Promise<string> {
  const result = await signIn(db, signInRequest(), email, password, `client-${++counter}`);
  if (!result.ok) throw new Error(`sign-in of ${email} failed: ${result.message}`);
  return result.cookie;
}

const activeManagers = async (db: Db) =>
  (
    await db
      .select({ email: staffAccounts.email })
      .from(staffAccounts)
      .where(and(eq(staffAccounts.role, "manager"), isNull(staffAccounts.disabledAt)))
      .orderBy(asc(staffAccounts.id))
  ).map((r) => r.email);

describe.each(drivers)("staff accounts page on $name", ({ open }) => {
  let database: TestDatabase;
  let chef: Staff;
  beforeAll(async () => {
    database = await open();
    chef = await createStaffAccount(database.db, unique("chef"), PASSWORD, "manager");
  });
  afterAll(async () => {
    await database?.close();
  });

  it("a manager creates an account, changes its role, sets a password and disables it: audited as that manager, never a password", async () => {
    const db = database.db;
    const email = unique("neu");
    const created = await manageStaffAccount(db, chef, { intent: "create", email: email.toUpperCase(), role: "staff", password: PASSWORD });
    expect(created).toEqual({ ok: true, message: `Konto ${email} mit der Rolle «Mitarbeitende» angelegt. Die Person meldet sich unter /admin/login an.` });
    const account = (await listStaffAccounts(db)).find((a) => a.email === email)!;
    expect(account).toMatchObject({ role: "staff", disabledAt: null, createdAt: expect.any(Date) });
    const first = await sessionOf(db, email);
    expect(await getStaff(withCookie(first), db)).toMatchObject({ email, role: "staff" });

    expect(await manageStaffAccount(db, chef, { intent: "role", email, role: "manager" })).toEqual({
      ok: true,
      message: `${email} hat jetzt die Rolle «Leitung» (ab der nächsten Seite, ohne neue Anmeldung).`,
    });
    // The open session sees the new role on its next request.
    expect(await getStaff(withCookie(first), db)).toMatchObject({ email, role: "manager" });

    const newPassword = "ein-ganz-neues-passwort";
    expect(await manageStaffAccount(db, chef, { intent: "password", email, password: newPassword })).toEqual({
      ok: true,
      message: `Neues Passwort für ${email} gespeichert. Alle offenen Sitzungen dieses Kontos sind beendet.`,
    });
    expect(await getStaff(withCookie(first), db)).toBeNull();
    await new Promise((r) => setTimeout(r, 5));
    const second = await sessionOf(db, email, newPassword);
    expect(await getStaff(withCookie(second), db)).toMatchObject({ email });

    expect(await manageStaffAccount(db, chef, { intent: "disable", email })).toEqual({
      ok: true,
      message: `Konto ${email} gesperrt. Alle offenen Sitzungen dieses Kontos sind beendet.`,
    });
    // Ends at once: the next request of the open session is refused, and so is signing in.
    expect(await getStaff(withCookie(second), db)).toBeNull();
    expect(await signIn(db, signInRequest(), email, newPassword, `client-${++counter}`)).toMatchObject({ ok: false, status: 401 });
    expect(await manageStaffAccount(db, chef, { intent: "enable", email })).toEqual({ ok: true, message: `Konto ${email} entsperrt. Die Person kann sich wieder anmelden.` });
    expect(await getStaff(withCookie(second), db)).toBeNull();

    const rows = (await db.select().from(auditLog).where(like(auditLog.action, "staff-account.%")).orderBy(asc(auditLog.id))).filter(
      (r) => (r.details as { account: { id: number } }).account.id === account.id,
    );
    expect(rows.map((r) => [r.staffId, r.actor, r.action])).toEqual([
      [chef.id, `staff:${chef.email}`, "staff-account.create"],
      [chef.id, `staff:${chef.email}`, "staff-account.role"],
      [chef.id, `staff:${chef.email}`, "staff-account.password"],
      [chef.id, `staff:${chef.email}`, "staff-account.disable"],
      [chef.id, `staff:${chef.email}`, "staff-account.enable"],
    ]);
    const who = { id: account.id, email };
    expect(rows.map((r) => r.details)).toEqual([
      { account: who, before: null, after: { role: "staff", disabled: false } },
      { account: who, before: { role: "staff", disabled: false }, after: { role: "manager", disabled: false } },
      { account: who, before: { role: "manager", disabled: false }, after: { role: "manager", disabled: false }, passwordChanged: true, sessionsEnded: true },
      { account: who, before: { role: "manager", disabled: false }, after: { role: "manager", disabled: true }, sessionsEnded: true },
      { account: who, before: { role: "manager", disabled: true }, after: { role: "manager", disabled: false } },
    ]);
    const [stored] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, account.id));
    const hashPart = stored!.passwordHash.split("$")[5]!.slice(0, 16);
    for (const r of rows) {
      const text = JSON.stringify(r);
      for (const secret of [PASSWORD, newPassword, hashPart]) expect(text).not.toContain(secret);
    }
  });

  it("refusals come back as German messages for the form, never with the password", async () => {
    const db = database.db;
    const email = unique("doppelt");
    const password = "geheim-und-lang-genug";
    expect(await manageStaffAccount(db, chef, { intent: "create", email, role: "staff", password })).toMatchObject({ ok: true });
    const duplicate = await manageStaffAccount(db, chef, { intent: "create", email, role: "manager", password });
    expect(duplicate).toEqual({ ok: false, status: 409, field: "email", message: `Es gibt bereits ein Konto für ${email}.` });
    const short = await manageStaffAccount(db, chef, { intent: "password", email, password: "kurz" });
    expect(short).toEqual({ ok: false, status: 400, field: "password", message: "Das Passwort muss mindestens 10 Zeichen lang sein." });
    const missing = await manageStaffAccount(db, chef, { intent: "disable", email: unique("niemand") });
    expect(missing).toMatchObject({ ok: false, status: 404, message: expect.stringMatching(/^Es gibt kein Konto für /) });
    for (const result of [duplicate, short, missing]) expect(JSON.stringify(result)).not.toContain(password);
  });

  it("a manager can neither disable nor demote their own account", async () => {
    const db = database.db;
    const self = await createStaffAccount(db, unique("selbst"), PASSWORD, "manager");
    expect(await manageStaffAccount(db, self, { intent: "disable", email: self.email })).toEqual({ ok: false, status: 409, message: ACCOUNT_MSG.selfDisable });
    expect(await manageStaffAccount(db, self, { intent: "role", email: self.email, role: "staff" })).toEqual({ ok: false, status: 409, message: ACCOUNT_MSG.selfDemote });
    await expect(setStaffRole(db, self.email, "staff", self)).rejects.toMatchObject({ reason: "self" });
    // Nothing changed, nothing audited; another manager may do it.
    expect((await listStaffAccounts(db)).find((a) => a.id === self.id)).toMatchObject({ role: "manager", disabledAt: null });
    const audited = await db.select().from(auditLog).where(eq(auditLog.staffId, self.id));
    expect(audited).toEqual([]);
    expect(await manageStaffAccount(db, chef, { intent: "role", email: self.email, role: "staff" })).toMatchObject({ ok: true });
    // A manager who is no longer one (demoted a moment ago, the page still open) changes nothing.
    const stale = await manageStaffAccount(db, self, { intent: "create", email: unique("spaet"), role: "manager", password: PASSWORD });
    expect(stale).toEqual({ ok: false, status: 403, message: ACCOUNT_MSG.notManager });
    // Setting one's own password is allowed (it ends one's own sessions too).
    expect(await manageStaffAccount(db, chef, { intent: "password", email: chef.email, password: PASSWORD })).toMatchObject({ ok: true });
  });

  it("the last active manager can be neither disabled nor demoted, by a manager or by the operator", async () => {
    const fresh = await open();
    try {
      const db = fresh.db;
      const only = await createStaffAccount(db, unique("einzig"), PASSWORD, "manager");
      const other = await createStaffAccount(db, unique("zweit"), PASSWORD, "manager");
      const desk = await createStaffAccount(db, unique("theke"), PASSWORD, "staff");
      // Two managers: one may take the other's role away …
      expect(await manageStaffAccount(db, only, { intent: "role", email: other.email, role: "staff" })).toMatchObject({ ok: true });
      // … and now `only` is the last one: the operator's command refuses it, with the reason.
      const message = ACCOUNT_MSG.lastManager(only.email);
      expect(message).toContain("letzte aktive Konto mit der Rolle «Leitung»");
      await expect(setStaffAccountDisabled(db, only.email, true)).rejects.toThrow(message);
      await expect(setStaffRole(db, only.email, "staff")).rejects.toThrow(message);
      await expect(setStaffRole(db, only.email, "staff")).rejects.toBeInstanceOf(StaffAccountError);
      expect(await activeManagers(db)).toEqual([only.email]);
      // A disabled manager does not count: enabling a disabled manager's account is what brings one back.
      await setStaffRole(db, other.email, "manager");
      await setStaffAccountDisabled(db, other.email, true);
      await expect(setStaffRole(db, only.email, "staff")).rejects.toThrow(message);
      await setStaffAccountDisabled(db, other.email, false);
      expect(await manageStaffAccount(db, other, { intent: "disable", email: only.email })).toMatchObject({ ok: true });
      expect(await activeManagers(db)).toEqual([other.email]);
      // Changes that keep a manager (a staff account, a password) are not affected.
      expect(await manageStaffAccount(db, other, { intent: "disable", email: desk.email })).toMatchObject({ ok: true });
      expect(await manageStaffAccount(db, other, { intent: "password", email: other.email, password: PASSWORD })).toMatchObject({ ok: true });
    } finally {
      await fresh.close();
    }
  });

  it("two managers demoting or disabling each other at the same moment leave one active manager", async () => {
    const fresh = await open();
    try {
      const db = fresh.db;
      const anna = await createStaffAccount(db, unique("anna"), PASSWORD, "manager");
      const beat = await createStaffAccount(db, unique("beat"), PASSWORD, "manager");
      const moves = [
        // Each takes the other's role, each disables the other, one of each; and the operator twice at once.
        [() => setStaffRole(db, beat.email, "staff", anna), () => setStaffRole(db, anna.email, "staff", beat)],
        [() => setStaffAccountDisabled(db, beat.email, true, new Date(), anna), () => setStaffAccountDisabled(db, anna.email, true, new Date(), beat)],
        [() => setStaffRole(db, beat.email, "staff", anna), () => setStaffAccountDisabled(db, anna.email, true, new Date(), beat)],
        [() => setStaffRole(db, beat.email, "staff"), () => setStaffRole(db, anna.email, "staff")],
        [() => setStaffAccountDisabled(db, beat.email, true), () => setStaffAccountDisabled(db, anna.email, true)],
      ] as const;
      for (let round = 0; round < 4; round++) {
        for (const [first, second] of moves) {
          const results = await Promise.allSettled([first(), second()]);
          const refused = results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason as unknown);
          expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
          expect(refused).toHaveLength(1);
          expect(refused[0]).toBeInstanceOf(StaffAccountError);
          expect(["last-manager", "not-manager"]).toContain((refused[0] as StaffAccountError).reason);
          expect(await activeManagers(db)).toHaveLength(1);
          // Both managers again for the next race.
          for (const who of [anna, beat]) {
            await db.update(staffAccounts).set({ role: "manager", disabledAt: null }).where(eq(staffAccounts.id, who.id));
          }
        }
      }
      // Three managers, each demoting the next at once: at least one stays.
      const carl = await createStaffAccount(db, unique("carl"), PASSWORD, "manager");
      await Promise.allSettled([
        setStaffRole(db, beat.email, "staff", anna),
        setStaffRole(db, carl.email, "staff", beat),
        setStaffRole(db, anna.email, "staff", carl),
      ]);
      expect((await activeManagers(db)).length).toBeGreaterThanOrEqual(1);
    } finally {
      await fresh.close();
    }
  });
});
