import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Starts the production server (the build must exist, as in `npm run test:e2e`) with its own
 * configuration, for tests of startup failures and of a database that goes away. PORT=0 lets the
 * system pick a free port, so these servers never collide with the suite's own.
 */
export type Spawned = {
  child: ChildProcess;
  env: NodeJS.ProcessEnv;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
  baseUrl?: string;
};

export function baseEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "fun-world-spawn-")),
    SESSION_SECRET: "spawned-server-secret-0123456789",
    PAYMENT_PROVIDER: "simulated",
    LOG_LEVEL: "warn",
    ...overrides,
  };
}

export function spawnServer(env: NodeJS.ProcessEnv, command: string[] = ["node", "build/server.js"]): Spawned {
  const child = spawn(command[0]!, command.slice(1), { env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, env, stdout: () => out, stderr: () => err, exit };
}

/** Waits for the startup line and returns the server's address. */
export async function listening(server: Spawned, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = /listening on ([\d.]+):(\d+)/.exec(server.stdout());
    if (match) return (server.baseUrl = `http://${match[1]}:${match[2]}`);
    if (server.child.exitCode !== null) throw new Error(`server exited ${server.child.exitCode}: ${server.stderr()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${server.stderr()}`);
}

export async function stop(server: Spawned) {
  if (server.child.exitCode === null) server.child.kill("SIGTERM");
  await server.exit;
}
