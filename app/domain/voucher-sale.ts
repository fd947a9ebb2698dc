import { isEmailAddress } from "./contact";
import { formatChf } from "./money";

/**
 * Gift vouchers sold online (issue #31 §3): the rules of the order form, the settings' shape and the
 * family-facing texts of the pages and the e-mail, in one place. These German texts are the source:
 * the `voucherShop` and `email` namespaces carry them in every language (issue #33), and
 * voucher-shop.mirror.test.ts keeps their German copies equal to these.
 */

/** What the manager sets (`venue_settings.voucher_sale`); null fields take the defaults. */
export type VoucherSaleSettings = {
  /** Whether `/gutschein` sells at all. */
  online: boolean;
  /** How long a sold voucher is valid, in months from the day it is paid. */
  validityMonths: number;
  minRappen: number;
  maxRappen: number;
  /** The amounts offered as buttons (whole francs), within min and max. */
  presetsRappen: number[];
};

export const VOUCHER_SALE_DEFAULTS: VoucherSaleSettings = {
  online: true,
  // The term printed on the desk's vouchers too (vouchers.server); see docs/decisions.md for the law.
  validityMonths: 36,
  minRappen: 1_000,
  maxRappen: 50_000,
  presetsRappen: [2_000, 5_000, 10_000, 15_000],
};

/** The bounds the settings page accepts: a term under a year is refused (see decisions.md). */
export const VOUCHER_SALE_BOUNDS = { minMonths: 12, maxMonths: 120, lowestRappen: 500, highestRappen: 100_000, maxPresets: 6 } as const;

export const VOUCHER_SALE_MAX = { recipientName: 60, message: 300, buyerName: 80, buyerEmail: 254 } as const;

export function voucherSaleSettings(stored: Partial<VoucherSaleSettings> | null | undefined): VoucherSaleSettings {
  const s = { ...VOUCHER_SALE_DEFAULTS, ...(stored ?? {}) };
  return { ...s, presetsRappen: s.presetsRappen.filter((p) => p >= s.minRappen && p <= s.maxRappen) };
}

export const VOUCHER_SALE_TEXT = {
  title: "Gutschein verschenken",
  intro: "Schenken Sie Spiel und Spass: Der Gutschein gilt für Kindergeburtstage und Spiele und kann in mehreren Teilen eingelöst werden.",
  amountLegend: "Betrag",
  freeAmount: "Anderer Betrag",
  // A non-breaking space keeps «CHF 10.00» on one line in the short label.
  freeAmountLabel: (min: number, max: number) => `Anderer Betrag in CHF (${formatChf(min).replace(" ", "\u00a0")} bis ${formatChf(max).replace(" ", "\u00a0")})`,
  recipientName: "Für (Name der beschenkten Person)",
  message: "Persönliche Nachricht (freiwillig)",
  buyerName: "Ihr Name",
  buyerEmail: "Ihre E-Mail-Adresse",
  buyerEmailHint: "An diese Adresse senden wir den Gutschein als PDF zum Ausdrucken.",
  validity: (months: number) => `Gültig ${months} Monate ab Kauf.`,
  acceptTerms: "Ich akzeptiere die",
  terms: "AGB",
  submit: "Weiter zur Zahlung",
  closed: "Gutscheine können zurzeit nicht online gekauft werden. Gerne verkaufen wir Ihnen einen an unserer Kasse.",
  paymentFailed: "Die Zahlung konnte nicht gestartet werden. Bitte versuchen Sie es erneut.",
  // the order's page
  orderTitle: "Ihr Gutschein",
  paid: "Vielen Dank! Ihr Gutschein ist bezahlt. Wir haben ihn Ihnen per E-Mail gesendet.",
  pending: "Ihre Zahlung wird noch bestätigt. Sobald sie eingegangen ist, ist der Gutschein gültig und wird Ihnen gesendet.",
  open: "Der Gutschein ist noch nicht bezahlt.",
  payAgain: "Jetzt bezahlen",
  download: "Gutschein als PDF herunterladen",
  code: "Gutscheincode",
  value: "Wert",
  validUntil: "Gültig bis",
  for: "Für",
  from: "Von",
  notFound: "Diese Gutscheinbestellung gibt es nicht.",
  messageLabel: "Nachricht",
  paymentCancelled: "Die Zahlung wurde abgebrochen. Der Gutschein ist nicht bezahlt.",
  paymentError: "Die Zahlung ist fehlgeschlagen. Bitte versuchen Sie es erneut.",
  // the PDF
  pdfTitle: "Gutschein",
  pdfRedeem: "Einlösbar online bei der Buchung (Feld «Gutschein») oder an der Kasse. Restbeträge bleiben auf dem Gutschein.",
  pdfNoCash: "Keine Barauszahlung.",
  // the e-mail
  mailSubject: (venue: string) => `Ihr Gutschein von ${venue}`,
  mailIntro: (name: string) => `Guten Tag ${name}\n\nVielen Dank für Ihren Einkauf. Im Anhang finden Sie Ihren Gutschein zum Ausdrucken.`,
  mailLink: "Sie können ihn auch jederzeit hier herunterladen:",
} as const;

