import { formatChf } from "./money";
import { balanceDueRappen } from "./payment-link";
import { COUNTER_CAP, DEFAULT_PARTY_RULES, partyRuleProblem, type PartyRules } from "./party-rules";
import { birthdayPriceRappen, chargedChildren, personCount, storedAdultPrices, type PartyCounts } from "./pricing";

/**
 * Changing an existing booking (a move, another number of persons, staff choosing another table or
 * game location) and what it does to the money. Pure rules, shared by the family's pages, the staff
 * desk and the server's transaction.
 *
 * The price rule: a booking keeps the price list it was made with. The new price is the stored price
 * plus what the change itself costs — for a birthday priced with the booking's own unit prices (the
 * per-child price recovered from its stored total, its stored adult prices), for a game with the
 * difference between the two locations' prices. A change in the price list alone therefore never
 * changes a booking's price; more persons, fewer persons or a dearer location do.
 */

export type Money = { priceRappen: number; discountRappen: number; amountRappen: number };

/** How the booking's amount is paid: online (or wholly by voucher), or at the venue (phone bookings). */
export type PaidBy = "online" | "venue";

/** `settled` = paid online or by voucher; `none` = to be paid at the venue; anything else is in flux. */
export function paidBy(paymentStatus: string): PaidBy | null {
  if (paymentStatus === "settled") return "online";
  if (paymentStatus === "none") return "venue";
  return null;
}

/** The stored price moved by what the change costs under the same list; never below zero. */
export function changedPriceRappen(storedRappen: number, listBeforeRappen: number, listAfterRappen: number): number {
  return Math.max(0, storedRappen + listAfterRappen - listBeforeRappen);
}

type StoredBirthday = PartyCounts & {
  priceRappen: number;
  activeAdultPriceRappen?: number | null;
  accompanyingAdultPriceRappen?: number | null;
  minChargedChildren?: number | null;
};

/**
 * A birthday's new price for `counts`, with the booking's own unit prices and its own minimum of
 * charged children (fewer children than that cost nothing less). Without children charged there is
 * no per-child price to recover, so added children cost `childPriceToday`.
 */
export function changedBirthdayPriceRappen(r: StoredBirthday, counts: PartyCounts, childPriceToday: number): number {
  const adults = storedAdultPrices(r);
  const adultPart = r.numActiveAdults * adults.activeAdultPriceRappen + r.numAccompanyingAdults * adults.accompanyingAdultPriceRappen;
  const min = r.minChargedChildren ?? 0;
  const charged = chargedChildren(r.numChildren, min);
  const perChild = charged > 0 ? Math.max(0, Math.round((r.priceRappen - adultPart) / charged)) : childPriceToday;
  return changedPriceRappen(r.priceRappen, birthdayPriceRappen(r, perChild, adults, min), birthdayPriceRappen(counts, perChild, adults, min));
}

export type Settlement = {
  before: Money;
  after: Money;
  /** New price − old price. */
  differenceRappen: number;
  /** Goes back onto the voucher the booking was paid with (AGB §5). */
  voucherCreditRappen: number;
  /** Goes back to the family's card through the provider (a partial credit). */
  refundRappen: number;
  /** The family pays this online before the change takes effect. */
  payOnlineRappen: number;
  /** Change of the amount still to be paid at the venue (phone bookings paid at the counter). */
  venueDeltaRappen: number;
  /** Change of the open balance of a booking paid online (staff: «am Empfang bezahlen»; a lower price first lowers it). */
  openBalanceDeltaRappen: number;
  /** Given back as a new voucher instead of to the card (staff's choice). */
  voucherIssueRappen: number;
  /** The open balance is a deposit booking's balance (issue #30 §3, §4): its change reads «Der Restbetrag steigt/sinkt um …». */
  toBalance?: boolean;
};

/**
 * Where the money of a price change goes. Families: a higher price is paid online before the change
 * takes effect, a lower one goes back to the card. Staff correcting a booking choose (issue #29 §2):
 * a higher price online through a payment link, or at the venue (an open balance); a lower price
 * back to the card, or as a new voucher.
 */
export type MoneyChoice = { increase: "online" | "venue" | "balance"; decrease: "refund" | "voucher" };
export const FAMILY_MONEY: MoneyChoice = { increase: "online", decrease: "refund" };
/**
 * A deposit booking whose balance is still open (issue #30 §4): a higher price is added to the
 * balance, due by the headcount deadline like the rest of it; a lower one first lowers the balance.
 */
