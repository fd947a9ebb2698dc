import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { DayRule, SpecialHours } from "./availability";
import type { VenueContact } from "./venue-contact";
import { openingHoursLine, type HoursWords } from "./venue-settings";

/**
 * The venue's identity as the manager keeps it on /admin/einstellungen/betrieb (issue #28 §1): pure
 * rules for its fields (German messages, the same whichever way the form is sent), the IBAN and UID
 * checks, the logo's type by content, and the contact that pages and e-mails show.
 */

export const LOGO_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

/** Large enough for a crisp header logo, small enough to keep in the row and send on every first visit. */
export const LOGO_MAX_BYTES = 512 * 1024;

export const COUNTRIES = { CH: "Schweiz", LI: "Liechtenstein" } as const;
export type Country = keyof typeof COUNTRIES;

/** What the manager edits (everything but the logo, which has its own upload). */
export type VenueProfileInput = {
  name: string;
  street: string;
  zip: string;
  city: string;
  country: Country;
  /** E.164. */
  phone: string;
  email: string;
  /** `https://…`, or empty. */
  website: string;
  /** `CHE-123.456.789 MWST`, or empty. */
  uidNumber: string;
  /** Compact (`CH9300762011623852957`), or empty. */
  iban: string;
  arrivalNote: string;
  about: string;
};

export type VenueProfile = VenueProfileInput & { logo: { hash: string; type: LogoType } | null };

/**
 * The sample venue of the specification: the seeded first profile, and what pages show while a
 * database has no profile row yet (docs/decisions.md "Venue profile"). UID and IBAN stay empty: an
 * invented tax or bank number must never reach an invoice.
 */
export const DEFAULT_VENUE_PROFILE: VenueProfile = {
  name: "Fun World",
  street: "Industriestrasse 12",
  zip: "8604",
  city: "Volketswil",
  country: "CH",
  phone: "+41445551234",
  email: "info@funworld.ch",
  website: "https://www.funworld.ch",
  uidNumber: "",
  iban: "",
  arrivalNote: "Bitte seien Sie 10-20 Minuten vor Ihrem Termin vor Ort.",
  about:
    "Toben, spielen, feiern: In der Fun World wird der Geburtstag Ihres Kindes zum Abenteuer. Wir decken den Geburtstagstisch, Sie geniessen den Tag – ganz ohne Aufräumen.",
  logo: null,
};

export const PROFILE_LIMITS = { name: 80, street: 100, zip: 4, city: 60, email: 254, website: 200, arrivalNote: 300, about: 1000 } as const;

export const PROFILE_MSG = {
  name: `Bitte geben Sie den Namen des Betriebs ein (höchstens ${PROFILE_LIMITS.name} Zeichen).`,
  street: `Bitte geben Sie Strasse und Hausnummer ein (höchstens ${PROFILE_LIMITS.street} Zeichen).`,
  zip: "Bitte geben Sie eine vierstellige Postleitzahl ein.",
  city: `Bitte geben Sie den Ort ein (höchstens ${PROFILE_LIMITS.city} Zeichen).`,
  country: "Bitte wählen Sie Schweiz oder Liechtenstein.",
  phone: "Bitte geben Sie eine gültige Telefonnummer ein (z. B. 044 555 12 34 oder +41 44 555 12 34).",
  email: "Bitte geben Sie eine gültige E-Mail-Adresse ein (z. B. info@beispiel.ch).",
  website: "Bitte geben Sie eine Webadresse wie https://www.beispiel.ch ein oder lassen Sie das Feld leer.",
  uidNumber: "Bitte geben Sie die UID im Format CHE-123.456.789 MWST ein oder lassen Sie das Feld leer.",
  iban: "Diese IBAN ist ungültig. Bitte geben Sie eine Schweizer oder Liechtensteiner IBAN ein (CH.. oder LI.., 21 Zeichen) oder lassen Sie das Feld leer.",
  arrivalNote: `Der Hinweis zur Anreise darf höchstens ${PROFILE_LIMITS.arrivalNote} Zeichen lang sein.`,
  about: `Der Text «Über uns» darf höchstens ${PROFILE_LIMITS.about} Zeichen lang sein.`,
  control: "Bitte verwenden Sie keine Steuerzeichen.",
  logoTooLarge: `Das Logo ist zu gross: höchstens ${LOGO_MAX_BYTES / 1024} KB.`,
  logoType: "Bitte laden Sie ein Logo als PNG, JPEG oder WebP hoch (SVG und andere Formate sind nicht erlaubt).",
  logoMissing: "Bitte wählen Sie eine Bilddatei aus.",
} as const;

