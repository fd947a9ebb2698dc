/**
 * A page waiting for the payment provider reloads itself without JavaScript (`<meta http-equiv=
 * refresh>` in the head). It backs off — 1, 2, 5, 10, 15, 30 s, then every 30 s — and stops after
 * about five minutes; then a «Status prüfen» button (a plain GET form) asks once more. The attempt
 * number lives in the URL (`versuch`), so nothing is stored for it.
 */
export const REFRESH_PARAM = "versuch";
const DELAYS_SECONDS = [1, 2, 5, 10, 15, 30] as const;
/** No automatic reload once this much time has been spent waiting. */
export const REFRESH_LIMIT_SECONDS = 300;

export function refreshDelaySeconds(attempt: number): number {
  return DELAYS_SECONDS[Math.min(attempt, DELAYS_SECONDS.length - 1)]!;
}

/** Seconds waited before the given attempt (0 for the first page). */
export function secondsWaitedBefore(attempt: number): number {
  let total = 0;
  for (let i = 0; i < attempt; i++) total += refreshDelaySeconds(i);
  return total;
}

/** The attempt after which the page stops reloading by itself. */
export const LAST_ATTEMPT = (() => {
  let attempt = 0;
  while (secondsWaitedBefore(attempt + 1) < REFRESH_LIMIT_SECONDS) attempt++;
  return attempt;
})();

export type StatusRefresh = {
  /** The meta refresh's content ("seconds;url=…"), or null when the page stops reloading. */
  content: string | null;
  /** Where «Status prüfen» goes: the same page at the last attempt (one look, no new series). */
  check: { action: string; fields: [string, string][] };
};

/** The attempt in a page's URL (0 when missing or not a small whole number). */
export function attemptOf(url: URL): number {
  const raw = url.searchParams.get(REFRESH_PARAM) ?? "";
  return /^\d{1,9}$/.test(raw) ? Math.min(Number(raw), LAST_ATTEMPT) : 0;
}

export function statusRefresh(href: string): StatusRefresh {
  const url = new URL(href, "http://x");
  const attempt = attemptOf(url);
  const at = (n: number) => {
    const next = new URL(url);
    next.searchParams.set(REFRESH_PARAM, String(n));
    return next;
  };
  const stop = at(LAST_ATTEMPT);
  return {
    content: attempt < LAST_ATTEMPT ? `${refreshDelaySeconds(attempt)};url=${at(attempt + 1).pathname}${at(attempt + 1).search}` : null,
    check: { action: stop.pathname, fields: [...stop.searchParams.entries()] },
  };
}
