/**
 * The payment link of a phone booking (`/zahlung/<token>`): what it can do for the booking as it
 * stands. Only a held booking whose hold still runs can be paid; every other state gets a page that
 * says why (paid, cancelled, or the hold ran out).
 */
export type PaymentLinkStatus = "open" | "paid" | "expired" | "cancelled";

export function paymentLinkStatus(
  r: { status: string; holdExpiresAt: Date | null; amountRappen: number; paymentStatus: string; openBalanceRappen: number; paidAtVenueRappen: number },
  now: Date,
): PaymentLinkStatus {
  // A confirmed booking paid online with an open balance (a staff correction that costs more): the
  // link pays that balance (issue #29 §2).
  if (r.status === "confirmed") return balanceDueRappen(r) > 0 ? "open" : "paid";
  if (r.status === "cancelled") return "cancelled";
  if (r.status === "held" && r.holdExpiresAt !== null && r.holdExpiresAt.getTime() > now.getTime() && r.amountRappen > 0) return "open";
  return "expired";
}

/** What a confirmed booking paid online still owes: its open balance less what was paid at the venue. */
export function balanceDueRappen(r: { status: string; paymentStatus: string; openBalanceRappen: number; paidAtVenueRappen: number }): number {
  if (r.status !== "confirmed" || r.paymentStatus !== "settled") return 0;
  return Math.max(0, r.openBalanceRappen - r.paidAtVenueRappen);
}

export const PAYMENT_LINK_MSG = {
  paid: "Diese Buchung ist bereits bezahlt. Die Buchungsbestätigung haben Sie per E-Mail erhalten.",
  expired: "Dieser Zahlungslink ist abgelaufen: Die Buchung wurde nicht rechtzeitig bezahlt, und der Termin ist wieder freigegeben.",
  cancelled: "Diese Buchung wurde storniert. Eine Zahlung ist nicht mehr möglich.",
  startFailed: "Die Zahlung konnte gerade nicht eröffnet werden. Ihre Buchung bleibt bestehen; bitte versuchen Sie es in einigen Minuten erneut.",
} as const;
