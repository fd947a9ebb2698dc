import { shortDateLabel } from "~/domain/calendar";
import { readLeadTimeRefused } from "~/domain/messages";
import { formatChf } from "~/domain/money";
import { mondayFirst, promoNoteText, readPromoNote, type PromoNote } from "~/domain/promo-codes";
import { LOCALE, type Lang } from "~/i18n/locales";
import { localizeMsg, t } from "./texts.server";

/**
 * The German answers of server functions that carry values (issue #33 §2): a promo code's verdict
 * («… gilt erst ab 01.12.2026.», «Aktionscode SOMMER10 eingelöst: 10 % Rabatt.») and the lead
 * time's refusal («… weniger als 24 Stunden … 044 123 45 67.»). The reservation, the voucher box's
 * check and the JSON API answer with the German sentence (the spec's, unchanged); the page that
 * shows it reads it back into its values with the domain's own reader — only a text the domain
 * words exactly so — and words those in the page's language. German is given back as it is.
 */

/** A promo code's note in a language (German: `PROMO_MSG`, word for word). */
export function promoNoteIn(lang: Lang, note: PromoNote): string {
  if (lang === "de") return promoNoteText(note);
  switch (note.key) {
    case "notYet":
    case "expired":
      return t(lang, "promo", note.key, { day: shortDateLabel(note.day, lang) });
    case "weekday":
      return t(lang, "promo", "weekday", { days: weekdaysIn(lang, note.weekdays) });
    case "applied":
      return t(lang, "promo", "applied", { code: note.code, discount: promoValueIn(lang, note) });
    default:
      return t(lang, "promo", note.key);
  }
}

/** «10 %», «12,5 %», «CHF 20.00» in the language's format (Intl's percent, `formatChf`). */
export function promoValueIn(lang: Lang, value: { kind: "percent" | "fixed"; value: number }): string {
  if (value.kind === "fixed") return formatChf(value.value, lang);
  return new Intl.NumberFormat(LOCALE[lang], { style: "percent", maximumFractionDigits: 2 }).format(value.value / 10_000);
}

// 2024-01-01 was a Monday: day `d` (0 = Sunday) of that week, at noon UTC.
const dayOfWeek = (d: number) => new Date(Date.UTC(2024, 0, d === 0 ? 7 : d, 12));

/** «mercredi, vendredi et dimanche»: the weekdays Monday first, named and joined by the language (Intl). */
export function weekdaysIn(lang: Lang, weekdays: readonly number[]): string {
  const name = new Intl.DateTimeFormat(LOCALE[lang], { weekday: "long", timeZone: "UTC" });
  return new Intl.ListFormat(LOCALE[lang], { type: "conjunction" }).format(mondayFirst(weekdays).map((d) => name.format(dayOfWeek(d))));
}

/**
 * A German answer in the page's language: a promo code's verdict, the lead time's refusal, or one of
 * the fixed `MSG` texts; anything else (the venue's words, another area's message) stays as it is.
 */
export function answerIn(lang: Lang, german: string): string {
  if (lang === "de") return german;
  const note = readPromoNote(german);
  if (note) return promoNoteIn(lang, note);
  const lead = readLeadTimeRefused(german);
  if (lead) return t(lang, "msg", "leadTimeRefused", lead);
  return localizeMsg(lang, german);
}
