import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** What a browser loads from `/assets`: worth compressing once, at the strongest settings. */
const COMPRESSIBLE = /\.(js|css|svg)$/;

/**
 * Writes `.gz` and `.br` beside every script and stylesheet of the client build, for
 * `express-static-gzip` in server.ts. Compressed once here, at the highest levels, instead of by
 * `compression` on every request: the framework chunk alone (~260 kB) cost a gzip run per first
 * visit, and files under its 1 kB threshold went out uncompressed (docs/performance.md).
 */
export function precompressClientAssets(): Plugin {
  return {
    name: "funworld-precompress-client-assets",
    apply: "build",
    async writeBundle(options, bundle) {
      // Remix builds the client and then the server with this config; only the client is served.
      if (!options.dir || path.basename(options.dir) !== "client") return;
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(options.dir!, name);
          const source = await readFile(file);
          const [gz, br] = await Promise.all([
            gzipAsync(source, { level: 9 }),
            brotliAsync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
          ]);
          // A variant larger than the file itself (a few tiny chunks) is not written: the file is sent as it is.
          await Promise.all([gz.length < source.length && writeFile(`${file}.gz`, gz), br.length < source.length && writeFile(`${file}.br`, br)]);
        }),
      );
    },
  };
}
