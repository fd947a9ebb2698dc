import { IntlMessageFormat } from "intl-messageformat";
import { CATALOGUE } from "~/i18n/catalogue";
import type { EmailWords } from "~/domain/email-words";
import type { HoursWords } from "~/domain/venue-settings";
import { LOCALE, type Lang } from "~/i18n/locales";

/**
 * Messages in a language, formatted with formatjs's `intl-messageformat` (ICU plurals, selects,
 * numbers and dates in the language's Swiss locale). Server-only on purpose: pages get their
 * language's strings as loader data, so the browser downloads neither the library nor the other
 * languages (docs/decisions.md «Languages»; each step's JavaScript stays under 95 kB).
 */
export type Namespace = keyof typeof CATALOGUE;
type Source<NS extends Namespace> = (typeof CATALOGUE)[NS]["de"];
/** Keys whose German text takes no argument: these `texts()` hands to a page ready to show. */
export type StaticKey<NS extends Namespace> = {
  [K in keyof Source<NS>]: Source<NS>[K] extends `${string}{${string}` ? never : K;
}[keyof Source<NS>];
/** Keys whose text needs values (`{name}`, plurals): formatted with `t()` where the values are known. */
export type ArgKey<NS extends Namespace> = Exclude<keyof Source<NS>, StaticKey<NS>>;
export type Texts<NS extends Namespace> = { [K in StaticKey<NS>]: string };
export type MessageArgs = Record<string, string | number | Date>;

const compiled = new Map<string, IntlMessageFormat>();

function message(lang: Lang, ns: Namespace, key: string): IntlMessageFormat {
  const id = `${lang}\u0000${ns}\u0000${key}`;
  let format = compiled.get(id);
  if (!format) {
    const source = (CATALOGUE[ns][lang] as Record<string, string>)[key];
    if (source === undefined) throw new Error(`message ${ns}.${key} missing in ${lang}`);
    format = new IntlMessageFormat(source, LOCALE[lang]);
    compiled.set(id, format);
  }
  return format;
}

/** One message with its values, in a language. */
export function t<NS extends Namespace>(lang: Lang, ns: NS, key: ArgKey<NS> | StaticKey<NS>, args?: MessageArgs): string {
  return String(message(lang, ns, key as string).format(args));
}

const staticCache = new Map<string, Record<string, string>>();

/** Every argument-free message of a namespace, formatted once per language (the page's loader data). */
export function texts<NS extends Namespace>(lang: Lang, ns: NS): Texts<NS> {
  const id = `${lang}\u0000${ns}`;
  let out = staticCache.get(id);
  if (!out) {
    out = {};
    for (const [key, german] of Object.entries(CATALOGUE[ns].de as Record<string, string>)) {
      if (!german.includes("{")) out[key] = t(lang, ns, key as StaticKey<NS>);
    }
    staticCache.set(id, out);
  }
  return out as Texts<NS>;
}

/** A translator bound to one language, for a loader or an e-mail that formats many messages. */
export function translator(lang: Lang) {
  return <NS extends Namespace>(ns: NS, key: ArgKey<NS> | StaticKey<NS>, args?: MessageArgs) => t(lang, ns, key, args);
}

const msgKeyOf = new Map<string, string>(Object.entries(CATALOGUE.msg.de).map(([key, german]) => [german, key]));

/**
 * A German message a server function answered with (`domain/messages.ts`), in the page's language.
 * Text that is not one of those (a venue's own words, a message built with values) stays as it is.
 */
export function localizeMsg(lang: Lang, german: string): string {
  if (lang === "de") return german;
  const key = msgKeyOf.get(german);
  return key ? t(lang, "msg", key as StaticKey<"msg">) : german;
}

const germanKeys = new Map<Namespace, Map<string, string>>();

/**
 * A fixed German text a server function answered with, looked up among a namespace's German
 * messages and given in the page's language; anything else (the venue's words, text with values)
 * stays as it is. For namespaces that mirror a domain module's fixed texts (a unit test keeps the
 * German copies equal), as `msg` mirrors `MSG`.
 */
export function localizeIn<NS extends Namespace>(lang: Lang, ns: NS, german: string): string {
  if (lang === "de") return german;
  let keys = germanKeys.get(ns);
  if (!keys) {
    keys = new Map(Object.entries(CATALOGUE[ns].de as Record<string, string>).map(([key, text]) => [text, key]));
    germanKeys.set(ns, keys);
  }
  const key = keys.get(german);
  return key ? t(lang, ns, key as StaticKey<NS>) : german;
}

/**
 * A namespace's messages as the browser fills them: argument-free ones formatted, the others as
 * their templates, for `fill()` (only simple `{name}` placeholders: a unit test holds the frame to that).
 */
export function templates<NS extends Namespace>(lang: Lang, ns: NS): { [K in keyof Source<NS>]: string } {
  return { ...(CATALOGUE[ns][lang] as Record<string, string>), ...texts(lang, ns) } as { [K in keyof Source<NS>]: string };
}

const emailWordsCache = new Map<Lang, EmailWords>();

/** An e-mail's words in the booking's language (domain/booking-email.ts takes them as a value). */
export function emailWords(lang: Lang): EmailWords {
  let words = emailWordsCache.get(lang);
  if (!words) {
    words = { lang, say: (key, args) => t(lang, "email", key, args) };
    emailWordsCache.set(lang, words);
  }
  return words;
}

/** The opening-hours line's words in a language (its weekdays come from `Intl`). */
export function hoursWords(lang: Lang): HoursWords {
  return { lang, closed: t(lang, "email", "hoursClosed"), on: (dayMonth) => t(lang, "email", "hoursOn", { date: dayMonth }) };
}
