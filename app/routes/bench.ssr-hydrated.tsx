import type { MetaFunction } from "@remix-run/node";
import { Page } from "~/components/Page";
import { pageMeta } from "~/domain/page-meta";

export const meta: MetaFunction = () => pageMeta("Benchmark", [{ name: "robots", content: "noindex" }]);
export const handle = { hydrate: true };

/**
 * Benchmark floor like /bench/ssr, but as a default Remix page renders: with the route manifest,
 * hydration data and module scripts. Interactive pages such as /find-slot carry that cost too, so
 * `npm run bench` compares them against both floors.
 */
export default function BenchSsrHydrated() {
  return (
    <Page title="Benchmark">
      <p>Diese Seite dient nur der Leistungsmessung.</p>
    </Page>
  );
}
