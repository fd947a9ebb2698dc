import { randomBytes } from "node:crypto";
import { createCookieSessionStorage, redirect, type SessionStorage } from "@remix-run/node";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { getDb, type Db, type Executor } from "../platform/db.server";
import { staffAccounts, staffSessions, type StaffRole } from "../platform/schema";
import { getEnv, type Env } from "../platform/env.server";
import { hashPassword, verifyPassword } from "./passwords.server";
import { Limit } from "../platform/limits.server";

/**
 * Staff sign-in: accounts in `staff_accounts` (scrypt hashes), a session in its own signed cookie
 * (`fw_staff`, separate from the family's draft cookie), failed sign-ins limited per account and
 * per client, and an origin check for every state-changing staff request.
 */
export type Staff = { id: number; email: string; role: StaffRole };

export const STAFF_COOKIE = "fw_staff";
const SESSION_SECONDS = 8 * 60 * 60;
const SESSION_MS = SESSION_SECONDS * 1000;
/** A little clock skew between processes is fine; a session "issued" in the future is not. */
const CLOCK_SKEW_MS = 60_000;

export const AUTH_MSG = {
  wrongCredentials: "E-Mail oder Passwort ist falsch.",
  tooManyAttempts: "Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten erneut.",
  foreignOrigin: "Ungültige Anfrage (Herkunft).",
} as const;

// ---------------------------------------------------------------------------------------------
// Session cookie

type StaffSessionData = { staffId: number; issuedAt: number; sessionId: string };

let storage: { env: Env; sessions: SessionStorage<StaffSessionData> } | undefined;

/** Built from the validated env; rebuilt when tests swap the env. */
function staffStorage(): SessionStorage<StaffSessionData> {
  const env = getEnv();
  if (storage?.env !== env) {
    storage = {
      env,
      sessions: createCookieSessionStorage<StaffSessionData>({
        cookie: {
          name: STAFF_COOKIE,
          httpOnly: true,
          sameSite: "strict",
          path: "/",
          secure: env.NODE_ENV === "production" && env.PUBLIC_URL.startsWith("https://"),
          secrets: [env.SESSION_SECRET],
          maxAge: SESSION_SECONDS,
        },
      }),
    };
  }
  return storage.sessions;
}

/** The signed-in staff member, or null (no cookie, bad signature, older than 8 h, account gone or disabled, password changed since). */
export async function getStaff(request: Request, db?: Executor): Promise<Staff | null> {
  const header = request.headers.get("Cookie");
  if (!header || !header.includes(`${STAFF_COOKIE}=`)) return null;
  const session = await staffStorage().getSession(header);
  const staffId = session.get("staffId");
  const issuedAt = session.get("issuedAt");
  const sessionId = session.get("sessionId");
  if (typeof staffId !== "number" || typeof issuedAt !== "number" || typeof sessionId !== "string") return null;
  // The cookie's Max-Age is only the browser's promise; the server enforces the 8 hours itself.
  const age = Date.now() - issuedAt;
  if (age > SESSION_MS || age < -CLOCK_SKEW_MS) return null;
  const executor = db ?? (await getDb());
  const [account] = await executor
    .select({
      id: staffAccounts.id,
      email: staffAccounts.email,
      role: staffAccounts.role,
      disabledAt: staffAccounts.disabledAt,
      sessionsValidAfter: staffAccounts.sessionsValidAfter,
    })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, staffId));
  if (!account || account.disabledAt) return null;
  const [open] = await executor
    .select({ staffId: staffSessions.staffId })
    .from(staffSessions)
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
  if (open?.staffId !== account.id) return null;
  // A password change (or disabling) ends every session issued before it, e.g. on a lost phone.
  if (account.sessionsValidAfter && issuedAt <= account.sessionsValidAfter.getTime()) return null;
  return { id: account.id, email: account.email, role: account.role };
}

