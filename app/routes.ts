import type { RouteConfig, RouteConfigEntry } from "@remix-run/route-config";
import { flatRoutes } from "@remix-run/fs-routes";
import { UNPREFIXED_PATHS } from "./i18n/locales";

/**
 * Every family page also answers under a language prefix (`/fr/offers`, `/it`, `/en/buchung/…`)
 * through one optional segment, so each route module serves all four languages and the manifest
 * does not grow fourfold. Staff pages, JSON APIs, assets and the local test provider keep one URL.
 * The root loader answers 404 for a segment that is no language (`/xx/offers`, `/de/offers`).
 */
function withLanguageSegment(entry: RouteConfigEntry): RouteConfigEntry {
  // The home page (the root's index) becomes the page at `/` and `/fr`; other index routes have a path.
  if (entry.index && !entry.path) return { ...entry, index: undefined, path: ":lang?" };
  if (entry.path === undefined || UNPREFIXED_PATHS.test(entry.path)) return entry;
  return { ...entry, path: `:lang?/${entry.path}` };
}

export default flatRoutes().then((routes) => routes.map(withLanguageSegment)) satisfies RouteConfig;
