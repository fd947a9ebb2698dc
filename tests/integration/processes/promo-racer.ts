/**
 * One of the processes of the promo code race (tests/integration/promo-codes.test.ts): books every
 * slot it is given at once with the same code against the shared PostgreSQL database and prints
 * each outcome as one JSON line.
 */
import { reserveGame } from "~/server/booking/games.server";
import { openDatabase } from "~/server/platform/db.server";
import { CONTACT } from "../fixtures";

type Slot = { locationId: number; date: string; startMin: number; email: string };

const [url, code, slotsJson] = process.argv.slice(2);
const slots = JSON.parse(slotsJson!) as Slot[];
const database = await openDatabase({ url: url! });
try {
  const outcomes = await Promise.all(
    slots.map((s) =>
      reserveGame(
        database.db,
        { locationId: s.locationId, gameType: 1, date: s.date, startMin: s.startMin, rounds: 1, players: 2, contact: { ...CONTACT, email: s.email }, couponCode: code },
        { holdMinutes: 15, channel: "phone", payAtVenue: true },
      ).then((r) => (r.ok ? "ok" : r.reason)),
    ),
  );
  process.stdout.write(`${JSON.stringify(outcomes)}\n`);
} finally {
  await database.close();
}
