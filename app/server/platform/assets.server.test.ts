import express from "express";
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressedAssets } from "./assets.server";

describe("precompressedAssets", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "assets-"));
  const css = `body { color: #6b21a8; }\n${".a { margin: 0 }\n".repeat(100)}`;
  let base = "";
  let close = () => {};
  const seenByPages: string[] = [];

  beforeAll(async () => {
    writeFileSync(path.join(dir, "styles-abc.css"), css);
    writeFileSync(path.join(dir, "styles-abc.css.br"), brotliCompressSync(css));
    writeFileSync(path.join(dir, "styles-abc.css.gz"), gzipSync(css));
    const app = express();
    app.use("/assets", precompressedAssets(dir));
    // Stands for the app's page handler: it appends every header of its answer (http.server.ts sendResponse).
    app.use((req, res) => {
      seenByPages.push(req.url);
      res.status(404);
      res.append("Content-Type", "text/html; charset=utf-8");
      res.end("<p>Seite nicht gefunden</p>");
    });
    app.use((_error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(500).end("error");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => {
    close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends the brotli or gzip file as the browser accepts, with the stylesheet's type", async () => {
    for (const [accept, encoding] of [["gzip, deflate, br", "br"], ["gzip", "gzip"]] as const) {
      const response = await fetch(`${base}/assets/styles-abc.css`, { headers: { "Accept-Encoding": accept } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(response.headers.get("content-type")).toMatch(/^text\/css/);
      expect(response.headers.get("cache-control")).toContain("immutable");
      expect(await response.text()).toBe(css);
    }
  });

  it("answers a file removed after start (a newer build deployed) with the plain 404 page, not a 500 marked as brotli", async () => {
    for (const file of ["styles-abc.css", "styles-abc.css.br", "styles-abc.css.gz"]) unlinkSync(path.join(dir, file));
    for (const accept of ["gzip, deflate, br", "gzip", "identity"]) {
      const response = await fetch(`${base}/assets/styles-abc.css`, { headers: { "Accept-Encoding": accept } });
      expect(response.status, accept).toBe(404);
      expect(response.headers.get("content-encoding"), accept).toBeNull();
      expect(response.headers.get("content-type"), accept).toBe("text/html; charset=utf-8");
      expect(await response.text(), accept).toBe("<p>Seite nicht gefunden</p>");
    }
    // The page handler sees the path that was asked for, not the compressed file's.
    expect(new Set(seenByPages)).toEqual(new Set(["/assets/styles-abc.css"]));
  });
});
