import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * PGlite is single-process: two processes opening the same files corrupt them. The process that
 * opens DATA_DIR writes its PID here; a second one refuses with a clear message instead.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly pid: number,
    dataDir: string,
  ) {
    super(
      `Die eingebettete Datenbank in ${dataDir} wird gerade von einem anderen Prozess (PID ${pid}, z. B. dem laufenden Server) verwendet. ` +
        `Stoppen Sie diesen zuerst oder verwenden Sie einen PostgreSQL-Server über DATABASE_URL.`,
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function acquireDataDirLock(dataDir: string): string {
  const file = path.join(dataDir, "pglite.pid");
  try {
    writeFileSync(file, String(process.pid), { flag: "wx" });
    return file;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const pid = Number(readFileSync(file, "utf8").trim());
  if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) throw new DataDirLockedError(pid, dataDir);
  // A stale lock from a process that died without cleaning up.
  writeFileSync(file, String(process.pid));
  return file;
}

export function releaseDataDirLock(file: string) {
  try {
    if (readFileSync(file, "utf8").trim() === String(process.pid)) rmSync(file);
  } catch {
    // already gone
  }
}
