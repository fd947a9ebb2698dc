/**
 * Page weight: the HTML of a page and the CSS and JavaScript a browser needs for its first load
 * (stylesheets, module scripts, module preloads, the Remix manifest's inline imports, and every
 * static import inside those modules), raw and as the server really sends them with
 * `Accept-Encoding: gzip` (its `compression` middleware).
 */
import http from "node:http";
import { gunzipSync } from "node:zlib";
import { fixed, kb, mark, printTable } from "./lib/format";

export type PageTarget = {
  /** Path (with query) as requested. */
  path: string;
  /** Short name in the tables, e.g. `/find-slot`. */
  label: string;
  cookie?: string;
  /** Interactive steps may ship JavaScript (budget: ≤ 95 kB gzip); the others must ship none. */
  interactive: boolean;
};

type Sizes = { raw: number; gzip: number; files: number };

export type PageWeight = {
  label: string;
  path: string;
  status: number;
  html: Sizes;
  css: Sizes;
  js: Sizes;
  /** Every JavaScript file of the first load, largest first. */
  jsFiles: { path: string; raw: number; gzip: number }[];
  jsBudgetGzip: number;
  pass: boolean;
};

/**
 * 95 kB = 95,000 bytes of gzip JavaScript on first load for interactive steps (issue #15 §3; it was
 * 100 kB before); none for the others. Browsers that accept brotli (every one over HTTPS) get less.
 */
export const JS_BUDGET_GZIP = 95_000;

type Fetched = { status: number; raw: number; gzip: number; body: Buffer };

function get(url: string, cookie?: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "Accept-Encoding": "gzip" };
    if (cookie) headers.Cookie = cookie;
    const request = http.get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (c: Buffer) => chunks.push(c));
      response.on("end", () => {
        const wire = Buffer.concat(chunks);
        const body = response.headers["content-encoding"] === "gzip" ? gunzipSync(wire) : wire;
        resolve({ status: response.statusCode ?? 0, raw: body.length, gzip: wire.length, body });
      });
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

function attr(tag: string, name: string): string | null {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3] ?? "") : null;
}

/** Module specifiers imported statically (not `import(…)`) by a script's source. */
export function staticImports(source: string): string[] {
  const found: string[] = [];
  const re = /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+)["']/g;
  for (let m = re.exec(source); m; m = re.exec(source)) found.push(m[1]!);
  return found;
}

/** What the HTML asks the browser to load: stylesheets and JavaScript modules. */
export function assetsOf(html: string): { css: string[]; js: string[] } {
  const css: string[] = [];
  const js: string[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attr(tag, "href");
    if (!href) continue;
    if (rel.includes("stylesheet")) css.push(href);
    if (rel.includes("modulepreload")) js.push(href);
  }
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const tag = `<script${m[1]}>`;
    const src = attr(tag, "src");
    if (src) js.push(src);
    else if ((attr(tag, "type") ?? "").toLowerCase() === "module") {
      // The Remix bootstrap imports the manifest and route modules statically and the client entry
      // with a top-level import("…"): all of them run on first load.
      const source = m[2] ?? "";
      js.push(...staticImports(source), ...[...source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((d) => d[1]!));
    }
  }
  return { css, js };
}

export async function measurePage(base: string, target: PageTarget): Promise<PageWeight> {
  const pageUrl = new URL(target.path, base).toString();
  const page = await get(pageUrl, target.cookie);
  const html = page.body.toString("utf8");
  const { css, js } = assetsOf(html);
  const sizes = { css: { raw: 0, gzip: 0, files: 0 }, js: { raw: 0, gzip: 0, files: 0 } };
  const seen = new Set<string>();
  const jsFiles: PageWeight["jsFiles"] = [];

  async function add(kind: "css" | "js", href: string, from: string) {
    const url = new URL(href, from);
    if (url.origin !== new URL(base).origin || seen.has(url.href)) return;
    seen.add(url.href);
    const asset = await get(url.href);
    if (asset.status !== 200) throw new Error(`${target.label}: ${url.pathname} answered ${asset.status}`);
    sizes[kind].raw += asset.raw;
    sizes[kind].gzip += asset.gzip;
    sizes[kind].files += 1;
    if (kind === "js") {
      jsFiles.push({ path: url.pathname, raw: asset.raw, gzip: asset.gzip });
      for (const dep of staticImports(asset.body.toString("utf8"))) {
        if (dep.startsWith(".") || dep.startsWith("/")) await add("js", dep, url.href);
      }
    }
  }
  for (const href of css) await add("css", href, pageUrl);
  for (const href of js) await add("js", href, pageUrl);

  const budget = target.interactive ? JS_BUDGET_GZIP : 0;
  return {
    label: target.label,
    path: target.path,
    status: page.status,
    html: { raw: page.raw, gzip: page.gzip, files: 1 },
    css: sizes.css,
    js: sizes.js,
    jsFiles: jsFiles.sort((a, b) => b.gzip - a.gzip),
    jsBudgetGzip: budget,
    pass: page.status === 200 && sizes.js.gzip <= budget,
  };
}

export async function measurePageWeights(base: string, targets: PageTarget[]): Promise<PageWeight[]> {
  const results: PageWeight[] = [];
  for (const t of targets) results.push(await measurePage(base, t));
  return results;
}

export function pageWeightRows(results: PageWeight[]) {
  const headers = ["page", "status", "HTML raw", "HTML gz", "CSS raw", "CSS gz", "JS files", "JS raw", "JS gz", "JS budget gz", "budget"];
  const rows = results.map((r) => [
    r.label,
    r.status,
    kb(r.html.raw),
    kb(r.html.gzip),
    kb(r.css.raw),
    kb(r.css.gzip),
    r.js.files,
    kb(r.js.raw),
    kb(r.js.gzip),
    r.jsBudgetGzip === 0 ? "0 (no JS)" : `≤ ${fixed(r.jsBudgetGzip / 1000)}`,
    mark(r.pass),
  ]);
  return { headers, rows };
}

export function printPageWeights(results: PageWeight[], database: string) {
  const { headers, rows } = pageWeightRows(results);
  printTable(`Page weight, first load (kB = 1000 bytes; gz = bytes the server sends with Accept-Encoding: gzip) [${database}]`, headers, rows);
}
