import { fillPlaceholders, normaliseBody, placeholderError } from "./legal-texts";
import { chfIn, dateIn, GERMAN_EMAIL_WORDS, timeRangeIn, type EmailWords } from "./email-words";
import type { VenueContact } from "./venue-contact";
import type { Lang } from "~/i18n/locales";
import { emailDefaults } from "~/i18n/messages/emailDefaults";

/**
 * The editable parts of the e-mails to families (issue #28 §2): per kind an introduction (the
 * greeting and the first paragraph) and a closing. The facts in between — the booking's details,
 * what was refunded, the links — stay generated, so a text edit can never state a wrong amount.
 * Plain text with placeholders, not Markdown: a blank line starts a new paragraph, and the HTML
 * version escapes everything (a manager's `<b>` shows as typed).
 */
export type EmailTextKind = "confirmation" | "payment-link" | "headcount" | "reminder" | "change" | "cancellation" | "refund" | "manage-link";

export const EMAIL_TEXT_KINDS: readonly EmailTextKind[] = ["confirmation", "payment-link", "headcount", "reminder", "change", "cancellation", "refund", "manage-link"];

/** The page names each kind by what the family receives. */
export const EMAIL_TEXT_TITLES: Record<EmailTextKind, string> = {
  confirmation: "Buchungsbestätigung",
  "payment-link": "Zahlungslink (Telefonbuchung)",
  headcount: "Schlusszahl",
  reminder: "Erinnerung",
  change: "Änderung",
  cancellation: "Stornierung",
  refund: "Rückerstattung",
  "manage-link": "Link zur Buchung",
};

/** The kind in the page's URL (`?art=…`), so each text has a bookmarkable address. */
export const EMAIL_TEXT_SLUGS: Record<EmailTextKind, string> = {
  confirmation: "bestaetigung",
  "payment-link": "zahlungslink",
  headcount: "schlusszahl",
  reminder: "erinnerung",
  change: "aenderung",
  cancellation: "stornierung",
  refund: "rueckerstattung",
  "manage-link": "link-zur-buchung",
};

/** The kind a slug names; the first kind for a missing or unknown one. */
export function emailTextKindOf(slug: string | null): EmailTextKind {
  return EMAIL_TEXT_KINDS.find((k) => EMAIL_TEXT_SLUGS[k] === slug) ?? EMAIL_TEXT_KINDS[0]!;
}

/** When each kind goes out, so the manager knows which text they are editing. */
export const EMAIL_TEXT_WHEN: Record<EmailTextKind, string> = {
  confirmation: "Nach der Zahlung oder einer Buchung am Telefon.",
  "payment-link": "Bei einer Telefonbuchung, die online bezahlt wird.",
  headcount: "Vor der Frist für die Schlusszahl einer Geburtstagsfeier (Frist unter «Betrieb»); nach der Einleitung folgen die Zahlen, die Menüs und der Link zum Bestätigen.",
  reminder: "Vor dem Termin (Zeitpunkt unter «Betrieb»).",
  change: "Nach einer Verschiebung oder einer Änderung der Personen; nach der Einleitung folgt, was geändert wurde.",
  cancellation: "Nach einer Stornierung durch die Familie oder das Team.",
  refund: "Wenn eine Zahlung zurückerstattet wird, weil die Buchung oder Änderung nicht zustande kam; nach der Einleitung folgt der Grund.",
  "manage-link": "Wenn eine Familie auf /buchung den Link zu ihrer Buchung anfordert.",
};

export const EMAIL_PLACEHOLDERS = ["vorname", "nachname", "datum", "zeit", "buchungscode", "paket", "total", "name", "telefon", "email"] as const;
export type EmailPlaceholder = (typeof EMAIL_PLACEHOLDERS)[number];

export const EMAIL_PLACEHOLDER_HINTS: Record<EmailPlaceholder, string> = {
  vorname: "Vorname der Familie",
  nachname: "Nachname der Familie",
  datum: "Datum des Termins (24.12.2026)",
  zeit: "Zeit des Termins (14:00 - 16:00 Uhr)",
  buchungscode: "Buchungscode",
  paket: "Paket oder Spiel",
  total: "Betrag der Buchung (CHF 401.00)",
  name: "Name des Betriebs",
  telefon: "Telefonnummer des Betriebs",
  email: "E-Mail-Adresse des Betriebs",
};

/** Each text is at most this long: an introduction is a few sentences, not a newsletter. */
export const EMAIL_TEXT_MAX = 2000;

export type EmailText = { intro: string; closing: string };
/** What staff stored, per language (issue #33 §2); a kind without a row in a language falls back (`emailTextIn`). */
export type EmailTexts = Partial<Record<Lang, Partial<Record<EmailTextKind, EmailText>>>>;

