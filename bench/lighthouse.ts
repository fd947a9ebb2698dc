/**
 * Lighthouse (mobile, its default form factor and simulated throttling) with the machine's Chromium,
 * one page after another in one browser. Pages that need the booking draft get its cookie through
 * `extraHeaders`. With several runs per page the median by performance score is kept.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, findChromium } from "../tests/setup/chromium";
import { fixed, mark, printTable } from "./lib/format";

export type LighthouseTarget = { path: string; label: string; cookie?: string };

export type LighthouseResult = {
  label: string;
  path: string;
  runs: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Audits that cost points (score < 1 and weight > 0), per category. */
  failing: Record<string, string[]>;
  warnings: string[];
};

export const LH_BUDGET = { performance: 0.98, accessibility: 1, bestPractices: 1, seo: 0.9, cls: 0 };

export function lighthousePass(r: LighthouseResult): boolean {
  return (
    r.performance >= LH_BUDGET.performance &&
    r.accessibility >= LH_BUDGET.accessibility &&
    r.bestPractices >= LH_BUDGET.bestPractices &&
    r.seo >= LH_BUDGET.seo &&
    r.cls <= LH_BUDGET.cls
  );
}

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

export async function chromiumVersion(): Promise<string> {
  const { execFile } = await import("node:child_process");
  return new Promise((resolve) =>
    execFile(findChromium(), ["--version"], (error, stdout) => resolve(error ? "unknown" : stdout.trim().split("\n").at(-1) ?? "unknown")),
  );
}

/** One Lighthouse run in a Chrome of its own (reusing one Chrome between runs fails with NO_NAVSTART here). */
async function auditOnce(url: string, cookie: string | undefined) {
  const chrome = await chromeLauncher.launch({ chromePath: findChromium(), chromeFlags: CHROMIUM_ARGS, logLevel: "error" });
  try {
    const outcome = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
    });
    if (!outcome) throw new Error("Lighthouse returned nothing");
    return outcome.lhr;
  } finally {
    chrome.kill();
  }
}

/**
 * `onTraceError: "skip"` (quick runs on a shared CI machine) leaves out a page whose trace keeps
 * failing instead of failing the whole run; a full run must measure every page, so it throws.
 */
export async function runLighthouse(
  base: string,
  targets: LighthouseTarget[],
  runsPerPage = 1,
  onTraceError: "throw" | "skip" = "throw",
): Promise<LighthouseResult[]> {
  const results: LighthouseResult[] = [];
  for (const target of targets) {
    const runs: LighthouseResult[] = [];
    for (let i = 0; i < runsPerPage; i++) {
      let lhr = await auditOnce(new URL(target.path, base).toString(), target.cookie);
      // Trace hiccups (NO_NAVSTART, NO_FCP …) happen now and then: retry twice before giving up.
      for (let retry = 0; lhr.runtimeError && retry < 2; retry++) {
        console.warn(`  Lighthouse ${target.label}: ${lhr.runtimeError.code}, retrying`);
        lhr = await auditOnce(new URL(target.path, base).toString(), target.cookie);
      }
      if (lhr.runtimeError) {
        const message = `Lighthouse ${target.label}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
        if (onTraceError === "throw") throw new Error(message);
        console.warn(`  ${message} (three times; page left out of this quick run)`);
        continue;
      }
      const failing: Record<string, string[]> = {};
      for (const id of CATEGORIES) {
        const category = lhr.categories[id];
        if (!category) continue;
        const lost = category.auditRefs
          .filter((ref) => ref.weight > 0)
          .map((ref) => lhr.audits[ref.id]!)
          .filter((a) => a.score !== null && a.score < 1)
          .map((a) => `${a.id} (${fixed((a.score ?? 0) * 100)}${a.displayValue ? `, ${a.displayValue}` : ""})`);
        if (lost.length) failing[id] = lost;
      }
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      runs.push({
        label: target.label,
        path: target.path,
        runs: runsPerPage,
        performance: lhr.categories.performance?.score ?? 0,
        accessibility: lhr.categories.accessibility?.score ?? 0,
        bestPractices: lhr.categories["best-practices"]?.score ?? 0,
        seo: lhr.categories.seo?.score ?? 0,
        lcpMs: numeric("largest-contentful-paint"),
        tbtMs: numeric("total-blocking-time"),
        cls: numeric("cumulative-layout-shift"),
        fcpMs: numeric("first-contentful-paint"),
        failing,
        warnings: lhr.runWarnings,
      });
    }
    if (runs.length === 0) continue;
    runs.sort((a, b) => a.performance - b.performance);
    results.push(runs[Math.floor(runs.length / 2)]!);
  }
  return results;
}

export function lighthouseRows(results: LighthouseResult[]) {
  const headers = ["page", "perf", "a11y", "best pr.", "SEO", "FCP ms", "LCP ms", "TBT ms", "CLS", "budget"];
  const rows = results.map((r) => [
    r.label,
    fixed(r.performance * 100),
    fixed(r.accessibility * 100),
    fixed(r.bestPractices * 100),
    fixed(r.seo * 100),
    fixed(r.fcpMs),
    fixed(r.lcpMs),
    fixed(r.tbtMs),
    fixed(r.cls, 3),
    mark(lighthousePass(r)),
  ]);
  return { headers, rows };
}

export function lighthouseNotes(results: LighthouseResult[]): string[] {
  const notes: string[] = [];
  for (const r of results) {
    for (const [category, audits] of Object.entries(r.failing)) notes.push(`${r.label} ${category}: ${audits.join("; ")}`);
  }
  return notes;
}

export function printLighthouse(results: LighthouseResult[], database: string) {
  const { headers, rows } = lighthouseRows(results);
  const runs = results[0]?.runs ?? 1;
  printTable(
    `Lighthouse mobile (scores × 100; median of ${runs} run${runs === 1 ? "" : "s"} per page; budget: perf ≥ 98, a11y 100, best pr. 100, SEO ≥ 90, CLS 0) [${database}]`,
    headers,
    rows,
    lighthouseNotes(results).map((n) => `points lost: ${n}`),
  );
}
