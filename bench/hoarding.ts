/**
 * How many birthday tables of one Saturday a single client address can block with unpaid holds,
 * through the JSON API alone (reserve, rotating e-mail addresses, never paying): once with the
 * anti-hoarding limits off (as before they existed) and once with the documented defaults.
 *
 *   npx tsx bench/hoarding.ts [port]
 */
import { availableSlots, CONTACT, futureWeekday } from "./lib/flow";
import { removeDir, startServer, tempDataDir } from "./lib/server";

type Run = { label: string; held: number; refused429: number; requests: number; seconds: number; freeLeft: number; freeBefore: number };

async function freeSlots(base: string, date: string): Promise<number> {
  return (await availableSlots(base, date, 1, 1)).filter((s) => s.available).length;
}

async function attack(label: string, port: number, env: Record<string, string>): Promise<Run> {
  const dataDir = tempDataDir("hoarding");
  const server = await startServer({ port, dataDir, env });
  try {
    const date = futureWeekday(6, 14);
    const freeBefore = await freeSlots(server.url, date);
    let held = 0;
    let refused429 = 0;
    let requests = 0;
    const started = performance.now();
    // Keep asking for the first free slot until none is left or the server refuses 10 times in a row.
    for (let i = 0; refused429 < 10; i++) {
      const slot = (await availableSlots(server.url, date, 1, 1)).find((s) => s.available);
      if (!slot) break;
      requests++;
      const response = await fetch(`${server.url}/api/birthday/reserve`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          reservationDate: date,
          selectedSlots: [{ startTime: slot.startTime, endTime: slot.endTime }],
          numChildren: 1,
          numActiveAdults: 0,
          numAccompanyingAdults: 0,
          selectedOffer: { offerId: 1 },
          ...CONTACT,
          email: `hoarder${i}@example.ch`,
        }),
      });
      await response.arrayBuffer();
      if (response.status === 200) held++;
      else if (response.status === 429) refused429++;
      else throw new Error(`reserve answered ${response.status}: ${server.errorLines().slice(-5).join("\n")}`);
    }
    const seconds = (performance.now() - started) / 1000;
    return { label, held, refused429, requests, seconds, freeLeft: await freeSlots(server.url, date), freeBefore };
  } finally {
    await server.stop();
    removeDir(dataDir);
  }
}

const port = Number(process.argv[2] ?? 3243);
const runs = [
  await attack("limits off (as before)", port, { HOLD_LIMIT_PER_CLIENT: "1000000", HOLD_LIMIT_PER_EMAIL: "1000000" }),
  await attack("documented defaults (3 per address, 2 per e-mail)", port, { HOLD_LIMIT_PER_CLIENT: "3", HOLD_LIMIT_PER_EMAIL: "2" }),
];
for (const r of runs) {
  console.info(
    `${r.label}: ${r.held} holds from one address in ${r.requests} reserve requests (${r.seconds.toFixed(1)} s), ` +
      `${r.refused429} refused with 429; slots with a free table for 1 person: ${r.freeBefore} before, ${r.freeLeft} after`,
  );
}
