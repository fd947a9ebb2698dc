/**
 * Throughput and latency with autocannon on loopback. Each endpoint is measured beside its floor in
 * the same server and run: the JSON API beside an empty resource route (/bench/empty), pages beside
 * an SSR page without a loader, hydrated like any interactive page (/bench/ssr-hydrated) and
 * without scripts (/bench/ssr). The server runs in its own process; the load is generated here.
 */
import http from "node:http";
import autocannon from "autocannon";
import { fixed, mark, percentile, printTable } from "./lib/format";
import { foreignCpuMeter } from "./lib/machine";

export type LoadTarget = {
  name: string;
  path: string;
  cookie?: string;
  /** The floor this endpoint is compared with (another target's name); none for the floors themselves. */
  floor?: string;
  /** Lowest acceptable req/s as a fraction of the floor's. */
  minRatio?: number;
  /** Highest acceptable p99 latency. */
  maxP99Ms?: number;
  /**
   * Fixed request rate (req/s), evenly paced and open-loop, instead of as fast as possible: latency
   * below saturation. (autocannon's own rate limit sends each second's quota in a burst.)
   */
  rate?: number;
};

export type LoadResult = {
  name: string;
  path: string;
  floor: string | null;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** % of all CPUs other processes (not this bench, its server or PostgreSQL) used during the measurement. */
  foreignCpu: number | null;
  ratio: number | null;
  minRatio: number | null;
  maxP99Ms: number | null;
  pass: boolean | null;
};

export type LoadOptions = { connections: number; durationS: number; warmupS: number };

/** On a shared machine: measure again (after `waitQuiet`) when other processes used more than `threshold` % CPU. */
export type BusyGuard = { threshold: number; attempts: number; waitQuiet: () => Promise<unknown> };

type Measured = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};

async function hit(url: string, cookie: string | undefined, connections: number, durationS: number, rate?: number): Promise<Measured> {
  if (rate) return paced(url, cookie, connections, durationS, rate);
  return autocannon({ url, connections, duration: durationS, headers: cookie ? { Cookie: cookie } : {}, timeout: 10 });
}

/**
 * Open-loop load at an even rate over keep-alive connections (at most `connections`); latency is
 * counted from the moment a request was due, so a stalled server cannot hide its queue.
 */
async function paced(url: string, cookie: string | undefined, connections: number, durationS: number, rate: number): Promise<Measured> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const inFlight: Promise<void>[] = [];
  const start = performance.now();
  const total = Math.round(rate * durationS);
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(
      new Promise<void>((resolve) => {
        const request = http.get(url, { agent, headers: cookie ? { Cookie: cookie } : {}, timeout: 10_000 }, (response) => {
          response.resume();
          response.on("end", () => {
            if ((response.statusCode ?? 0) < 200 || (response.statusCode ?? 0) >= 300) non2xx++;
            latencies.push(performance.now() - due);
            resolve();
          });
        });
        request.on("error", () => {
          errors++;
          resolve();
        });
      }),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  const seconds = (performance.now() - start) / 1000;
  return {
    requests: { average: latencies.length / seconds, total: latencies.length },
    latency: { p50: percentile(latencies, 50), p99: percentile(latencies, 99) },
    non2xx,
    errors,
    timeouts: 0,
  };
}

export async function measureThroughput(base: string, targets: LoadTarget[], options: LoadOptions, guard?: BusyGuard): Promise<LoadResult[]> {
  const results: LoadResult[] = [];
  for (const t of targets) {
    const url = new URL(t.path, base).toString();
    // The first answer must be right, or the numbers measure an error page.
    const check = await fetch(url, { headers: t.cookie ? { Cookie: t.cookie } : {}, redirect: "manual" });
    await check.arrayBuffer();
    if (check.status !== 200) throw new Error(`${t.name}: GET ${t.path} answered ${check.status}, not 200`);
    let r: Measured;
    let foreignCpu: number | null;
    for (let attempt = 1; ; attempt++) {
      if (options.warmupS > 0) await hit(url, t.cookie, options.connections, options.warmupS, t.rate);
      const meter = foreignCpuMeter();
      r = await hit(url, t.cookie, options.connections, options.durationS, t.rate);
      foreignCpu = meter.stop();
      if (!guard || foreignCpu === null || foreignCpu <= guard.threshold || attempt >= guard.attempts) break;
      console.warn(`  ${t.name}: other processes used ${foreignCpu} % CPU meanwhile; measuring again when the machine is quiet`);
      await guard.waitQuiet();
    }
    const floor = t.floor ? results.find((x) => x.name === t.floor) : undefined;
    if (t.floor && !floor) throw new Error(`${t.name}: floor ${t.floor} must be measured first`);
    const ratio = floor ? r.requests.average / floor.reqPerSec : null;
    const checks: boolean[] = [];
    if (t.minRatio !== undefined && ratio !== null) checks.push(ratio >= t.minRatio);
    if (t.maxP99Ms !== undefined) checks.push(r.latency.p99 <= t.maxP99Ms);
    const clean = r.non2xx === 0 && r.errors === 0 && r.timeouts === 0;
    results.push({
      name: t.name,
      path: t.path,
      floor: t.floor ?? null,
      reqPerSec: r.requests.average,
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      requests: r.requests.total,
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
      foreignCpu,
      ratio,
      minRatio: t.minRatio ?? null,
      maxP99Ms: t.maxP99Ms ?? null,
      pass: checks.length ? checks.every(Boolean) && clean : clean ? null : false,
    });
  }
  return results;
}

export function throughputRows(results: LoadResult[]) {
  const headers = ["endpoint", "req/s", "p50 ms", "p99 ms", "non-2xx/err", "other CPU", "floor", "ratio", "budget", "result"];
  const rows = results.map((r) => {
    const budget = [r.minRatio !== null ? `≥ ${fixed(r.minRatio * 100)} %` : null, r.maxP99Ms !== null ? `p99 ≤ ${r.maxP99Ms} ms` : null]
      .filter(Boolean)
      .join(", ");
    return [
      r.name,
      fixed(r.reqPerSec),
      fixed(r.p50Ms),
      fixed(r.p99Ms),
      `${r.non2xx}/${r.errors + r.timeouts}`,
      r.foreignCpu === null ? "–" : `${r.foreignCpu} %`,
      r.floor ?? (r.name.startsWith("floor:") ? "(floor)" : "–"),
      r.ratio === null ? "–" : `${fixed(r.ratio * 100)} %`,
      budget || "–",
      mark(r.pass),
    ];
  });
  return { headers, rows };
}

export function printThroughput(results: LoadResult[], database: string, options: LoadOptions) {
  const { headers, rows } = throughputRows(results);
  printTable(
    `Throughput, autocannon ${options.connections} connections × ${options.durationS} s (after ${options.warmupS} s warm-up), loopback [${database}]`,
    headers,
    rows,
    ["other CPU = share of all CPUs used by processes other than this bench, its server and PostgreSQL while measuring"],
  );
}
