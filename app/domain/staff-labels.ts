export const STATUS_LABELS: Record<string, string> = {
  held: "gehalten (Zahlung offen)",
  confirmed: "bestätigt",
  cancelled: "storniert",
  expired: "abgelaufen",
};

export const PAYMENT_LABELS: Record<string, string> = {
  none: "–",
  pending: "Zahlung läuft",
  settled: "bezahlt",
  refund_pending: "Rückerstattung offen",
  refunded: "zurückerstattet",
  failed: "fehlgeschlagen",
};

/**
 * A booking's state in staff words: a cancellation the venue made (a closure, issue #29 §3) reads
 * «von der Anlage abgesagt», a booking told about a closure and still waiting for the family's choice says so.
 */
export function bookingStatusLabel(r: { status: string; venueCancelled?: number; closureNoticeDate?: string | null; date?: string }): string {
  if (r.status === "cancelled" && r.venueCancelled === 1) return "von der Anlage abgesagt";
  if (r.status === "confirmed" && r.closureNoticeDate && r.closureNoticeDate === r.date) return "bestätigt (Schliessung gemeldet, Antwort offen)";
  return STATUS_LABELS[r.status] ?? r.status;
}
