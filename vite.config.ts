import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { precompressClientAssets } from "./scripts/precompress";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

// The Remix plugin must stay out of Vitest runs (remix-run/remix#9871).
const isVitest = Boolean(process.env.VITEST);

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: {
    rollupOptions: {
      output: {
        // The small modules every hydrated family page loads (root's header and footer, languages):
        // one file instead of eight, which gzip compresses together (issue #15's 95 kB budget). The
        // German messages are no longer among them: the family steps get their texts as loader data
        // (issue #33), and the few pages that still use them load them with their own code.
        manualChunks(id) {
          if (/\/app\/(components\/(Page|SiteFooter|OpeningHours|useVenueFacts|useVenueContact|useHydrated|useLanguage|Nonce)\.tsx?|domain\/(page-meta|money)\.ts|i18n\/locales\.ts)$/.test(id)) return "shell";
          return undefined;
        },
      },
    },
  },
  plugins: isVitest
    ? []
    : [
        remix({
          future: {
            v3_fetcherPersist: true,
            v3_relativeSplatPath: true,
            v3_throwAbortReason: true,
            v3_singleFetch: true,
            v3_lazyRouteDiscovery: true,
            v3_routeConfig: true,
          },
        }),
        precompressClientAssets(),
      ],
});
