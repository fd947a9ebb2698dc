/**
 * The browser tests' staff accounts, made before their server starts (run by serve.ts in a process of
 * its own: the server itself must be the only copy of the server code in its process).
 */
import { openDatabase } from "../../app/server/platform/db.server";
import { createStaffAccount, ensureBootstrapAdmin } from "../../app/server/staff/staff-accounts.server";

const { DATA_DIR: dataDir, E2E_STAFF_EMAIL: email, ADMIN_PASSWORD: password } = process.env;
if (!dataDir || !email || !password) throw new Error("seed-staff.ts needs DATA_DIR, E2E_STAFF_EMAIL and ADMIN_PASSWORD");
const database = await openDatabase({ dataDir });
await ensureBootstrapAdmin(database.db, password);
await createStaffAccount(database.db, email, password, "staff");
await database.close();
