import { DatabaseError } from "./db.server";
import { DataDirLockedError } from "./data-dir-lock.server";

type SystemError = Error & { code?: string; path?: string; syscall?: string };

/** The one line an operator reads when the server cannot start: the variable to fix and why. */
export function startupMessage(error: unknown, listen?: { port: number; host: string }): string {
  if (error instanceof DatabaseError || error instanceof DataDirLockedError) return error.message;
  const e = error as SystemError;
  switch (e?.code) {
    case "EADDRINUSE":
      return `PORT: ${listen?.port ?? "?"} is already in use on ${listen?.host ?? "?"}`;
    case "EADDRNOTAVAIL":
      return `HOST: ${listen?.host ?? "?"} is not an address of this machine`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `HOST: "${listen?.host ?? "?"}" cannot be resolved`;
    case "EACCES":
    case "EPERM":
      if (e.syscall === "listen") return `PORT: no permission to listen on ${listen?.port ?? "?"} (ports below 1024 need privileges)`;
    // falls through: a file system permission
    case "EROFS":
    case "ENOTDIR":
    case "ENOENT":
      return `DATA_DIR: cannot write ${e.path ?? "the data directory"} (${e.code})`;
  }
  return `Cannot start: ${(e?.message ?? String(error)).split("\n")[0]}`;
}

export function startupFailure(error: unknown, listen?: { port: number; host: string }): never {
  console.error(startupMessage(error, listen));
  process.exit(1);
}
