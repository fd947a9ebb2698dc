import type { Lang } from "~/i18n/locales";

/**
 * The venue's own words in other languages (issue #33 §2). A translation is keyed by the German text
 * it translates: it applies wherever that text appears (an offer's card, a booking's frozen offer
 * name, an e-mail) and stops applying when the German changes, so a family never reads a translation
 * of an old wording. A text without one stays German, marked `lang="de-CH"` on the page.
 */
export type TranslationLang = Exclude<Lang, "de">;
/** German text → its translation, per language. */
export type VenueTranslations = Partial<Record<TranslationLang, Readonly<Record<string, string>>>>;

export const TRANSLATION_MAX = 2000;

/** One German text the venue typed, where the settings page lists it. */
export type VenueSource = { group: string; label: string; source: string; multiline: boolean };

/** The parts of the venue whose words families read (structural: the server's `Venue` fits). */
export type VenueWordsInput = {
  profile: { about: string; arrivalNote: string };
  offers: { name: string; items: { desc: string }[] }[];
  extras: { name: string; description: string; choices: string[] }[];
  locations: { name: string; description: string }[];
  closures: { reason: string; endDate: string }[];
  specialHours: { note: string }[];
};

/**
 * Every German text of the venue a family can read, in the settings' order, each once (the same
 * words in two places share one translation). Closures already over are left out.
 */
export function venueSources(venue: VenueWordsInput, today: string): VenueSource[] {
  const out: VenueSource[] = [];
  const seen = new Set<string>();
  const add = (group: string, label: string, source: string, multiline = false) => {
    const text = source.trim();
    if (text === "" || seen.has(text) || text.length > TRANSLATION_MAX) return;
    seen.add(text);
    out.push({ group, label, source: text, multiline });
  };
  add("Betrieb", "Über uns (Startseite)", venue.profile.about, true);
  add("Betrieb", "Hinweis zur Ankunft", venue.profile.arrivalNote, true);
  for (const offer of venue.offers) {
    add("Angebote", "Name", offer.name);
    for (const item of offer.items) add("Angebote", `Leistung von «${offer.name}»`, item.desc);
  }
  for (const extra of venue.extras) {
    add("Zusatzleistungen", "Name", extra.name);
    add("Zusatzleistungen", `Beschreibung von «${extra.name}»`, extra.description, true);
    for (const choice of extra.choices) add("Zusatzleistungen", `Auswahl bei «${extra.name}»`, choice);
  }
  for (const location of venue.locations) add("Spielorte", `Beschreibung von «${location.name}»`, location.description, true);
  for (const closure of venue.closures) if (closure.endDate >= today) add("Schliessungen", "Grund", closure.reason);
  for (const special of venue.specialHours) add("Sonderöffnungszeiten", "Hinweis", special.note);
  return out;
}

/** The venue's word in a language: its translation, else the German as it is. */
export function venueWord(translations: VenueTranslations, lang: Lang, german: string): string {
  if (lang === "de" || german === "") return german;
  return translations[lang]?.[german.trim()] ?? german;
}

/** `venueWord` for an optional text (a closure's reason on a day that may be open). */
export function venueWordOrNull(translations: VenueTranslations, lang: Lang, german: string | null | undefined): string | null {
  return german == null ? null : venueWord(translations, lang, german);
}

// Tabs and line breaks are text; other controls (a pasted NUL above all) would end up as «�».
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

export type TranslationCheck = { ok: true; text: string } | { ok: false; error: string };

/** A typed translation, cleaned: empty means «no translation» (the German is shown). */
export function checkTranslation(raw: string): TranslationCheck {
  const text = raw
    .replace(CONTROL, "")
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .trim();
  if (text.length > TRANSLATION_MAX) return { ok: false, error: `Die Übersetzung darf höchstens ${TRANSLATION_MAX.toLocaleString("de-CH")} Zeichen lang sein.` };
  return { ok: true, text };
}
