import { LOCALE, type Lang } from "~/i18n/locales";
import type { SummaryLine } from "./pricing";

/**
 * Receipts and credit notes (issue #31 §1): the pure rules. A booking's money is counted per
 * category from the rows that moved it (payments, the voucher ledger, the desk's total paid at the
 * venue); every document accounts for the difference between those counts and what earlier
 * documents already covered, so issuing is idempotent and a missed moment is caught up later with
 * the right amounts (docs/decisions.md "Receipts").
 */

/** Swiss MWST: prices to families include it (PBV Art. 4), or the venue is not liable ("none"). */
export const VAT_MODES = ["included", "none"] as const;
export type VatMode = (typeof VAT_MODES)[number];

/** A rate in basis points (810 = 8.1 %) from a day on (`YYYY-MM-DD`, venue time). */
export type VatRate = { validFrom: string; rateBp: number };

/** The Swiss standard rates since 2018 (seeded; the manager adds a later change). */
export const DEFAULT_VAT_RATES: readonly VatRate[] = [
  { validFrom: "2018-01-01", rateBp: 770 },
  { validFrom: "2024-01-01", rateBp: 810 },
];

/**
 * The rate for a service on `day`: Swiss VAT follows the day the service is rendered (the party), so
 * a deposit paid in December for a party in January after a change carries January's rate.
 */
export function vatRateOn(rates: readonly VatRate[], day: string): number | null {
  let found: VatRate | null = null;
  for (const r of rates) if (r.validFrom <= day && (found === null || r.validFrom > found.validFrom)) found = r;
  return found?.rateBp ?? null;
}

/** MWST contained in a gross amount, rounded to the Rappen (half up): 10810 at 8.1 % → 810. */
export function vatIncluded(grossRappen: number, rateBp: number): number {
  if (grossRappen <= 0 || rateBp <= 0) return 0;
  return Math.round((grossRappen * rateBp) / (10_000 + rateBp));
}

/** «8.1 %», «7.7 %», «2.6 %» (one decimal as the tax office writes them; two when needed). */
export function formatRate(rateBp: number): string {
  const pct = rateBp / 100;
  return `${Number.isInteger(pct * 10) ? pct.toFixed(1) : pct.toFixed(2)} %`;
}

const rateFormats = new Map<Lang, Intl.NumberFormat>();

/**
 * A rate on a document in its language (issue #33 §2): German exactly as `formatRate`, the others
 * as their Swiss locale writes a percentage (`8,1 %` in French), with the same one or two decimals.
 */
export function formatRateIn(rateBp: number, lang: Lang): string {
  if (lang === "de") return formatRate(rateBp);
  let format = rateFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE[lang], { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 2 });
    rateFormats.set(lang, format);
  }
  return format.format(rateBp / 10_000);
}

/**
 * What a booking's money rows say, Rappen, each a running total that only the named event moves:
 * paid online (settled payments, gross), given back to the card or TWINT, given back as a new
 * voucher (a staff correction), paid by voucher (net of amounts put back on it), paid at the venue.
 */
export type MoneyTotals = {
  online: number;
  refund: number;
  voucherCredit: number;
  voucher: number;
  venue: number;
  /** Paid by bank transfer against an invoice (issue #31 §2). */
  bank: number;
};

export const MONEY_KEYS = ["online", "refund", "voucherCredit", "voucher", "venue", "bank"] as const satisfies readonly (keyof MoneyTotals)[];

export const NO_MONEY: MoneyTotals = { online: 0, refund: 0, voucherCredit: 0, voucher: 0, venue: 0, bank: 0 };

/** Money in (receipt) or money back (credit note), by how. */
export type ReceiptPart = { method: "online" | "voucher" | "venue" | "bank" | "refund" | "voucherCredit" | "voucherReturn" | "venueCorrection" | "bankCorrection"; rappen: number };

export type ReceiptKind = "receipt" | "credit_note";

/** One document to issue: its kind, its parts and the signed category amounts it accounts for. */
export type DocumentPlan = { kind: ReceiptKind; parts: ReceiptPart[]; totalRappen: number; accounts: MoneyTotals };

