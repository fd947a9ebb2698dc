/**
 * Starts the booking site: loads the server build and hands it to its own `startServer`
 * (app/server/serve.server.ts, exported through app/entry.server.tsx). This file imports nothing of
 * `app/`: routes, background work and the HTTP edge all come from the one build, so every server
 * module exists once per process (docs/architecture.md "Processes").
 *
 * Production runs the compiled copy, `node build/server.js` (`npm run build` compiles this file with
 * tsconfig.server.json); `npm run dev` runs this source through tsx and serves through Vite.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import type { ViteDevServer } from "vite";

type Runtime = {
  startServer: (options: { build: ServerBuild | (() => Promise<ServerBuild>); viteDevServer?: ViteDevServer }) => Promise<void>;
};

const runtimeOf = (build: ServerBuild) => build.entry.module as unknown as Runtime;

if (process.argv.includes("--dev")) {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  const build = () => viteDevServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
  await runtimeOf(await build()).startServer({ build, viteDevServer });
} else {
  const file = path.resolve("build/server/index.js");
  if (!existsSync(file)) {
    console.error(`No server build at ${file}: run \`npm run build\` first (and start from the project directory)`);
    process.exit(1);
  }
  const build = (await import(pathToFileURL(file).href)) as ServerBuild;
  await runtimeOf(build).startServer({ build });
}
