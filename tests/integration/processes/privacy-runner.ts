/**
 * One of the processes of the privacy job race (tests/integration/guests.test.ts): runs the daily
 * job for the given instant against the shared PostgreSQL database and prints whether this
 * process did the day, and its counts, as one JSON line.
 */
import { openDatabase } from "~/server/platform/db.server";
import { runPrivacyJob } from "~/server/privacy/privacy.server";

const [url, at] = process.argv.slice(2);
const database = await openDatabase({ url: url! });
try {
  const now = new Date(at!);
  // Three runs at once from this process as well: timers, a restart, an hourly tick.
  const results = await Promise.all([runPrivacyJob(database.db, now), runPrivacyJob(database.db, now), runPrivacyJob(database.db, now)]);
  const ran = results.filter((r) => r.ran);
  process.stdout.write(`${JSON.stringify({ ran: ran.length, guestsDeleted: ran.reduce((n, r) => n + r.guestsDeleted, 0) })}\n`);
} finally {
  await database.close();
}
