import type { PartyCounts } from "./pricing";

/**
 * The forms of a booking change (family pages and the staff desk): what their fields mean, and the
 * one-word notices the manage page shows after a change.
 */

/** The price the person confirmed (whole Rappen in a hidden field), or undefined. */
export function parseExpectedPrice(value: FormDataEntryValue | null): number | undefined {
  if (typeof value !== "string" || !/^\d{1,9}$/.test(value)) return undefined;
  return Number(value);
}

/** The three counters of the persons form: whole numbers (the offer's bounds are checked by `countsProblem`). */
export function parseCounts(form: { get(name: string): FormDataEntryValue | null }): PartyCounts | null {
  const one = (name: string) => {
    const raw = form.get(name);
    if (typeof raw !== "string" || !/^\d{1,2}$/.test(raw.trim())) return null;
    return Number(raw.trim());
  };
  const numChildren = one("numChildren");
  const numActiveAdults = one("numActiveAdults");
  const numAccompanyingAdults = one("numAccompanyingAdults");
  if (numChildren === null || numActiveAdults === null || numAccompanyingAdults === null) return null;
  return { numChildren, numActiveAdults, numAccompanyingAdults };
}

/** `?ok=` after a change: moved or changed, and whether a refund is left for staff. */
export function changeNotice(kind: "verschoben" | "geaendert", refund: "none" | "refunded" | "manual" | "pending"): string {
  return refund === "manual" ? `${kind}-manuell` : refund === "pending" ? `${kind}-bearbeitung` : kind;
}

const REFUND_IN_PROGRESS = "Die Rückerstattung ist beim Zahlungsanbieter in Bearbeitung; Sie erhalten den Betrag ohne weiteres Zutun zurück.";

const MANUAL_REFUND = "Die Rückerstattung konnte nicht automatisch ausgelöst werden; unser Team erledigt sie manuell und meldet sich bei Ihnen.";

/** What the manage page says after a change or a payment for one. */
export const CHANGE_NOTICES: Record<string, { kind: "success" | "warning" | "info"; text: string }> = {
  verschoben: { kind: "success", text: "Ihre Buchung wurde verschoben. Sie erhalten eine Bestätigung mit dem neuen Kalendereintrag per E-Mail." },
  "verschoben-manuell": { kind: "warning", text: `Ihre Buchung wurde verschoben. ${MANUAL_REFUND}` },
  "verschoben-bearbeitung": { kind: "info", text: `Ihre Buchung wurde verschoben. ${REFUND_IN_PROGRESS}` },
  geaendert: { kind: "success", text: "Ihre Buchung wurde geändert. Sie erhalten eine Bestätigung mit allen Beträgen per E-Mail." },
  "geaendert-manuell": { kind: "warning", text: `Ihre Buchung wurde geändert. ${MANUAL_REFUND}` },
  "geaendert-bearbeitung": { kind: "info", text: `Ihre Buchung wurde geändert. ${REFUND_IN_PROGRESS}` },
  "zahlung-abgebrochen": { kind: "warning", text: "Die Zahlung wurde nicht abgeschlossen. Ihre Buchung bleibt unverändert." },
  "zahlung-erstattet": {
    kind: "warning",
    text: "Ihre Zahlung ist eingegangen, aber die Änderung war nicht mehr möglich. Ihre Buchung bleibt unverändert; der Betrag wird Ihnen zurückerstattet.",
  },
};
