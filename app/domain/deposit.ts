import { formatChf } from "./money";

/**
 * Deposits and balances (issue #30 §3). An offer asks for the whole price at booking (`none`), a
 * share of it (`percent`) or a fixed amount (`fixed`); what is not paid at booking is the booking's
 * open balance (`reservations.open_balance_rappen`), due by the final-headcount deadline, online or
 * at the venue. A voucher pays the deposit first, then the balance (docs/decisions.md "Deposits").
 */
export type DepositKind = "none" | "percent" | "fixed";
export type DepositRule = { depositKind: DepositKind; depositValue: number };

export const DEFAULT_BALANCE_DAYS = 3;

/** Percent deposits are rounded to 5 Rappen (Swiss cash rounding), never above the price. */
export function depositOf(rule: DepositRule, priceRappen: number): number {
  if (priceRappen <= 0) return 0;
  if (rule.depositKind === "percent") return Math.min(priceRappen, Math.round((priceRappen * rule.depositValue) / 100 / 5) * 5);
  if (rule.depositKind === "fixed") return Math.min(priceRappen, Math.max(0, rule.depositValue));
  return 0;
}

/**
 * What the family pays online now and what stays open, after the voucher (`amountRappen` is the
 * price less the voucher part): the voucher covers the deposit first, only the rest of the deposit
 * is paid online; the balance is the amount less that. Without a deposit everything is paid now.
 */
export function depositSplit(priceRappen: number, amountRappen: number, depositRappen: number): { payNowRappen: number; balanceRappen: number } {
  if (depositRappen <= 0 || depositRappen >= priceRappen) return { payNowRappen: amountRappen, balanceRappen: 0 };
  const voucherRappen = priceRappen - amountRappen;
  const payNowRappen = Math.max(0, depositRappen - voucherRappen);
  return { payNowRappen, balanceRappen: amountRappen - payNowRappen };
}

/** The deposit an offer asks for, in words for the offer list: «Anzahlung 30 % bei der Buchung, der Rest bis 3 Tage vor der Feier». */
export function depositRuleText(rule: DepositRule, balanceDays: number = DEFAULT_BALANCE_DAYS): string | null {
  const rest = balanceDays > 0 ? `der Rest bis ${balanceDays === 1 ? "1 Tag" : `${balanceDays} Tage`} vor der Feier` : "der Rest bis zur Feier";
  if (rule.depositKind === "percent") return `Anzahlung ${rule.depositValue} % bei der Buchung, ${rest}`;
  if (rule.depositKind === "fixed") return `Anzahlung ${formatChf(rule.depositValue)} bei der Buchung, ${rest}`;
  return null;
}

/** The payment states families and staff see (issue #30 §3), with amounts. */
export type PaymentState = "deposit_open" | "deposit_paid" | "balance_open" | "paid" | "at_venue";

export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  deposit_open: "Anzahlung offen",
  deposit_paid: "Anzahlung bezahlt",
  balance_open: "Restbetrag offen",
  paid: "bezahlt",
  at_venue: "vor Ort zu bezahlen",
};

export type DepositBooking = {
  status: string;
  paymentStatus: string;
  depositRappen: number;
  amountRappen: number;
  openBalanceRappen: number;
  paidAtVenueRappen: number;
};

/** What is still owed on a deposit booking's balance (what was paid at the venue counts). */
export function balanceOpenRappen(b: DepositBooking): number {
  return Math.max(0, b.openBalanceRappen - b.paidAtVenueRappen);
}

/** A line of a deposit booking's payment state without words: the state and its amount. */
export type DepositState = { state: PaymentState; rappen: number };

/**
 * The states of a deposit booking's payment: the deposit (open while its payment is pending, paid
 * once the booking is confirmed), and the balance (open until its due date, to pay at the venue
 * when the venue takes it there, or paid). A booking without a deposit has none. Worded in German
 * by `depositStateLines`; a family page words them in its own language.
 */
export function depositStates(b: DepositBooking, atVenue: boolean): DepositState[] {
  if (b.depositRappen <= 0 || b.status === "cancelled" || b.status === "expired") return [];
  if (b.status === "held") {
    return [
      { state: "deposit_open", rappen: b.amountRappen - b.openBalanceRappen },
      { state: "balance_open", rappen: b.openBalanceRappen },
    ];
  }
  const open = balanceOpenRappen(b);
  if (open <= 0) return [{ state: "paid", rappen: b.amountRappen }];
  return [
    { state: "deposit_paid", rappen: b.depositRappen },
    { state: atVenue ? "at_venue" : "balance_open", rappen: open },
  ];
}

/**
 * The lines of a deposit booking's payment state (see `depositStates`), in German: «Anzahlung
 * bezahlt: CHF 100.00», «Restbetrag offen: CHF 240.00, fällig bis 12.12.2026», «Restbetrag vor Ort
 * zu bezahlen: …».
 */
export function depositStateLines(b: DepositBooking, due: { dateText: string; atVenue: boolean }): { state: PaymentState; text: string }[] {
  return depositStates(b, due.atVenue).map(({ state, rappen }) => {
    const amount = formatChf(rappen);
    if (state === "balance_open") return { state, text: `${PAYMENT_STATE_LABELS.balance_open}: ${amount}, fällig bis ${due.dateText}` };
    if (state === "at_venue") return { state, text: `Restbetrag ${PAYMENT_STATE_LABELS.at_venue}: ${amount}` };
    return { state, text: `${PAYMENT_STATE_LABELS[state]}: ${amount}` };
  });
}

/**
 * What a held booking's payment charges: its amount less the open balance (the deposit's part;
 * without a deposit the whole amount). A held change row carries no balance.
 */
export function payNowRappen(r: { amountRappen: number; openBalanceRappen: number }): number {
  return Math.max(0, r.amountRappen - r.openBalanceRappen);
}
