/**
 * Datatrans reports nine transaction states; the spec knows four, and the pages only care whether
 * the payment is still open, paid, cancelled or failed. Pure, so the status poll in the browser can
 * use the same mapping as the server.
 */
export type PaymentOutcome = "pending" | "paid" | "cancelled" | "failed";

const SPEC_STATUS: Readonly<Record<string, string>> = {
  initialized: "initiated",
  // 3-D Secure steps: the customer is still at work, so the spec keeps polling.
  challenge_required: "initiated",
  challenge_ongoing: "initiated",
  authenticated: "initiated",
  authorized: "authorized",
  settled: "settled",
  // Transmitted is settled and already sent to the acquirer: for the customer nothing differs.
  transmitted: "settled",
};

/** The spec's status for a Datatrans status; unknown ones (canceled, failed, new ones) pass through. */
export function toSpecStatus(providerStatus: string): string {
  return Object.hasOwn(SPEC_STATUS, providerStatus) ? (SPEC_STATUS[providerStatus] as string) : providerStatus;
}

/**
 * What a Datatrans status means for the booking. An authorization alone is not paid: with
 * `autoSettle` it settles shortly after, so it stays pending until then.
 */
export function paymentOutcome(providerStatus: string): PaymentOutcome {
  switch (providerStatus) {
    case "settled":
    case "transmitted":
      return "paid";
    case "canceled":
      return "cancelled";
    case "failed":
      return "failed";
    default:
      return "pending";
  }
}

/** Provider statuses in words a parent understands (the raw value only for one we do not know). */
const STATUS_WORDS: Readonly<Record<string, string>> = {
  initiated: "in Bearbeitung",
  authorized: "in Bearbeitung",
  settled: "bezahlt",
  canceled: "abgebrochen",
  cancelled: "abgebrochen",
  failed: "fehlgeschlagen",
  declined: "abgelehnt",
  expired: "abgelaufen",
};

export function paymentStatusLabel(status: string): string {
  return Object.hasOwn(STATUS_WORDS, status) ? (STATUS_WORDS[status] as string) : status;
}

/** Statuses after which there is no booking: the page must not look like a confirmation. */
export function isAbortedStatus(status: string | null): boolean {
  return status === "canceled" || status === "cancelled" || status === "failed" || status === "declined" || status === "expired";
}
