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

/**
 * The lines of a deposit booking's payment state: the deposit (open while its payment is pending,
 * paid once the booking is confirmed), and the balance (open with its due date, «vor Ort zu
 * bezahlen» when the venue takes it there, or paid). A booking without a deposit has none.
 */
export function depositStateLines(b: DepositBooking, due: { dateText: string; atVenue: boolean }): { state: PaymentState; text: string }[] {
  if (b.depositRappen <= 0 || b.status === "cancelled" || b.status === "expired") return [];
  if (b.status === "held") {
    const deposit = b.amountRappen - b.openBalanceRappen;
    return [
      { state: "deposit_open", text: `${PAYMENT_STATE_LABELS.deposit_open}: ${formatChf(deposit)}` },
      { state: "balance_open", text: `${PAYMENT_STATE_LABELS.balance_open}: ${formatChf(b.openBalanceRappen)}, fällig bis ${due.dateText}` },
    ];
  }
  const open = balanceOpenRappen(b);
  if (open <= 0) return [{ state: "paid", text: `${PAYMENT_STATE_LABELS.paid}: ${formatChf(b.amountRappen)}` }];
  return [
    { state: "deposit_paid", text: `${PAYMENT_STATE_LABELS.deposit_paid}: ${formatChf(b.depositRappen)}` },
    due.atVenue
      ? { state: "at_venue", text: `Restbetrag ${PAYMENT_STATE_LABELS.at_venue}: ${formatChf(open)}` }
      : { state: "balance_open", text: `${PAYMENT_STATE_LABELS.balance_open}: ${formatChf(open)}, fällig bis ${due.dateText}` },
  ];
}

/**
 * What a held booking's payment charges: its amount less the open balance (the deposit's part;
 * without a deposit the whole amount). A held change row carries no balance.
 */
export function payNowRappen(r: { amountRappen: number; openBalanceRappen: number }): number {
  return Math.max(0, r.amountRappen - r.openBalanceRappen);
}
