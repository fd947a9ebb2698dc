import type { RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";

/** Headers express-static-gzip sets for a compressed file before serve-static has found it. */
const PRESET_HEADERS = ["Content-Encoding", "Content-Type", "Vary"] as const;

/**
 * Fingerprinted scripts and stylesheets, compressed at build time (scripts/precompress.ts): brotli or
 * gzip as the browser accepts, sent as they are, cached for a year.
 *
 * express-static-gzip indexes the folder at start and, for a file it knows, sets the compressed
 * variant's `Content-Encoding` and `Content-Type` and rewrites the URL before serve-static looks for
 * it. When that file is gone (a new build deployed under a running server, and a browser still on a
 * page of the old one asks for an old chunk), serve-static passes the request on with those headers
 * still set: the 404 page would go out marked as brotli, and Express refuses the page's own second
 * `Content-Type` (an array), which made it a 500. The headers and the URL are taken back first.
 */
export function precompressedAssets(dir: string): RequestHandler {
  const serve = expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    serveStatic: { immutable: true, maxAge: "1y" },
  });
  return (req, res, next) => {
    const url = req.url;
    serve(req, res, (error?: unknown) => {
      if (!res.headersSent) for (const name of PRESET_HEADERS) res.removeHeader(name);
      req.url = url;
      next(error);
    });
  };
}
