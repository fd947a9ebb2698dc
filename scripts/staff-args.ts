import { STAFF_ROLES, type StaffRole } from "../app/server/platform/schema";

/**
 * The arguments of `npm run staff -- …`, checked before anything opens the database:
 *   add EMAIL [--role staff|manager | --role=staff|manager]   (role `staff` unless given)
 *   role EMAIL staff|manager
 *   password EMAIL | disable EMAIL | enable EMAIL
 *   list
 */
export type StaffCommand =
  | { command: "list" }
  | { command: "add" | "role"; email: string; role: StaffRole }
  | { command: "password" | "disable" | "enable"; email: string };

/** `usage`: the arguments do not fit any command; `role`: they do, but the role is unknown. */
export type StaffArgs = { ok: true; value: StaffCommand } | { ok: false; reason: "usage" | "role" };

const isRole = (value: string | undefined): value is StaffRole => (STAFF_ROLES as readonly (string | undefined)[]).includes(value);

function withRole(command: "add" | "role", email: string, role: string | undefined): StaffArgs {
  return isRole(role) ? { ok: true, value: { command, email, role } } : { ok: false, reason: "role" };
}

export function parseStaffArgs(argv: readonly string[]): StaffArgs {
  const [command, email, ...rest] = argv;
  if (command === "list") return argv.length === 1 ? { ok: true, value: { command } } : { ok: false, reason: "usage" };
  // An option where the address belongs (`add --role manager x@y`) is a mistake, not an address.
  if (!email || email.startsWith("-")) return { ok: false, reason: "usage" };
  if (command === "password" || command === "disable" || command === "enable") {
    return rest.length === 0 ? { ok: true, value: { command, email } } : { ok: false, reason: "usage" };
  }
  if (command === "role") return rest.length === 1 ? withRole("role", email, rest[0]) : { ok: false, reason: "usage" };
  if (command === "add") {
    if (rest.length === 0) return withRole("add", email, "staff");
    if (rest.length === 1 && rest[0]!.startsWith("--role=")) return withRole("add", email, rest[0]!.slice("--role=".length));
    if (rest.length === 2 && rest[0] === "--role") return withRole("add", email, rest[1]);
  }
  return { ok: false, reason: "usage" };
}
