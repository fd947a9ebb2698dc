import { Browser, walkToEnterData, futureWeekday } from "/work/main/bench/lib/flow";
import { baseEnv, listening, spawnServer, stop } from "/work/main/tests/e2e/spawn-server";
const env = baseEnv({ NODE_ENV: "production", PUBLIC_URL: "http://127.0.0.1", DATABASE_URL: process.env.DB ?? "", TRUST_PROXY: "loopback", ALLOW_SIMULATED_PAYMENTS: "true", LOG_LEVEL: "warn" });
const server = spawnServer(env);
const base = await listening(server, 60000);
const b = new Browser(base);
await walkToEnterData(b, { date: futureWeekday(6, 80), counts: { numChildren: 4, numActiveAdults: 1, numAccompanyingAdults: 1 }, slot: "14:00" });
for (const path of ["/bench/empty", "/bench/ssr", "/bench/ssr-hydrated", "/enter-data", "/offers", "/healthz"]) {
  for (let i = 0; i < 30; i++) await (await b.request(path)).text();
  const t = performance.now();
  const n = 200;
  for (let i = 0; i < n; i++) await (await b.request(path)).text();
  console.log(path, ((performance.now() - t) / n).toFixed(2), "ms sequential");
}
await stop(server);