export const DEPOSIT_FAMILY_MONEY: MoneyChoice = { increase: "balance", decrease: "refund" };

/** Where a family's change of its price goes: into a deposit booking's open balance, else paid online now. */
export function familyMoneyOf(r: { depositRappen?: number; status: string; paymentStatus: string; openBalanceRappen: number; paidAtVenueRappen: number }): MoneyChoice {
  return (r.depositRappen ?? 0) > 0 && balanceDueRappen(r) > 0 ? DEPOSIT_FAMILY_MONEY : FAMILY_MONEY;
}

/**
 * What a new price does to the money. The voucher keeps paying first, as at booking: the discount
 * becomes min(old discount, new price), so a lower price first returns online money and only the
 * part below the voucher amount goes back to the voucher; a higher price never takes more from the
 * voucher (the difference is paid like the rest of the booking: online, or at the venue).
 */
export function settleChange(before: Money & { openBalanceRappen?: number }, newPriceRappen: number, paid: PaidBy, choice: MoneyChoice = FAMILY_MONEY): Settlement {
  const discountRappen = Math.min(before.discountRappen, newPriceRappen);
  const amountRappen = newPriceRappen - discountRappen;
  const delta = amountRappen - before.amountRappen;
  const online = paid === "online";
  // A lower price of a booking paid online first lowers what is still open at the venue; only the
  // rest was paid and goes back (to the card, or as a voucher).
  const fromBalance = online && delta < 0 ? Math.min(before.openBalanceRappen ?? 0, -delta) : 0;
  const back = online ? Math.max(0, -delta) - fromBalance : 0;
  const more = online ? Math.max(0, delta) : 0;
  return {
    before: { priceRappen: before.priceRappen, discountRappen: before.discountRappen, amountRappen: before.amountRappen },
    after: { priceRappen: newPriceRappen, discountRappen, amountRappen },
    differenceRappen: newPriceRappen - before.priceRappen,
    voucherCreditRappen: before.discountRappen - discountRappen,
    refundRappen: choice.decrease === "refund" ? back : 0,
    voucherIssueRappen: choice.decrease === "voucher" ? back : 0,
    payOnlineRappen: choice.increase === "online" ? more : 0,
    openBalanceDeltaRappen: (choice.increase === "online" ? 0 : more) - fromBalance,
    venueDeltaRappen: paid === "venue" ? delta : 0,
    ...(choice.increase === "balance" ? { toBalance: true } : {}),
  };
}

export type QuotedBooking = {
  date: string;
  startMin: number;
  endMin: number;
  counts: PartyCounts;
  persons: number;
  priceRappen: number;
  offerName: string;
  /** The staff discount (< 0) or surcharge (> 0) included in the price. */
  priceAdjustRappen: number;
  /** Still to be paid at the venue on top of an online payment. */
  openBalanceRappen: number;
};

/** A change as shown before it is confirmed: the booking before and after, and the money. */
export type ChangeQuote = {
  code: string;
  voucherCode: string | null;
  paid: PaidBy;
  before: QuotedBooking;
  after: QuotedBooking;
  settlement: Settlement;
};

/** `+ CHF 20.00`, `- CHF 5.00`, `CHF 0.00` */
export function formatDifference(rappen: number): string {
  if (rappen === 0) return formatChf(0);
  return `${rappen > 0 ? "+" : "-"} ${formatChf(Math.abs(rappen))}`;
}

/** The consequences of a settlement in the family's words, one line each (empty when nothing moves). */
export function settlementLines(s: Settlement, voucherCode: string | null): string[] {
  const lines: string[] = [];
  if (s.refundRappen > 0) lines.push(`${formatChf(s.refundRappen)} werden Ihnen auf Ihr Zahlungsmittel zurückerstattet.`);
  if (s.voucherCreditRappen > 0) lines.push(`${formatChf(s.voucherCreditRappen)} werden dem Gutschein${voucherCode ? ` ${voucherCode}` : ""} wieder gutgeschrieben.`);
  if (s.payOnlineRappen > 0) lines.push(`Sie bezahlen die Differenz von ${formatChf(s.payOnlineRappen)} online. Bis dahin bleibt Ihre Buchung unverändert.`);
  if (s.venueDeltaRappen > 0) lines.push(`An der Kasse sind ${formatChf(s.venueDeltaRappen)} mehr zu bezahlen.`);
  if (s.venueDeltaRappen < 0) lines.push(`An der Kasse sind ${formatChf(-s.venueDeltaRappen)} weniger zu bezahlen.`);
  if (s.toBalance) {
    if (s.openBalanceDeltaRappen > 0) lines.push(`Der Restbetrag steigt um ${formatChf(s.openBalanceDeltaRappen)}; Sie bezahlen ihn mit dem Rest bis zur Frist.`);
    if (s.openBalanceDeltaRappen < 0) lines.push(`Der Restbetrag sinkt um ${formatChf(-s.openBalanceDeltaRappen)}.`);
  } else {
    if (s.openBalanceDeltaRappen > 0) lines.push(`${formatChf(s.openBalanceDeltaRappen)} sind am Empfang zu bezahlen.`);
    if (s.openBalanceDeltaRappen < 0) lines.push(`Am Empfang sind ${formatChf(-s.openBalanceDeltaRappen)} weniger zu bezahlen.`);
  }
  if (s.voucherIssueRappen > 0) lines.push(`${formatChf(s.voucherIssueRappen)} erhalten Sie als neuen Gutschein.`);
  return lines;
}

