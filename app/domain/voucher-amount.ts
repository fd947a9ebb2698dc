/**
 * What a voucher may be worth (docs/decisions.md "Voucher amounts"): whole Rappen, at least
 * CHF 0.05 (the smallest Swiss coin), at most CHF 10,000. One rule for the staff form, the JSON API
 * and the command line, each answered with the same German reason.
 */
export const VOUCHER_MIN_RAPPEN = 5;
export const VOUCHER_MAX_RAPPEN = 1_000_000;

export const VOUCHER_AMOUNT_MESSAGES = {
  notANumber: "Betrag: bitte eine Zahl wie 50 oder 25.50 angeben.",
  decimals: "Betrag: höchstens zwei Nachkommastellen (ganze Rappen).",
  tooSmall: "Betrag: mindestens CHF 0.05.",
  tooLarge: "Betrag: höchstens CHF 10'000.",
} as const;

export type AmountCheck = { ok: true; rappen: number } | { ok: false; message: string };

/** A plain decimal ("50", "25.5", "25,50") or a JSON number; hex, exponents and signs are refused. */
export function voucherAmountRappen(value: unknown): AmountCheck {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return { ok: false, message: VOUCHER_AMOUNT_MESSAGES.notANumber };
    // A JSON number like 1e-7 or 12.345 is judged by its decimal digits, not by binary rounding.
    text = value.toFixed(10).replace(/0+$/, "").replace(/\.$/, "");
  } else if (typeof value === "string") {
    text = value.trim().replace(",", ".");
  } else {
    return { ok: false, message: VOUCHER_AMOUNT_MESSAGES.notANumber };
  }
  if (text.startsWith("-")) return { ok: false, message: VOUCHER_AMOUNT_MESSAGES.tooSmall };
  const match = /^(\d{1,9})(?:\.(\d+))?$/.exec(text);
  if (!match) return { ok: false, message: VOUCHER_AMOUNT_MESSAGES.notANumber };
  const [, francs, fraction = ""] = match;
  if (fraction.length > 2) return { ok: false, message: VOUCHER_AMOUNT_MESSAGES.decimals };
  const rappen = Number(francs) * 100 + Number(fraction.padEnd(2, "0"));
  if (rappen < VOUCHER_MIN_RAPPEN) return { ok: false, message: VOUCHER_AMOUNT_MESSAGES.tooSmall };
  if (rappen > VOUCHER_MAX_RAPPEN) return { ok: false, message: VOUCHER_AMOUNT_MESSAGES.tooLarge };
  return { ok: true, rappen };
}
