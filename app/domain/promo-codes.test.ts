import { describe, expect, it } from "vitest";
import { parsePromoForm, promoConditionsText, promoDiscountRappen, promoRefusal, type PromoRule } from "./promo-codes";

const RULE: PromoRule = { code: "SOMMER10", kind: "percent", value: 1_000, validFrom: null, validUntil: null, maxUses: null, maxUsesPerEmail: null, offerIds: null, games: false, weekdays: null, active: true };
const TARGET = { offerId: 1, game: false, date: "2026-12-12", today: "2026-11-29" };
const NONE = { total: 0, byEmail: 0 };

describe("promo codes (issue #31 §4)", () => {
  it("discounts a percentage rounded to 5 Rappen, a fixed amount never above the price", () => {
    expect(promoDiscountRappen(RULE, 29_500)).toBe(2_950);
    expect(promoDiscountRappen(RULE, 12_345)).toBe(1_235); // 1234.5 → 1235
    expect(promoDiscountRappen({ kind: "percent", value: 1_250 }, 10_010)).toBe(1_250); // 1251.25 → 1250
    expect(promoDiscountRappen({ kind: "fixed", value: 5_000 }, 3_000)).toBe(3_000);
    expect(promoDiscountRappen({ kind: "percent", value: 10_000 }, 3_000)).toBe(3_000);
    expect(promoDiscountRappen(RULE, 0)).toBe(0);
  });

  it("refuses in a fixed order with the rule's words", () => {
    expect(promoRefusal(RULE, TARGET, NONE)).toBeNull();
    expect(promoRefusal({ ...RULE, active: false, validUntil: "2026-01-01" }, TARGET, NONE)).toBe("Dieser Aktionscode ist nicht mehr gültig.");
    expect(promoRefusal({ ...RULE, validFrom: "2026-12-01" }, TARGET, NONE)).toBe("Dieser Aktionscode gilt erst ab 01.12.2026.");
    expect(promoRefusal({ ...RULE, validUntil: "2026-11-28" }, TARGET, NONE)).toBe("Dieser Aktionscode war bis 28.11.2026 gültig.");
    expect(promoRefusal({ ...RULE, validUntil: "2026-11-29" }, TARGET, NONE)).toBeNull();
    expect(promoRefusal({ ...RULE, offerIds: [2] }, TARGET, NONE)).toBe("Dieser Aktionscode gilt nicht für dieses Angebot.");
    expect(promoRefusal(RULE, { ...TARGET, offerId: null, game: true }, NONE)).toBe("Dieser Aktionscode gilt nicht für dieses Angebot.");
    expect(promoRefusal({ ...RULE, games: true, offerIds: [] }, { ...TARGET, offerId: null, game: true }, NONE)).toBeNull();
    expect(promoRefusal({ ...RULE, weekdays: [0, 3, 5] }, TARGET, NONE)).toBe("Dieser Aktionscode gilt nur für Termine am Mittwoch, Freitag und Sonntag.");
    expect(promoRefusal({ ...RULE, maxUses: 3 }, TARGET, { total: 3, byEmail: 0 })).toBe("Dieser Aktionscode wurde bereits so oft eingelöst wie vorgesehen.");
    expect(promoRefusal({ ...RULE, maxUsesPerEmail: 1 }, TARGET, { total: 3, byEmail: 1 })).toBe("Sie haben diesen Aktionscode bereits eingelöst.");
  });

  it("reads the manager's form and explains each wrong field", () => {
    const form = new FormData();
    for (const [k, v] of [["code", " sommer-10 "], ["kind", "percent"], ["value", "12,5"], ["validFrom", "01.12.2026"], ["validUntil", "2026-12-31"], ["maxUses", "50"], ["offer", "1"], ["offer", "99"], ["games", "on"], ["weekday", "6"], ["weekday", "0"]])
      form.append(k!, v!);
    const parsed = parsePromoForm(form, [1, 2]);
    expect(parsed).toEqual({
      ok: true,
      value: { code: "SOMMER-10", kind: "percent", value: 1_250, validFrom: "2026-12-01", validUntil: "2026-12-31", maxUses: 50, maxUsesPerEmail: null, offerIds: [1], games: true, weekdays: [0, 6], note: "" },
    });
    if (parsed.ok) expect(promoConditionsText({ ...parsed.value, active: true }, (id) => `Angebot ${id}`)).toBe("Angebot 1 · Spiele · Samstag und Sonntag · ab 01.12.2026 · bis 31.12.2026 · 50× insgesamt");

    const bad = new FormData();
    for (const [k, v] of [["code", "x"], ["kind", "fixed"], ["value", "0"], ["validFrom", "2026-12-31"], ["validUntil", "2026-12-01"], ["maxUses", "-1"], ["note", "a\u0000b"]]) bad.append(k!, v!);
    const refused = parsePromoForm(bad, [1]);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(Object.keys(refused.errors).sort()).toEqual(["applies", "code", "maxUses", "note", "validUntil", "value", "weekdays"]);
  });
});
