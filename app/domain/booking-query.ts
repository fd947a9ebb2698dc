import { isIsoDate } from "./time";
import type { PartyCounts } from "./pricing";
import { counterMax, DEFAULT_PARTY_RULES, type PartyRules } from "./party-rules";

export const COUNTER_MIN = 0;
export const COUNTER_MAX = 10;

/**
 * Spec §9: counters 0–10 inclusive; anything else typed into the URL is clamped, not rejected.
 * `max`: the offer's bound where it differs from the spec's 10 (issue #28 §3, domain/party-rules).
 */
export function clampCount(value: unknown, max: number = COUNTER_MAX): number {
  const n = typeof value === "number" ? value : Number.parseInt(String(value ?? ""), 10);
  if (!Number.isFinite(n)) return 0;
  return Math.min(max, Math.max(COUNTER_MIN, Math.trunc(n)));
}

export const COUNT_PARAMS = ["numChildren", "numActiveAdults", "numAccompanyingAdults"] as const;

export function countsFrom(params: URLSearchParams | FormData, rules: PartyRules = DEFAULT_PARTY_RULES): PartyCounts {
  return {
    numChildren: clampCount(params.get("numChildren"), rules.maxChildren),
    numActiveAdults: clampCount(params.get("numActiveAdults"), rules.maxAdults),
    numAccompanyingAdults: clampCount(params.get("numAccompanyingAdults"), rules.maxAdults),
  };
}

export function dateFrom(value: FormDataEntryValue | string | null): string | null {
  return typeof value === "string" && isIsoDate(value) ? value : null;
}

/** A no-JavaScript counter button (`step=numChildren:+1`) applied to the counts it came with. */
export function applyStep(counts: PartyCounts, step: string | null, rules: PartyRules = DEFAULT_PARTY_RULES): PartyCounts {
  const m = /^(numChildren|numActiveAdults|numAccompanyingAdults):([+-]1)$/.exec(step ?? "");
  if (!m) return counts;
  const name = m[1] as keyof PartyCounts;
  return { ...counts, [name]: clampCount(counts[name] + Number(m[2]), counterMax(rules, name)) };
}
