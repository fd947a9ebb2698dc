import { Browser, CONTACT, walkToEnterData, futureWeekday } from "/work/main/bench/lib/flow";
import { baseEnv, listening, spawnServer, stop } from "/work/main/tests/e2e/spawn-server";
const env = baseEnv({ NODE_ENV: "production", PUBLIC_URL: "http://127.0.0.1", DATABASE_URL: "", TRUST_PROXY: "loopback", QLOG: "1", ALLOW_SIMULATED_PAYMENTS: "true", LOG_LEVEL: "info" });
const server = spawnServer(env);
const base = await listening(server, 60000);
const date = futureWeekday(6, 80);
const mark = (s: string) => console.log("---- " + s + " at " + server.stdout().length);
const out: string[] = [];
const bs = [];
for (let i = 0; i < 9; i++) {
  const b = new Browser(base, { "X-Forwarded-For": `10.0.0.${i}` });
  await walkToEnterData(b, { date, counts: { numChildren: 4, numActiveAdults: 1, numAccompanyingAdults: 1 }, slot: "14:00" });
  bs.push(b);
}
for (let i = 0; i < 9; i++) {
  const b = bs[i];
  const before = server.stdout().length;
  const email = `x${i}@example.ch`;
  const r = await b.request("/enter-data", { form: { intent: "book", ...CONTACT, email, emailRepeat: email, message: "", couponCode: "", paymentMethod: "online", terms: "on" } });
  await r.text();
  out.push(`#${i} status ${r.status}\n` + server.stdout().slice(before));
}
console.log(out.slice(-2).join("\n"));
await stop(server);
