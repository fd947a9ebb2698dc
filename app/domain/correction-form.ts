import { formatChf } from "./money";
import { parseCounts, parseExpectedPrice } from "./change-form";
import type { MoneyChoice, Settlement } from "./booking-change";
import type { PartyCounts } from "./pricing";

/**
 * Staff correct a confirmed booking where it is (issue #29 §2): persons, package, a discount or
 * surcharge with its reason; where the money goes; whether the family hears of it. The form's
 * fields and their German messages, shared by the route's action and its page.
 */

export const ADJUST_REASON_MAX = 200;
export const ADJUST_MAX_RAPPEN = 1_000_000;

export const CORRECTION_MSG = {
  counts: "Bitte geben Sie die Anzahl Kinder und Erwachsene als ganze Zahlen an.",
  offer: "Bitte wählen Sie ein Paket.",
  adjust: "Preisanpassung: bitte einen Betrag in CHF wie -20, 15 oder 12.50 angeben (negativ = Rabatt).",
  adjustDecimals: "Preisanpassung: höchstens zwei Nachkommastellen (ganze Rappen).",
  adjustTooLarge: "Preisanpassung: höchstens CHF 10'000.",
  reasonMissing: "Bitte geben Sie den Grund der Preisanpassung an (die Familie sieht ihn in der E-Mail).",
  reasonTooLong: `Der Grund darf höchstens ${ADJUST_REASON_MAX} Zeichen lang sein.`,
  notActive: "Nur bestätigte Buchungen können korrigiert werden. Eine reservierte Buchung wird zuerst bezahlt oder storniert.",
  saved: "Buchung korrigiert.",
  savedNotified: (email: string) => `Buchung korrigiert. Die Familie erhält die Änderung an ${email}.`,
  savedSilent: "Buchung korrigiert. Die Familie wurde nicht benachrichtigt.",
  manualRefund: "Die Rückerstattung konnte nicht automatisch ausgelöst werden: bitte manuell erstatten (siehe Zahlungen).",
  pendingRefund: "Die Rückerstattung ist beim Zahlungsanbieter in Bearbeitung.",
} as const;

export type AdjustParse = { ok: true; rappen: number } | { ok: false; message: string };

/** "-20", "−20.50", "+15", "15,5", "" (none) → signed Rappen. */
export function parseAdjust(value: FormDataEntryValue | null): AdjustParse {
  const text = typeof value === "string" ? value.trim().replace(",", ".").replace("−", "-").replace(/^CHF\s*/i, "") : "";
  if (text === "") return { ok: true, rappen: 0 };
  const match = /^([+-]?)(\d{1,9})(?:\.(\d+))?$/.exec(text);
  if (!match) return { ok: false, message: CORRECTION_MSG.adjust };
  const [, sign, francs, fraction = ""] = match;
  if (fraction.length > 2) return { ok: false, message: CORRECTION_MSG.adjustDecimals };
  const rappen = Number(francs) * 100 + Number(fraction.padEnd(2, "0"));
  if (rappen > ADJUST_MAX_RAPPEN) return { ok: false, message: CORRECTION_MSG.adjustTooLarge };
  return { ok: true, rappen: sign === "-" ? -rappen : rappen };
}

/** The amount as staff type it back into the field: `-20.00`, `15.00`, empty for none. */
export function adjustFieldValue(rappen: number): string {
  if (rappen === 0) return "";
  return `${rappen < 0 ? "-" : ""}${(Math.abs(rappen) / 100).toFixed(2)}`;
}

export type CorrectionRequest = {
  /** Birthdays only; games keep their players. */
  counts: PartyCounts | null;
  offerId: number | null;
  adjust: { rappen: number; reason: string | null };
  money: MoneyChoice;
  notify: boolean;
  intent: "quote" | "save" | "edit";
  expectedPriceRappen: number | undefined;
  /** The extras' counts as typed (issue #30 §2), when the form showed them; checked by the server against the offered extras. */
  extraFields?: Record<string, string> | null;
};

/** The posted extras fields (`extra-<id>[-<choice>]`) of a form that showed them (`extrasShown`), else null. */
export function extraFieldsOf(form: FormLike): Record<string, string> | null {
  if (form.get("extrasShown") !== "1") return null;
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (/^extra-\d{1,9}(-\d{1,2})?$/.test(name) && typeof value === "string") fields[name] = value.slice(0, 10);
  return fields;
}

