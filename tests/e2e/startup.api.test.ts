import { expect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { baseEnv, listening, spawnServer, stop } from "./spawn-server";

/** Startup and configuration failures: one line naming the cause, exit code 1, no stack trace. */

const ADMIN_URL = new URL(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
/** The server's address without a database name. */
const PG = `${ADMIN_URL.protocol}//${ADMIN_URL.username ? `${ADMIN_URL.username}@` : ""}${ADMIN_URL.host}`;

function cleanUp(env: NodeJS.ProcessEnv) {
  try {
    rmSync(env.DATA_DIR!, { recursive: true, force: true });
  } catch {
    // DATA_DIR under a regular file (the ENOTDIR case) was never created.
  }
}

async function failsWith(overrides: Record<string, string>, line: string | RegExp) {
  const env = baseEnv(overrides);
  const server = spawnServer(env);
  const code = await server.exit;
  cleanUp(env);
  const lines = server.stderr().split("\n").filter((l) => l.trim() !== "" && !/^npm warn/i.test(l));
  expect(code, server.stderr()).toBe(1);
  if (typeof line === "string") expect(lines).toContain(line);
  else expect(lines.some((l) => line.test(l)), lines.join("\n")).toBe(true);
  expect(server.stderr()).not.toMatch(/^\s+at /m);
  expect(server.stderr()).not.toContain("Failed query");
  return server.stderr();
}

// The servers that get as far as listening share one throw-away PostgreSQL database: a fresh embedded
// database per start costs an initdb (seconds, tens of seconds on two busy cores).
test.describe.configure({ timeout: 180_000 });

let sharedDb: string | undefined;
test.beforeAll(async () => {
  sharedDb = `fw_startup_${randomBytes(5).toString("hex")}`;
  await admin(`create database ${sharedDb}`);
});
test.afterAll(async () => {
  if (sharedDb) await admin(`drop database if exists ${sharedDb} with (force)`);
});
const onPostgres = () => ({ DATABASE_URL: `${PG}/${sharedDb}` });

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL.href });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

test("a refused database connection names the address", async () => {
  await failsWith({ DATABASE_URL: `postgres://postgres@127.0.0.1:1/x` }, "DATABASE_URL: connection refused at 127.0.0.1:1");
});

test("a missing database and an unknown role are named", async () => {
  const name = `fw_missing_${randomBytes(4).toString("hex")}`;
  await failsWith({ DATABASE_URL: `${PG}/${name}` }, `DATABASE_URL: database "${name}" does not exist`);
  await failsWith({ DATABASE_URL: `postgres://nobody_${name}@127.0.0.1:5432/test` }, `DATABASE_URL: role "nobody_${name}" does not exist`);
});

/**
 * A local stand-in for a database server, for the failures the real one here cannot show: its
 * pg_hba.conf trusts every connection from 127.0.0.1 (no password is ever asked), and a connection
 * that hangs needs a server that accepts and then says nothing.
 */
