import { shortDateLabel } from "./calendar";
import { formatChf } from "./money";
import { formatDateDE, formatTime } from "./time";
import { LOCALE, type Lang } from "~/i18n/locales";
import { email } from "~/i18n/messages/email";

export type EmailKey = keyof typeof email.de;
export type EmailArgs = Record<string, string | number>;

/**
 * The words of one e-mail in the booking's language (issue #33 §3): the message builders stay pure
 * and take them as a value. The server formats fr/it/en with the ICU formatter
 * (server/i18n/texts.server.ts `emailWords`); German is filled here, its messages having only plain
 * `{name}` placeholders (the catalogue test holds them to that), so tests and the settings preview
 * need no formatter.
 */
export type EmailWords = {
  lang: Lang;
  say: (key: EmailKey, args?: EmailArgs) => string;
};

export const GERMAN_EMAIL_WORDS: EmailWords = {
  lang: "de",
  say: (key, args) => email.de[key].replace(/\{(\w+)\}/g, (whole, name: string) => (args && name in args ? String(args[name]) : whole)),
};

/** An amount as the language writes it (German: `CHF 40.00`, the spec's format). */
export function chfIn(w: EmailWords, rappen: number): string {
  return formatChf(rappen, w.lang);
}

/** A day (`YYYY-MM-DD`) as the language writes it: German `28.03.2026` as before, others by `Intl`. */
export function dateIn(w: EmailWords, iso: string): string {
  return w.lang === "de" ? formatDateDE(iso) : shortDateLabel(iso, w.lang);
}

/** `10:00 - 12:00 Uhr` (German), `10:00 - 12:00` (others). */
export function timeRangeIn(w: EmailWords, r: { startMin: number; endMin: number }): string {
  return w.say("timeRange", { start: formatTime(r.startMin), end: formatTime(r.endMin) });
}

/** A moment (a payment link's end) as the language writes it, in venue time. */
export function momentIn(w: EmailWords, instant: Date): string {
  return instant.toLocaleString(LOCALE[w.lang], { timeZone: "Europe/Zurich", dateStyle: "long", timeStyle: "short" });
}
