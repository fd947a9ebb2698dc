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
