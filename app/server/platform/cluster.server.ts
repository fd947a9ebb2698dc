import cluster, { type Worker } from "node:cluster";

/** Set by the primary on workers it starts after the site was up (see `serve` in serve.server.ts). */
export const WORKER_RESTART_ENV = "FUN_WORLD_WORKER_RESTART";

/** Waits before starting a replacement for a worker that keeps ending soon after its start. */
const RESTART_DELAYS_MS = [0, 1_000, 2_000, 5_000, 10_000, 30_000];
/** A worker that ran this long counts as healthy: the next replacement starts at once again. */
const HEALTHY_AFTER_MS = 60_000;

/**
 * `WEB_CONCURRENCY=N`: the primary process forks N workers that share one port (node:cluster hands
 * each new connection to the next worker). The primary holds no database and serves nothing; it
 * keeps N workers running:
 * - at start one worker starts first; the others follow once it listens, so a start failure (bad
 *   configuration, database unreachable) is reported in one line, not once per worker, and stops the
 *   server with exit code 1;
 * - once the site was up, a worker that ends (crash, or a `SIGTERM` to that one worker: the rolling
 *   restart, see README) is replaced while the others go on serving; its replacement starts even
 *   when the database is away (it answers 503 until the database is back, `WORKER_RESTART_ENV`), and
 *   a worker that keeps ending soon after its start is replaced after a growing pause (1, 2, 5, 10,
 *   30 s) instead of in a tight loop;
 * - `SIGTERM`/`SIGINT` to the primary stop every worker gracefully (each finishes its requests).
 */
export function runPrimary(count: number, onMessage?: (worker: Worker, message: unknown) => void): void {
  let stopping = false;
  let exitCode = 0;
  let siteUp = false;
  let quickExits = 0;
  const listened = new WeakSet<Worker>();
  const startedAt = new WeakMap<Worker, number>();

  const fork = () => {
    if (stopping) return;
    const worker = cluster.fork(siteUp ? { [WORKER_RESTART_ENV]: "1" } : {});
    startedAt.set(worker, Date.now());
    worker.on("listening", () => {
      listened.add(worker);
      if (!siteUp) {
        siteUp = true;
        for (let i = 1; i < count; i++) fork();
      }
    });
    if (onMessage) worker.on("message", (message: unknown) => onMessage(worker, message));
  };

  cluster.on("exit", (worker, code, signal) => {
    const alive = Object.values(cluster.workers ?? {}).filter(Boolean).length;
    if (stopping) {
      if (alive === 0) process.exit(exitCode);
      return;
    }
    // Before the site was ever up: configuration or database (the worker's own line named it).
    // A worker killed by a signal, even while starting, is simply replaced.
    if (!siteUp && !listened.has(worker) && signal === null && code !== 0) {
      console.error(`Worker ${worker.process.pid} failed at start (exit ${code}): stopping the server`);
      stopAll(1);
      return;
    }
    const ranMs = Date.now() - (startedAt.get(worker) ?? 0);
    quickExits = ranMs >= HEALTHY_AFTER_MS || (signal === null && code === 0) ? 0 : quickExits + 1;
    const delay = RESTART_DELAYS_MS[Math.min(quickExits, RESTART_DELAYS_MS.length - 1)]!;
    console.warn(`Worker ${worker.process.pid} ended (${signal ?? `exit ${code}`}): starting a new one${delay ? ` in ${delay / 1000} s` : ""}`);
    if (delay === 0) fork();
    else setTimeout(fork, delay);
  });

  let announced = 0;
  cluster.on("listening", () => {
    if (++announced === count) console.info(`Fun World booking site: ${count} worker processes (WEB_CONCURRENCY=${count})`);
  });

  function stopAll(code: number) {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker.process.kill("SIGTERM");
    // Workers force their own exit after 10 s; this is the backstop.
    setTimeout(() => process.exit(exitCode || 1), 15_000).unref();
  }

  process.on("SIGTERM", () => stopAll(0));
  process.on("SIGINT", () => stopAll(0));
  fork();
}
