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

/** CPU jiffies: all CPUs busy/total, and those of this process' tree plus PostgreSQL's (the database under test). */
function snapshot(): Snapshot | null {
  const stat = read("/proc/stat");
  if (!stat) return null;
  const values = stat.split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((a, b) => a + b, 0);
  const busy = total - (values[3] ?? 0) - (values[4] ?? 0);
  const procs: { pid: number; ppid: number; comm: string; cpu: number }[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const line = read(`/proc/${entry}/stat`);
    if (!line) continue;
    const close = line.lastIndexOf(")");
    const comm = line.slice(line.indexOf("(") + 1, close);
    const fields = line.slice(close + 2).split(" ");
    // fields[0] = state, [1] = ppid, [11] = utime, [12] = stime
    procs.push({ pid: Number(entry), ppid: Number(fields[1]), comm, cpu: Number(fields[11]) + Number(fields[12]) });
  }
  const ours = new Set<number>([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of procs) {
      if (!ours.has(p.pid) && (ours.has(p.ppid) || p.comm === "postgres")) {
        ours.add(p.pid);
        grew = true;
      }
    }
  }
  return { busy, total, ours: procs.filter((p) => ours.has(p.pid)).reduce((a, p) => a + p.cpu, 0) };
}

/**
 * CPU time (user + system, ms; Linux clock ticks of 10 ms) of one process and its children (the
 * workers of a `WEB_CONCURRENCY` server are children of its primary), or of all PostgreSQL processes.
 */
export function cpuMs(which: number | "postgres"): number | null {
  if (!read("/proc/stat")) return null;
  const procs: { pid: number; ppid: number; comm: string; ticks: number }[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const line = read(`/proc/${entry}/stat`);
    if (!line) continue;
    const close = line.lastIndexOf(")");
    const fields = line.slice(close + 2).split(" ");
    procs.push({ pid: Number(entry), ppid: Number(fields[1]), comm: line.slice(line.indexOf("(") + 1, close), ticks: Number(fields[11]) + Number(fields[12]) });
  }
  if (which === "postgres") return procs.filter((p) => p.comm === "postgres").reduce((a, p) => a + p.ticks, 0) * 10;
  const tree = new Set<number>([which]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of procs) {
      if (!tree.has(p.pid) && tree.has(p.ppid)) {
        tree.add(p.pid);
        grew = true;
      }
    }
  }
  return procs.filter((p) => tree.has(p.pid)).reduce((a, p) => a + p.ticks, 0) * 10;
}

/** Starts measuring; `stop()` returns the percentage of all CPUs other processes used meanwhile (null off Linux). */
export function foreignCpuMeter(): { stop: () => number | null } {
  const a = snapshot();
  return {
    stop: () => {
      const b = snapshot();
      if (!a || !b || b.total <= a.total) return null;
      const foreign = b.busy - a.busy - (b.ours - a.ours);
      return Math.max(0, Math.round((100 * foreign) / (b.total - a.total)));
    },
  };
}

/** Starts measuring; `stop()` returns how busy all CPUs together were meanwhile, in % (null off Linux). */
export function machineBusyMeter(): { stop: () => number | null } {
  const a = snapshot();
  return {
    stop: () => {
      const b = snapshot();
      if (!a || !b || b.total <= a.total) return null;
      return Math.round((100 * (b.busy - a.busy)) / (b.total - a.total));
    },
  };
}

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