export const VOUCHER_SALE_MSG = {
  amount: (min: number, max: number) => `Bitte wählen Sie einen Betrag zwischen ${formatChf(min)} und ${formatChf(max)} (ganze Franken).`,
  recipientName: "Bitte geben Sie an, für wen der Gutschein ist.",
  buyerName: "Bitte geben Sie Ihren Namen an.",
  buyerEmail: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  tooLong: (label: string, max: number) => `${label}: höchstens ${max} Zeichen erlaubt.`,
  terms: "Bitte akzeptieren Sie die AGBs.",
  control: "Bitte verwenden Sie nur gewöhnliche Schriftzeichen.",
} as const;

/**
 * The short name a «too long» message gives each free-text field (a key of VOUCHER_SALE_TEXT, so
 * the server can word the same message in the page's language).
 */
export const VOUCHER_FIELD_LABEL = { recipientName: "for", message: "messageLabel", buyerName: "buyerName" } as const satisfies Record<string, keyof typeof VOUCHER_SALE_TEXT>;

export type VoucherOrderInput = { amountRappen: number; recipientName: string; message: string; buyerName: string; buyerEmail: string };
export type VoucherOrderField = "amount" | "recipientName" | "message" | "buyerName" | "buyerEmail" | "terms";
export type VoucherOrderErrors = Partial<Record<VoucherOrderField, string>>;
/** What the form shows again after an error (no JavaScript: the page is rendered anew). */
export type VoucherOrderValues = { amount: string; freeAmount: string; recipientName: string; message: string; buyerName: string; buyerEmail: string; terms: boolean };

// Control characters other than line breaks and tabs have no place in a printed voucher.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

function text(value: FormDataEntryValue | null): string {
  return typeof value === "string" ? value.replace(/\r\n?/g, "\n").trim() : "";
}

/**
 * Parses the order form with the same rules the page states; errors are per field, in German (the
 * spec's texts; the server words them in the page's language: voucher-sale.server `orderErrorsIn`).
 */
export function parseVoucherOrder(
  form: FormData,
  settings: VoucherSaleSettings,
): { ok: true; value: VoucherOrderInput } | { ok: false; errors: VoucherOrderErrors; values: VoucherOrderValues } {
  const values: VoucherOrderValues = {
    amount: text(form.get("amount")),
    freeAmount: text(form.get("freeAmount")),
    recipientName: text(form.get("recipientName")),
    message: text(form.get("message")),
    buyerName: text(form.get("buyerName")),
    buyerEmail: text(form.get("buyerEmail")),
    terms: form.get("terms") === "on",
  };
  const errors: VoucherOrderErrors = {};
  const amountRappen = amountOf(values, settings);
  if (amountRappen === null) errors.amount = VOUCHER_SALE_MSG.amount(settings.minRappen, settings.maxRappen);
  const single = (field: "recipientName" | "buyerName", label: string, missing: string) => {
    const value = values[field];
    if (!value) errors[field] = missing;
    else if (value.length > VOUCHER_SALE_MAX[field]) errors[field] = VOUCHER_SALE_MSG.tooLong(label, VOUCHER_SALE_MAX[field]);
    else if (CONTROL.test(value) || value.includes("\n")) errors[field] = VOUCHER_SALE_MSG.control;
  };
  const label = (field: keyof typeof VOUCHER_FIELD_LABEL) => VOUCHER_SALE_TEXT[VOUCHER_FIELD_LABEL[field]];
  single("recipientName", label("recipientName"), VOUCHER_SALE_MSG.recipientName);
  if (values.message.length > VOUCHER_SALE_MAX.message) errors.message = VOUCHER_SALE_MSG.tooLong(label("message"), VOUCHER_SALE_MAX.message);
  else if (CONTROL.test(values.message)) errors.message = VOUCHER_SALE_MSG.control;
  single("buyerName", label("buyerName"), VOUCHER_SALE_MSG.buyerName);
  if (values.buyerEmail.length > VOUCHER_SALE_MAX.buyerEmail || !isEmailAddress(values.buyerEmail)) errors.buyerEmail = VOUCHER_SALE_MSG.buyerEmail;
  if (!values.terms) errors.terms = VOUCHER_SALE_MSG.terms;
  if (Object.keys(errors).length > 0 || amountRappen === null) return { ok: false, errors, values };
  return {
    ok: true,
    value: { amountRappen, recipientName: values.recipientName, message: values.message, buyerName: values.buyerName, buyerEmail: values.buyerEmail.toLowerCase() },
  };
}

