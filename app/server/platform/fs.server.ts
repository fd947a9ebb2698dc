import { mkdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * `mkdir -p` without Node's `recursive: true`, which never returns for a path under a directory
 * that refuses new entries with ENOENT (`DATA_DIR=/proc/nope` hung the server at start): each missing
 * directory is made on its own, so the first refusal throws (with its path and code) and the start
 * fails with one line naming DATA_DIR.
 */
export function makeDirectory(dir: string): void {
  const missing: string[] = [];
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const stat = statSync(current, { throwIfNoEntry: false });
    if (stat) {
      if (!stat.isDirectory()) throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${current}'`), { code: "ENOTDIR", path: current, syscall: "mkdir" });
      break;
    }
    missing.unshift(current);
    if (path.dirname(current) === current) break;
  }
  for (const each of missing) {
    try {
      mkdirSync(each);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}
