import { describe, expect, it } from "vitest";
import {
  extraAppliesTo,
  extraGroups,
  extraOrderable,
  extrasChanges,
  extraSummaryLines,
  extrasText,
  extrasTotalRappen,
  keepOfferedPicks,
  parseExtra,
  parseExtraPicks,
  priceExtras,
  quantityLimit,
  samePicks,
  sumExtras,
  type Extra,
} from "./extras";
import { venueNow } from "./time";

const MEAL: Extra = {
  id: 1,
  name: "Menü",
  description: "Im Paket inbegriffen.",
  priceRappen: 0,
  unit: "child",
  choices: ["Pizza Margherita", "Hot Dog", "Vegetarisch"],
  maxQuantity: 30,
  offerIds: [1, 2],
  gamePackage: false,
  deadlineDays: 1,
  active: true,
  position: 1,
};
const CAKE: Extra = { ...MEAL, id: 2, name: "Geburtstagstorte", description: "", priceRappen: 3500, unit: "piece", choices: [], maxQuantity: 2, gamePackage: true, deadlineDays: 3 };
const BAG: Extra = { ...MEAL, id: 3, name: "Goodie-Bag", priceRappen: 450, choices: [], deadlineDays: 0 };
const DECO: Extra = { ...MEAL, id: 4, name: "Tischdekoration", priceRappen: 2000, unit: "party", choices: [], maxQuantity: 1, deadlineDays: 2 };
const ALL = [MEAL, CAKE, BAG, DECO];

describe("choosing extras", () => {
  it("counts per piece up to the maximum, per child up to the children, per party once", () => {
    expect(quantityLimit(CAKE, 6)).toBe(2);
    expect(quantityLimit(BAG, 6)).toBe(6);
    expect(quantityLimit({ ...BAG, maxQuantity: 4 }, 6)).toBe(4);
    expect(quantityLimit(DECO, 6)).toBe(1);
  });

  it("reads the counts of every field, empty as 0, and ignores fields of extras not offered", () => {
    const parsed = parseExtraPicks({ "extra-1-0": "3", "extra-1-1": "2", "extra-1-2": "", "extra-2": "1", "extra-3": " 6 ", "extra-4": "0", "extra-99": "5" }, ALL, 6);
    expect(parsed).toEqual({
      ok: true,
      picks: [
        { extraId: 1, choice: "Pizza Margherita", quantity: 3 },
        { extraId: 1, choice: "Hot Dog", quantity: 2 },
        { extraId: 2, choice: "", quantity: 1 },
        { extraId: 3, choice: "", quantity: 6 },
      ],
    });
  });

  it("names every problem at once: not a whole number, over the limit, the choices together over the children", () => {
    const parsed = parseExtraPicks({ "extra-1-0": "4", "extra-1-1": "3", "extra-2": "3", "extra-3": "-1", "extra-4": "1.5" }, ALL, 6);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toEqual([
      { field: "extra-1-0", message: "Menü: zu viele gewählt (höchstens eines pro Kind, 6 insgesamt).", kind: "tooManyPerChild", name: "Menü", choice: "", limit: 6 },
      { field: "extra-2", message: "Geburtstagstorte: Bitte geben Sie eine ganze Zahl von 0 bis 2 an.", kind: "wholeNumber", name: "Geburtstagstorte", choice: "", limit: 2 },
      { field: "extra-3", message: "Goodie-Bag: Bitte geben Sie eine ganze Zahl von 0 bis 6 an.", kind: "wholeNumber", name: "Goodie-Bag", choice: "", limit: 6 },
      { field: "extra-4", message: "Tischdekoration: Bitte geben Sie eine ganze Zahl von 0 bis 1 an.", kind: "wholeNumber", name: "Tischdekoration", choice: "", limit: 1 },
    ]);
    // A choice's own count over the limit names the choice.
    const one = parseExtraPicks({ "extra-1-1": "7" }, [MEAL], 6);
    expect(!one.ok && one.problems[0]).toEqual({ field: "extra-1-1", message: "Menü, Hot Dog: Bitte geben Sie eine ganze Zahl von 0 bis 6 an.", kind: "wholeNumber", name: "Menü", choice: "Hot Dog", limit: 6 });
  });

  it("keeps a stored choice only for what is offered now, lowered to today's limit", () => {
    const picks = [
      { extraId: 1, choice: "Pizza Margherita", quantity: 5 },
      { extraId: 1, choice: "Hot Dog", quantity: 3 },
      { extraId: 1, choice: "Fischstäbchen", quantity: 1 },
      { extraId: 3, choice: "", quantity: 8 },
      { extraId: 9, choice: "", quantity: 1 },
    ];
    expect(keepOfferedPicks(picks, [MEAL, BAG], 6)).toEqual([
      { extraId: 1, choice: "Pizza Margherita", quantity: 5 },
      { extraId: 1, choice: "Hot Dog", quantity: 1 },
      { extraId: 3, choice: "", quantity: 6 },
    ]);
  });

  it("prices with the extra's price when chosen and shows each as a line", () => {
    const booked = priceExtras(
      [
        { extraId: 1, choice: "Hot Dog", quantity: 4 },
        { extraId: 2, choice: "", quantity: 1 },
        { extraId: 3, choice: "", quantity: 6 },
      ],
      ALL,
    );
    expect(extrasTotalRappen(booked)).toBe(3500 + 6 * 450);
    expect(extraSummaryLines(booked)).toEqual([
      { label: "Menü: Hot Dog", detail: "4 × inbegriffen", amountRappen: 0, word: { key: "extra" }, qty: { counts: [4], unitRappen: 0, included: true } },
      { label: "Geburtstagstorte", detail: "1 × CHF 35.00", amountRappen: 3500, word: { key: "extra" }, qty: { counts: [1], unitRappen: 3500 } },
      { label: "Goodie-Bag", detail: "6 × CHF 4.50", amountRappen: 2700, word: { key: "extra" }, qty: { counts: [6], unitRappen: 450 } },
    ]);
    expect(extrasText(booked)).toBe("Menü: Hot Dog 4×; Geburtstagstorte 1×; Goodie-Bag 6×");
    expect(extrasChanges(booked, priceExtras([{ extraId: 1, choice: "Hot Dog", quantity: 5 }], ALL))).toEqual(["Menü: Hot Dog 4 → 5", "Geburtstagstorte 1 → 0", "Goodie-Bag 6 → 0"]);
    expect(sumExtras([booked, priceExtras([{ extraId: 1, choice: "Hot Dog", quantity: 2 }], ALL)])).toEqual([
      { label: "Geburtstagstorte", quantity: 1 },
      { label: "Goodie-Bag", quantity: 6 },
      { label: "Menü: Hot Dog", quantity: 6 },
    ]);
  });

  it("compares choices whatever their order", () => {
    const a = [
      { extraId: 1, choice: "Hot Dog", quantity: 2 },
      { extraId: 2, choice: "", quantity: 1 },
    ];
    expect(samePicks(a, [...a].reverse())).toBe(true);
    expect(samePicks(a, [a[0]!])).toBe(false);
    expect(samePicks([], [{ extraId: 2, choice: "", quantity: 0 }])).toBe(true);
  });

  it("applies to the offers named, and to the games only for their birthday package", () => {
    expect(extraAppliesTo(MEAL, { offerId: 1, gameType: null })).toBe(true);
    expect(extraAppliesTo(MEAL, { offerId: 3, gameType: null })).toBe(false);
    expect(extraAppliesTo(CAKE, { offerId: null, gameType: 2 })).toBe(true);
    expect(extraAppliesTo(CAKE, { offerId: null, gameType: 1 })).toBe(false);
    expect(extraAppliesTo(MEAL, { offerId: null, gameType: 2 })).toBe(false);
  });

  it("renders fields with the stored counts, the price, the rule and the deadline as data", () => {
    const [meal, cake] = extraGroups([MEAL, CAKE], [{ extraId: 1, choice: "Hot Dog", quantity: 2 }], 6, "2026-12-12", [{ field: "extra-2", message: "zu viele" }]);
    expect(meal!.fields.map((f) => [f.name, f.label, f.value])).toEqual([
      ["extra-1-0", "Pizza Margherita", ""],
      ["extra-1-1", "Hot Dog", "2"],
      ["extra-1-2", "Vegetarisch", ""],
    ]);
    expect(meal!.text).toBe("Im Paket inbegriffen. Ohne Aufpreis, höchstens eines pro Kind (6). Bestellbar bis Freitag, 11. Dezember 2026 (1 Tag vor der Party).");
    expect(cake!.text).toBe("CHF 35.00 pro Stück, höchstens 2. Bestellbar bis Mittwoch, 9. Dezember 2026 (3 Tage vor der Party).");
    expect(cake!.fields[0]).toMatchObject({ name: "extra-2", label: "Anzahl", problem: "zu viele" });
  });
});