/**
 * The documents that bring `issued` up to `actual`: at most one receipt (money in: online, voucher,
 * venue) and one credit note (money back: refunds, voucher credits, less on a voucher or at the
 * venue than before). Categories that went down in a "money in" sense (a voucher put back, a venue
 * total corrected) are money back; nothing is issued for a category that did not change.
 */
export function documentsDue(actual: MoneyTotals, issued: MoneyTotals): DocumentPlan[] {
  const d = (k: keyof MoneyTotals) => actual[k] - issued[k];
  const inParts: ReceiptPart[] = [];
  const backParts: ReceiptPart[] = [];
  const inAcc: MoneyTotals = { ...NO_MONEY };
  const backAcc: MoneyTotals = { ...NO_MONEY };
  // Money in: the categories that count what was paid.
  const paid = [
    ["online", "online", "online"],
    ["voucher", "voucher", "voucherReturn"],
    ["venue", "venue", "venueCorrection"],
    ["bank", "bank", "bankCorrection"],
  ] as const;
  for (const [key, inMethod, backMethod] of paid) {
    const delta = d(key);
    if (delta > 0) {
      inParts.push({ method: inMethod, rappen: delta });
      inAcc[key] = delta;
    } else if (delta < 0) {
      backParts.push({ method: backMethod, rappen: -delta });
      backAcc[key] = delta;
    }
  }
  // Money back: the categories that count what was returned (they only grow).
  for (const key of ["refund", "voucherCredit"] as const) {
    const delta = d(key);
    if (delta > 0) {
      backParts.push({ method: key, rappen: delta });
      backAcc[key] = delta;
    }
  }
  const sum = (parts: ReceiptPart[]) => parts.reduce((s, p) => s + p.rappen, 0);
  const plans: DocumentPlan[] = [];
  if (inParts.length > 0) plans.push({ kind: "receipt", parts: inParts, totalRappen: sum(inParts), accounts: inAcc });
  if (backParts.length > 0) plans.push({ kind: "credit_note", parts: backParts, totalRappen: sum(backParts), accounts: backAcc });
  return plans;
}

/** `Q-2026-000042` (Quittung) or `G-2026-000043` (Gutschrift): unique by the id, the year for people. */
export function documentNumber(kind: ReceiptKind, id: number, issuedYear: number): string {
  return `${kind === "receipt" ? "Q" : "G"}-${issuedYear}-${String(id).padStart(6, "0")}`;
}

export const DOCUMENT_NUMBER_RE = /^[QG]-\d{4}-\d{6,}$/;

/** What a document shows, frozen when it is issued (a later change of the booking never alters it). */
export type ReceiptSnapshot = {
  venue: { name: string; street: string; zip: string; city: string; country: string; uidNumber: string; email: string; phone: string; website: string };
  customer: { name: string; street: string; zip: string; city: string };
  booking: { code: string; offerName: string; dateText: string; timeText: string };
  lines: SummaryLine[];
  priceRappen: number;
  parts: (ReceiptPart & { label: string })[];
  vat: { mode: VatMode; rateBp: number | null };
  /**
   * The language the document is worded in (issue #33 §2): the booking's when it was issued, its
   * labels above frozen in it, its fixed words drawn in it. Absent on documents issued before: those
   * are German, and stay exactly as issued.
   */
  lang?: Lang;
};

/**
 * The family-facing words of receipts and credit notes in German, the source: the PDFs take them
 * from the `documents` namespace in the document's language (its German a copy of these,
 * documents.mirror.test.ts); the staff pages and lists use these.
 */
