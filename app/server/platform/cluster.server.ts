import cluster, { type Worker } from "node:cluster";

/**
 * `WEB_CONCURRENCY=N`: the primary process forks N workers that share one port (node:cluster hands
 * each new connection to the next worker). The primary holds no database and serves nothing; it
 * keeps N workers running:
 * - a worker that ends while the site runs (crash, or a `SIGTERM` to that one worker: the rolling
 *   restart, see README) is replaced at once; the others go on serving meanwhile;
 * - a worker that fails before it ever listened (bad configuration, database unreachable) stops
 *   the whole server with exit code 1: its own line already named the cause;
 * - `SIGTERM`/`SIGINT` to the primary stop every worker gracefully (each finishes its requests).
 */
export function runPrimary(count: number, onMessage?: (worker: Worker, message: unknown) => void): void {
  let stopping = false;
  let exitCode = 0;
  const listened = new WeakSet<Worker>();

  const fork = () => {
    const worker = cluster.fork();
    worker.on("listening", () => listened.add(worker));
    if (onMessage) worker.on("message", (message: unknown) => onMessage(worker, message));
  };

  cluster.on("exit", (worker, code, signal) => {
    const alive = Object.values(cluster.workers ?? {}).filter(Boolean).length;
    if (stopping) {
      if (alive === 0) process.exit(exitCode);
      return;
    }
    // Exit code 1 before listening: configuration or database (the worker's own line named it).
    // A worker killed by a signal, even while starting, is simply replaced.
    if (!listened.has(worker) && signal === null && code !== 0) {
      console.error(`Worker ${worker.process.pid} failed at start (exit ${signal ?? code}): stopping the server`);
      stopAll(1);
      return;
    }
    console.warn(`Worker ${worker.process.pid} ended (${signal ?? `exit ${code}`}): starting a new one`);
    fork();
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
  for (let i = 0; i < count; i++) fork();
}