/** The built-in text of a kind in a language (app/i18n/messages/emailDefaults.ts). */
export function defaultEmailText(kind: EmailTextKind, lang: Lang): EmailText {
  const words = emailDefaults[lang];
  const key = DEFAULT_KEYS[kind];
  return { intro: words[`${key}Intro`], closing: words[`${key}Closing`] };
}

const DEFAULT_KEYS = {
  confirmation: "confirmation",
  "payment-link": "paymentLink",
  headcount: "headcount",
  reminder: "reminder",
  change: "change",
  cancellation: "cancellation",
  refund: "refund",
  "manage-link": "manageLink",
} as const satisfies Record<EmailTextKind, string>;

/** The built-in German texts: what the e-mails said before they were editable, word for word. */
export const DEFAULT_EMAIL_TEXTS: Record<EmailTextKind, EmailText> = Object.fromEntries(EMAIL_TEXT_KINDS.map((kind) => [kind, defaultEmailText(kind, "de")])) as Record<EmailTextKind, EmailText>;

export function isEmailTextKind(value: unknown): value is EmailTextKind {
  return typeof value === "string" && (EMAIL_TEXT_KINDS as readonly string[]).includes(value);
}

/** The text the settings page shows for a kind in a language: the stored one, else that language's default. */
export function emailTextFor(texts: EmailTexts | undefined, kind: EmailTextKind, lang: Lang = "de"): EmailText {
  return texts?.[lang]?.[kind] ?? defaultEmailText(kind, lang);
}

/**
 * The text a kind uses in a family's language (issue #33 §2): the venue's text in that language;
 * else, where the venue changed the German text, that German text (`german`: the message says so
 * first), because what the venue added (parking, what to bring) must not vanish for families reading
 * another language; else the language's built-in text.
 */
export function emailTextIn(texts: EmailTexts | undefined, kind: EmailTextKind, lang: Lang): { text: EmailText; german: boolean } {
  const own = texts?.[lang]?.[kind];
  if (own) return { text: own, german: false };
  const german = lang === "de" ? undefined : texts?.de?.[kind];
  return german ? { text: german, german: true } : { text: defaultEmailText(kind, lang), german: false };
}

/** What the placeholders stand for in one message. */
export type EmailTextBooking = {
  firstName: string;
  lastName: string;
  code: string;
  date: string;
  startMin: number;
  endMin: number;
  offerName: string;
  amountRappen: number;
};

export function emailTextValues(r: EmailTextBooking, venue: Pick<VenueContact, "name" | "phone" | "email">, w: EmailWords = GERMAN_EMAIL_WORDS): Record<EmailPlaceholder, string> {
  return {
    vorname: r.firstName,
    nachname: r.lastName,
    datum: dateIn(w, r.date),
    zeit: timeRangeIn(w, r),
    buchungscode: r.code,
    paket: r.offerName,
    total: chfIn(w, r.amountRappen),
    name: venue.name,
    telefon: venue.phone,
    email: venue.email,
  };
}

/**
 * The filled text as paragraphs (split at blank lines; single line breaks stay inside a
 * paragraph). Values go in as they are: the caller escapes for HTML. A line's trailing space
 * (an empty last name) is dropped; an empty text gives no paragraph.
 */
export function emailParagraphs(template: string, values: Readonly<Record<string, string>>): string[] {
  const filled = fillPlaceholders(template, values, (v) => v);
  return filled
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((p) =>
      p
        .split("\n")
        .map((line) => line.trim())
        .join("\n")
        .trim(),
    )
    .filter((p) => p.length > 0);
}

export type EmailTextCheck = { ok: true; text: EmailText } | { ok: false; errors: Partial<Record<keyof EmailText, string>> };

/** Controls other than line breaks and tabs (a pasted NUL would end up as "�" in the mail). */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

function checkField(raw: string, required: boolean): { value: string; error?: string } {
  const value = normaliseBody(raw.replace(CONTROL, ""));
  if (required && value.length === 0) return { value, error: "Bitte geben Sie einen Text ein." };
  if (value.length > EMAIL_TEXT_MAX) return { value, error: `Der Text darf höchstens ${EMAIL_TEXT_MAX.toLocaleString("de-CH")} Zeichen lang sein.` };
  const unknown = placeholderError(value, EMAIL_PLACEHOLDERS);
  return unknown ? { value, error: unknown } : { value };
}

/** The same checks for a save and a preview: the introduction is required, the closing may be empty. */
export function validateEmailText(intro: string, closing: string): EmailTextCheck {
  const i = checkField(intro, true);
  const c = checkField(closing, false);
  const errors: Partial<Record<keyof EmailText, string>> = {};
  if (i.error) errors.intro = i.error;
  if (c.error) errors.closing = c.error;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, text: { intro: i.value, closing: c.value } };
}

/** True when the text is the language's default (saving it again removes the stored row instead). */
export function isDefaultEmailText(kind: EmailTextKind, text: EmailText, lang: Lang = "de"): boolean {
  const d = defaultEmailText(kind, lang);
  return d.intro === text.intro && d.closing === text.closing;
}