export type FieldErrors = Record<string, string>;
export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };
type Form = { get(name: string): FormDataEntryValue | null };

const text = (v: FormDataEntryValue | null | undefined): string => (typeof v === "string" ? v.trim() : "");
// Tabs and line breaks are text; any other control character (NUL above all) is refused.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

// ---------------------------------------------------------------------------------------------
// IBAN (Swiss and Liechtenstein accounts: what a Swiss invoice's QR bill accepts)

/** `ch93 0076 2011 6238 5295 7` → `CH9300762011623852957`. */
export function compactIban(value: string): string {
  return value.replace(/[\s-]+/g, "").toUpperCase();
}

/** ISO 13616: country, check digits, then 5 digits bank clearing number and 12 characters account; mod 97 = 1. */
export function isValidIban(value: string): boolean {
  const iban = compactIban(value);
  if (!/^(CH|LI)\d{2}\d{5}[0-9A-Z]{12}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const digits = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}

/** `CH9300762011623852957` → `CH93 0076 2011 6238 5295 7`. */
export function formatIban(iban: string): string {
  return compactIban(iban).replace(/(.{4})(?=.)/g, "$1 ");
}

// ---------------------------------------------------------------------------------------------
// UID (Swiss enterprise number) with the VAT suffix

/** `che123456789mwst`, `CHE-123.456.789 MWST` → `CHE-123.456.789 MWST`; null when it is not one. */
export function normalizeUid(value: string): string | null {
  const m = /^CHE[-\s.]?(\d{3})[.\s]?(\d{3})[.\s]?(\d{3})\s*(MWST|TVA|IVA)?$/i.exec(value.trim());
  if (!m) return null;
  return `CHE-${m[1]}.${m[2]}.${m[3]} ${(m[4] ?? "MWST").toUpperCase()}`;
}

// ---------------------------------------------------------------------------------------------
// Phone

/** `044 555 12 34` (Swiss by default) or `+49 …` → E.164; null when it is not a valid number. */
export function phoneToE164(value: string, country: Country = "CH"): string | null {
  const parsed = parsePhoneNumberFromString(value, country);
  return parsed && parsed.isValid() ? parsed.number : null;
}

/** E.164 → `+41 44 555 12 34` (families may call from abroad; the international form works everywhere). */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

// ---------------------------------------------------------------------------------------------
// Logo: the type is what the bytes are, never what the browser claims

/**
 * PNG, JPEG or WebP by their leading bytes; anything else (SVG, HTML, GIF, a renamed script) is
 * null. The file is then stored and served with this type and `nosniff`, so a browser never reads
 * it as anything but an image.
 */
export function detectImageType(bytes: Uint8Array): LogoType | null {
  const starts = (sig: readonly number[], at = 0) => bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
  // PNG signature, then the IHDR chunk that must come first.
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && starts([0x49, 0x48, 0x44, 0x52], 12)) return "image/png";
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  // RIFF....WEBPVP8
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38], 8)) return "image/webp";
  return null;
}

export const LOGO_EXTENSIONS: Record<LogoType, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" };

/** The logo's URL: its content hash, so it can be cached for a year and a new logo is a new URL. */
export function logoPath(logo: { hash: string; type: LogoType }): string {
  return `/logo/${logo.hash}.${LOGO_EXTENSIONS[logo.type]}`;
}

/** `abc….png` → the hash and the type its extension names; null for anything else. */
export function parseLogoFile(file: string): { hash: string; type: LogoType } | null {
  const m = /^([0-9a-f]{32})\.(png|jpg|webp)$/.exec(file);
  if (!m) return null;
  const type = (Object.keys(LOGO_EXTENSIONS) as LogoType[]).find((t) => LOGO_EXTENSIONS[t] === m[2])!;
  return { hash: m[1]!, type };
}

// ---------------------------------------------------------------------------------------------
// The form

