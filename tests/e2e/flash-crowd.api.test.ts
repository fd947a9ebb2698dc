import { expect, test } from "@playwright/test";
import { flashCrowd } from "../../bench/lib/crowd";
import { futureWeekday } from "../../bench/lib/flow";
import { baseEnv, listening, spawnServer, stop, type Spawned } from "./spawn-server";

/**
 * A flash crowd on the embedded database (robustness issue, §5; `npm run bench` measures 500
 * families): 150 families, each with its own address and browser, send the contact form for the same
 * Saturday slot at the same moment. PGlite runs on the server's own thread, so the event loop stalls
 * while it works; an earlier build answered most losers with a 500 from the aborted render. Every
 * answer must be a booking or the proper 409 "slot taken" page, and no render may be aborted.
 */

test.describe.configure({ timeout: 240_000 });

let server: Spawned | undefined;
test.afterAll(async () => {
  if (server) await stop(server);
});

test("150 simultaneous contact forms for one slot: each gets a booking or the 409 page, never a 5xx", async () => {
  server = spawnServer(
    baseEnv({
      DATABASE_URL: "",
      TRUST_PROXY: "loopback",
      // The crowd comes from 150 addresses with 150 e-mail addresses: the real limits stay in force.
      ALLOW_SIMULATED_PAYMENTS: "true",
    }),
  );
  const base = await listening(server, 60_000);
  const result = await flashCrowd(base, {
    families: 150,
    date: futureWeekday(6, 60),
    slot: "14:00",
    counts: { numChildren: 4, numActiveAdults: 1, numAccompanyingAdults: 1 },
  });
  expect(result.other, JSON.stringify(result)).toEqual({});
  expect(result.booked + result.taken).toBe(150);
  // The seeded venue has seven birthday tables; each can take one party at 14:00.
  expect(result.booked).toBeGreaterThan(0);
  expect(result.booked).toBeLessThanOrEqual(7);
  expect(server.stdout() + server.stderr()).not.toMatch(/render aborted/);
});
