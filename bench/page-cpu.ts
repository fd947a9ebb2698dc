/**
 * Server CPU per request of each page a family sees, read from /proc around an autocannon run of
 * the same GET (20 connections × 5 s, after 5 s not counted): `npx tsx bench/page-cpu.ts
 * [pglite|postgres]` after `npm run build`. Unlike the throughput table's req/s, which is measured
 * against a floor, this is each page's own cost: a faster or slower floor does not move it
 * (docs/performance.md, fifteenth pass). The drafts for /enter-data and the paid booking for
 * /payment/success are made by walking the flow without JavaScript first.
 *
 * Environment: PAGE_CPU_ONLY (one row by its name, e.g. `success`), BENCH_PORT (default 3400),
 * BENCH_DATABASE_URL / TEST_DATABASE_URL (PostgreSQL admin connection, as the bench).
 */
import autocannon from "autocannon";
import { countsFor, draftCookies, futureWeekday } from "./lib/flow";
import { cpuMs } from "./lib/machine";
import { createPgDatabase } from "./lib/postgres";
import { removeDir, startServer, tempDataDir } from "./lib/server";

const kind = process.argv[2] === "postgres" ? "postgres" : "pglite";
const only = process.env.PAGE_CPU_ONLY;
const database = kind === "postgres" ? await createPgDatabase() : undefined;
const dataDir = tempDataDir("page-cpu");
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3400), dataDir, databaseUrl: database?.url });

function load(path: string, cookie?: string): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url: server.url + path, connections: 20, duration: 5, headers: cookie ? { Cookie: cookie } : {} }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

try {
  const date = futureWeekday(6, 14);
  const counts = countsFor(7);
  const cookies = await draftCookies(server.url, { date, counts });
  const query = `date=${date}&numChildren=${counts.numChildren}&numActiveAdults=${counts.numActiveAdults}&numAccompanyingAdults=${counts.numAccompanyingAdults}`;
  const pages: { name: string; path: string; cookie?: string }[] = [
    { name: "empty", path: "/bench/empty" },
    { name: "floor", path: "/bench/ssr-hydrated" },
    { name: "offers", path: "/offers" },
    { name: "find-slot", path: `/find-slot?${query}`, cookie: cookies.findSlot },
    { name: "enter-data", path: "/enter-data", cookie: cookies.enterData },
    { name: "success", path: cookies.successPath, cookie: cookies.paid },
  ];
  console.info(`${kind}, one process: server CPU per request (20 connections × 5 s each, after 5 s not counted)`);
  for (const page of pages.filter((p) => !only || p.name === only)) {
    await load(page.path, page.cookie);
    const before = cpuMs(server.pid) ?? 0;
    const result = await load(page.path, page.cookie);
    const perRequest = ((cpuMs(server.pid) ?? 0) - before) / result.requests.total;
    const failed = result.non2xx + result.errors;
    console.info(`  ${page.name.padEnd(12)} ${perRequest.toFixed(3)} ms  (${Math.round(result.requests.average)} req/s${failed ? `, ${failed} failed` : ""})`);
  }
} finally {
  await server.stop();
  removeDir(dataDir);
  await database?.drop();
}