function line(form: Form, name: keyof typeof PROFILE_LIMITS, errors: FieldErrors, required: boolean, multiline = false): string {
  const raw = text(form.get(name));
  const value = multiline ? raw.replace(/\r\n?/g, "\n") : raw.replace(/\s+/g, " ");
  if (CONTROL.test(value)) {
    errors[name] = PROFILE_MSG.control;
    return "";
  }
  if ((required && value.length === 0) || value.length > PROFILE_LIMITS[name]) errors[name] = PROFILE_MSG[name];
  return value;
}

const EMAIL = /^[^\s@<>()",;:]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

function parseWebsite(value: string): string | null {
  if (value === "") return "";
  const withScheme = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if (!/^https?:$/.test(url.protocol) || !url.hostname.includes(".") || url.username || url.password) return null;
    return url.href.replace(/\/$/, "");
  } catch {
    return null;
  }
}

/** The profile form's fields → the stored values, or a German message per wrong field. */
export function parseVenueProfile(form: Form): Parsed<VenueProfileInput> {
  const errors: FieldErrors = {};
  const name = line(form, "name", errors, true);
  const street = line(form, "street", errors, true);
  const zip = line(form, "zip", errors, true);
  if (!errors.zip && !/^\d{4}$/.test(zip)) errors.zip = PROFILE_MSG.zip;
  const city = line(form, "city", errors, true);
  const countryText = text(form.get("country")) || "CH";
  const country = countryText in COUNTRIES ? (countryText as Country) : null;
  if (!country) errors.country = PROFILE_MSG.country;

  const phoneText = text(form.get("phone"));
  const phone = phoneText.length <= 40 ? phoneToE164(phoneText, country ?? "CH") : null;
  if (!phone) errors.phone = PROFILE_MSG.phone;

  const email = line(form, "email", errors, true).toLowerCase();
  if (!errors.email && !EMAIL.test(email)) errors.email = PROFILE_MSG.email;

  const websiteText = line(form, "website", errors, false);
  const website = errors.website ? "" : parseWebsite(websiteText);
  if (website === null) errors.website = PROFILE_MSG.website;

  const uidText = text(form.get("uidNumber"));
  const uidNumber = uidText === "" ? "" : normalizeUid(uidText);
  if (uidNumber === null) errors.uidNumber = PROFILE_MSG.uidNumber;

  const ibanText = text(form.get("iban"));
  const iban = ibanText === "" ? "" : isValidIban(ibanText) ? compactIban(ibanText) : null;
  if (iban === null) errors.iban = PROFILE_MSG.iban;

  const arrivalNote = line(form, "arrivalNote", errors, false, true);
  const about = line(form, "about", errors, false, true);

  if (Object.keys(errors).length > 0 || !country || !phone || website === null || uidNumber === null || iban === null) return { ok: false, errors };
  return { ok: true, value: { name, street, zip, city, country, phone, email, website, uidNumber, iban, arrivalNote, about } };
}

/** The stored profile as the form shows it (phone and IBAN formatted for people). */
export function profileFormValues(p: VenueProfileInput): Record<keyof VenueProfileInput, string> {
  return { ...p, phone: formatPhone(p.phone), iban: p.iban ? formatIban(p.iban) : "" };
}

// ---------------------------------------------------------------------------------------------
// What pages and e-mails show

/** The domain of the venue's own addresses: calendar UIDs and Message-IDs are scoped to it. */
export function venueDomain(p: Pick<VenueProfileInput, "email" | "website">): string {
  const fromEmail = p.email.split("@")[1]?.toLowerCase();
  if (fromEmail) return fromEmail;
  try {
    return new URL(p.website).hostname.replace(/^www\./, "");
  } catch {
    return "localhost";
  }
}

/** The contact of pages and e-mails: the profile, with the opening hours generated from the stored rules. */
export function venueContactOf(p: VenueProfile, rules: readonly DayRule[], upcoming: readonly SpecialHours[] = [], hoursWords?: HoursWords): VenueContact {
  return {
    name: p.name,
    street: p.street,
    zip: p.zip,
    city: p.city,
    phone: formatPhone(p.phone),
    phoneHref: `tel:${p.phone}`,
    email: p.email,
    website: p.website,
    openingHours: openingHoursLine(rules, upcoming, hoursWords),
    domain: venueDomain(p),
    arrivalNote: p.arrivalNote,
    uid: p.uidNumber,
    about: p.about,
    logoUrl: p.logo ? logoPath(p.logo) : null,
  };
}
