import { formatChf } from "./money";

/**
 * What staff may give back when they cancel (issue #29 §1, AGB §4): everything, everything less the
 * late-cancellation fee, or nothing. The voucher part follows the same choice as the money paid
 * online, each part on its own (docs/decisions.md "Cancellation fee"): with a 20 % fee, CHF 300 paid
 * online and CHF 100 by voucher give CHF 240 back and CHF 80 onto the voucher.
 */
export type RefundChoice = "full" | "fee" | "none";
export const REFUND_CHOICES: readonly RefundChoice[] = ["full", "fee", "none"];

export function isRefundChoice(value: unknown): value is RefundChoice {
  return typeof value === "string" && (REFUND_CHOICES as readonly string[]).includes(value);
}

/** What the booking holds: paid online and still refundable, and the voucher part. */
export type CancellationMoney = { onlineRappen: number; voucherRappen: number };

/** What one choice moves. `keptRappen`: the fee the venue keeps (online and voucher together). */
export type CancellationSplit = { refundRappen: number; voucherCreditRappen: number; keptRappen: number };

function feeOf(amountRappen: number, percent: number): number {
  return Math.round((amountRappen * Math.min(100, Math.max(0, percent))) / 100);
}

export function cancellationSplit(money: CancellationMoney, choice: RefundChoice, feePercent: number): CancellationSplit {
  const online = Math.max(0, money.onlineRappen);
  const voucher = Math.max(0, money.voucherRappen);
  if (choice === "full") return { refundRappen: online, voucherCreditRappen: voucher, keptRappen: 0 };
  if (choice === "none") return { refundRappen: 0, voucherCreditRappen: 0, keptRappen: online + voucher };
  const onlineFee = feeOf(online, feePercent);
  const voucherFee = feeOf(voucher, feePercent);
  return { refundRappen: online - onlineFee, voucherCreditRappen: voucher - voucherFee, keptRappen: onlineFee + voucherFee };
}

export type RefundOption = CancellationSplit & { choice: RefundChoice; label: string; detail: string };

function detailOf(split: CancellationSplit, money: CancellationMoney): string {
  const parts: string[] = [];
  if (money.onlineRappen > 0) parts.push(`${formatChf(split.refundRappen)} zurück auf das Zahlungsmittel`);
  if (money.voucherRappen > 0) parts.push(`${formatChf(split.voucherCreditRappen)} zurück auf den Gutschein`);
  if (split.keptRappen > 0) parts.push(`${formatChf(split.keptRappen)} einbehalten`);
  return parts.join(" · ");
}

/**
 * The choices the storno page offers, the recommended one first in meaning: free cancellation
 * (before the self-service deadline) recommends the full refund, a later one the AGB's fee. A fee
 * of 0 % or 100 % is the same as one of the other two, so it is not offered twice. Nothing paid,
 * nothing to choose: an empty list.
 */
export function refundOptions(money: CancellationMoney, feePercent: number, free: boolean): { options: RefundOption[]; recommended: RefundChoice } {
  if (money.onlineRappen <= 0 && money.voucherRappen <= 0) return { options: [], recommended: "full" };
  const withFee = feePercent > 0 && feePercent < 100;
  const option = (choice: RefundChoice, label: string): RefundOption => {
    const split = cancellationSplit(money, choice, feePercent);
    return { choice, label, detail: detailOf(split, money), ...split };
  };
  const options = [
    option("full", "Volle Rückerstattung"),
    ...(withFee ? [option("fee", `Rückerstattung abzüglich Stornogebühr (${feePercent} %)`)] : []),
    option("none", "Keine Rückerstattung"),
  ];
  const recommended: RefundChoice = free ? "full" : withFee ? "fee" : feePercent <= 0 ? "full" : "none";
  return { options, recommended };
}
