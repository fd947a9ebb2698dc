import type { Messages } from "../messages";

/**
 * The legal pages' own words (AGB, Impressum, Datenschutzerklärung; issue #33 §2): titles, the
 * version line and the two notes a page in another language carries — a translation («only the
 * German version is binding») or the German text itself («only in German»). The texts themselves
 * are the venue's (database, `legal_texts`). The German titles and `uidMissing` are copies of
 * `LEGAL_TITLES` and `legalValues`' (domain/legal-texts.ts); legal.mirror.test.ts keeps them equal.
 */
const de = {
  titleAgb: "Allgemeine Geschäftsbedingungen",
  titleImpressum: "Impressum",
  titleDatenschutz: "Datenschutzerklärung",
  metaAgb: "AGB",
  metaImpressum: "Impressum",
  metaDatenschutz: "Datenschutz",
  /** `/agb`: the current version, or the built-in text (version 0). */
  noteCurrent: "{version, select, 0 {Standardfassung} other {Version {version}}}",
  /** `/agb/<n>` without a date (the built-in text has none). */
  noteVersion: "{version, select, 0 {Standardfassung (Version 0)} other {Version {version}}}",
  noteVersionOf: "Version {version} vom {date}",
  notFound: "Diese Version der AGB gibt es nicht.",
  showCurrent: "Aktuelle AGB anzeigen",
  onlyGerman: "Dieser Text ist nur auf Deutsch verfügbar.",
  translation: "Übersetzung. Massgebend ist allein die deutsche Fassung.",
  uidMissing: "(noch nicht eingetragen)",
} as const;

export const legal = {
  de,
  fr: {
    titleAgb: "Conditions générales",
    titleImpressum: "Mentions légales",
    titleDatenschutz: "Déclaration de protection des données",
    metaAgb: "CG",
    metaImpressum: "Mentions légales",
    metaDatenschutz: "Protection des données",
    noteCurrent: "{version, select, 0 {Version standard} other {Version {version}}}",
    noteVersion: "{version, select, 0 {Version standard (version 0)} other {Version {version}}}",
    noteVersionOf: "Version {version} du {date}",
    notFound: "Cette version des CG n’existe pas.",
    showCurrent: "Afficher les CG actuelles",
    onlyGerman: "Ce texte n’est disponible qu’en allemand.",
    translation: "Traduction. Seule la version allemande fait foi.",
    uidMissing: "(pas encore enregistré)",
  },
  it: {
    titleAgb: "Condizioni generali",
    titleImpressum: "Note legali",
    titleDatenschutz: "Dichiarazione sulla protezione dei dati",
    metaAgb: "CG",
    metaImpressum: "Note legali",
    metaDatenschutz: "Protezione dei dati",
    noteCurrent: "{version, select, 0 {Versione standard} other {Versione {version}}}",
    noteVersion: "{version, select, 0 {Versione standard (versione 0)} other {Versione {version}}}",
    noteVersionOf: "Versione {version} del {date}",
    notFound: "Questa versione delle CG non esiste.",
    showCurrent: "Mostra le CG attuali",
    onlyGerman: "Questo testo è disponibile solo in tedesco.",
    translation: "Traduzione. Fa stato unicamente la versione tedesca.",
    uidMissing: "(non ancora registrato)",
  },
  en: {
    titleAgb: "Terms and conditions",
    titleImpressum: "Legal notice",
    titleDatenschutz: "Privacy policy",
    metaAgb: "Terms and conditions",
    metaImpressum: "Legal notice",
    metaDatenschutz: "Privacy policy",
    noteCurrent: "{version, select, 0 {Standard version} other {Version {version}}}",
    noteVersion: "{version, select, 0 {Standard version (version 0)} other {Version {version}}}",
    noteVersionOf: "Version {version} of {date}",
    notFound: "This version of the terms and conditions does not exist.",
    showCurrent: "Show the current terms and conditions",
    onlyGerman: "This text is only available in German.",
    translation: "Translation. Only the German version is binding.",
    uidMissing: "(not yet registered)",
  },
} satisfies Messages<typeof de>;