export const RECEIPT_TEXT = {
  receipt: "Quittung",
  creditNote: "Gutschrift",
  number: "Nr.",
  date: "Datum",
  booking: "Buchung",
  service: "Leistung",
  customer: "Kunde",
  bookingTotal: "Total Buchung",
  received: "Erhalten",
  returned: "Zurückerstattet",
  documentTotal: "Total dieses Belegs",
  vatIncluded: (rate: string, vat: string, net: string) => `Im Betrag enthaltene MWST ${rate}: ${vat} (ohne MWST: ${net})`,
  vatNone: "Die Leistung ist nicht MWST-pflichtig; es wird keine MWST ausgewiesen.",
  uid: "UID/MWST-Nr.",
  thanks: "Vielen Dank für Ihren Besuch.",
  creditNoteIntro: "Wir haben Ihnen folgenden Betrag zurückerstattet:",
  receiptIntro: "Wir bestätigen den Erhalt folgender Zahlung:",
  manageHeading: "Quittungen",
  manageNone: "Noch keine Quittung: Sie erscheint hier, sobald eine Zahlung eingegangen ist.",
  download: "PDF herunterladen",
  methods: {
    online: "Online bezahlt (Karte/TWINT)",
    voucher: "Bezahlt mit Gutschein",
    venue: "Bezahlt am Empfang",
    bank: "Bezahlt per Rechnung (Überweisung)",
    refund: "Rückerstattung auf das Zahlungsmittel",
    voucherCredit: "Gutgeschrieben als neuer Gutschein",
    voucherReturn: "Zurück auf den Gutschein",
    venueCorrection: "Korrektur der Zahlung am Empfang",
    bankCorrection: "Korrektur der Zahlung per Rechnung",
  } satisfies Record<ReceiptPart["method"], string>,
} as const;

/**
 * A part's line on the document: the voucher's code where one was used. `method`: its words in the
 * document's language (German by default, as `RECEIPT_TEXT`).
 */
export function partLabel(part: ReceiptPart, voucherCode: string | null, method: (m: ReceiptPart["method"]) => string = (m) => RECEIPT_TEXT.methods[m]): string {
  const base = method(part.method);
  return (part.method === "voucher" || part.method === "voucherReturn") && voucherCode ? `${base} ${voucherCode}` : base;
}

/** A document's title on lists: «Quittung Q-2026-000042». */
export function documentTitle(kind: ReceiptKind, number: string): string {
  return `${kind === "receipt" ? RECEIPT_TEXT.receipt : RECEIPT_TEXT.creditNote} ${number}`;
}

/** The MWST settings' messages (staff, German). */
export const VAT_MSG = {
  mode: "Bitte wählen Sie, ob die Preise die MWST enthalten.",
  validFrom: "Bitte geben Sie das Datum ein, ab dem der Satz gilt (TT.MM.JJJJ).",
  rate: "Bitte geben Sie den Satz in Prozent ein, z. B. 8.1 (0 bis 50, höchstens zwei Nachkommastellen).",
  duplicate: (day: string) => `Für den ${day} gibt es schon einen Satz. Entfernen Sie ihn zuerst, wenn er nicht stimmt.`,
  pastDelete: "Ein Satz, der schon gilt, bleibt: Quittungen und Berichte beziehen sich auf ihn.",
  notFound: "Diesen Satz gibt es nicht (mehr).",
  modeSaved: (mode: VatMode) => (mode === "included" ? "Gespeichert: Die Preise enthalten die MWST." : "Gespeichert: Der Betrieb ist nicht MWST-pflichtig; Quittungen weisen keine MWST aus."),
  rateSaved: (rate: string, day: string) => `Der Satz ${rate} gilt ab ${day}.`,
  rateDeleted: (day: string) => `Der Satz ab ${day} ist entfernt.`,
} as const;

/** «8.1», «8,1», «7.70» → basis points; null when not a rate from 0 to 50 % with at most two decimals. */
export function parseRatePercent(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const text = value.trim().replace(",", ".").replace(/\s*%$/, "");
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(text)) return null;
  const bp = Math.round(Number(text) * 100);
  return bp <= 5000 ? bp : null;
}

export function isVatMode(value: unknown): value is VatMode {
  return typeof value === "string" && (VAT_MODES as readonly string[]).includes(value);
}

/** What pages list of a document: title, date, amount and the number its link carries. */
export type ReceiptListItem = { number: string; title: string; date: string; amount: string; kind: ReceiptKind };
