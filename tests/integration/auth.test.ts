import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  getStaff,
  FORBIDDEN_MESSAGE,
  requireManager,
  requireSameOrigin,
  requireStaff,
  requireStaffForApi,
  safeAdminRedirect,
  SIGN_IN_THROTTLE,
  signIn,
  signInDelaySeconds,
  signOut,
} from "~/server/staff/auth.server";
import {
  createStaffAccount,
  ensureBootstrapAdmin,
  listStaffAccounts,
  setStaffAccountDisabled,
  setStaffPassword,
  setStaffRole,
  StaffAccountError,
} from "~/server/staff/staff-accounts.server";
import { auditLog, rateLimits, staffAccounts } from "~/server/platform/schema";
import { resetEnvForTests } from "~/server/platform/env.server";
import { drivers, type TestDatabase } from "./databases";

const BASE = "http://staff.test";
const PASSWORD = "richtig-und-lang-genug";
const ENV_KEYS = ["SESSION_SECRET", "PUBLIC_URL", "DATA_DIR", "NODE_ENV"] as const;

let saved: Partial<Record<(typeof ENV_KEYS)[number], string | undefined>> = {};
let dataDir: string;

beforeAll(() => {
  saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
  dataDir = mkdtempSync(path.join(os.tmpdir(), "fun-world-auth-"));
  process.env.SESSION_SECRET = "auth-test-session-secret-0123456789";
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

/** Every test takes its own accounts and client keys, so no test meets another one's counts. */
let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++counter}`;

function withCookie(setCookie: string, pathname = "/admin") {
  return new Request(`${BASE}${pathname}`, { headers: { Cookie: setCookie.split(";")[0]! } });
}

describe.each(drivers)("staff sign-in on $name", ({ open }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const request = () => new Request(`${BASE}/admin/login`, { method: "POST" });

  it("creates an account and signs in with a cookie that getStaff accepts", async () => {
    const email = `${unique("anna")}@funworld.ch`;
    const created = await createStaffAccount(database.db, `  ${email.toUpperCase()} `, PASSWORD);
    expect(created).toEqual({ id: expect.any(Number), email, role: "staff" });
    const [row] = await database.db.select().from(staffAccounts).where(eq(staffAccounts.id, created.id));
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain(PASSWORD);

    const result = await signIn(database.db, request(), email.toUpperCase(), PASSWORD, unique("client"));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.cookie).toMatch(/^fw_staff=/);
    expect(result.cookie).toMatch(/HttpOnly/i);
    expect(result.cookie).toMatch(/SameSite=Strict/i);
    expect(result.cookie).toMatch(/Max-Age=28800/);
    expect(result.cookie).not.toMatch(/Secure/i);
    expect(await getStaff(withCookie(result.cookie), database.db)).toEqual(created);
    expect(await requireStaff(withCookie(result.cookie), database.db)).toEqual(created);
    expect(await requireStaffForApi(withCookie(result.cookie), database.db)).toEqual(created);

    // Signing out hands back a cookie that empties the session.
    const cleared = await signOut(withCookie(result.cookie));
    expect(cleared).toMatch(/^fw_staff=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it("roles: a staff member gets 403 with a German message on manager pages, a manager passes, nobody is sent to sign in", async () => {
    const staffEmail = `${unique("sina")}@funworld.ch`;
    const managerEmail = `${unique("marc")}@funworld.ch`;
    const staffMember = await createStaffAccount(database.db, staffEmail, PASSWORD, "staff");
    const manager = await createStaffAccount(database.db, managerEmail, PASSWORD, "manager");
    expect(staffMember.role).toBe("staff");
    expect(manager.role).toBe("manager");
    const staffIn = await signIn(database.db, request(), staffEmail, PASSWORD, unique("client"));
    const managerIn = await signIn(database.db, request(), managerEmail, PASSWORD, unique("client"));
    if (!staffIn.ok || !managerIn.ok) throw new Error("sign-in failed");

    const page = "/admin/einstellungen";
    expect(await requireStaff(withCookie(staffIn.cookie, page), database.db)).toEqual(staffMember);
    const refused = await requireManager(withCookie(staffIn.cookie, page), database.db).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);
    expect(await (refused as Response).text()).toBe(FORBIDDEN_MESSAGE);
    expect(await requireManager(withCookie(managerIn.cookie, page), database.db)).toEqual(manager);

    const anonymous = await requireManager(new Request(`${BASE}${page}`), database.db).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect((anonymous as Response).status).toBe(302);
    expect((anonymous as Response).headers.get("Location")).toBe(`/admin/login?redirectTo=${encodeURIComponent(page)}`);

    // A promotion counts on the member's next request, without signing in again.
    await setStaffRole(database.db, staffEmail, "manager");
    expect((await requireManager(withCookie(staffIn.cookie, page), database.db)).role).toBe("manager");
    await expect(setStaffRole(database.db, staffEmail, "owner")).rejects.toThrow("Die Rolle muss «staff» oder «manager» sein.");
    await expect(createStaffAccount(database.db, `${unique("x")}@funworld.ch`, PASSWORD, "owner" as "staff")).rejects.toBeInstanceOf(StaffAccountError);
  });

  it("audits every account command: who, which account, before and after, never the password", async () => {
    const email = `${unique("audit")}@funworld.ch`;
    const by = "operator:tester";
    // Another active manager, so disabling the promoted account below is never the last manager's (run alone too).
    await createStaffAccount(database.db, `${unique("other-manager")}@funworld.ch`, PASSWORD, "manager", by);
    const created = await createStaffAccount(database.db, email, PASSWORD, "staff", by);
    await setStaffRole(database.db, email, "manager", by);
    await setStaffPassword(database.db, email, `${PASSWORD}-neu`, new Date(), by);
    await setStaffAccountDisabled(database.db, email, true, new Date(), by);
    await setStaffAccountDisabled(database.db, email, false, new Date(), by);
    await expect(setStaffRole(database.db, `${unique("niemand")}@funworld.ch`, "staff", by)).rejects.toBeInstanceOf(StaffAccountError);
    const rows = (await database.db.select().from(auditLog).where(like(auditLog.action, "staff-account.%")).orderBy(auditLog.id)).filter(
      (r) => (r.details as { account: { id: number } }).account.id === created.id,
    );
    expect(rows.map((r) => [r.actor, r.action])).toEqual([
      [by, "staff-account.create"],
      [by, "staff-account.role"],
      [by, "staff-account.password"],
      [by, "staff-account.disable"],
      [by, "staff-account.enable"],
    ]);
    expect(rows.map((r) => r.details)).toEqual([
      { account: { id: created.id, email }, before: null, after: { role: "staff", disabled: false } },
      { account: { id: created.id, email }, before: { role: "staff", disabled: false }, after: { role: "manager", disabled: false } },
      { account: { id: created.id, email }, before: { role: "manager", disabled: false }, after: { role: "manager", disabled: false }, passwordChanged: true, sessionsEnded: true },
      { account: { id: created.id, email }, before: { role: "manager", disabled: false }, after: { role: "manager", disabled: true }, sessionsEnded: true },
      { account: { id: created.id, email }, before: { role: "manager", disabled: true }, after: { role: "manager", disabled: false } },
    ]);
    const [account] = await database.db.select().from(staffAccounts).where(eq(staffAccounts.id, created.id));
    for (const r of rows) expect(JSON.stringify(r.details)).not.toContain(account!.passwordHash.slice(0, 20));
    // The bootstrap account is created by the system.
    const fresh = await ensureBootstrapAdmin(database.db, PASSWORD);
    if (fresh) expect((await database.db.select().from(auditLog).where(eq(auditLog.action, "staff-account.create"))).some((r) => r.actor === "system")).toBe(true);
  });

  it("refuses duplicates and short passwords with German messages", async () => {
    const email = `${unique("beat")}@funworld.ch`;
    await createStaffAccount(database.db, email, PASSWORD);
    await expect(createStaffAccount(database.db, email.toUpperCase(), PASSWORD)).rejects.toThrow(
      `Es gibt bereits ein Konto für ${email}.`,
    );
    await expect(createStaffAccount(database.db, `${unique("c")}@funworld.ch`, "kurz")).rejects.toThrow(
      "Das Passwort muss mindestens 10 Zeichen lang sein.",
    );
    await expect(createStaffAccount(database.db, "keine-adresse", PASSWORD)).rejects.toBeInstanceOf(StaffAccountError);
  });

  it("answers 401 for a wrong password and for an unknown account, with the same message", async () => {
    const email = `${unique("carla")}@funworld.ch`;
    await createStaffAccount(database.db, email, PASSWORD);
    const client = unique("client");
    const wrong = await signIn(database.db, request(), email, "falsches-passwort", client);
    const unknown = await signIn(database.db, request(), `${unique("niemand")}@funworld.ch`, PASSWORD, client);
    for (const result of [wrong, unknown]) {
      expect(result).toEqual({ ok: false, status: 401, message: "E-Mail oder Passwort ist falsch." });
    }
  });

  it("an account under attack from many addresses still lets its owner in from a clean address", async () => {
    const email = `${unique("dario")}@funworld.ch`;
    await createStaffAccount(database.db, email, PASSWORD);
    for (let i = 0; i < 30; i++) {
      // Rotating addresses: each fails once, the account collects 30 failures.
      const result = await signIn(database.db, request(), email, `falsch-${i}-xxxxxx`, unique("client"));
      expect(result).toMatchObject({ ok: false });
    }
    const attacker = unique("client");
    await signIn(database.db, request(), email, "falsch-nochmal", attacker);
    // An address that has failed is refused for this account, even with the right password…
    expect(await signIn(database.db, request(), email, PASSWORD, attacker)).toMatchObject({ ok: false, status: 429 });
    // …the owner's address, which has not, gets in.
    expect(await signIn(database.db, request(), email, PASSWORD, unique("client"))).toMatchObject({ ok: true });
  });

  it("slows down the failing address with a growing delay, not the account", async () => {
    const client = unique("client");
    const email = `${unique("elena")}@funworld.ch`;
    await createStaffAccount(database.db, email, PASSWORD);
    for (let i = 0; i < SIGN_IN_THROTTLE.freeFailures; i++) {
      expect(await signIn(database.db, request(), email, "falsches-passwort", client)).toMatchObject({ ok: false, status: 401 });
    }
    // The 4th failure costs 1 s, the 5th 2 s, …
    expect(await signIn(database.db, request(), email, "falsches-passwort", client)).toMatchObject({ ok: false, status: 401 });
    const waiting = await signIn(database.db, request(), email, PASSWORD, client);
    expect(waiting).toEqual({ ok: false, status: 429, message: "Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie 1 Sekunde und versuchen Sie es dann erneut." });
    // The owner elsewhere is not slowed down at all.
    expect(await signIn(database.db, request(), email, PASSWORD, unique("client"))).toMatchObject({ ok: true });
    await new Promise((r) => setTimeout(r, 1100));
    expect(await signIn(database.db, request(), email, "falsches-passwort", client)).toMatchObject({ ok: false, status: 401 });
    const longer = await signIn(database.db, request(), email, PASSWORD, client);
    expect(longer).toMatchObject({ ok: false, status: 429, message: expect.stringContaining("2 Sekunden") });
    expect([4, 5, 6, 10, 20].map(signInDelaySeconds)).toEqual([1, 2, 4, 64, 900]);
  });

  it("keeps the counts in the database, so another server process sees them", async () => {
    const client = unique("client");
    for (let i = 0; i < SIGN_IN_THROTTLE.freeFailures + 1; i++) {
      await signIn(database.db, request(), `${unique("rate")}@funworld.ch`, "falsches-passwort", client);
    }
    const rows = await database.db.select().from(rateLimits).where(like(rateLimits.key, `%${client}`));
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });

  it("signing out ends the session on the server: the old cookie is refused afterwards", async () => {
    const email = `${unique("fritz")}@funworld.ch`;
    await createStaffAccount(database.db, email, PASSWORD);
    const result = await signIn(database.db, request(), email, PASSWORD, unique("client"));
    if (!result.ok) throw new Error("sign-in failed");
    const second = await signIn(database.db, request(), email, PASSWORD, unique("client"));
    if (!second.ok) throw new Error("sign-in failed");
    expect(await getStaff(withCookie(result.cookie), database.db)).toMatchObject({ email });
    await signOut(withCookie(result.cookie), database.db);
    // Replayed after sign-out: gone; the same account's other session (another device) stays.
    expect(await getStaff(withCookie(result.cookie), database.db)).toBeNull();
    expect(await getStaff(withCookie(second.cookie), database.db)).toMatchObject({ email });
  });

  it("refuses a disabled account, at sign-in and for an existing session", async () => {
    const email = `${unique("fritz")}@funworld.ch`;
    const staff = await createStaffAccount(database.db, email, PASSWORD);
    const before = await signIn(database.db, request(), email, PASSWORD, unique("client"));
    expect(before.ok).toBe(true);
    await database.db.update(staffAccounts).set({ disabledAt: new Date() }).where(eq(staffAccounts.id, staff.id));
    expect(await signIn(database.db, request(), email, PASSWORD, unique("client"))).toEqual({
      ok: false,
      status: 401,
      message: "E-Mail oder Passwort ist falsch.",
    });
    if (before.ok) expect(await getStaff(withCookie(before.cookie), database.db)).toBeNull();
  });

  it("lets the operator disable and enable an account; enabling does not revive old sessions", async () => {
    const email = `${unique("hanna")}@funworld.ch`;
    await createStaffAccount(database.db, email, PASSWORD);
    const before = await signIn(database.db, request(), email, PASSWORD, unique("client"));
    if (!before.ok) throw new Error("sign-in failed");

    await setStaffAccountDisabled(database.db, email.toUpperCase(), true);
    expect(await getStaff(withCookie(before.cookie), database.db)).toBeNull();
    expect(await signIn(database.db, request(), email, PASSWORD, unique("client"))).toMatchObject({ ok: false, status: 401 });
    expect((await listStaffAccounts(database.db)).find((a) => a.email === email)).toMatchObject({ disabledAt: expect.any(Date) });

    await setStaffAccountDisabled(database.db, email, false);
    expect(await getStaff(withCookie(before.cookie), database.db)).toBeNull();
    const after = await signIn(database.db, request(), email, PASSWORD, unique("client"));
    if (!after.ok) throw new Error("sign-in after enabling failed");
    expect(await getStaff(withCookie(after.cookie), database.db)).toMatchObject({ email });
    expect((await listStaffAccounts(database.db)).find((a) => a.email === email)).toMatchObject({ disabledAt: null });

    await expect(setStaffAccountDisabled(database.db, `${unique("niemand")}@funworld.ch`, true)).rejects.toThrow(/^Es gibt kein Konto für /);
  });

  it("sets a new password, which ends the sessions signed in with the old one", async () => {
    const email = `${unique("ivo")}@funworld.ch`;
    await createStaffAccount(database.db, email, PASSWORD);
    const old = await signIn(database.db, request(), email, PASSWORD, unique("client"));
    if (!old.ok) throw new Error("sign-in failed");
    await expect(setStaffPassword(database.db, email, "kurz")).rejects.toThrow("mindestens 10 Zeichen");
    expect(await getStaff(withCookie(old.cookie), database.db)).not.toBeNull();

    await setStaffPassword(database.db, email, "ein-ganz-neues-passwort");
    expect(await getStaff(withCookie(old.cookie), database.db)).toBeNull();
    expect(await signIn(database.db, request(), email, PASSWORD, unique("client"))).toMatchObject({ ok: false, status: 401 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const fresh = await signIn(database.db, request(), email, "ein-ganz-neues-passwort", unique("client"));
    if (!fresh.ok) throw new Error("sign-in with the new password failed");
    expect(await getStaff(withCookie(fresh.cookie), database.db)).toMatchObject({ email });
  });

  it("rejects a session older than 8 hours, a tampered cookie and no cookie", async () => {
    const email = `${unique("greta")}@funworld.ch`;
    await createStaffAccount(database.db, email, PASSWORD);
    const result = await signIn(database.db, request(), email, PASSWORD, unique("client"));
    if (!result.ok) throw new Error("sign-in failed");
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + 8 * 3600_000 + 1000);
    expect(await getStaff(withCookie(result.cookie), database.db)).toBeNull();
    vi.restoreAllMocks();
    expect(await getStaff(withCookie(result.cookie), database.db)).not.toBeNull();

    const [name, value] = result.cookie.split(";")[0]!.split("=") as [string, string];
    const tampered = `${name}=${value.slice(0, -3)}abc`;
    expect(await getStaff(new Request(`${BASE}/admin`, { headers: { Cookie: tampered } }), database.db)).toBeNull();
    expect(await getStaff(new Request(`${BASE}/admin`), database.db)).toBeNull();
  });

  it("sends pages to the sign-in with their path, and APIs get a 401", async () => {
    const page = new Request(`${BASE}/admin/storno?code=FW-ABC234`);
    const redirect = await requireStaff(page, database.db).then(
      () => null,
      (thrown: unknown) => thrown as Response,
    );
    expect(redirect?.status).toBe(302);
    expect(redirect?.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fstorno%3Fcode%3DFW-ABC234");

    const api = await requireStaffForApi(new Request(`${BASE}/api/reservations/cancel`, { method: "POST" }), database.db).then(
      () => null,
      (thrown: unknown) => thrown as Response,
    );
    expect(api?.status).toBe(401);
    expect(await api?.json()).toEqual({ error: "unauthorized" });
  });

  it("creates the bootstrap admin once, and not when an account exists", async () => {
    // A database of its own: the others already hold accounts.
    const fresh = await open();
    try {
      expect(await ensureBootstrapAdmin(fresh.db, undefined)).toBeNull();
      expect(await fresh.db.select().from(staffAccounts)).toHaveLength(0);
      await expect(ensureBootstrapAdmin(fresh.db, "kurz")).rejects.toThrow("mindestens 10 Zeichen");

      const admin = await ensureBootstrapAdmin(fresh.db, "admin-passwort-123");
      // The bootstrap account runs the centre: a manager.
      expect(admin).toEqual({ id: expect.any(Number), email: "admin", role: "manager" });
      expect(await ensureBootstrapAdmin(fresh.db, "anderes-passwort-456")).toBeNull();
      const rows = await fresh.db.select().from(staffAccounts);
      expect(rows.map((r) => r.email)).toEqual(["admin"]);
      expect(await signIn(fresh.db, request(), "Admin", "admin-passwort-123", unique("client"))).toMatchObject({ ok: true });
      expect(await signIn(fresh.db, request(), "admin", "anderes-passwort-456", unique("client"))).toMatchObject({ status: 401 });
    } finally {
      await fresh.close();
    }
    expect(await ensureBootstrapAdmin(database.db, "admin-passwort-123")).toBeNull();
    const admins = await database.db.select().from(staffAccounts).where(eq(staffAccounts.email, "admin"));
    expect(admins).toHaveLength(0);
  });
});

describe("requireSameOrigin", () => {
  const post = (headers: Record<string, string>, url = `${BASE}/admin/logout`) =>
    new Request(url, { method: "POST", headers });

  async function refusal(request: Request): Promise<Response | null> {
    try {
      requireSameOrigin(request);
      return null;
    } catch (thrown) {
      return thrown as Response;
    }
  }

  it("accepts the request's own origin, PUBLIC_URL's origin, and a same-origin Referer", async () => {
    expect(await refusal(post({ Origin: BASE }))).toBeNull();
    expect(await refusal(post({ Origin: "http://127.0.0.1:3000" }, "http://127.0.0.1:3000/admin/logout"))).toBeNull();
    expect(await refusal(post({ Origin: BASE }, "http://internal:8080/admin/logout"))).toBeNull();
    expect(await refusal(post({ Referer: `${BASE}/admin/storno?code=X` }))).toBeNull();
    // Reading is not changing: no check.
    expect(await refusal(new Request(`${BASE}/admin`))).toBeNull();
  });

  it("refuses a foreign Origin with 403 and a German text", async () => {
    const cases: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { Origin: "http://staff.test.evil.example" },
      // The Origin header wins over a Referer that looks right.
      { Origin: "https://evil.example", Referer: `${BASE}/admin` },
      { Referer: "https://evil.example/admin" },
    ];
    for (const headers of cases) {
      const response = await refusal(post(headers));
      expect(response?.status, JSON.stringify(headers)).toBe(403);
      expect(await response?.text()).toBe("Ungültige Anfrage (Herkunft).");
    }
  });

  it("refuses a POST without Origin and Referer", async () => {
    expect((await refusal(post({})))?.status).toBe(403);
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect((await refusal(new Request(`${BASE}/admin/x`, { method })))?.status, method).toBe(403);
    }
  });
});

describe("safeAdminRedirect", () => {
  it("honours relative paths inside /admin only", () => {
    expect(safeAdminRedirect("/admin/storno?code=FW-ABC234")).toBe("/admin/storno?code=FW-ABC234");
    expect(safeAdminRedirect("/admin")).toBe("/admin");
    for (const bad of [null, undefined, "", "/", "//evil.example/admin", "/\\evil.example", "https://evil.example/admin", "/administrator", "/admin/../offers", "/admin/login", "/admin/logout", "admin"]) {
      expect(safeAdminRedirect(bad), String(bad)).toBe("/admin");
    }
  });
});
