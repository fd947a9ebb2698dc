import { formatLongDate } from "./self-service";
import { addDays, venueNow, venueToUtc } from "./time";
import type { BookedExtra, Extra } from "./extras";

/**
 * The final headcount (issue #30 §4). A birthday party's numbers and meal choices are confirmed by
 * the family through its manage link until the end of the deadline day — the same day the balance
 * of a deposit is due (`balanceDays` before the party). After it, the numbers are locked for the
 * family; staff still change them (a correction with an open amount). A few days before the
 * deadline one e-mail asks the family to confirm. Pure rules: the pages, the job and the
 * transaction share them.
 */

/** The request e-mail goes out this many days before the deadline day, in the morning. */
export const HEADCOUNT_NOTICE_DAYS = 2;
/** 09:00 venue time: an e-mail read over breakfast, not at midnight. */
export const HEADCOUNT_NOTICE_MIN = 9 * 60;

/** A table birthday has a headcount: the game package books players, which the family does not change online. */
export function hasHeadcount(r: { type: string; players: number | null }): boolean {
  return r.type === "BIRTHDAY_PARTY" && r.players === null;
}

/** The last day the family confirms (and changes) its numbers: `days` before the party. */
export function headcountDeadlineDay(date: string, days: number): string {
  return addDays(date, -days);
}

/** Whether the family may still confirm or change its numbers: until the end of the deadline day (venue time). */
export function headcountOpen(b: { date: string }, days: number, now: Date): boolean {
  return venueNow(now).date <= headcountDeadlineDay(b.date, days);
}

/** When the request e-mail is due: 09:00 on the day HEADCOUNT_NOTICE_DAYS before the deadline. */
export function headcountNoticeAt(date: string, days: number): Date {
  return venueToUtc(addDays(headcountDeadlineDay(date, days), -HEADCOUNT_NOTICE_DAYS), HEADCOUNT_NOTICE_MIN);
}

/**
 * Whether a booking gets the request now: due, the deadline not passed, the numbers not confirmed
 * yet, and booked before it was due (a party booked within the last days has just had its
 * confirmation, which names the deadline, and its manage page asks as well).
 */
export function headcountRequestDue(r: { date: string; createdAt: Date; headcountConfirmedAt: Date | null }, days: number, now: Date): boolean {
  if (r.headcountConfirmedAt !== null || !headcountOpen(r, days, now)) return false;
  const dueAt = headcountNoticeAt(r.date, days).getTime();
  return now.getTime() >= dueAt && r.createdAt.getTime() <= dueAt;
}

/**
 * A meal: an extra included in the package (price 0), chosen per child from its choices (the
 * sample's «Menü»: Pizza Margherita, Hot Dog, Vegetarisch). Its counts must add up to the number
 * of children in the final headcount. A paid extra per child (a goodie bag) is optional and
 * counts freely.
 */
export function isMeal(e: Pick<Extra, "unit" | "priceRappen" | "choices">): boolean {
  return e.unit === "child" && e.priceRappen === 0 && e.choices.length > 0;
}

function isBookedMeal(b: BookedExtra): boolean {
  return b.unit === "child" && b.unitPriceRappen === 0 && b.choice !== "";
}

export type MealCount = { extraId: number; name: string; choices: { choice: string; quantity: number }[]; total: number };

/**
 * The meals of a booking as counted: each meal the booking has chosen from, plus each meal its
 * package offers now (so a party that chose none is asked to), with the chosen quantities.
 */
export function mealCounts(offered: readonly Extra[], booked: readonly BookedExtra[]): MealCount[] {
  const meals = new Map<number, MealCount>();
  for (const e of offered) {
    if (!isMeal(e)) continue;
    meals.set(e.id, { extraId: e.id, name: e.name, choices: e.choices.map((choice) => ({ choice, quantity: 0 })), total: 0 });
  }
  for (const b of booked) {
    if (!isBookedMeal(b)) continue;
    const meal = meals.get(b.extraId) ?? { extraId: b.extraId, name: b.name, choices: [], total: 0 };
    const slot = meal.choices.find((c) => c.choice === b.choice);
    if (slot) slot.quantity += b.quantity;
    else meal.choices.push({ choice: b.choice, quantity: b.quantity });
    meal.total += b.quantity;
    meals.set(b.extraId, meal);
  }
  return [...meals.values()];
}

export const HEADCOUNT_MSG = {
  title: "Schlusszahl",
  confirm: "Angaben bestätigen",
  confirmLink: "Schlusszahl bestätigen",
  ask: (deadline: string) =>
    `Bitte bestätigen Sie bis ${deadline} die endgültige Anzahl Personen und die Menüs. Danach lassen sich die Zahlen online nicht mehr ändern.`,
  confirmed: (at: string) => `Schlusszahl bestätigt am ${at}.`,
  changeUntil: (deadline: string) => `Bis ${deadline} können Sie die Zahlen noch ändern; bestätigen Sie sie danach erneut.`,
  lockedShort: (deadline: string) => `Die Frist für die Schlusszahl ist am ${deadline} abgelaufen.`,
  locked: (deadline: string, phone: string) =>
    `Die Frist für die Schlusszahl ist am ${deadline} abgelaufen. Änderungen der Anzahl Personen nur noch telefonisch: ${phone}.`,
  mealsMismatch: (name: string, chosen: number, children: number) =>
    `«${name}»: ${chosen} von ${children} Kindern gewählt. Bitte wählen Sie für jedes Kind genau eine Auswahl.`,
  mealsLocked: (name: string, children: number) =>
    `Die Schlusszahl ist bestätigt: Bitte wählen Sie bei «${name}» für genau ${children} Kinder eine Auswahl.`,
  notBirthday: "Die Schlusszahl gilt nur für Geburtstagsfeiern.",
  notActive: "Diese Buchung ist nicht mehr aktiv.",
  saved: "Vielen Dank: Die Schlusszahl ist bestätigt.",
  already: "Die Schlusszahl war bereits bestätigt.",
} as const;

/** The first meal whose counts do not add up to the children, as the family's message; null when all do. */
export function mealProblem(meals: readonly MealCount[], children: number, message: (name: string, chosen: number, children: number) => string = HEADCOUNT_MSG.mealsMismatch): string | null {
  for (const m of meals) if (m.total !== children) return message(m.name, m.total, children);
  return null;
}

/** «Mittwoch, 9. Dezember 2026» — the deadline day as families read it. */
export function headcountDeadlineText(date: string, days: number): string {
  return formatLongDate(headcountDeadlineDay(date, days));
}


/** «Pizza Margherita: 5, Hot Dog: 3» — a meal's choices with counts, those chosen. */
export function mealText(m: MealCount): string {
  const chosen = m.choices.filter((c) => c.quantity > 0);
  return chosen.length === 0 ? "noch nichts gewählt" : chosen.map((c) => `${c.choice}: ${c.quantity}`).join(", ");
}
