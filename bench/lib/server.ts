/**
 * Starts the production server (`node build/server.js`) as a child process on loopback and
 * stops it again by the node process' own PID, as the stack notes require.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");
/** Made per bench run: the bench's servers are throw-away, on temporary data. */
export const ADMIN_TOKEN = randomBytes(18).toString("base64url");

export type DatabaseKind = "pglite" | "postgres";

export type ServerHandle = {
  url: string;
  port: number;
  kind: DatabaseKind;
  dataDir: string;
  pid: number;
  /** Lines the server wrote to stderr (warnings and errors) since start. */
  errorLines: () => string[];
  stop: () => Promise<void>;
};

const running = new Set<ChildProcess>();

/** Kills whatever servers are still running (bench interrupted or failed). */
export function killAllServers() {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
}

export function tempDataDir(label: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `fun-world-bench-${label}-`));
}

async function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export async function startServer(options: { port: number; dataDir: string; databaseUrl?: string; env?: Record<string, string> }): Promise<ServerHandle> {
  const { port, dataDir } = options;
  if (await portInUse(port)) throw new Error(`port ${port} on 127.0.0.1 is already in use (another bench or server running?)`);
  const url = `http://127.0.0.1:${port}`;
  // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server under load.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, "build/server.js"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? "",
      PUBLIC_URL: url,
      SESSION_SECRET: randomBytes(24).toString("base64url"),
      PAYMENT_PROVIDER: "simulated",
      // A test system on purpose (the site then shows DEV MODE on every page).
      ALLOW_SIMULATED_PAYMENTS: "true",
      // Tests act as several clients through X-Forwarded-For from loopback.
      TRUST_PROXY: "loopback",
      ADMIN_API_TOKEN: ADMIN_TOKEN,
      ADMIN_PASSWORD: "",
      SMTP_URL: "",
      // Every simulated family comes from 127.0.0.1 and many share an e-mail address: the
      // anti-hoarding and look-up limits are raised for the load test (see README).
      HOLD_LIMIT_PER_CLIENT: "1000000",
      HOLD_LIMIT_PER_EMAIL: "1000000",
      LOOKUP_LIMIT_PER_MINUTE: "1000000",
      HOLD_SHARE_PERCENT: "100",
      // The floor pages (/bench/*) are only served in production when asked for.
      BENCH_PAGES: "true",
      // The contention runs fill Saturdays up to ~1.5 years ahead (each run its own days).
      BOOKING_HORIZON_DAYS: "1000",
      ...options.env,
    },
  });
  running.add(child);
  const out: string[] = [];
  const errors: string[] = [];
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => out.push(...chunk.split("\n").filter(Boolean)));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    const lines = chunk.split("\n").filter(Boolean);
    out.push(...lines);
    errors.push(...lines);
  });
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      exitCode = code ?? (signal ? -1 : 0);
      running.delete(child);
      resolve();
    }),
  );

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exitCode !== undefined) {
      throw new Error(`server on port ${port} exited with ${exitCode} before it was ready:\n${out.slice(-30).join("\n")}`);
    }
    try {
      const response = await fetch(`${url}/api/offers`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) {
        await response.arrayBuffer();
        break;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server on port ${port} not ready after 90 s:\n${out.slice(-30).join("\n")}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    port,
    kind: options.databaseUrl ? "postgres" : "pglite",
    dataDir,
    pid: child.pid!,
    errorLines: () => [...errors],
    stop: async () => {
      if (exitCode === undefined) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

export function removeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
}
