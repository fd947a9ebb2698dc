/**
 * The payment link of a phone booking (`/zahlung/<token>`): what it can do for the booking as it
 * stands. Only a held booking whose hold still runs can be paid; every other state gets a page that
 * says why (paid, cancelled, or the hold ran out).
 */
export type PaymentLinkStatus = "open" | "paid" | "expired" | "cancelled";

export function paymentLinkStatus(
  r: { status: string; holdExpiresAt: Date | null; amountRappen: number },
  now: Date,
): PaymentLinkStatus {
  if (r.status === "confirmed") return "paid";
  if (r.status === "cancelled") return "cancelled";
  if (r.status === "held" && r.holdExpiresAt !== null && r.holdExpiresAt.getTime() > now.getTime() && r.amountRappen > 0) return "open";
  return "expired";
}

export const PAYMENT_LINK_MSG = {
  paid: "Diese Buchung ist bereits bezahlt. Die Buchungsbestätigung haben Sie per E-Mail erhalten.",
  expired: "Dieser Zahlungslink ist abgelaufen: Die Buchung wurde nicht rechtzeitig bezahlt, und der Termin ist wieder freigegeben.",
  cancelled: "Diese Buchung wurde storniert. Eine Zahlung ist nicht mehr möglich.",
  startFailed: "Die Zahlung konnte gerade nicht eröffnet werden. Ihre Buchung bleibt bestehen; bitte versuchen Sie es in einigen Minuten erneut.",
} as const;

/** Page titles per state (German, shown as the heading). */
export const PAYMENT_LINK_TITLES: Record<PaymentLinkStatus, string> = {
  open: "Buchung bezahlen",
  paid: "Bereits bezahlt",
  expired: "Zahlungslink abgelaufen",
  cancelled: "Buchung storniert",
};
