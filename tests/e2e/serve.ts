/** Starts the production server on a fresh embedded database for the browser tests. */
import { rmSync } from "node:fs";

const dataDir = process.env.DATA_DIR;
if (!dataDir || !dataDir.includes("fun-world-e2e")) throw new Error("serve.ts only runs with the e2e DATA_DIR");
rmSync(dataDir, { recursive: true, force: true });

// A staff member with the role `staff` (besides the bootstrap manager `admin`), for the role tests.
if (process.env.E2E_STAFF_EMAIL && process.env.ADMIN_PASSWORD) {
  const { openDatabase } = await import("../../app/server/platform/db.server");
  const { createStaffAccount, ensureBootstrapAdmin } = await import("../../app/server/staff/staff-accounts.server");
  const database = await openDatabase({ dataDir });
  await ensureBootstrapAdmin(database.db, process.env.ADMIN_PASSWORD);
  await createStaffAccount(database.db, process.env.E2E_STAFF_EMAIL, process.env.ADMIN_PASSWORD, "staff");
  await database.close();
}
await import("../../server");
