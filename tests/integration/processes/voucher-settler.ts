/**
 * One of the processes of the gift voucher race (tests/integration/voucher-sale.test.ts): settles
 * every given payment at once through `confirmPayment` against the shared PostgreSQL database (the
 * simulated provider reads the same database) and prints how many it confirmed as one JSON line.
 */
import { openDatabase } from "~/server/platform/db.server";
import { confirmPayment } from "~/server/payments/payments.server";
import { createSimulatedProvider } from "~/server/payments/providers/simulated.server";

const [url, idsJson] = process.argv.slice(2);
const ids = JSON.parse(idsJson!) as string[];
const database = await openDatabase({ url: url! });
try {
  const provider = createSimulatedProvider({ db: async () => database.db, publicUrl: "http://127.0.0.1:9" });
  // Each payment twice from this process too: the webhook and the return of one family.
  const results = await Promise.all([...ids, ...ids].map((id) => confirmPayment(database.db, id, { provider })));
  process.stdout.write(`${JSON.stringify({ confirmed: results.filter((r) => r.confirmedNow).length })}\n`);
} finally {
  await database.close();
}
