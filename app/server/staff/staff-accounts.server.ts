import { asc, sql } from "drizzle-orm";
import { normalizeEmail, type Staff } from "./auth.server";
import type { Executor } from "../platform/db.server";
import { auditLog, STAFF_ROLES, staffAccounts, type StaffRole } from "../platform/schema";
import { hashPassword, passwordProblem } from "./passwords.server";

/**
 * Staff accounts as the operator manages them (`npm run staff`, ADMIN_PASSWORD at start): create,
 * list, disable and enable, set a new password. Signing in and sessions live in auth.server.
 * Every change writes an audit row in its own transaction (who: `by`, the operator's label, e.g.
 * `operator:<os user>` from the command; the account it concerns; before and after — never a
 * password or its hash).
 */

/** Who changes accounts when no label is given: the server command run by the operator. */
export const OPERATOR = "operator";

type AccountState = { role: string; disabled: boolean };

async function auditAccount(tx: Executor, by: string, action: string, account: { id: number; email: string }, details: Record<string, unknown>) {
  await tx.insert(auditLog).values({ actor: by, action, details: { account: { id: account.id, email: account.email }, ...details } });
}

const stateOf = (row: { role: string; disabledAt: Date | null }): AccountState => ({ role: row.role, disabled: row.disabledAt !== null });

export const ACCOUNT_MSG = {
  invalidEmail: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  duplicate: (email: string) => `Es gibt bereits ein Konto für ${email}.`,
  notFound: (email: string) => `Es gibt kein Konto für ${email}.`,
  invalidRole: "Die Rolle muss «staff» oder «manager» sein.",
} as const;

export class StaffAccountError extends Error {
  constructor(
    readonly reason: "invalid-email" | "weak-password" | "duplicate" | "not-found" | "invalid-role",
    message: string,
  ) {
    super(message);
    this.name = "StaffAccountError";
  }
}

export type StaffAccountSummary = Staff & { createdAt: Date; disabledAt: Date | null };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return true;
  }
  return false;
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

const byName = (name: string) => sql`lower(${staffAccounts.email}) = ${name}`;

/**
 * Creates a staff account (e-mail trimmed and lower-cased; `admin` is the bootstrap name) with the
 * given role (least privilege, `staff`, unless said otherwise).
 * Throws StaffAccountError with a German message for a bad address, a short password or a duplicate.
 */
export async function createStaffAccount(db: Executor, email: string, password: string, role: StaffRole = "staff", by: string = OPERATOR): Promise<Staff> {
  const name = normalizeEmail(email);
  if (!isStaffRole(role)) throw new StaffAccountError("invalid-role", ACCOUNT_MSG.invalidRole);
  if (name !== "admin" && (!EMAIL.test(name) || name.length > 254)) {
    throw new StaffAccountError("invalid-email", ACCOUNT_MSG.invalidEmail);
  }
  const problem = passwordProblem(password);
  if (problem) throw new StaffAccountError("weak-password", problem);
  const [existing] = await db.select({ id: staffAccounts.id }).from(staffAccounts).where(byName(name));
  if (existing) throw new StaffAccountError("duplicate", ACCOUNT_MSG.duplicate(name));
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staffAccounts)
        .values({ email: name, passwordHash, role })
        .returning({ id: staffAccounts.id, email: staffAccounts.email, role: staffAccounts.role });
      await auditAccount(tx, by, "staff-account.create", row!, { before: null, after: { role, disabled: false } });
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new StaffAccountError("duplicate", ACCOUNT_MSG.duplicate(name));
    throw error;
  }
}

/**
 * At start: with ADMIN_PASSWORD set and no staff account at all, creates `admin` with it.
 * Returns the account it created, or null. A too-short ADMIN_PASSWORD throws (fail fast).
 */
export async function ensureBootstrapAdmin(db: Executor, adminPassword: string | undefined): Promise<Staff | null> {
  if (!adminPassword) return null;
  const [any] = await db.select({ id: staffAccounts.id }).from(staffAccounts).limit(1);
  if (any) return null;
  try {
    // The bootstrap account runs the centre: it is a manager.
    const staff = await createStaffAccount(db, "admin", adminPassword, "manager", "system");
    console.info("Staff account 'admin' created from ADMIN_PASSWORD.");
    return staff;
  } catch (error) {
    // Another process created it in the meantime.
    if (error instanceof StaffAccountError && error.reason === "duplicate") return null;
    throw error;
  }
}

export async function listStaffAccounts(db: Executor): Promise<StaffAccountSummary[]> {
  return db
    .select({ id: staffAccounts.id, email: staffAccounts.email, role: staffAccounts.role, createdAt: staffAccounts.createdAt, disabledAt: staffAccounts.disabledAt })
    .from(staffAccounts)
    .orderBy(asc(staffAccounts.email));
}

/** One account change, row-locked, with its audit row (`details` adds what before/after cannot show). */
async function updateAccount(
  db: Executor,
  email: string,
  values: Partial<typeof staffAccounts.$inferInsert>,
  audit: { by: string; action: string; details?: Record<string, unknown> },
): Promise<Staff> {
  const name = normalizeEmail(email);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(staffAccounts).where(byName(name)).for("update");
    if (!before) throw new StaffAccountError("not-found", ACCOUNT_MSG.notFound(name));
    const [row] = await tx
      .update(staffAccounts)
      .set(values)
      .where(byName(name))
      .returning({ id: staffAccounts.id, email: staffAccounts.email, role: staffAccounts.role, disabledAt: staffAccounts.disabledAt });
    await auditAccount(tx, audit.by, audit.action, row!, { before: stateOf(before), after: stateOf(row!), ...audit.details });
    return { id: row!.id, email: row!.email, role: row!.role };
  });
}

/**
 * Disabling takes effect at once: the sign-in refuses the account and its open sessions end.
 * Enabling again does not bring those sessions back (they stay void), it allows a new sign-in.
 */
export async function setStaffAccountDisabled(db: Executor, email: string, disabled: boolean, now: Date = new Date(), by: string = OPERATOR): Promise<Staff> {
  return updateAccount(db, email, disabled ? { disabledAt: now, sessionsValidAfter: now } : { disabledAt: null }, {
    by,
    action: disabled ? "staff-account.disable" : "staff-account.enable",
    details: disabled ? { sessionsEnded: true } : {},
  });
}

/** Changes an account's role; its open sessions see the new role on their next request. */
export async function setStaffRole(db: Executor, email: string, role: string, by: string = OPERATOR): Promise<Staff> {
  if (!isStaffRole(role)) throw new StaffAccountError("invalid-role", ACCOUNT_MSG.invalidRole);
  return updateAccount(db, email, { role }, { by, action: "staff-account.role" });
}

/** A new password (e.g. a forgotten or leaked one) also ends every session signed in with the old one. */
export async function setStaffPassword(db: Executor, email: string, password: string, now: Date = new Date(), by: string = OPERATOR): Promise<Staff> {
  const problem = passwordProblem(password);
  if (problem) throw new StaffAccountError("weak-password", problem);
  // That it changed, never what to.
  return updateAccount(db, email, { passwordHash: await hashPassword(password), sessionsValidAfter: now }, { by, action: "staff-account.password", details: { passwordChanged: true, sessionsEnded: true } });
}
