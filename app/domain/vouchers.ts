import { MSG } from "./messages";

export type VoucherState = { remainingRappen: number; validUntil: string; blocked: boolean };

export type VoucherCheck =
  | { valid: true; message: string; remainingRappen: number }
  | { valid: false; message: string; remainingRappen: number };

/** Whether a voucher can pay for something today (venue date). */
export function checkVoucher(voucher: VoucherState | null, today: string): VoucherCheck {
  if (!voucher) return { valid: false, message: MSG.voucherUnknown, remainingRappen: 0 };
  if (voucher.blocked) return { valid: false, message: MSG.voucherBlocked, remainingRappen: 0 };
  if (voucher.validUntil < today) return { valid: false, message: MSG.voucherExpired, remainingRappen: 0 };
  if (voucher.remainingRappen <= 0) return { valid: false, message: MSG.voucherUsedUp, remainingRappen: 0 };
  return { valid: true, message: MSG.voucherValid, remainingRappen: voucher.remainingRappen };
}
