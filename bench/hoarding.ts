/**
 * How many birthday tables of one Saturday unpaid holds can block through the JSON API alone
 * (reserve, rotating e-mail addresses, never paying): one client address with the anti-hoarding
 * limits off (as before they existed) and with the documented defaults; then 12 addresses with 3
 * holds each (the limit per address), from one /24 and from 12 networks, with the share cap of a
 * slot's tables off (HOLD_SHARE_PERCENT=100) and at its default (50 %). The server trusts
 * X-Forwarded-For from loopback (bench/lib/server.ts), which is how the addresses are rotated.
 *
 *   npx tsx bench/hoarding.ts [port]
 */
import { availableSlots, CONTACT, futureWeekday } from "./lib/flow";
import { removeDir, startServer, tempDataDir } from "./lib/server";

type Run = { label: string; held: number; refused429: number; requests: number; seconds: number; freeLeft: number; freeBefore: number; familyFree?: number };

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

/**
 * Many addresses, each taking up to 3 holds (its limit): every address walks the day's slots and
 * holds wherever the server lets it. Then a family from a network of its own tries each slot once
 * (holding nothing yet): how many slots it could still hold online.
 */
async function manyAddresses(label: string, port: number, env: Record<string, string>, addressOf: (i: number) => string): Promise<Run> {
  const dataDir = tempDataDir("hoarding");
  const server = await startServer({ port, dataDir, env: { HOLD_LIMIT_PER_CLIENT: "3", HOLD_LIMIT_PER_EMAIL: "2", ...env } });
  try {
    const date = futureWeekday(6, 14);
    const freeBefore = await freeSlots(server.url, date);
    let held = 0;
    let refused429 = 0;
    let requests = 0;
    const started = performance.now();
    const reserve = async (address: string, email: string, slot: { startTime: string; endTime: string }) => {
      requests++;
      const response = await fetch(`${server.url}/api/birthday/reserve`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
        body: JSON.stringify({
          reservationDate: date,
          selectedSlots: [{ startTime: slot.startTime, endTime: slot.endTime }],
          numChildren: 1,
          numActiveAdults: 0,
          numAccompanyingAdults: 0,
          selectedOffer: { offerId: 1 },
          ...CONTACT,
          email,
        }),
      });
      await response.arrayBuffer();
      if (response.status >= 500) throw new Error(`reserve answered ${response.status}: ${server.errorLines().slice(-5).join("\n")}`);
      return response.status;
    };
    for (let a = 0; a < 12; a++) {
      let mine = 0;
      for (const slot of await availableSlots(server.url, date, 1, 1)) {
        if (mine === 3) break;
        if (!slot.available) continue;
        const status = await reserve(addressOf(a), `hoarder${a}-${mine}@example.ch`, slot);
        if (status === 200) {
          held++;
          mine++;
        } else if (status === 429) refused429++;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const freeLeft = await freeSlots(server.url, date);
    // Families (each from a network of its own, holding nothing yet) try every slot once.
    let familyFree = 0;
    const slots = await availableSlots(server.url, date, 1, 1);
    for (const [i, slot] of slots.entries()) {
      if (slot.available && (await reserve(`198.18.${100 + i}.1`, `family${i}@example.ch`, slot)) === 200) familyFree++;
    }
    return { label, held, refused429, requests, seconds, freeLeft, freeBefore, familyFree };
  } finally {
    await server.stop();
    removeDir(dataDir);
  }
}

const port = Number(process.argv[2] ?? 3243);
const oneNetwork = (i: number) => `203.0.113.${10 + i}`;
const twelveNetworks = (i: number) => `198.51.${10 + i}.7`;
const runs = [
  await attack("limits off (as before)", port, { HOLD_LIMIT_PER_CLIENT: "1000000", HOLD_LIMIT_PER_EMAIL: "1000000" }),
  await attack("documented defaults (3 per address, 2 per e-mail)", port, { HOLD_LIMIT_PER_CLIENT: "3", HOLD_LIMIT_PER_EMAIL: "2" }),
  await manyAddresses("12 addresses of one /24, share cap off", port, { HOLD_SHARE_PERCENT: "100" }, oneNetwork),
  await manyAddresses("12 addresses of one /24, share cap 50 % (default)", port, { HOLD_SHARE_PERCENT: "50" }, oneNetwork),
  await manyAddresses("12 addresses in 12 networks, share cap off", port, { HOLD_SHARE_PERCENT: "100" }, twelveNetworks),
  await manyAddresses("12 addresses in 12 networks, share cap 50 % (default)", port, { HOLD_SHARE_PERCENT: "50" }, twelveNetworks),
];
for (const r of runs) {
  console.info(
    `${r.label}: ${r.held} holds in ${r.requests} reserve requests (${r.seconds.toFixed(1)} s), ` +
      `${r.refused429} refused with 429; slots with a free table for 1 person: ${r.freeBefore} before, ${r.freeLeft} after` +
      (r.familyFree === undefined ? "" : `; slots a new family could still hold: ${r.familyFree} of ${r.freeBefore}`),
  );
}