async function fakeDatabaseServer(behaviour: "silent" | "wrong-password"): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    if (behaviour === "silent") return;
    let step = 0;
    socket.on("data", () => {
      if (step++ === 0) {
        // Startup message received: ask for a cleartext password (AuthenticationCleartextPassword).
        const ask = Buffer.alloc(9);
        ask.write("R", 0);
        ask.writeInt32BE(8, 1);
        ask.writeInt32BE(3, 5);
        socket.write(ask);
        return;
      }
      // The password: refused as PostgreSQL refuses it (ErrorResponse, SQLSTATE 28P01).
      const fields = Buffer.concat(
        [["S", "FATAL"], ["V", "FATAL"], ["C", "28P01"], ["M", 'password authentication failed for user "fw_user"']]
          .map(([code, text]) => Buffer.from(`${code}${text}\0`, "utf8"))
          .concat([Buffer.from([0])]),
      );
      const head = Buffer.alloc(5);
      head.write("E", 0);
      head.writeInt32BE(fields.length + 4, 1);
      socket.end(Buffer.concat([head, fields]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `postgres://fw_user:not-the-password@127.0.0.1:${port}/funworld`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

test("a refused password and a server that never answers are named", async () => {
  const wrongPassword = await fakeDatabaseServer("wrong-password");
  try {
    await failsWith({ DATABASE_URL: wrongPassword.url }, 'DATABASE_URL: password authentication failed for user "fw_user"');
  } finally {
    await wrongPassword.close();
  }
  const silent = await fakeDatabaseServer("silent");
  try {
    // The pool gives up after its connection timeout (5 s) with one line, not a hang.
    await failsWith({ DATABASE_URL: silent.url }, /^DATABASE_URL: timeout connecting to the database server/);
  } finally {
    await silent.close();
  }
});

test("an unknown LOG_LEVEL and a MIGRATIONS_DIR without migrations: one line naming the variable", async () => {
  await failsWith({ LOG_LEVEL: "verbose" }, "  LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent");
  const empty = path.join(os.tmpdir(), `fw-no-migrations-${randomBytes(4).toString("hex")}`);
  await failsWith({ ...onPostgres(), MIGRATIONS_DIR: empty }, `MIGRATIONS_DIR: no migrations in ${empty} (meta/_journal.json missing)`);
});

test("a port in use: one line, exit 1", async () => {
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
  const port = (blocker.address() as net.AddressInfo).port;
  try {
    await failsWith({ ...onPostgres(), PORT: String(port) }, `PORT: ${port} is already in use on 127.0.0.1`);
  } finally {
    blocker.close();
  }
});

test("a HOST that is not this machine's, or not resolvable: one line, exit 1", async () => {
  await failsWith({ ...onPostgres(), HOST: "203.0.113.7" }, "HOST: 203.0.113.7 is not an address of this machine");
  await failsWith({ ...onPostgres(), HOST: "no-such-host.invalid" }, 'HOST: "no-such-host.invalid" cannot be resolved');
});

test("an unusable DATA_DIR: one line, exit 1", async () => {
  // A regular file where the directory should be: unwritable even for root.
  const file = path.join(os.tmpdir(), `fw-not-a-dir-${randomBytes(4).toString("hex")}`);
  writeFileSync(file, "");
  await failsWith({ DATA_DIR: path.join(file, "data") }, new RegExp(`^DATA_DIR: .*${path.basename(file)}.*ENOTDIR`));
});

test("several worker processes: refused on the embedded database; a worker failing at start stops the whole server", async () => {
  await failsWith(
    { WEB_CONCURRENCY: "2", DATABASE_URL: "" },
    "  WEB_CONCURRENCY: 2 processes need DATABASE_URL (PostgreSQL): the embedded database (PGlite in DATA_DIR) belongs to one process. Set DATABASE_URL, or WEB_CONCURRENCY=1",
  );
  // The worker's own line names the cause, once (one worker starts first); the primary does not restart it forever.
  const stderr = await failsWith({ WEB_CONCURRENCY: "2", DATABASE_URL: `postgres://postgres@127.0.0.1:1/x` }, "DATABASE_URL: connection refused at 127.0.0.1:1");
  expect(stderr.split("\n").filter((l) => l === "DATABASE_URL: connection refused at 127.0.0.1:1")).toHaveLength(1);
  // A number that is not one, and an empty one (the default), for the variable that picks the processes.
  await failsWith({ WEB_CONCURRENCY: "abc" }, '  WEB_CONCURRENCY: must be a whole number from 1 to 64 (got "abc")');
});

test("a DATA_DIR the system refuses to create (under /proc) and an unreachable database host: one line naming them, no hang", async () => {
  await failsWith({ DATA_DIR: "/proc/nope" }, "DATA_DIR: cannot write /proc/nope (ENOENT)");
  // 192.0.2.0/24 is TEST-NET-1, never routed: refused at once or, on other networks, the pool's
  // timeout; either way the line names the host.
  await failsWith({ DATABASE_URL: "postgres://postgres@192.0.2.1:5432/x" }, /^DATABASE_URL: (no answer from the database server at |timeout connecting to the database server at |connection refused at )192\.0\.2\.1:5432/);
});

test("production requires PUBLIC_URL with a scheme", async () => {
  const production = { NODE_ENV: "production" };
  await failsWith(production, "  PUBLIC_URL: is required when NODE_ENV=production (e.g. https://buchung.funworld.ch)");
  await failsWith({ ...production, PUBLIC_URL: "buchung.funworld.ch" }, "  PUBLIC_URL: must be an absolute http:// or https:// URL");
});

test("npm start stops when its own process gets SIGTERM or SIGINT", async () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    const env = baseEnv(onPostgres());
    const server = spawnServer(env, ["npm", "start", "--silent"]);
    const url = await listening(server, 120_000);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    server.child.kill(signal);
    expect(await server.exit).not.toBeNull();
    // The node process itself is gone: nothing answers on its port any more.
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    await stop(server);
    cleanUp(env);
  }
});
