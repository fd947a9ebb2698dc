/** Plain-text tables for the console and Markdown tables for docs/performance.md. */

export type Cell = string | number | null | undefined;

function text(cell: Cell): string {
  if (cell === null || cell === undefined) return "–";
  return String(cell);
}

function isNumeric(cell: Cell): boolean {
  return typeof cell === "number" || (typeof cell === "string" && /^[-+]?[\d.,]+\s*(%|ms|kB|B|s|×)?$/.test(cell));
}

export function renderTable(title: string, headers: string[], rows: Cell[][]): string {
  const cells = rows.map((r) => r.map(text));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => (r[i] ?? "").length)));
  const line = (values: string[], raw?: Cell[]) =>
    values
      .map((v, i) => (raw && isNumeric(raw[i]) ? v.padStart(widths[i]!) : v.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  const out = [title, "=".repeat(Math.min(title.length, 100)), line(headers), widths.map((w) => "-".repeat(w)).join("  ")];
  cells.forEach((r, i) => out.push(line(r, rows[i])));
  return out.join("\n");
}

export function printTable(title: string, headers: string[], rows: Cell[][], notes: string[] = []) {
  console.info(`\n${renderTable(title, headers, rows)}`);
  for (const n of notes) console.info(`  ${n}`);
}

export function markdownTable(headers: string[], rows: Cell[][]): string {
  const esc = (c: Cell) => text(c).replace(/\|/g, "\\|");
  const align = headers.map((_, i) => (rows.length > 0 && rows.every((r) => isNumeric(r[i]) || r[i] === null || r[i] === undefined) ? "---:" : "---"));
  return [
    `| ${headers.map((h) => esc(h)).join(" | ")} |`,
    `| ${align.join(" | ")} |`,
    ...rows.map((r) => `| ${r.map(esc).join(" | ")} |`),
  ].join("\n");
}

/** Kilobytes (1 kB = 1000 bytes, as Vite reports them). */
export function kb(bytes: number): string {
  return (bytes / 1000).toFixed(1);
}

export function fixed(n: number | null | undefined, digits = 0): string {
  return n === null || n === undefined || Number.isNaN(n) ? "–" : n.toFixed(digits);
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

export function mark(pass: boolean | null): string {
  return pass === null ? "n/a" : pass ? "PASS" : "FAIL";
}
