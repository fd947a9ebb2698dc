import { describe, expect, it, vi } from "vitest";
import type { AppLoadContext, EntryContext } from "@remix-run/node";

/*
 * React 18.3.1's streaming renderer hands on its whole 2 KB buffer, unfilled zero tail included,
 * when a multi-byte UTF-8 character does not fit at its end (react#24985, #31134). The document sink
 * in entry.server.tsx must keep only the bytes React wrote. The page here is the app's own
 * `handleRequest` with Remix's component replaced by one that renders the texts under test.
 */
const page = vi.hoisted(() => ({ text: "", items: [] as string[] }));

vi.mock("@remix-run/react", async (original) => {
  const actual = await original<typeof import("@remix-run/react")>();
  const { createElement: h } = await import("react");
  return {
    ...actual,
    RemixServer: () =>
      h("html", { lang: "de" }, h("head", null, h("title", null, "Test")), h("body", null, h("main", null, h("p", null, page.text), h("ul", null, ...page.items.map((item, i) => h("li", { key: i }, item))), h("input", { defaultValue: Array.from(page.text).slice(0, 600).join("") })))),
  };
});

const { default: handleRequest } = await import("~/entry.server");

async function render(text: string, userAgent = "Mozilla/5.0"): Promise<Buffer> {
  page.text = text;
  // Short texts, as a page is made of (offer names, labels, a typed name): React copies these into
  // its 2 KB buffer one by one; a long one (over 682 characters) is encoded on its own.
  page.items = Array.from({ length: 120 }, (_, i) => `${"·".repeat(i % 3)}${Array.from(text).slice(i % 7, (i % 7) + 20 + (text.length % 13)).join("")}`);
  const request = new Request("http://shop.test/offers", { headers: { "user-agent": userAgent } });
  const context = { isSpaMode: false } as unknown as EntryContext;
  const response = await handleRequest(request, 200, new Headers(), context, { cspNonce: "" } as unknown as AppLoadContext);
  return Buffer.from(await response.arrayBuffer());
}

/** Texts whose multi-byte characters fall on every byte position around React's 2,048-byte chunks. */
function texts(): string[] {
  const pieces = ["é", "ä", "·", "ü", "à discrétion", "🎉", "Getränke à discrétion · Kinder 🎂 "];
  const out: string[] = [];
  for (const piece of pieces) {
    for (let length = 1_900; length <= 2_200; length += 1) out.push("a".repeat(length % 97) + Array.from(piece.repeat(length)).slice(0, length).join(""));
    for (const around of [4_096, 6_144]) for (let d = -8; d <= 8; d++) out.push("x".repeat(around + d - 300) + piece);
  }
  return out;
}

describe("documents keep their text intact (React's 2 KB chunks)", () => {
  it("no NUL byte and no U+FFFD in any page, for texts of many lengths with umlauts, accents and emoji", async () => {
    const broken: string[] = [];
    for (const text of texts()) {
      const html = await render(text);
      const decoded = new TextDecoder("utf-8", { fatal: false }).decode(html);
      if (html.includes(0) || decoded.includes("\uFFFD")) broken.push(`${text.length}: ${JSON.stringify(text.slice(-12))}`);
      else expect(decoded).toContain(Array.from(text).slice(0, 600).join("").replace(/&/g, "&amp;"));
    }
    expect({ count: broken.length, first: broken.slice(0, 3) }).toEqual({ count: 0, first: [] });
  });

  it("the same for a bot, which gets the whole document at once", async () => {
    for (const text of texts().slice(0, 200)) {
      const html = await render(text, "Googlebot/2.1");
      expect(html.includes(0)).toBe(false);
    }
  });
});
