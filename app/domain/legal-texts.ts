import type { VenueContact } from "~/domain/venue-contact";
import { lateCancellationSentence } from "./self-service";
import type { VenueFacts } from "~/domain/venue-settings";

/**
 * Legal texts (AGB, Impressum, Datenschutzerklärung): Markdown written by the manager, with
 * placeholders for everything that is a setting or the venue's identity, so the contract never
 * states a number the settings do not. Pure: rendering to HTML is in `legal-markdown.server.ts`.
 */
export type LegalKind = "agb" | "impressum" | "datenschutz";
export const LEGAL_KINDS: readonly LegalKind[] = ["agb", "impressum", "datenschutz"];

export const LEGAL_TITLES: Record<LegalKind, string> = {
  agb: "Allgemeine Geschäftsbedingungen",
  impressum: "Impressum",
  datenschutz: "Datenschutzerklärung",
};

/** A stored text is at most this long (a database row, a textarea, a page; 50k characters is a long contract). */
export const LEGAL_BODY_MAX = 50_000;

export const LEGAL_PLACEHOLDERS = [
  "name",
  "adresse",
  "telefon",
  "email",
  "oeffnungszeiten",
  "haltezeit_minuten",
  "selbstbedienung_stunden",
  "storno_frei_stunden",
  "storno_gebuehr_prozent",
  "storno_spaet",
  "erinnerung_stunden",
  "uid",
  "gaeste_loeschen_tage",
  "aufbewahrung_monate",
] as const;
export type LegalPlaceholder = (typeof LEGAL_PLACEHOLDERS)[number];

const PLACEHOLDER_RE = /\{([^{}\s]{1,40})\}/g;

/** Placeholders used in `text` that are not in `allowed`, in order of first use, each once. */
export function unknownPlaceholders(text: string, allowed: readonly string[]): string[] {
  const unknown: string[] = [];
  for (const m of text.matchAll(PLACEHOLDER_RE)) {
    const name = m[1]!;
    if (!allowed.includes(name) && !unknown.includes(name)) unknown.push(name);
  }
  return unknown;
}

/** The German message for the first unknown placeholder, or null when all are known. */
export function placeholderError(text: string, allowed: readonly string[]): string | null {
  const [first] = unknownPlaceholders(text, allowed);
  if (first === undefined) return null;
  return `Unbekannter Platzhalter {${first}}. Erlaubt sind: ${allowed.map((p) => `{${p}}`).join(", ")}.`;
}

/**
 * What a translated page (issue #33 §2) fills in where the German text has a generated sentence:
 * the late-cancellation sentence and the missing-UID note, worded in the page's language (the
 * server's `legal`/`manage` messages). German pages leave it out and keep the spec's words.
 */
export type LegalWords = { lateCancellation: string; uidMissing: string };

export function legalValues(venue: VenueContact, facts: VenueFacts, words?: LegalWords): Record<LegalPlaceholder, string> {
  return {
    name: venue.name,
    adresse: `${venue.street}, ${venue.zip} ${venue.city}`,
    telefon: venue.phone,
    email: venue.email,
    oeffnungszeiten: facts.openingHours,
    haltezeit_minuten: String(facts.holdMinutes),
    selbstbedienung_stunden: String(facts.selfServiceHours),
    storno_frei_stunden: String(facts.cancelFreeHours),
    storno_gebuehr_prozent: String(facts.lateCancelFeePercent),
    // The manage page words it the same (one sentence, domain/self-service).
    storno_spaet: words?.lateCancellation ?? lateCancellationSentence(facts.lateCancelFeePercent),
    erinnerung_stunden: String(facts.reminderHours),
    uid: venue.uid || (words?.uidMissing ?? "(noch nicht eingetragen)"),
    gaeste_loeschen_tage: String(facts.guestRetentionDays),
    aufbewahrung_monate: String(facts.bookingRetentionMonths),
  };
}

/** Placeholders that become links (the phone a `tel:` link, so a tap on a phone calls). */
export function legalLinks(venue: VenueContact): Partial<Record<LegalPlaceholder, string>> {
  return { telefon: venue.phoneHref, email: `mailto:${venue.email}` };
}

