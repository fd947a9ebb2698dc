import { describe, expect, it } from "vitest";
import { withLowPriorityModulePreloads } from "./module-preloads.server";

const through = (html: string) => withLowPriorityModulePreloads(Buffer.from(html, "utf8")).toString("utf8");

const html =
  '<p>Geburtstagsträume – Zürich</p><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/><script type="module">import "/assets/a.js"</script>';
const expected = html.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

describe("withLowPriorityModulePreloads", () => {
  it("asks for every module preload at low priority and changes nothing else (multi-byte text included)", () => {
    expect(through(html)).toBe(expected);
  });

  it("finds a preload at the very start and at the very end of the document", () => {
    const tag = '<link rel="modulepreload" href="/assets/a.js"/>';
    expect(through(`${tag}<p>x</p>${tag}`)).toBe(`${tag}<p>x</p>${tag}`.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"'));
  });

  it("returns a page without scripts as it is", () => {
    const page = Buffer.from("<html><body><h1>AGB</h1></body></html>");
    expect(withLowPriorityModulePreloads(page)).toBe(page);
  });
});
