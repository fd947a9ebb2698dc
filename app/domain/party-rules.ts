import type { PartyCounts } from "./pricing";

/**
 * Party rules per offer (issue #28 §3): how many children an offer takes and how many adults per
 * group. The spec's 0–10 per counter are the defaults; a manager may raise the children up to the
 * largest table's seats (school classes) or require a minimum. Pure: the same rules clamp the
 * counters on /find-slot, validate the JSON API and the phone booking, and guard the reservation.
 */
export type PartyRules = {
  minChildren: number;
  maxChildren: number;
  maxAdults: number;
  /** At least this many children are charged (0 or absent: as many as come). */
  minChargedChildren?: number;
};

export const DEFAULT_PARTY_RULES: PartyRules = { minChildren: 0, maxChildren: 10, maxAdults: 10 };

/** No counter ever goes above this: the most seats a table may have (/admin/einstellungen/tische). */
export const COUNTER_CAP = 50;

export const PARTY_MSG = {
  tooFewChildren: (min: number) => `Dieses Angebot ist ab ${min} ${min === 1 ? "Kind" : "Kindern"} buchbar.`,
  tooManyChildren: (max: number) => `Bei diesem Angebot sind höchstens ${max} Kinder möglich.`,
  tooManyAdults: (max: number) => `Bei diesem Angebot sind höchstens ${max} Erwachsene mitspielend und ${max} nur Begleitung möglich.`,
} as const;

/** `Dieses Angebot: 6 bis 30 Kinder, je höchstens 10 Erwachsene.` above the counters when they differ from the spec's. */
export function partyRulesLine(rules: PartyRules): string {
  const children = rules.minChildren > 0 ? `${rules.minChildren} bis ${rules.maxChildren} Kinder` : `höchstens ${rules.maxChildren} Kinder`;
  const charged = rules.minChargedChildren ? ` ${minChargedLine(rules.minChargedChildren)}` : "";
  return `Dieses Angebot: ${children}, je höchstens ${rules.maxAdults} Erwachsene mitspielend und nur Begleitung.${charged}`;
}

/** `Mindestens 6 Kinder werden verrechnet.` (offers page, /find-slot, the summary). */
export function minChargedLine(n: number): string {
  return n === 1 ? "Mindestens 1 Kind wird verrechnet." : `Mindestens ${n} Kinder werden verrechnet.`;
}

/** Whether the rules differ from the spec's 0–10 per counter (then /find-slot names them). */
export function hasOwnPartyRules(rules: PartyRules): boolean {
  return rules.minChildren > 0 || rules.maxChildren !== DEFAULT_PARTY_RULES.maxChildren || rules.maxAdults !== DEFAULT_PARTY_RULES.maxAdults || (rules.minChargedChildren ?? 0) > 0;
}

/** The upper bound of one counter under the offer's rules. */
export function counterMax(rules: PartyRules, name: keyof PartyCounts): number {
  return name === "numChildren" ? rules.maxChildren : rules.maxAdults;
}

/** Counters brought into the offer's bounds (the URL and a typed number are clamped, not refused: spec §9). */
export function clampToRules(counts: PartyCounts, rules: PartyRules): PartyCounts {
  const clamp = (n: number, max: number) => Math.min(max, Math.max(0, n));
  return {
    numChildren: clamp(counts.numChildren, rules.maxChildren),
    numActiveAdults: clamp(counts.numActiveAdults, rules.maxAdults),
    numAccompanyingAdults: clamp(counts.numAccompanyingAdults, rules.maxAdults),
  };
}

/** Why these counts do not fit the offer, or null. */
export function partyRuleProblem(rules: PartyRules, counts: PartyCounts): string | null {
  const issue = partyRuleIssue(rules, counts);
  return issue ? PARTY_MSG[issue.key](issue.n) : null;
}

/** The same check as a key and its number, for a page that words it in the family's language. */
export function partyRuleIssue(rules: PartyRules, counts: PartyCounts): { key: keyof typeof PARTY_MSG; n: number } | null {
  if (counts.numChildren > rules.maxChildren) return { key: "tooManyChildren", n: rules.maxChildren };
  if (counts.numActiveAdults > rules.maxAdults || counts.numAccompanyingAdults > rules.maxAdults) return { key: "tooManyAdults", n: rules.maxAdults };
  if (counts.numChildren < rules.minChildren) return { key: "tooFewChildren", n: rules.minChildren };
  return null;
}
