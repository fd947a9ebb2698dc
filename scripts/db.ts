/** `npm run db:migrate` applies the committed migrations; `npm run db:seed` adds the venue's seed data where missing. */
import { openDatabase } from "../app/server/platform/db.server";
import { getEnv } from "../app/server/platform/env.server";
import { seed } from "../app/server/platform/seed.server";

const command = process.argv[2];
if (command !== "migrate" && command !== "seed") {
  console.error("usage: tsx scripts/db.ts migrate|seed");
  process.exit(2);
}
const env = getEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR }).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
try {
  if (command === "seed") await seed(database.db);
  console.info(command === "seed" ? "Seed data present." : "Migrations applied.");
} finally {
  await database.close();
}
