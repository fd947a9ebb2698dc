import type { MetaFunction } from "@remix-run/node";
import { Page } from "~/components/Page";
import { pageMeta } from "~/domain/page-meta";

export const meta: MetaFunction = () => pageMeta("Benchmark", [{ name: "robots", content: "noindex" }]);

/**
 * Benchmark floor (see bench/ and docs/performance.md): a server-rendered page with no loader and no
 * JavaScript in the site's shared layout, so `npm run bench` can compare real pages against it in
 * the same run. Harmless in production: it shows one sentence.
 */
export default function BenchSsr() {
  return (
    <Page title="Benchmark">
      <p>Diese Seite dient nur der Leistungsmessung.</p>
    </Page>
  );
}