/** A preset (its value in francs) or «frei» with a whole-franc amount within the limits. */
function amountOf(values: VoucherOrderValues, settings: VoucherSaleSettings): number | null {
  const preset = /^\d{1,4}$/.test(values.amount) ? Number(values.amount) * 100 : null;
  if (preset !== null && settings.presetsRappen.includes(preset)) return preset;
  if (values.amount !== "frei" && values.amount !== "") return null;
  const raw = values.freeAmount.replace(/^CHF\s*/i, "").replace(/[.,][-–—]{1,2}$/, "").replace(/[.,]00$/, "");
  if (!/^\d{1,5}$/.test(raw)) return null;
  const rappen = Number(raw) * 100;
  return rappen >= settings.minRappen && rappen <= settings.maxRappen ? rappen : null;
}

/** The settings form (manager): every field checked against VOUCHER_SALE_BOUNDS. */
export const VOUCHER_SETTINGS_MSG = {
  months: `Gültigkeit: bitte ${VOUCHER_SALE_BOUNDS.minMonths} bis ${VOUCHER_SALE_BOUNDS.maxMonths} Monate angeben.`,
  limits: `Mindest- und Höchstbetrag: ganze Franken von ${formatChf(VOUCHER_SALE_BOUNDS.lowestRappen)} bis ${formatChf(VOUCHER_SALE_BOUNDS.highestRappen)}, der Mindestbetrag nicht über dem Höchstbetrag.`,
  presets: `Beträge zur Auswahl: bis ${VOUCHER_SALE_BOUNDS.maxPresets} ganze Frankenbeträge zwischen Mindest- und Höchstbetrag, durch Kommas getrennt.`,
  saved: "Einstellungen gespeichert.",
} as const;

export function parseVoucherSettings(form: FormData): { ok: true; value: VoucherSaleSettings } | { ok: false; errors: Partial<Record<"months" | "limits" | "presets", string>> } {
  const errors: Partial<Record<"months" | "limits" | "presets", string>> = {};
  const whole = (v: FormDataEntryValue | null) => (typeof v === "string" && /^\d{1,6}$/.test(v.trim()) ? Number(v.trim()) : null);
  const months = whole(form.get("validityMonths"));
  if (months === null || months < VOUCHER_SALE_BOUNDS.minMonths || months > VOUCHER_SALE_BOUNDS.maxMonths) errors.months = VOUCHER_SETTINGS_MSG.months;
  const min = whole(form.get("minChf"));
  const max = whole(form.get("maxChf"));
  const inBounds = (chf: number | null) => chf !== null && chf * 100 >= VOUCHER_SALE_BOUNDS.lowestRappen && chf * 100 <= VOUCHER_SALE_BOUNDS.highestRappen;
  if (!inBounds(min) || !inBounds(max) || min! > max!) errors.limits = VOUCHER_SETTINGS_MSG.limits;
  const rawPresets = String(form.get("presets") ?? "")
    .split(/[,;\s]+/)
    .filter(Boolean);
  const presets = rawPresets.map((p) => (/^\d{1,6}$/.test(p) ? Number(p) * 100 : NaN));
  if (presets.length > VOUCHER_SALE_BOUNDS.maxPresets || presets.some((p) => !Number.isFinite(p) || (!errors.limits && (p < min! * 100 || p > max! * 100)))) errors.presets = VOUCHER_SETTINGS_MSG.presets;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: { online: form.get("online") === "on", validityMonths: months!, minRappen: min! * 100, maxRappen: max! * 100, presetsRappen: [...new Set(presets)].sort((a, b) => a - b) },
  };
}
