/**
 * Benchmark floor (see bench/ and docs/performance.md): the cheapest resource route this server can
 * answer — no database, no session — so `npm run bench` can compare the real JSON API against it
 * in the same run. Harmless in production: it returns an empty list.
 */
export function loader() {
  return Response.json([], { headers: { "Cache-Control": "no-store" } });
}
