import { describe, expect, it } from "vitest";
import { applyStep, countsFrom } from "./booking-query";
import { clampToRules, counterMax, DEFAULT_PARTY_RULES, hasOwnPartyRules, minChargedLine, PARTY_MSG, partyRuleProblem, partyRulesLine } from "./party-rules";

const school = { minChildren: 6, maxChildren: 30, maxAdults: 4 };
const counts = (numChildren: number, numActiveAdults = 0, numAccompanyingAdults = 0) => ({ numChildren, numActiveAdults, numAccompanyingAdults });

describe("party rules per offer (issue #28 §3)", () => {
  it("keeps the spec's 0–10 per counter by default", () => {
    expect(partyRuleProblem(DEFAULT_PARTY_RULES, counts(10, 10, 10))).toBeNull();
    expect(partyRuleProblem(DEFAULT_PARTY_RULES, counts(11))).toBe(PARTY_MSG.tooManyChildren(10));
    expect(countsFrom(new URLSearchParams("numChildren=25&numActiveAdults=-3&numAccompanyingAdults=x"))).toEqual(counts(10, 0, 0));
  });
  it("takes an offer's minimum and maximum, children and adults apart", () => {
    expect(partyRuleProblem(school, counts(30, 4, 4))).toBeNull();
    expect(partyRuleProblem(school, counts(31))).toBe("Bei diesem Angebot sind höchstens 30 Kinder möglich.");
    expect(partyRuleProblem(school, counts(10, 5))).toBe("Bei diesem Angebot sind höchstens 4 Erwachsene mitspielend und 4 nur Begleitung möglich.");
    expect(partyRuleProblem(school, counts(5, 1))).toBe("Dieses Angebot ist ab 6 Kindern buchbar.");
    expect(PARTY_MSG.tooFewChildren(1)).toBe("Dieses Angebot ist ab 1 Kind buchbar.");
  });
  it("clamps the counters of the URL and the no-JS steps to the offer's bounds", () => {
    expect(countsFrom(new URLSearchParams("numChildren=25&numActiveAdults=9"), school)).toEqual(counts(25, 4, 0));
    expect(applyStep(counts(30), "numChildren:+1", school)).toEqual(counts(30));
    expect(applyStep(counts(10), "numChildren:+1", school)).toEqual(counts(11));
    expect(clampToRules(counts(40, 7, 2), school)).toEqual(counts(30, 4, 2));
    expect(counterMax(school, "numChildren")).toBe(30);
    expect(counterMax(school, "numAccompanyingAdults")).toBe(4);
  });
  it("says the offer's bounds above the counters", () => {
    expect(partyRulesLine(school)).toBe("Dieses Angebot: 6 bis 30 Kinder, je höchstens 4 Erwachsene mitspielend und nur Begleitung.");
    expect(partyRulesLine({ ...school, minChargedChildren: 8 })).toBe(
      "Dieses Angebot: 6 bis 30 Kinder, je höchstens 4 Erwachsene mitspielend und nur Begleitung. Mindestens 8 Kinder werden verrechnet.",
    );
    expect(minChargedLine(1)).toBe("Mindestens 1 Kind wird verrechnet.");
    expect(hasOwnPartyRules(DEFAULT_PARTY_RULES)).toBe(false);
    expect(hasOwnPartyRules({ ...DEFAULT_PARTY_RULES, minChargedChildren: 6 })).toBe(true);
  });
});