type FormLike = { get(name: string): FormDataEntryValue | null } & Iterable<[string, FormDataEntryValue]>;

/**
 * Reads the correction form; the first problem as a German message (the server checks the rest:
 * the offer's rules, the table's seats, the price). A missing checkbox means «nicht benachrichtigen»
 * only once the form was shown (`notifyShown`), so an old bookmark never silences the e-mail.
 */
export function parseCorrection(form: FormLike): { ok: true; request: CorrectionRequest } | { ok: false; message: string } {
  let counts: PartyCounts | null = null;
  let offerId: number | null = null;
  // A birthday's form has the persons and the package; a game's has neither (the server ignores them for games).
  if (form.get("numChildren") !== null) {
    counts = parseCounts(form);
    if (!counts) return { ok: false, message: CORRECTION_MSG.counts };
  }
  const rawOffer = form.get("offerId");
  if (rawOffer !== null) {
    if (typeof rawOffer !== "string" || !/^\d{1,9}$/.test(rawOffer)) return { ok: false, message: CORRECTION_MSG.offer };
    offerId = Number(rawOffer);
  }
  const adjust = parseAdjust(form.get("adjust"));
  if (!adjust.ok) return adjust;
  const rawReason = form.get("adjustReason");
  const reason = typeof rawReason === "string" ? rawReason.replace(/\s+/g, " ").trim() : "";
  if (adjust.rappen !== 0 && reason === "") return { ok: false, message: CORRECTION_MSG.reasonMissing };
  if ([...reason].length > ADJUST_REASON_MAX) return { ok: false, message: CORRECTION_MSG.reasonTooLong };
  const money: MoneyChoice = {
    increase: form.get("increase") === "online" ? "online" : "venue",
    decrease: form.get("decrease") === "voucher" ? "voucher" : "refund",
  };
  const notify = form.get("notifyShown") === "1" ? form.get("notify") === "1" : true;
  return {
    ok: true,
    request: {
      counts,
      offerId,
      adjust: { rappen: adjust.rappen, reason: adjust.rappen === 0 ? null : reason },
      money,
      notify,
      intent: form.get("intent") === "save" ? "save" : form.get("intent") === "edit" ? "edit" : "quote",
      expectedPriceRappen: parseExpectedPrice(form.get("expectPrice")),
      extraFields: extraFieldsOf(form),
    },
  };
}

/** The quote's consequences for staff, one line each: what the family pays, gets back, or owes at the counter. */
export function correctionMoneyLines(s: Settlement, voucherCode: string | null): string[] {
  const lines: string[] = [];
  if (s.payOnlineRappen > 0) lines.push(`Die Familie bezahlt die Differenz von ${formatChf(s.payOnlineRappen)} über einen Zahlungslink; bis dahin bleibt die Buchung unverändert.`);
  if (s.openBalanceDeltaRappen > 0) lines.push(`${formatChf(s.openBalanceDeltaRappen)} bleiben offen: am Empfang zu bezahlen oder online über den Zahlungslink der Buchung.`);
  if (s.openBalanceDeltaRappen < 0) lines.push(`Der offene Betrag am Empfang sinkt um ${formatChf(-s.openBalanceDeltaRappen)}.`);
  if (s.refundRappen > 0) lines.push(`${formatChf(s.refundRappen)} gehen auf das Zahlungsmittel der Familie zurück.`);
  if (s.voucherIssueRappen > 0) lines.push(`${formatChf(s.voucherIssueRappen)} erhält die Familie als neuen Gutschein.`);
  if (s.voucherCreditRappen > 0) lines.push(`${formatChf(s.voucherCreditRappen)} werden dem Gutschein${voucherCode ? ` ${voucherCode}` : ""} wieder gutgeschrieben.`);
  if (s.venueDeltaRappen > 0) lines.push(`An der Kasse sind ${formatChf(s.venueDeltaRappen)} mehr zu bezahlen.`);
  if (s.venueDeltaRappen < 0) lines.push(`An der Kasse sind ${formatChf(-s.venueDeltaRappen)} weniger zu bezahlen.`);
  if (lines.length === 0) lines.push("Am Betrag ändert sich nichts.");
  return lines;
}