describe("order deadlines", () => {
  const party = { date: "2027-03-31", startMin: 14 * 60 };

  it("end with the venue's day N days before the party, also across the change to summer time", () => {
    // 28 March 2027 has 23 hours in Zurich: its last minute is 21:59 UTC, not 22:59.
    expect(extraOrderable(3, party, venueNow(new Date("2027-03-28T21:59:00Z")))).toBe(true);
    expect(extraOrderable(3, party, venueNow(new Date("2027-03-28T22:00:00Z")))).toBe(false);
    // And in autumn the day has 25 hours: 31 October 2027 ends at 23:00 UTC.
    const autumn = { date: "2027-11-03", startMin: 14 * 60 };
    expect(extraOrderable(3, autumn, venueNow(new Date("2027-10-31T22:59:00Z")))).toBe(true);
    expect(extraOrderable(3, autumn, venueNow(new Date("2027-10-31T23:00:00Z")))).toBe(false);
  });

  it("with 0 days, end when the party begins", () => {
    expect(extraOrderable(0, party, venueNow(new Date("2027-03-31T11:59:00Z")))).toBe(true);
    expect(extraOrderable(0, party, venueNow(new Date("2027-03-31T12:00:00Z")))).toBe(false);
  });
});

describe("the manager's extra", () => {
  const form = (fields: Record<string, string | string[]>) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) data.append(k, one);
    return data;
  };

  it("is read with its choices, offers and deadline", () => {
    const parsed = parseExtra(
      form({ name: " Menü ", description: "Pro Kind", price: "0", unit: "child", choices: "Pizza\r\n\r\nHot Dog \n", maxQuantity: "30", deadlineDays: "2", position: "1", offerIds: ["2", "1", "77"], active: "on" }),
      [1, 2, 3],
    );
    expect(parsed).toEqual({
      ok: true,
      value: { name: "Menü", description: "Pro Kind", priceRappen: 0, unit: "child", choices: ["Pizza", "Hot Dog"], maxQuantity: 30, offerIds: [1, 2], gamePackage: false, deadlineDays: 2, active: true, position: 1 },
    });
  });

  it("names every wrong field", () => {
    const parsed = parseExtra(form({ name: "", price: "-3", unit: "kg", choices: "A\na", maxQuantity: "0", deadlineDays: "x", position: "1000" }), [1]);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.errors).sort()).toEqual(["appliesTo", "choices", "deadlineDays", "maxQuantity", "name", "position", "price", "unit"]);
  });
});
