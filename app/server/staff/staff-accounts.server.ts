import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { isAccountName, ROLE_LABELS, type AccountCommand } from "~/domain/staff-accounts";
import { normalizeEmail, type Staff } from "./auth.server";
import type { Executor } from "../platform/db.server";
import { auditLog, STAFF_ROLES, staffAccounts, type StaffRole } from "../platform/schema";
import { hashPassword, passwordProblem } from "./passwords.server";

/**
 * Staff accounts as managers manage them on /admin/einstellungen/mitarbeitende and the operator with
 * `npm run staff` (ADMIN_PASSWORD at start): create, list, change the role, disable and enable, set a
 * new password. Signing in and sessions live in auth.server.
 * Every change writes an audit row in its own transaction (who: `by`, the signed-in manager as
 * `staff:<email>` with their id, or the operator's label, e.g. `operator:<os user>` from the command;
 * the account it concerns; before and after — never a password or its hash).
 *
 * Guard rails, checked inside the transaction that changes the account: a manager can neither
 * disable nor demote their own account, and nobody (operator included) can disable or demote the
 * last active manager. Every change first locks all active manager rows (in id order), then the
 * account: two managers demoting each other at once run one after the other, and the second sees the
 * first's commit (and that it is no longer a manager itself).
 */

/** Who changes accounts when no label is given: the server command run by the operator. */
export const OPERATOR = "operator";

/** The operator's label (`operator:<os user>`, `system`), or the signed-in manager making the change. */
export type AccountActor = string | Staff;

type AccountState = { role: string; disabled: boolean };

async function auditAccount(tx: Executor, by: AccountActor, action: string, account: { id: number; email: string }, details: Record<string, unknown>) {
  await tx.insert(auditLog).values({
    // The same format as every other staff change (venue settings, desk, vouchers).
    staffId: typeof by === "string" ? null : by.id,
    actor: typeof by === "string" ? by : `staff:${by.email}`,
    action,
    details: { account: { id: account.id, email: account.email }, ...details },
  });
}

const stateOf = (row: { role: string; disabledAt: Date | null }): AccountState => ({ role: row.role, disabled: row.disabledAt !== null });

export const ACCOUNT_MSG = {
  invalidEmail: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  duplicate: (email: string) => `Es gibt bereits ein Konto für ${email}.`,
  notFound: (email: string) => `Es gibt kein Konto für ${email}.`,
  invalidRole: "Die Rolle muss «staff» oder «manager» sein.",
  selfDisable: "Ihr eigenes Konto können Sie nicht sperren. Bitten Sie eine andere Person mit der Rolle «Leitung» darum.",
  selfDemote: "Ihrem eigenen Konto können Sie die Rolle «Leitung» nicht entziehen. Bitten Sie eine andere Person mit der Rolle «Leitung» darum.",
  lastManager: (email: string) =>
    `${email} ist das letzte aktive Konto mit der Rolle «Leitung» und kann deshalb weder gesperrt noch auf «Mitarbeitende» gesetzt werden – sonst könnte niemand mehr Einstellungen und Konten verwalten. Geben Sie zuerst einem anderen Konto die Rolle «Leitung».`,
  notManager: "Ihr Konto hat die Rolle «Leitung» nicht mehr oder ist gesperrt; die Änderung wurde nicht gespeichert.",
} as const;

export class StaffAccountError extends Error {
  constructor(
    readonly reason: "invalid-email" | "weak-password" | "duplicate" | "not-found" | "invalid-role" | "self" | "last-manager" | "not-manager",
    message: string,
  ) {
    super(message);
    this.name = "StaffAccountError";
  }
}

export type StaffAccountSummary = Staff & { createdAt: Date; disabledAt: Date | null };

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

const isActiveManager = (state: AccountState) => state.role === "manager" && !state.disabled;

/**
 * Locks every active manager row, in id order (the first step of every account change, so two changes
 * never wait for each other crosswise), and returns their ids. A signed-in manager whose account is no
 * longer an active manager by now (demoted or disabled a moment ago) may change nothing.
 */
async function lockActiveManagers(tx: Executor, by: AccountActor): Promise<number[]> {
  const rows = await tx
    .select({ id: staffAccounts.id })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.role, "manager"), isNull(staffAccounts.disabledAt)))
    .orderBy(asc(staffAccounts.id))
    .for("no key update");
  const ids = rows.map((r) => r.id);
  if (typeof by !== "string" && !ids.includes(by.id)) throw new StaffAccountError("not-manager", ACCOUNT_MSG.notManager);
  return ids;
}

/**
 * Creates a staff account (e-mail trimmed and lower-cased; `admin` is the bootstrap name) with the
 * given role (least privilege, `staff`, unless said otherwise).
 * Throws StaffAccountError with a German message for a bad address, a short password or a duplicate.
 */
