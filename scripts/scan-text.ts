/**
 * `npm run db:scan-text`: lists stored text with U+FFFD or NUL (table, column, row id, an excerpt),
 * e.g. left by the NUL bytes React 18 put into pages (docs/decisions.md). Changes nothing; exit code
 * 1 when something was found, 0 when the text is clean.
 */
import { openDatabase } from "../app/server/platform/db.server";
import { getEnv } from "../app/server/platform/env.server";
import { scanStoredText } from "../app/server/platform/text-scan.server";

const env = getEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR }).catch((error: Error) => {
  console.error(error.message);
  process.exit(2);
});
try {
  const found = await scanStoredText(database.db);
  for (const f of found) console.info(`${f.table}.${f.column} row ${f.rowId}: ${f.problem} in ${JSON.stringify(f.excerpt)}`);
  console.info(found.length === 0 ? "No damaged text found." : `${found.length} damaged value(s) found; nothing was changed.`);
  process.exitCode = found.length === 0 ? 0 : 1;
} finally {
  await database.close();
}