/** For staff pages and their actions: the staff member, or a redirect to the sign-in page that comes back here. */
export async function requireStaff(request: Request, db?: Executor): Promise<Staff> {
  const staff = await getStaff(request, db);
  if (!staff) {
    const url = new URL(request.url);
    throw redirect(`/admin/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return staff;
}

export const FORBIDDEN_MESSAGE = "Diese Seite ist der Geschäftsleitung vorbehalten. Ihr Konto hat die Rolle «Mitarbeitende»; bitte wenden Sie sich an eine Person mit der Rolle «Leitung».";

/**
 * For manager pages (settings, vouchers, staff accounts, exports) and their actions: the signed-in
 * manager; a redirect to the sign-in when nobody is signed in; a 403 (German page from the root
 * error boundary) for a staff member with the role `staff`.
 */
export async function requireManager(request: Request, db?: Executor): Promise<Staff> {
  const staff = await requireStaff(request, db);
  if (staff.role !== "manager") {
    throw new Response(FORBIDDEN_MESSAGE, { status: 403, statusText: "Forbidden", headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  return staff;
}

export function isManager(staff: Staff): boolean {
  return staff.role === "manager";
}

/** For staff JSON endpoints: the staff member, or a 401. */
export async function requireStaffForApi(request: Request, db?: Executor): Promise<Staff> {
  const staff = await getStaff(request, db);
  if (!staff) throw Response.json({ error: "unauthorized" }, { status: 401 });
  return staff;
}

/**
 * Where to go after signing in: only a relative path inside the staff area is honoured
 * (no `//evil.example`, no `/\evil`, no `/admin/../`); everything else becomes `/admin`.
 */
export function safeAdminRedirect(to: FormDataEntryValue | null | undefined, fallback = "/admin"): string {
  if (typeof to !== "string" || !to.startsWith("/admin") || to.includes("\\")) return fallback;
  const base = "http://staff.invalid";
  let url: URL;
  try {
    url = new URL(to, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base || !/^\/admin(\/|$)/.test(url.pathname)) return fallback;
  if (/^\/admin\/(login|logout)\/?$/.test(url.pathname)) return fallback;
  return url.pathname + url.search + url.hash;
}

// ---------------------------------------------------------------------------------------------
// Origin check (CSRF)

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function originOf(value: string | null): string | null {
  if (!value) return null;
  try {
    const origin = new URL(value).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * State-changing staff requests must come from this site: the `Origin` header (or, when a browser
 * sends none, the `Referer`) must be the request's own origin or PUBLIC_URL's. Throws a 403 otherwise.
 */
export function requireSameOrigin(request: Request): void {
  if (!STATE_CHANGING.has(request.method.toUpperCase())) return;
  const origin = request.headers.has("Origin")
    ? originOf(request.headers.get("Origin"))
    : originOf(request.headers.get("Referer"));
  const allowed = [new URL(request.url).origin, new URL(getEnv().PUBLIC_URL).origin];
  if (!origin || !allowed.includes(origin)) {
    throw new Response(AUTH_MSG.foreignOrigin, {
      status: 403,
      statusText: "Forbidden",
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Signing in and out

/**
 * Throttling (OWASP): failures slow down the address that makes them, never the account owner.
 * Each address has `freeFailures` failures per hour; after that, each further failure makes it wait
 * twice as long as the one before (1 s, 2 s, 4 s … up to 15 minutes) before its next attempt. An
 * account with many failures from anywhere refuses only addresses that have failed themselves: a
 * correct password from a clean address always gets in. Counters live in the database (`Limit`).
 */
export const SIGN_IN_THROTTLE = {
  freeFailures: 3,
  failureWindowSeconds: 60 * 60,
  firstDelaySeconds: 1,
  maxDelaySeconds: 15 * 60,
  accountFailures: 10,
  accountWindowSeconds: 15 * 60,
} as const;

const clientFailures = new Limit({ name: "signin-client-failures", points: 1_000_000, windowSeconds: SIGN_IN_THROTTLE.failureWindowSeconds });
/** The gate past the free failures: one attempt per waiting time (its window is set per attempt). */
const clientDelay = new Limit({ name: "signin-client-delay", points: 1, windowSeconds: 1 });
const accountFailures = new Limit({ name: "signin-account-failures", points: SIGN_IN_THROTTLE.accountFailures, windowSeconds: SIGN_IN_THROTTLE.accountWindowSeconds });

/** How long an address waits after its n-th failure within the window. */
export function signInDelaySeconds(failures: number): number {
  const over = failures - SIGN_IN_THROTTLE.freeFailures;
  if (over <= 0) return 0;
  return Math.min(SIGN_IN_THROTTLE.maxDelaySeconds, SIGN_IN_THROTTLE.firstDelaySeconds * 2 ** (over - 1));
}

export function tooManyAttemptsMessage(seconds: number): string {
  const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} Minuten` : seconds === 1 ? "1 Sekunde" : `${seconds} Sekunden`;
  return `Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie ${wait} und versuchen Sie es dann erneut.`;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

let dummyHash: Promise<string> | undefined;

/** A hash nobody knows the password of: unknown accounts cost the same scrypt run as known ones. */
function dummy(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString("base64"));
  return dummyHash;
}

export type SignInResult =
  | { ok: true; cookie: string; staff: Staff }
  | { ok: false; status: 401 | 429; message: string };

/**
 * Checks the credentials and returns the Set-Cookie value of a fresh staff session. Unknown
 * accounts, wrong passwords and disabled accounts all read the same; blocked keys answer 429
 * without checking the password at all.
 */
export async function signIn(
  db: Db,
  _request: Request,
  email: string,
  password: string,
  clientKey: string,
): Promise<SignInResult> {
  const name = normalizeEmail(email).slice(0, 320);
  const clientKeyed = `client:${clientKey}`;
  const accountKey = `account:${name}`;
  // The attempt is counted before the password is checked (issue #27 §5): 300 guesses sent at once
  // each get their own place in the count, and only the first `freeFailures + 1` go on at once.
  const attempt = await clientFailures.reserve(db, clientKeyed);
  if (!attempt.allowed) return { ok: false, status: 429, message: AUTH_MSG.tooManyAttempts };
  const refuse = async (message: string): Promise<SignInResult> => {
    // A refused attempt checked nothing: it is not a failure.
    await attempt.release();
    return { ok: false, status: 429, message };
  };
  const failuresSoFar = attempt.count - 1;
  // The waiting time after this attempt, should it fail, starts now. Past the free failures, an
  // attempt must also take the gate: one statement that lets through only the first attempt after
  // the previous one's waiting time (`clientDelay` allows 1 point per window of that length).
  const delay = signInDelaySeconds(attempt.count);
  let gate: Awaited<ReturnType<typeof clientDelay.reserve>> | undefined;
  if (failuresSoFar > SIGN_IN_THROTTLE.freeFailures) {
    gate = await clientDelay.reserve(db, clientKeyed, { durationSeconds: Math.max(1, delay) });
    if (!gate.allowed) return refuse(tooManyAttemptsMessage(gate.retryAfterSeconds));
  } else if (delay > 0) {
    // The last free attempt closes the gate for the next one (without shortening a closed gate).
    gate = await clientDelay.reserve(db, clientKeyed, { durationSeconds: delay });
  }
  if (failuresSoFar > 0 && !(await accountFailures.check(db, accountKey)).allowed) {
    // Under attack, this account accepts attempts only from addresses that have not failed.
    return refuse(AUTH_MSG.tooManyAttempts);
  }
  const [account] = name
    ? await db.select().from(staffAccounts).where(sql`lower(${staffAccounts.email}) = ${name}`).limit(1)
    : [];
  const matches = await verifyPassword(password, account?.passwordHash ?? (await dummy()));
  if (!account || !matches || account.disabledAt) {
    // The reserved attempt stays counted as this address's failure.
    await accountFailures.penalize(db, accountKey);
    return { ok: false, status: 401, message: AUTH_MSG.wrongCredentials };
  }
  await attempt.release();
  // A correct password closes no gate: the next sign-in from this address waits only for failures.
  if (gate?.allowed) await gate.release();
  // Only the account's count is forgiven: a client's own valid account must not reset its guessing budget.
  await accountFailures.reset(db, accountKey);
  // The session is a row, so signing out can end it on the server (a replayed cookie is worthless).
  const sessionId = randomBytes(32).toString("base64url");
  await db.insert(staffSessions).values({ id: sessionId, staffId: account.id });
  // Rows of sessions past their 8 hours are of no use any more.
  await db.delete(staffSessions).where(lt(staffSessions.createdAt, new Date(Date.now() - 2 * SESSION_MS)));
  const sessions = staffStorage();
  const session = await sessions.getSession();
  session.set("staffId", account.id);
  session.set("issuedAt", Date.now());
  session.set("sessionId", sessionId);
  return { ok: true, cookie: await sessions.commitSession(session), staff: { id: account.id, email: account.email, role: account.role } };
}

/** Ends the staff session on the server (its row is revoked) and returns the Set-Cookie value that clears it. */
export async function signOut(request: Request, db?: Executor): Promise<string> {
  const sessions = staffStorage();
  const session = await sessions.getSession(request.headers.get("Cookie"));
  const sessionId = session.get("sessionId");
  if (typeof sessionId === "string") {
    const executor = db ?? (await getDb());
    await executor.update(staffSessions).set({ revokedAt: new Date() }).where(eq(staffSessions.id, sessionId));
  }
  return sessions.destroySession(session);
}
