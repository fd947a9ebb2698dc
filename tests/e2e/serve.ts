/** Starts the production server on a fresh embedded database for the browser tests. */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";

const dataDir = process.env.DATA_DIR;
if (!dataDir || !dataDir.includes("fun-world-e2e")) throw new Error("serve.ts only runs with the e2e DATA_DIR");
rmSync(dataDir, { recursive: true, force: true });

// A staff member with the role `staff` (besides the bootstrap manager `admin`), for the role tests.
if (process.env.E2E_STAFF_EMAIL && process.env.ADMIN_PASSWORD) {
  execFileSync(process.execPath, ["--import", "tsx", "tests/e2e/seed-staff.ts"], { stdio: "inherit", env: process.env });
}
// @ts-expect-error -- the compiled launcher (npm run build) has no type declarations
await import("../../build/server.js");
