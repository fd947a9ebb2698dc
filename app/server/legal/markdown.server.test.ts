import { describe, expect, it } from "vitest";
import { isSafeHref, renderMarkdown } from "./markdown.server";

const ALLOWED_TAGS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "em", "strong", "a", "br", "code", "pre", "blockquote", "hr"]);

/**
 * Every real tag in the output (escaped text like `&lt;script&gt;` is inert) must be an allowed
 * one, carry only href/title/start attributes, and an href must use a safe scheme.
 */
function assertInert(html: string) {
  for (const m of html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)([^>]*)>/g)) {
    const [, tag, attrs] = m;
    expect(ALLOWED_TAGS.has(tag!.toLowerCase()), `tag <${tag}>`).toBe(true);
    const names = [...attrs!.replace(/"[^"]*"/g, '""').matchAll(/([a-zA-Z-]+)=/g)].map((a) => a[1]!.toLowerCase());
    for (const n of names) expect(["href", "title", "start"], `attribute ${n}`).toContain(n);
    const href = /href="([^"]*)"/.exec(attrs!)?.[1];
    if (href !== undefined) expect(href).toMatch(/^(https?:|mailto:|tel:|\/(?!\/)|#|\?|[a-z0-9._-]+(\/|$))/i);
  }
  expect(html).not.toMatch(/<(script|iframe|style|img|svg)/i);
}

describe("renderMarkdown", () => {
  it("renders headings, paragraphs, lists, emphasis and safe links", () => {
    const html = renderMarkdown("## Titel\n\nText *kursiv* **fett**\n\n- eins\n- zwei\n\n[AGB](/agb) [Web](https://x.ch) [Mail](mailto:a@b.ch) [Tel](tel:+41445551234)");
    expect(html).toContain("<h2>Titel</h2>");
    expect(html).toContain("<em>kursiv</em>");
    expect(html).toContain("<strong>fett</strong>");
    expect(html).toContain("<li>eins</li>");
    expect(html).toContain('<a href="/agb">AGB</a>');
    expect(html).toContain('<a href="https://x.ch">Web</a>');
    expect(html).toContain('<a href="mailto:a@b.ch">Mail</a>');
    expect(html).toContain('<a href="tel:+41445551234">Tel</a>');
  });

  const hostile: [string, string][] = [
    ["script tag", "<script>alert(1)</script>"],
    ["script inline", "Hallo <script>alert(1)</script> Welt"],
    ["img onerror", '<img src=x onerror="alert(1)">'],
    ["markdown image", "![x](https://evil.example/x.png)"],
    ["markdown image js", "![x](javascript:alert(1))"],
    ["javascript link", "[x](javascript:alert(1))"],
    ["mixed case", "[x](JaVaScRiPt:alert(1))"],
    ["entity-encoded scheme", "[x](&#106;avascript:alert(1))"],
    ["hex entity scheme", "[x](&#x6A;&#x61;vascript:alert(1))"],
    ["percent-encoded scheme", "[x](%6Aavascript:alert(1))"],
    ["tab in scheme", "[x](<java\tscript:alert(1)>)"],
    ["data link", "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
    ["vbscript", "[x](vbscript:msgbox(1))"],
    ["reference link", "[x][r]\n\n[r]: javascript:alert(1)"],
    ["autolink", "<javascript:alert(1)>"],
    ["iframe", '<iframe src="https://evil.example"></iframe>'],
    ["style", "<style>body{display:none}</style>"],
    ["html block", '<div onclick="alert(1)">x</div>'],
    ["svg", '<svg onload="alert(1)"></svg>'],
    ["link title injection", '[x](https://a.ch "a\\" onmouseover=\\"alert(1)")'],
    ["nested markdown in html", '<a href="javascript:alert(1)">*x*</a>'],
    ["link inside link text", "[[x](javascript:alert(1))](https://a.ch)"],
    ["protocol-relative", "[x](//evil.example)"],
  ];
  for (const [name, input] of hostile) {
    it(`neutralises ${name}`, () => assertInert(renderMarkdown(input)));
  }

  it("shows raw HTML as text instead of dropping it silently", () => {
    expect(renderMarkdown("<b>x</b>")).toContain("&lt;b&gt;x&lt;/b&gt;");
  });

  it("keeps the text of a refused link but no anchor", () => {
    const html = renderMarkdown("[klick](javascript:alert(1))");
    expect(html).not.toContain("<a");
  });
});

describe("isSafeHref", () => {
  it("allows http, https, mailto, tel and relative paths", () => {
    for (const u of ["https://a.ch", "http://a.ch", "mailto:x@y.ch", "tel:+41", "/agb", "agb/3", "#top", "?v=1"]) expect(isSafeHref(u)).toBe(true);
  });
  it("refuses other schemes and protocol-relative URLs", () => {
    for (const u of ["javascript:x", "JAVASCRIPT:x", " javascript:x", "java\nscript:x", "data:x", "file:///etc", "//evil", "\\\\evil", "%6Aavascript:x", "%zz"])
      expect(isSafeHref(u)).toBe(false);
  });
});
