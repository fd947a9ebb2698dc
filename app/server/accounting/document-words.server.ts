import { shortDateLabel } from "~/domain/calendar";
import { formatChf } from "~/domain/money";
import { formatRateIn, type ReceiptPart } from "~/domain/receipts";
import { formatDateDE, formatTime } from "~/domain/time";
import { langOr, LOCALE, type Lang } from "~/i18n/locales";
import { whenTexts } from "../booking/confirmation-view.server";
import { t, type ArgKey, type MessageArgs, type StaticKey } from "../i18n/texts.server";

/**
 * The words, dates and amounts of a booking's PDFs (receipts, credit notes, invoices) in one
 * language (issue #33 §2). A document is drawn in the language its snapshot names — the booking's
 * when it was issued — and one without (issued before) in German: German is the `documents`
 * namespace's copy of the texts the PDFs always had and the same date and CHF format, so such a
 * document stays what it was, byte for byte (receipt-pdf.server.test.ts).
 */
export type DocumentWords = {
  lang: Lang;
  /** The PDF's `/Lang`: `de-CH`, `fr-CH`, … */
  locale: string;
  say: (key: ArgKey<"documents"> | StaticKey<"documents">, args?: MessageArgs) => string;
  chf: (rappen: number) => string;
  /** `YYYY-MM-DD` → `28.11.2026` (the same in every Swiss locale). */
  date: (iso: string) => string;
  /** A MWST rate: `8.1 %` in German as before, the language's own way in the others. */
  rate: (rateBp: number) => string;
  method: (method: ReceiptPart["method"]) => string;
  /** The QR-bill's language (`swissqrbill` draws the standard's headings in it). */
  qrLanguage: "DE" | "FR" | "IT" | "EN";
};

const METHOD_KEY = {
  online: "methodOnline",
  voucher: "methodVoucher",
  venue: "methodVenue",
  bank: "methodBank",
  refund: "methodRefund",
  voucherCredit: "methodVoucherCredit",
  voucherReturn: "methodVoucherReturn",
  venueCorrection: "methodVenueCorrection",
  bankCorrection: "methodBankCorrection",
} as const satisfies Record<ReceiptPart["method"], StaticKey<"documents">>;

const QR_LANGUAGE = { de: "DE", fr: "FR", it: "IT", en: "EN" } as const satisfies Record<Lang, DocumentWords["qrLanguage"]>;

const cache = new Map<Lang, DocumentWords>();

export function documentWords(lang: Lang): DocumentWords {
  let words = cache.get(lang);
  if (!words) {
    words = {
      lang,
      locale: LOCALE[lang],
      say: (key, args) => t(lang, "documents", key, args),
      chf: (rappen) => formatChf(rappen, lang),
      date: (iso) => (lang === "de" ? formatDateDE(iso) : shortDateLabel(iso, lang)),
      rate: (rateBp) => formatRateIn(rateBp, lang),
      method: (method) => t(lang, "documents", METHOD_KEY[method]),
      qrLanguage: QR_LANGUAGE[lang],
    };
    cache.set(lang, words);
  }
  return words;
}

/** The words a stored document is drawn in: its snapshot's language; none (issued before issue #33) is German. */
export function wordsOf(snapshot: { lang?: unknown }): DocumentWords {
  return documentWords(langOr(snapshot.lang));
}

/**
 * The booking's day and time as a new document freezes them: German as always (`whenTexts`:
 * «12.12.2026», «14:00 - 16:00 Uhr»), another language with its own time range («14:00 - 16:00»).
 */
export function documentWhenTexts(r: { date: string; startMin: number; endMin: number }, lang: Lang): { dateText: string; timeText: string } {
  if (lang === "de") return whenTexts(r);
  return {
    dateText: documentWords(lang).date(r.date),
    timeText: t(lang, "common", "timeRange", { start: formatTime(r.startMin), end: formatTime(r.endMin) }),
  };
}
