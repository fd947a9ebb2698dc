import { expect, test } from "@playwright/test";
import { futureWeekday } from "./helpers";

// Scripts and stylesheets are compressed at build time (scripts/precompress.ts) and served by
// express-static-gzip: brotli when accepted, else gzip, else the file as it is — the same bytes.
test("assets are sent precompressed as the browser accepts, always the same file", async ({ request }) => {
  const html = await (await request.get(`/find-slot?offerId=1&date=${futureWeekday(6, 20)}`)).text();
  const assets = [...html.matchAll(/(?:href|from)\s*=?\s*"(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  expect(assets.some((a) => a.endsWith(".css"))).toBe(true);
  expect(assets.filter((a) => a.endsWith(".js")).length).toBeGreaterThan(5);
  // The enhancement chunks load after what the first paint needs (platform/module-preloads.server.ts).
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
  expect(preloads.length).toBeGreaterThan(5);
  for (const preload of preloads) expect(preload).toContain('fetchpriority="low"');
  for (const asset of new Set(assets)) {
    const plain = await request.get(asset, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.status(), asset).toBe(200);
    expect(plain.headers()["content-encoding"], asset).toBeUndefined();
    const body = await plain.body();
    for (const [accept, encoding] of [["gzip, deflate, br", "br"], ["gzip", "gzip"]] as const) {
      const response = await request.get(asset, { headers: { "Accept-Encoding": accept } });
      // A few tiny chunks would only grow: they go out as they are.
      const sent = response.headers()["content-encoding"];
      if (sent === undefined && body.length < 300) continue;
      expect(sent, `${asset} (${accept})`).toBe(encoding);
      expect(response.headers()["vary"], asset).toMatch(/Accept-Encoding/i);
      expect(response.headers()["cache-control"], asset).toContain("immutable");
      expect(response.headers()["content-type"], asset).toMatch(asset.endsWith(".css") ? /^text\/css/ : /javascript/);
      expect(Number(response.headers()["content-length"]), asset).toBeLessThan(body.length);
      // The request context decodes the body: it must be the very same file.
      expect((await response.body()).equals(body), `${asset} (${encoding})`).toBe(true);
    }
  }
  // Not a build file: still a 404, compressed or not.
  expect((await request.get("/assets/nothing-here.js", { headers: { "Accept-Encoding": "br" } })).status()).toBe(404);
});

// The app's own answers are compressed whole, in one call (platform/http.server.ts encodeWhole).
test("pages and JSON are compressed whole as the browser accepts, small answers not at all", async ({ request }) => {
  // Equal preferences follow the client's order (Express's negotiation): Chrome's "gzip, deflate, br" gets gzip.
  for (const [accept, encoding] of [["br", "br"], ["gzip, deflate, br", "gzip"], ["identity", undefined]] as const) {
    const page = await request.get("/offers", { headers: { "Accept-Encoding": accept } });
    expect(page.status()).toBe(200);
    expect(page.headers()["content-encoding"], accept).toBe(encoding);
    expect(page.headers()["vary"], accept).toMatch(/Accept-Encoding/i);
    // Whole, with its length (no chunked stream), and decoded it is the page.
    expect(page.headers()["transfer-encoding"], accept).toBeUndefined();
    expect(Number(page.headers()["content-length"]), accept).toBeGreaterThan(500);
    expect(await page.text(), accept).toContain("Geburtstag Classic");
  }
  const offers = await request.get("/api/offers", { headers: { "Accept-Encoding": "gzip" } });
  const json = await offers.body();
  expect(offers.headers()["content-encoding"]).toBe(json.length >= 1024 ? "gzip" : undefined);
  expect(JSON.parse(json.toString("utf8"))).toEqual(expect.any(Array));
  // Under 1 kB: sent as it is.
  const small = await request.get("/healthz", { headers: { "Accept-Encoding": "gzip" } });
  expect(small.headers()["content-encoding"]).toBeUndefined();
});
