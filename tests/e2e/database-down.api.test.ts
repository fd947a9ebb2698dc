import { expect, test } from "@playwright/test";
import { addDays, venueNow } from "~/domain/time";
import { createScratchDatabase, runOnServer } from "../../scripts/scratch-postgres";
import { baseEnv, listening, spawnServer, stop, type Spawned } from "./spawn-server";

/**
 * The database goes away under a running server (dropped; PGlite cannot go away): pages answer 503
 * with the maintenance page, the JSON API 503 `{error}`, /readyz says so; when the database is back
 * (created again, empty) the server migrates it and serves again without a restart.
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** The database goes and comes back under the same name: statements of its own, not a scratch database's drop. */
const admin = (sql: string) => runOnServer(ADMIN_URL, sql);

test.describe.configure({ timeout: 120_000 });

test("503 while the database is gone, served again when it is back", async () => {
  const database = await createScratchDatabase(ADMIN_URL, "fw_down");
  const { name } = database;
  let server: Spawned | undefined;
  try {
    server = spawnServer(baseEnv({ DATABASE_URL: database.url, ADMIN_PASSWORD: "bootstrap-password-1" }));
    const base = await listening(server);
    // Each check asks for a day not asked before: a day's availability is cached between bookings.
    let day = 7;
    const api = () => `${base}/api/tables/available?date=${addDays(venueNow().date, day++)}&count=5&offerId=1`;
    const page = `${base}/admin/login`;
    expect((await fetch(api())).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    await admin(`drop database ${name} with (force)`);
    const down = await fetch(api());
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ error: "Wartungsarbeiten – bitte später erneut versuchen." });
    // A staff sign-in reads the accounts: a form post that cannot work without the database.
    const downPage = await fetch(`${base}/admin/login`, {
      method: "POST",
      headers: { Origin: base },
      body: new URLSearchParams({ email: "admin", password: "wrong-password" }),
      redirect: "manual",
    });
    expect(downPage.status).toBe(503);
    expect(await downPage.text()).toContain("Wartungsarbeiten – bitte später erneut versuchen.");
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ ready: false, database: "unreachable" });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    await admin(`create database ${name}`);
    // The first request after the return migrates and seeds the empty database; then all is served.
    await expect.poll(async () => (await fetch(api())).status, { timeout: 30_000 }).toBe(200);
    expect((await fetch(page)).status).toBe(200);
    expect(await (await fetch(`${base}/readyz`)).json()).toMatchObject({ ready: true, database: "ok" });
    // The database came back empty: the bootstrap account from ADMIN_PASSWORD exists again without a restart.
    const signIn = await fetch(`${base}/admin/login`, {
      method: "POST",
      headers: { Origin: base },
      body: new URLSearchParams({ email: "admin", password: "bootstrap-password-1" }),
      redirect: "manual",
    });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toMatch(/\/admin$/);
    // No stack trace and no driver message reached the log as a 500.
    expect(server.stdout()).not.toContain('"status":500');
  } finally {
    if (server) await stop(server);
    await database.drop();
  }
});