/** Backslash-escapes Markdown punctuation so a setting's value is always plain text in the page. */
export function escapeMarkdown(value: string): string {
  return value.replace(/[\\`*_{}[\]()#+\-.!<>|~&]/g, (c) => `\\${c}`);
}

/**
 * Fills the placeholders. Values are Markdown-escaped (a name with `*` or `[` stays text); an
 * unknown placeholder stays as typed (saving refuses it, so it only shows in old data).
 */
export function fillPlaceholders(
  text: string,
  values: Readonly<Record<string, string>>,
  escape: (v: string) => string = escapeMarkdown,
  links: Readonly<Partial<Record<string, string>>> = {},
): string {
  return text.replace(PLACEHOLDER_RE, (whole, name: string) => {
    const v = Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined;
    if (v === undefined) return whole;
    const href = Object.prototype.hasOwnProperty.call(links, name) ? links[name] : undefined;
    // The target is ours (tel:/mailto: of the profile), angle-bracketed so spaces or parentheses cannot end it.
    return href ? `[${escape(v)}](<${href.replace(/[<>\s]/g, "")}>)` : escape(v);
  });
}

/** Line endings normalised and outer whitespace trimmed, so "saved without a change" is recognised. */
export function normaliseBody(body: string): string {
  return body.replace(/\r\n?/g, "\n").trim();
}

export function validateLegalBody(raw: string): { ok: true; body: string } | { ok: false; error: string } {
  const body = normaliseBody(raw);
  if (body.length === 0) return { ok: false, error: "Bitte geben Sie einen Text ein." };
  if (body.length > LEGAL_BODY_MAX) return { ok: false, error: `Der Text darf höchstens ${LEGAL_BODY_MAX.toLocaleString("de-CH")} Zeichen lang sein.` };
  const err = placeholderError(body, LEGAL_PLACEHOLDERS);
  if (err) return { ok: false, error: err };
  return { ok: true, body };
}

export const DEFAULT_LEGAL_TEXTS: Record<LegalKind, string> = {
  agb: `## 1. Geltungsbereich

Diese Bedingungen gelten für alle Online-Buchungen von Kindergeburtstagen und Spielen bei {name}, {adresse}.

## 2. Buchung

Mit dem Absenden des Buchungsformulars reservieren Sie verbindlich den gewählten Termin. Der Termin wird für Sie während {haltezeit_minuten} Minuten freigehalten, bis die Zahlung abgeschlossen ist. Der Vertrag kommt mit der Buchungsbestätigung (Buchungscode und E-Mail) zustande. Ein Geburtstagstisch steht höchstens 4 Stunden zur Verfügung.

## 3. Preise und Zahlung

Alle Preise verstehen sich in Schweizer Franken (CHF) inklusive Mehrwertsteuer. Die Zahlung erfolgt online per TWINT oder Kreditkarte über unseren Zahlungsanbieter Datatrans. Massgebend ist der bei der Buchung angezeigte Gesamtbetrag.

## 4. Stornierung und Umbuchung

Eine Stornierung ist bis {storno_frei_stunden} Stunden vor dem Termin kostenlos möglich. Online stornieren oder umbuchen können Sie bis {selbstbedienung_stunden} Stunden vor dem Termin selbst über den Link «Buchung verwalten» in Ihrer Buchungsbestätigung; haben Sie die E-Mail nicht mehr, senden wir Ihnen den Link unter [Buchung verwalten](/buchung) mit Buchungscode und E-Mail-Adresse erneut. Eine online bezahlte Buchung erstatten wir auf das verwendete Zahlungsmittel zurück. {storno_spaet} Danach erreichen Sie uns telefonisch unter {telefon}. Ist ein Termin aus Gründen, die {name} zu vertreten hat, nicht durchführbar, erstatten wir den vollen Betrag.

## 5. Gutscheine

Gutscheine können bei der Online-Buchung eingelöst werden und sind bis zum aufgedruckten Datum gültig. Ein Restbetrag bleibt auf dem Gutschein erhalten. Gutscheine werden nicht bar ausbezahlt. Bei einer Stornierung wird der eingelöste Betrag dem Gutschein wieder gutgeschrieben.

## 6. Aufsicht und Haftung

Kinder stehen während des gesamten Aufenthalts unter der Aufsicht ihrer Begleitpersonen. Die Hausordnung ist einzuhalten.

## 7. Datenschutz

Wir verwenden Ihre Kontaktdaten ausschliesslich zur Abwicklung Ihrer Buchung und geben sie nur an den Zahlungsanbieter weiter, soweit dies für die Zahlung nötig ist. Einzelheiten finden Sie in der [Datenschutzerklärung](/datenschutz).

## 8. Kontakt

{name}, {adresse} · Telefon {telefon} · {email} · Öffnungszeiten {oeffnungszeiten}
`,
  impressum: `## Betreiber

{name}
{adresse}
Schweiz

## Kontakt

Telefon: {telefon}
E-Mail: {email}

## Handelsregister und Mehrwertsteuer

UID / MWST-Nummer: {uid}

## Haftung

Die Inhalte dieser Website werden mit Sorgfalt erstellt. Für Links auf Websites Dritter sind deren Betreiber verantwortlich.
`,
  datenschutz: `## 1. Verantwortliche Stelle

{name}, {adresse}, {email}, Telefon {telefon}.

## 2. Welche Daten wir bearbeiten

Bei einer Buchung: Vor- und Nachname, Adresse, Telefonnummer, E-Mail-Adresse, Ihre Nachricht an uns sowie Datum, Zeit, Angebot und Anzahl Personen der Buchung. Zahlungsdaten (Karten- oder TWINT-Daten) gehen direkt an unseren Zahlungsanbieter und werden nicht bei uns gespeichert.

Bei einer Einladung zu einer Geburtstagsfeier: Vorname des Gastkindes, Zu- oder Absage, Allergien und Ernährungshinweise, die Menüwahl, die Einwilligung zu Fotos und eine Telefonnummer eines Elternteils für den Tag. Diese Angaben sehen nur die Gastgeberfamilie und unser Team. Eine E-Mail-Adresse für den Link zur Antwort verwenden wir nur für diese eine E-Mail.

## 3. Zweck

Wir bearbeiten diese Daten ausschliesslich, um Ihre Buchung durchzuführen: Reservation, Zahlung, Bestätigung, Erinnerung, Änderung und Stornierung. Wir verwenden sie nicht für Werbung und verkaufen sie nicht.

## 4. Weitergabe

Für die Zahlung geben wir Betrag und Buchungscode an unseren Zahlungsanbieter Datatrans AG (Schweiz) weiter. Für den Versand der E-Mails nutzen wir einen E-Mail-Dienst. Weitere Empfänger gibt es nicht.

## 5. Aufbewahrung

Die Antworten der Gäste einer Feier löschen wir automatisch {gaeste_loeschen_tage} Tage nach der Feier. Name, Adresse, Telefonnummer, E-Mail-Adresse, Nachricht und Angaben zur Party einer Buchung anonymisieren wir automatisch {aufbewahrung_monate} Monate nach dem Termin. Was die Buchhaltung aufbewahren muss (Buchungscode, Datum, Beträge, Zahlungen, Quittungen und Rechnungen, in der Regel 10 Jahre), bewahren wir ohne diese Angaben auf; Quittungen und Rechnungen bleiben als ausgestellte Belege unverändert.

## 6. Ihre Rechte

Nach dem Datenschutzgesetz (nDSG) können Sie Auskunft über Ihre Daten verlangen sowie deren Berichtigung oder Löschung, soweit keine Aufbewahrungspflicht besteht. Über den Link «Buchung verwalten» in Ihrer Bestätigung laden Sie die Daten Ihrer Buchung herunter (unter «Ihre Daten») und verlangen die Löschung; unser Team führt sie aus. Oder schreiben Sie uns an {email}. Sie können sich zudem beim Eidgenössischen Datenschutz- und Öffentlichkeitsbeauftragten (EDÖB) beschweren.
`,
};

/**
 * Translations (issue #33 §2). German is binding and alone counts versions; a French, Italian or
 * English row translates one German version (0 = the built-in text) and a correction adds a
 * revision. A translation is shown only beside the German version it was written for: a newer
 * German version may say something else, so until it is translated the page shows the German,
 * marked as such, rather than an outdated translation.
 */
export type TranslationRef = { version: number; revision: number };

export function translationFits(germanVersion: number, translation: TranslationRef | null): boolean {
  return translation !== null && translation.version === germanVersion;
}

/**
 * What the settings page prefills for a language: the translation of the current German version;
 * else the newest translation of an older one (to check against the new German and save again);
 * else the German text to translate.
 */
export type TranslationDraft =
  | { source: "current"; body: string; version: number; revision: number }
  | { source: "older"; body: string; version: number; revision: number }
  | { source: "german"; body: string; version: number; revision: null };

export function translationDraft(german: { version: number; body: string }, latest: (TranslationRef & { body: string }) | null): TranslationDraft {
  if (latest && latest.version === german.version) return { source: "current", body: latest.body, version: latest.version, revision: latest.revision };
  if (latest && latest.version < german.version) return { source: "older", body: latest.body, version: latest.version, revision: latest.revision };
  return { source: "german", body: german.body, version: german.version, revision: null };
}

/**
 * The staff message when a translation was written against a German version that is no longer
 * current (another manager saved a new German text meanwhile): nothing is saved.
 */
export function staleTranslationError(postedVersion: number, currentVersion: number): string {
  return `Die deutsche Fassung wurde inzwischen geändert (jetzt Version ${currentVersion}); Ihre Übersetzung bezieht sich auf Version ${postedVersion}. Bitte prüfen Sie sie gegen die neue deutsche Fassung und speichern Sie erneut. Nichts wurde gespeichert.`;
}

/** Where a booking's accepted AGB are: its version, or the current text for a booking from before versioning. */
export function agbPath(version: number | null | undefined): string {
  return version === null || version === undefined ? "/agb" : `/agb/${version}`;
}
