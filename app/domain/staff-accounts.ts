import { SIGN_IN_MAX_LENGTH } from "./sign-in";

/**
 * Staff accounts as managers manage them on /admin/einstellungen/mitarbeitende (and the operator with
 * `npm run staff`): the role labels, the password and address rules, and the page's form rules. Pure:
 * the server functions check the same rules again (they are the authority).
 */

export const MIN_PASSWORD_LENGTH = 10;
/** The sign-in takes nothing longer, so no longer password could ever be used. */
export const MAX_PASSWORD_LENGTH = SIGN_IN_MAX_LENGTH.password;
export const MAX_EMAIL_LENGTH = SIGN_IN_MAX_LENGTH.email;

/** The German reason a new password is not acceptable, or null when it is. */
export function passwordProblem(password: string): string | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    return `Das Passwort muss mindestens ${MIN_PASSWORD_LENGTH} Zeichen lang sein.`;
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return `Das Passwort darf höchstens ${MAX_PASSWORD_LENGTH} Zeichen lang sein.`;
  }
  return null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A sign-in name a new account may have (already trimmed and lower-cased): an e-mail address, or `admin`. */
export function isAccountName(name: string): boolean {
  return name === "admin" || (EMAIL.test(name) && name.length <= MAX_EMAIL_LENGTH);
}

/**
 * The roles as the staff pages name them (the same words as the 403 page): `staff` runs the bookings
 * desk, `manager` also the settings, vouchers, exports and these accounts.
 */
export const ROLE_LABELS = { staff: "Mitarbeitende", manager: "Leitung" } as const;
export type AccountRole = keyof typeof ROLE_LABELS;
export const ROLE_HINTS: Record<AccountRole, string> = {
  staff: "Tagesübersicht, Buchungen, Telefonbuchung, Stornierungen, Tagesliste",
  manager: "zusätzlich Gutscheine, Export, Einstellungen und Benutzerkonten",
};
/** Least privilege: a new account is `staff` unless the manager chooses otherwise. */
export const DEFAULT_ROLE: AccountRole = "staff";

export function isAccountRole(value: unknown): value is AccountRole {
  return value === "staff" || value === "manager";
}

export const ACCOUNT_FORM_MSG = {
  email: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  role: "Bitte wählen Sie eine Rolle.",
  account: "Dieses Konto gibt es nicht.",
  check: "Bitte prüfen Sie die markierten Felder.",
} as const;

/** What a manager asks for on the accounts page. */
export type AccountCommand =
  | { intent: "create"; email: string; role: AccountRole; password: string }
  | { intent: "role"; email: string; role: AccountRole }
  | { intent: "password"; email: string; password: string }
  | { intent: "disable" | "enable"; email: string };
export type AccountIntent = AccountCommand["intent"];

export type ParsedAccountCommand =
  | { ok: true; value: AccountCommand }
  /** `values`: what the form shows again beside the messages — the address and the role, never the password. */
  | { ok: false; intent: AccountIntent; email: string; values: Record<string, string>; errors: Record<string, string>; message: string };

const INTENTS: readonly AccountIntent[] = ["create", "role", "password", "disable", "enable"];
type Form = { get(name: string): FormDataEntryValue | null };
const text = (v: FormDataEntryValue | null): string => (typeof v === "string" ? v : "");

/**
 * The page's forms: `intent` (create, role, password, disable, enable), `email` (typed when creating,
 * a hidden field of the account's row otherwise), `role`, `password`. The password is taken as typed
 * (spaces count); everything else is trimmed.
 */
export function parseAccountCommand(form: Form): ParsedAccountCommand {
  const intentText = text(form.get("intent"));
  const intent = (INTENTS as readonly string[]).includes(intentText) ? (intentText as AccountIntent) : "create";
  const email = text(form.get("email")).trim().toLowerCase().slice(0, MAX_EMAIL_LENGTH + 1);
  const role = text(form.get("role")).trim();
  const password = text(form.get("password"));
  const errors: Record<string, string> = {};
  if (intent === "create" ? !isAccountName(email) : email === "" || email.length > MAX_EMAIL_LENGTH) {
    errors.email = intent === "create" ? ACCOUNT_FORM_MSG.email : ACCOUNT_FORM_MSG.account;
  }
  if ((intent === "create" || intent === "role") && !isAccountRole(role)) errors.role = ACCOUNT_FORM_MSG.role;
  if (intent === "create" || intent === "password") {
    const problem = passwordProblem(password);
    if (problem) errors.password = problem;
  }
  if (Object.keys(errors).length > 0) {
    // A row's hidden address is not a field the manager can fix: its message is the form's message.
    const message = intent !== "create" && errors.email ? errors.email : ACCOUNT_FORM_MSG.check;
    const values: Record<string, string> = intent === "create" || intent === "role" ? { email, role } : { email };
    return { ok: false, intent, email, values, errors, message };
  }
  const r = role as AccountRole;
  switch (intent) {
    case "create":
      return { ok: true, value: { intent, email, role: r, password } };
    case "role":
      return { ok: true, value: { intent, email, role: r } };
    case "password":
      return { ok: true, value: { intent, email, password } };
    default:
      return { ok: true, value: { intent, email } };
  }
}

/** Which form of the page an answer belongs to: the new-account form, or one form of an account's row. */
export function accountFormName(intent: AccountIntent, email: string): string {
  if (intent === "create") return "account-new";
  return `${intent === "disable" || intent === "enable" ? "status" : intent}:${email}`;
}
