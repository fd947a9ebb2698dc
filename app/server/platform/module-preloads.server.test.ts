import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./module-preloads.server";

async function through(chunks: string[]): Promise<string> {
  const out: Buffer[] = [];
  const stream = Readable.from(chunks.map((c) => Buffer.from(c, "utf8"))).pipe(lowPriorityModulePreloads());
  for await (const chunk of stream) out.push(chunk as Buffer);
  return Buffer.concat(out).toString("utf8");
}

const html =
  '<p>Geburtstagsträume – Zürich</p><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/><script type="module">import "/assets/a.js"</script>';
const expected = html.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

describe("lowPriorityModulePreloads", () => {
  it("asks for every module preload at low priority and changes nothing else", async () => {
    expect(await through([html])).toBe(expected);
  });

  it("finds a tag and a multi-byte character split across chunks at every position", async () => {
    const bytes = Buffer.from(html, "utf8");
    for (let cut = 1; cut < bytes.length; cut++) {
      const out: Buffer[] = [];
      const stream = Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]).pipe(lowPriorityModulePreloads());
      for await (const chunk of stream) out.push(chunk as Buffer);
      expect(Buffer.concat(out).toString("utf8")).toBe(expected);
    }
  });

  it("passes a page without scripts through unchanged", async () => {
    expect(await through(["<html><body>", "<h1>AGB</h1></body></html>"])).toBe("<html><body><h1>AGB</h1></body></html>");
  });
});
