import { describe, expect, it } from "vitest";
import { familyMoneyOf, settleChange, settlementLines } from "./booking-change";
import type { BookedExtra, Extra } from "./extras";
import { hasHeadcount, headcountDeadlineDay, headcountNoticeAt, headcountOpen, headcountRequestDue, isMeal, mealCounts, mealProblem, mealText } from "./headcount";
import { venueToUtc } from "./time";

const MEAL: Extra = {
  id: 1,
  name: "Menü",
  description: "",
  priceRappen: 0,
  unit: "child",
  choices: ["Pizza Margherita", "Hot Dog", "Vegetarisch"],
  maxQuantity: 30,
  offerIds: [1],
  gamePackage: false,
  deadlineDays: 1,
  active: true,
  position: 1,
};
const BAG: Extra = { ...MEAL, id: 3, name: "Goodie-Bag", priceRappen: 450, choices: [] };
const booked = (extraId: number, choice: string, quantity: number, unitPriceRappen = 0): BookedExtra => ({ extraId, choice, quantity, name: extraId === 1 ? "Menü" : "Goodie-Bag", unit: "child", unitPriceRappen, deadlineDays: 1 });

describe("final headcount (issue #30 §4)", () => {
  it("applies to table birthdays only: the game package books players", () => {
    expect(hasHeadcount({ type: "BIRTHDAY_PARTY", players: null })).toBe(true);
    expect(hasHeadcount({ type: "LASERTAG", players: 8 })).toBe(false);
    expect(hasHeadcount({ type: "BIRTHDAY_PARTY", players: 8 })).toBe(false);
  });

  it("is open until the end of the deadline day in venue time, also across the change to winter time", () => {
    // Party on Tuesday 27 October 2026; winter time began on Sunday 25 October (03:00 → 02:00).
    const party = { date: "2026-10-27" };
    expect(headcountDeadlineDay(party.date, 3)).toBe("2026-10-24");
    // 23:59 venue time on Saturday 24 October (still summer time, UTC+2) is 21:59 UTC.
    expect(headcountOpen(party, 3, new Date("2026-10-24T21:59:00Z"))).toBe(true);
    expect(headcountOpen(party, 3, new Date("2026-10-24T22:00:00Z"))).toBe(false);
    // The request goes out at 09:00 venue time two days before the deadline day.
    expect(headcountNoticeAt(party.date, 3).toISOString()).toBe("2026-10-22T07:00:00.000Z");
    // After the change: a party on Wednesday 28 October with a 2-day deadline, request on 24 October 09:00 (UTC+2),
    // and the deadline day, Monday 26 October, ends at 23:00 UTC (UTC+1).
    expect(headcountOpen({ date: "2026-10-28" }, 2, new Date("2026-10-26T22:59:00Z"))).toBe(true);
    expect(headcountOpen({ date: "2026-10-28" }, 2, new Date("2026-10-26T23:00:00Z"))).toBe(false);
    expect(headcountNoticeAt("2026-10-28", 2).toISOString()).toBe("2026-10-24T07:00:00.000Z");
  });

  it("asks once it is due, for a booking made before, while open and not confirmed", () => {
    const date = "2026-12-19";
    const due = headcountNoticeAt(date, 3);
    expect(due.toISOString()).toBe(venueToUtc("2026-12-14", 9 * 60).toISOString());
    const r = { date, createdAt: new Date("2026-11-01T10:00:00Z"), headcountConfirmedAt: null };
    expect(headcountRequestDue(r, 3, new Date(due.getTime() - 1))).toBe(false);
    expect(headcountRequestDue(r, 3, due)).toBe(true);
    expect(headcountRequestDue({ ...r, headcountConfirmedAt: new Date() }, 3, due)).toBe(false);
    expect(headcountRequestDue({ ...r, createdAt: new Date(due.getTime() + 1) }, 3, new Date(due.getTime() + 60_000))).toBe(false);
    // Past the deadline day: too late to ask.
    expect(headcountRequestDue(r, 3, new Date("2026-12-16T23:30:00Z"))).toBe(false);
  });

  it("counts the package's meals per choice and checks them against the children; paid extras per child are free", () => {
    expect(isMeal(MEAL)).toBe(true);
    expect(isMeal(BAG)).toBe(false);
    const meals = mealCounts([MEAL, BAG], [booked(1, "Hot Dog", 4), booked(1, "Vegetarisch", 1), booked(3, "", 2, 450)]);
    expect(meals).toHaveLength(1);
    expect(meals[0]).toMatchObject({ name: "Menü", total: 5 });
    expect(mealText(meals[0]!)).toBe("Hot Dog: 4, Vegetarisch: 1");
    expect(mealProblem(meals, 6)).toBe("«Menü»: 5 von 6 Kindern gewählt. Bitte wählen Sie für jedes Kind genau eine Auswahl.");
    expect(mealProblem(meals, 5)).toBeNull();
    // Nothing chosen yet: the package's meal is still asked for.
    const none = mealCounts([MEAL], []);
    expect(mealText(none[0]!)).toBe("noch nichts gewählt");
    expect(mealProblem(none, 4)).toContain("0 von 4");
    // A meal no longer offered but chosen still counts.
    expect(mealCounts([], [booked(1, "Hot Dog", 2)])[0]).toMatchObject({ total: 2 });
  });

  it("a deposit booking with an open balance takes a family's difference into the balance", () => {
    const r = { depositRappen: 5000, status: "confirmed", paymentStatus: "settled", openBalanceRappen: 15000, paidAtVenueRappen: 0 };
    expect(familyMoneyOf(r).increase).toBe("balance");
    expect(familyMoneyOf({ ...r, openBalanceRappen: 0 }).increase).toBe("online");
    expect(familyMoneyOf({ ...r, depositRappen: 0 }).increase).toBe("online");
    const money = { priceRappen: 20000, discountRappen: 0, amountRappen: 20000, openBalanceRappen: 15000 };
    const up = settleChange(money, 23000, "online", familyMoneyOf(r));
    expect(up).toMatchObject({ payOnlineRappen: 0, openBalanceDeltaRappen: 3000, refundRappen: 0, toBalance: true });
    expect(settlementLines(up, null)).toEqual(["Der Restbetrag steigt um CHF 30.00; Sie bezahlen ihn mit dem Rest bis zur Frist."]);
    const down = settleChange(money, 18000, "online", familyMoneyOf(r));
    expect(down).toMatchObject({ openBalanceDeltaRappen: -2000, refundRappen: 0 });
    expect(settlementLines(down, null)).toEqual(["Der Restbetrag sinkt um CHF 20.00."]);
  });
});