export async function createStaffAccount(db: Executor, email: string, password: string, role: StaffRole = "staff", by: AccountActor = OPERATOR): Promise<Staff> {
  const name = normalizeEmail(email);
  if (!isStaffRole(role)) throw new StaffAccountError("invalid-role", ACCOUNT_MSG.invalidRole);
  if (!isAccountName(name)) throw new StaffAccountError("invalid-email", ACCOUNT_MSG.invalidEmail);
  const problem = passwordProblem(password);
  if (problem) throw new StaffAccountError("weak-password", problem);
  const [existing] = await db.select({ id: staffAccounts.id }).from(staffAccounts).where(byName(name));
  if (existing) throw new StaffAccountError("duplicate", ACCOUNT_MSG.duplicate(name));
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      await lockActiveManagers(tx, by);
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
  audit: { by: AccountActor; action: string; details?: Record<string, unknown> },
): Promise<Staff> {
  const name = normalizeEmail(email);
  const { by } = audit;
  return db.transaction(async (tx) => {
    const managers = await lockActiveManagers(tx, by);
    const [before] = await tx.select().from(staffAccounts).where(byName(name)).for("update");
    if (!before) throw new StaffAccountError("not-found", ACCOUNT_MSG.notFound(name));
    const was = stateOf(before);
    const will: AccountState = { role: values.role ?? before.role, disabled: values.disabledAt === undefined ? was.disabled : values.disabledAt !== null };
    if (isActiveManager(was) && !isActiveManager(will)) {
      if (typeof by !== "string" && by.id === before.id) {
        throw new StaffAccountError("self", will.disabled ? ACCOUNT_MSG.selfDisable : ACCOUNT_MSG.selfDemote);
      }
      // The other active managers are locked: none of them can go before this commits.
      if (!managers.some((id) => id !== before.id)) throw new StaffAccountError("last-manager", ACCOUNT_MSG.lastManager(before.email));
    }
    const [row] = await tx
      .update(staffAccounts)
      .set(values)
      .where(byName(name))
      .returning({ id: staffAccounts.id, email: staffAccounts.email, role: staffAccounts.role, disabledAt: staffAccounts.disabledAt });
    await auditAccount(tx, by, audit.action, row!, { before: was, after: stateOf(row!), ...audit.details });
    return { id: row!.id, email: row!.email, role: row!.role };
  });
}

/**
 * Disabling takes effect at once: the sign-in refuses the account and its open sessions end.
 * Enabling again does not bring those sessions back (they stay void), it allows a new sign-in.
 * Refused for one's own account and for the last active manager.
 */
export async function setStaffAccountDisabled(db: Executor, email: string, disabled: boolean, now: Date = new Date(), by: AccountActor = OPERATOR): Promise<Staff> {
  return updateAccount(db, email, disabled ? { disabledAt: now, sessionsValidAfter: now } : { disabledAt: null }, {
    by,
    action: disabled ? "staff-account.disable" : "staff-account.enable",
    details: disabled ? { sessionsEnded: true } : {},
  });
}

/**
 * Changes an account's role; its open sessions see the new role on their next request. Taking
 * `manager` away is refused for one's own account and for the last active manager.
 */
export async function setStaffRole(db: Executor, email: string, role: string, by: AccountActor = OPERATOR): Promise<Staff> {
  if (!isStaffRole(role)) throw new StaffAccountError("invalid-role", ACCOUNT_MSG.invalidRole);
  return updateAccount(db, email, { role }, { by, action: "staff-account.role" });
}

/** A new password (e.g. a forgotten or leaked one) also ends every session signed in with the old one. */
export async function setStaffPassword(db: Executor, email: string, password: string, now: Date = new Date(), by: AccountActor = OPERATOR): Promise<Staff> {
  const problem = passwordProblem(password);
  if (problem) throw new StaffAccountError("weak-password", problem);
  // That it changed, never what to.
  return updateAccount(db, email, { passwordHash: await hashPassword(password), sessionsValidAfter: now }, { by, action: "staff-account.password", details: { passwordChanged: true, sessionsEnded: true } });
}

// ---------------------------------------------------------------------------------------------
// The accounts page

export type AccountResult =
  | { ok: true; message: string }
  | { ok: false; status: 400 | 403 | 404 | 409; message: string; field?: "email" | "role" | "password" };

const FAILURE: Record<StaffAccountError["reason"], { status: 400 | 403 | 404 | 409; field?: "email" | "role" | "password" }> = {
  "invalid-email": { status: 400, field: "email" },
  "weak-password": { status: 400, field: "password" },
  duplicate: { status: 409, field: "email" },
  "invalid-role": { status: 400, field: "role" },
  "not-found": { status: 404 },
  self: { status: 409 },
  "last-manager": { status: 409 },
  "not-manager": { status: 403 },
};

/**
 * One command of a signed-in manager from the accounts page, audited as that manager; a refusal comes
 * back as a German message (and the field it concerns), never as an exception. The password is
 * neither returned nor logged.
 */
export async function manageStaffAccount(db: Executor, manager: Staff, command: AccountCommand, now: Date = new Date()): Promise<AccountResult> {
  try {
    switch (command.intent) {
      case "create": {
        const staff = await createStaffAccount(db, command.email, command.password, command.role, manager);
        return { ok: true, message: `Konto ${staff.email} mit der Rolle «${ROLE_LABELS[staff.role]}» angelegt. Die Person meldet sich unter /admin/login an.` };
      }
      case "role": {
        const staff = await setStaffRole(db, command.email, command.role, manager);
        return { ok: true, message: `${staff.email} hat jetzt die Rolle «${ROLE_LABELS[staff.role]}» (ab der nächsten Seite, ohne neue Anmeldung).` };
      }
      case "password": {
        const staff = await setStaffPassword(db, command.email, command.password, now, manager);
        return { ok: true, message: `Neues Passwort für ${staff.email} gespeichert. Alle offenen Sitzungen dieses Kontos sind beendet.` };
      }
      case "disable": {
        const staff = await setStaffAccountDisabled(db, command.email, true, now, manager);
        return { ok: true, message: `Konto ${staff.email} gesperrt. Alle offenen Sitzungen dieses Kontos sind beendet.` };
      }
      case "enable": {
        const staff = await setStaffAccountDisabled(db, command.email, false, now, manager);
        return { ok: true, message: `Konto ${staff.email} entsperrt. Die Person kann sich wieder anmelden.` };
      }
    }
  } catch (error) {
    if (!(error instanceof StaffAccountError)) throw error;
    return { ok: false, message: error.message, ...FAILURE[error.reason] };
  }
}
