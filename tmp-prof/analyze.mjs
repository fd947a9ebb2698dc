import fs from "node:fs";
const file = process.argv[2];
const p = JSON.parse(fs.readFileSync(file, "utf8"));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map();
const dt = p.timeDeltas; let total = 0;
const counts = new Map();
p.samples.forEach((id, i) => { const d = dt[i] ?? 0; counts.set(id, (counts.get(id) ?? 0) + d); total += d; });
const fileSelf = new Map(), fnSelf = new Map(), incl = new Map();
for (const [id, t] of counts) {
  const n = byId.get(id); const cf = n.callFrame;
  const f = (cf.url || "(native)").replace(/.*node_modules\//, "nm/").replace(/.*\/work\/main\//, "");
  const key = `${cf.functionName || "(anon)"} ${f}:${cf.lineNumber}`;
  fnSelf.set(key, (fnSelf.get(key) ?? 0) + t);
  const pkg = f.startsWith("nm/") ? f.split("/").slice(0, f.split("/")[1].startsWith("@") ? 3 : 2).join("/") : f;
  fileSelf.set(pkg, (fileSelf.get(pkg) ?? 0) + t);
  // inclusive per function name (count once per stack)
  const seen = new Set(); let cur = id;
  while (cur !== undefined) { const c = byId.get(cur).callFrame; const k = `${c.functionName || "(anon)"} ${(c.url||"").replace(/.*\/work\/main\//, "").replace(/.*node_modules\//,"nm/")}:${c.lineNumber}`; if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + t); } cur = parent.get(cur); }
}
const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${(v / 1000).toFixed(0).padStart(7)} ms ${(100 * v / total).toFixed(1).padStart(5)}%  ${k}`).join("\n");
console.log("total", (total / 1000).toFixed(0), "ms");
console.log("== self by package/file\n" + top(fileSelf, 25));
console.log("== self by function\n" + top(fnSelf, 25));
console.log("== inclusive\n" + top(incl, int(process.argv[3] ?? 60)));
function int(x){return Number(x)}