/**
 * The number of persons of a party: at least one person, and each counter within the offer's rules
 * (spec: 0–10; issue #28 §3: the offer's own bounds). A booking whose persons stay as they are keeps
 * them even when the offer's rules changed since (`rules` then null: only the absolute cap applies).
 */
export function countsProblem(c: PartyCounts, rules: PartyRules | null = DEFAULT_PARTY_RULES): string | null {
  const ok = (n: number) => Number.isInteger(n) && n >= 0 && n <= COUNTER_CAP;
  if (![c.numChildren, c.numActiveAdults, c.numAccompanyingAdults].every(ok)) return CHANGE_MSG.countsRange;
  if (personCount(c) < 1) return CHANGE_MSG.noPersons;
  return rules ? partyRuleProblem(rules, c) : null;
}

export function sameCounts(a: PartyCounts, b: PartyCounts): boolean {
  return a.numChildren === b.numChildren && a.numActiveAdults === b.numActiveAdults && a.numAccompanyingAdults === b.numAccompanyingAdults;
}

export const CHANGE_MSG = {
  notActive: "Diese Buchung ist nicht mehr aktiv und kann nicht geändert werden.",
  unchanged: "Bitte wählen Sie einen anderen Termin als den bisherigen.",
  personsUnchanged: "Bitte ändern Sie die Anzahl Personen.",
  personsOnlyBirthday: "Die Anzahl Personen lässt sich nur bei Geburtstagsfeiern ändern.",
  countsRange: "Bitte wählen Sie je 0 bis 10 Kinder und Erwachsene.",
  noPersons: "Bitte wählen Sie mindestens eine Person aus.",
  noTable: "Für diese Anzahl Personen ist zu dieser Zeit kein passender Tisch frei. Bitte wählen Sie weniger Personen oder einen anderen Termin.",
  tableTooSmall: "Dieser Tisch hat zu wenige Plätze für diese Buchung.",
  tableTaken: "Dieser Tisch ist zu dieser Zeit belegt. Bitte wählen Sie einen anderen Tisch oder eine andere Zeit.",
  unknownTable: "Bitte wählen Sie einen aktiven Tisch.",
  unknownLocation: "Bitte wählen Sie einen aktiven Spielort.",
  unknownOffer: "Bitte wählen Sie ein aktives Paket.",
  offerOnlyBirthday: "Das Paket lässt sich nur bei Geburtstagsfeiern ändern.",
  offerDoesNotFit: "Dieses Paket passt zu dieser Startzeit nicht in die Öffnungszeiten. Bitte verschieben Sie die Buchung zuerst.",
  correctionUnchanged: "Bitte ändern Sie mindestens eine Angabe.",
  adjustTooLow: "Der Rabatt darf nicht höher als der Preis sein.",
  priceChanged: "Der Preis hat sich inzwischen geändert. Bitte prüfen Sie die neuen Angaben und bestätigen Sie erneut.",
  paymentUnclear: "Die Zahlung dieser Buchung ist noch nicht abgeschlossen. Bitte rufen Sie uns für diese Änderung an.",
  paymentFailed: "Die Zahlung konnte nicht gestartet werden. Ihre Buchung bleibt unverändert; bitte versuchen Sie es später erneut.",
  /** Staff cannot collect a higher price of a booking paid online on the spot. */
  staffNoOnlineIncrease:
    "Diese Buchung wurde online bezahlt: ein höherer Preis kann hier nicht eingezogen werden. Bitte den vereinbarten Preis beibehalten (Differenz an der Kasse, als Notiz) oder die Familie ändert die Buchung selbst über ihren Link.",
} as const;
