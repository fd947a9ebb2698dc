/**
 * Server CPU per losing family of a flash crowd (`npx tsx bench/crowd-cpu.ts [pglite|postgres]` after
 * `npm run build`): N families walk to the contact form for one slot, then all send it at once; the
 * server's CPU (from /proc) is read around the submit only, so the walk is not counted. With
 * BENCH_SERVER_NODE_ARGS="--cpu-prof …" the server is profiled; the submit starts after a 3 s pause.
 *
 * Environment: CROWD_N (families, default 300), BENCH_PORT (default 3400), BENCH_DATABASE_URL.
 */
import { flashCrowd } from "./lib/crowd";
import { futureWeekday } from "./lib/flow";
import { cpuMs as processCpuMs } from "./lib/machine";
import { createPgDatabase } from "./lib/postgres";
import { removeDir, startServer, tempDataDir } from "./lib/server";

/** The server's CPU in ms (this tool runs on Linux only: it reads /proc). */
const cpuMs = (pid: number): number => processCpuMs(pid) ?? 0;

const kind = process.argv[2] === "postgres" ? "postgres" : "pglite";
const families = Number(process.env.CROWD_N ?? 300);
const database = kind === "postgres" ? await createPgDatabase() : undefined;
const databaseUrl = database?.url;
const dataDir = tempDataDir("crowd-cpu");
const spawned = performance.now();
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3400), dataDir, databaseUrl, env: { LOG_LEVEL: "info" } });
try {
  let submitCpu = 0;
  let submitAt = 0;
  const result = await flashCrowd(server.url, {
    families,
    date: futureWeekday(6, 200),
    slot: "14:00",
    counts: { numChildren: 4, numActiveAdults: 1, numAccompanyingAdults: 1 },
    beforeSubmit: async () => {
      await new Promise((r) => setTimeout(r, 3000));
      submitAt = performance.now() - spawned;
      submitCpu = cpuMs(server.pid);
    },
  });
  const cpu = cpuMs(server.pid) - submitCpu;
  console.info(`${kind}: ${result.booked} booked, ${result.taken} × 409, other ${JSON.stringify(result.other)}; p50 ${result.p50Ms.toFixed(0)} ms, p99 ${result.p99Ms.toFixed(0)} ms`);
  console.info(`server CPU for the submit: ${cpu} ms = ${(cpu / families).toFixed(1)} ms per family; submit began ${(submitAt / 1000).toFixed(1)} s after spawn`);
} finally {
  await server.stop();
  removeDir(dataDir);
  await database?.drop();
}
