/**
 * What the machine is doing besides the benchmark. This bench runs on shared 2-core machines where
 * other sessions' test runs can take most of the CPU; such numbers are worthless, so every section
 * records how much CPU other processes used before and while it ran.
 */
import { readdirSync, readFileSync } from "node:fs";

type Snapshot = { busy: number; total: number; ours: number };

function read(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

type Process = { pid: number; ppid: number; comm: string; ticks: number };

/** Every process with its parent and CPU ticks (user + system), from /proc. */
function processes(): Process[] {
  const procs: Process[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const line = read(`/proc/${entry}/stat`);
    if (!line) continue;
    const close = line.lastIndexOf(")");
    const fields = line.slice(close + 2).split(" ");
    // fields[0] = state, [1] = ppid, [11] = utime, [12] = stime
    procs.push({ pid: Number(entry), ppid: Number(fields[1]), comm: line.slice(line.indexOf("(") + 1, close), ticks: Number(fields[11]) + Number(fields[12]) });
  }
  return procs;
}

/** CPU ticks of `root`, its descendants and every process `alsoIf` accepts. */
function ticksOfTree(procs: Process[], root: number, alsoIf: (p: Process) => boolean = () => false): number {
  const tree = new Set<number>([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of procs) {
      if (!tree.has(p.pid) && (tree.has(p.ppid) || alsoIf(p))) {
        tree.add(p.pid);
        grew = true;
      }
    }
  }
  return procs.filter((p) => tree.has(p.pid)).reduce((a, p) => a + p.ticks, 0);
}

/** CPU jiffies: all CPUs busy/total, and those of this process' tree plus PostgreSQL's (the database under test). */
function snapshot(): Snapshot | null {
  const stat = read("/proc/stat");
  if (!stat) return null;
  const values = stat.split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((a, b) => a + b, 0);
  const busy = total - (values[3] ?? 0) - (values[4] ?? 0);
  return { busy, total, ours: ticksOfTree(processes(), process.pid, (p) => p.comm === "postgres") };
}

/**
 * CPU time (user + system, ms; Linux clock ticks of 10 ms) of one process and its children (the
 * workers of a `WEB_CONCURRENCY` server are children of its primary), or of all PostgreSQL processes.
 */
export function cpuMs(which: number | "postgres"): number | null {
  if (!read("/proc/stat")) return null;
  const procs = processes();
  if (which === "postgres") return procs.filter((p) => p.comm === "postgres").reduce((a, p) => a + p.ticks, 0) * 10;
  return ticksOfTree(procs, which) * 10;
}

/** Starts measuring; `stop()` returns `busy(before, after)` as a percentage of all CPUs' time meanwhile (null off Linux). */
function meter(busy: (a: Snapshot, b: Snapshot) => number): { stop: () => number | null } {
  const a = snapshot();
  return {
    stop: () => {
      const b = snapshot();
      if (!a || !b || b.total <= a.total) return null;
      return Math.max(0, Math.round((100 * busy(a, b)) / (b.total - a.total)));
    },
  };
}

/** The share of all CPUs other processes (not this bench, its servers or PostgreSQL) used. */
export const foreignCpuMeter = () => meter((a, b) => b.busy - a.busy - (b.ours - a.ours));

/** How busy all CPUs together were (bench clients, servers, PostgreSQL and the rest). */
export const machineBusyMeter = () => meter((a, b) => b.busy - a.busy);

export async function foreignCpuPercent(ms = 1500): Promise<number | null> {
  const meter = foreignCpuMeter();
  await new Promise((r) => setTimeout(r, ms));
  return meter.stop();
}

/**
 * Waits (up to `maxWaitS`) until other processes use at most `threshold` % of the CPUs; returns the
 * last reading and how long it waited.
 */
export async function waitForQuiet(threshold: number, maxWaitS: number): Promise<{ foreignPercent: number | null; waitedS: number }> {
  const start = Date.now();
  for (;;) {
    const foreignPercent = await foreignCpuPercent();
    const waitedS = Math.round((Date.now() - start) / 1000);
    if (foreignPercent === null || foreignPercent <= threshold || waitedS >= maxWaitS) return { foreignPercent, waitedS };
    await new Promise((r) => setTimeout(r, 3500));
  }
}
