/** Starts the production server on a fresh embedded database for the browser tests. */
import { rmSync } from "node:fs";

const dataDir = process.env.DATA_DIR;
if (!dataDir || !dataDir.includes("fun-world-e2e")) throw new Error("serve.ts only runs with the e2e DATA_DIR");
rmSync(dataDir, { recursive: true, force: true });
await import("../../server");
