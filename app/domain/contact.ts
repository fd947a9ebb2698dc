import { CONTACT_COUNTRIES } from "./countries";
import { MSG } from "./messages";

export { CONTACT_COUNTRIES };

export const REQUIRED_CONTACT_FIELDS = ["firstName", "lastName", "street", "zip", "city", "phone", "email", "emailRepeat"] as const;

export type Contact = {
  firstName: string;
  lastName: string;
  street: string;
  zip: string;
  city: string;
  /** ISO 3166 code of the address (`CH` unless chosen), `XX` for a country not in the list. */
  country: string;
  phone: string;
  email: string;
  message: string | null;
};

export type ContactInput = Partial<Record<(typeof REQUIRED_CONTACT_FIELDS)[number] | "country" | "message" | "terms", unknown>>;


/** The posted country as stored: `CH` when none is posted (the spec's form and the JSON API have none), `XX` for an unknown code. */
export function contactCountry(value: unknown): string {
  const v = str(value).trim().toUpperCase();
  return v === "" ? "CH" : v in CONTACT_COUNTRIES ? v : "XX";
}

/**
 * Postcodes by country: Switzerland four digits (1000–9699), Liechtenstein 9485–9498, Austria four,
 * Germany, France and Italy five; anywhere else 2–10 letters, digits, spaces or dashes ("SW1A 1AA").
 * Small on purpose: the same rule runs in the browser.
 */
const ZIP_SHAPES: Record<string, RegExp> = { CH: /^[1-9]\d{3}$/, LI: /^94(8[5-9]|9[0-8])$/, AT: /^[1-9]\d{3}$/, DE: /^\d{5}$/, FR: /^\d{5}$/, IT: /^\d{5}$/ };

export function isPlausibleZip(zip: string, country: unknown): boolean {
  return (ZIP_SHAPES[str(country).toUpperCase() || "CH"] ?? /^[\dA-Z][\dA-Z -]{1,9}$/i).test(zip.trim());
}

/** Whether a phone number is accepted; the browser's check is `isPlausiblePhone`, the server's parses the number (domain/phone.ts). */
export type PhoneCheck = (phone: string, country: string) => boolean;

const str = (v: unknown) => (typeof v === "string" ? v : "");
const accepted = (v: unknown) => v === true || v === "on" || v === "true" || v === "1";

/** Something@domain.tld without spaces: catches typos like "anna-at-gmail" without judging real addresses. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

/**
 * A number staff can call back (issue #28 §6): digits with the usual separators (space, dash, dot,
 * slash, parentheses), an optional leading `+`, and 9 to 15 digits (a Swiss number has 10 with its 0,
 * E.164 allows 15). Cheap on purpose: the same rule runs in the browser, where a full numbering-plan
 * library would not fit the page's JavaScript budget.
 */
export function isPlausiblePhone(value: string): boolean {
  const v = value.trim();
  if (!/^\+?[\d\s\-./()]+$/.test(v)) return false;
  const digits = v.replace(/\D/g, "").length;
  return digits >= 9 && digits <= 15;
}

export function isEmailAddress(value: string): boolean {
  return EMAIL_SHAPE.test(value) && value.length <= 254;
}

/**
 * Longest accepted value per field (docs/decisions.md "Length limits"): generous for real names and
 * addresses, small enough that a pasted megabyte is refused instead of stored and printed on the
 * staff day page. The form shows the same numbers as `maxLength`.
 */
export const CONTACT_MAX_LENGTH = {
  firstName: 100,
  lastName: 100,
  street: 200,
  // Swiss 4 digits, foreign postcodes up to 10 characters ("SW1A 1AA", "12345-6789").
  zip: 12,
  city: 100,
  phone: 40,
  email: 254,
  emailRepeat: 254,
  message: 2000,
} as const;

export const CONTACT_FIELD_LABELS: Record<keyof typeof CONTACT_MAX_LENGTH, string> = {
  firstName: "Vorname",
  lastName: "Nachname",
  street: "Strasse und Hausnummer",
  zip: "PLZ",
  city: "Ort",
  phone: "Telefon",
  email: "E-Mail",
  emailRepeat: "E-Mail wiederholen",
  message: "Nachricht",
};

export const tooLongMessage = (label: string, max: number) => `${label}: höchstens ${max} Zeichen erlaubt.`;

/** The first field longer than its limit, as a German message naming the field; counted after trimming. */
export function contactLengthError(input: ContactInput): string | null {
  const field = tooLongField(input);
  return field ? tooLongMessage(CONTACT_FIELD_LABELS[field], CONTACT_MAX_LENGTH[field]) : null;
}

function tooLongField(input: ContactInput): ContactField | undefined {
  return (Object.keys(CONTACT_MAX_LENGTH) as ContactField[]).find((field) => str(input[field]).trim().length > CONTACT_MAX_LENGTH[field]);
}

/**
 * The words of the contact form's checks, in a page's language (issue #33): the contact step's
 * loader sends them, so the browser and the server answer the same words in the same order. The
 * per-field messages are worded on the server (no formatter in the browser); German is the default
 * of every existing export (staff phone booking, the JSON API, e-mails).
 */
export type ContactField = keyof typeof CONTACT_MAX_LENGTH;
export type ContactMessages = {
  emailsDiffer: string;
  requiredFields: string;
  invalidZip: string;
  invalidPhone: string;
  invalidEmail: string;
  acceptTerms: string;
  /** Each field's «too long» message: `Vorname: höchstens 100 Zeichen erlaubt.` */
  tooLong: Record<ContactField, string>;
  /** Each field's «empty» message: `Vorname: bitte ausfüllen.` */
  missing: Record<ContactField, string>;
  /** The fields' names, for the list of missing ones. */
  labels: Record<ContactField, string>;
};

/**
 * Spec §5, in this order: e-mails differ, a required field empty after trimming, terms not accepted.
 * Our addition (the spec shows none, docs/decisions.md): after the required fields, an address that
 * cannot be one, since the confirmation would never arrive. Only the first failing rule is reported.
 */
export function firstContactError(input: ContactInput, phoneOk: PhoneCheck = isPlausiblePhone): string | null {
  return firstContactErrorIn(input, germanContactMessages(), phoneOk);
}

/** `firstContactError` in a page's language (`m`); the same rules in the same order. */
export function firstContactErrorIn(input: ContactInput, m: ContactMessages, phoneOk: PhoneCheck = isPlausiblePhone): string | null {
  // Before the spec's rules: a value that cannot be stored is named first, whatever else is wrong.
  const tooLong = tooLongField(input);
  if (tooLong) return m.tooLong[tooLong];
  // Addresses differing only in upper/lower case reach the same mailbox in practice.
  if (str(input.email).trim().toLowerCase() !== str(input.emailRepeat).trim().toLowerCase()) return m.emailsDiffer;
  if (REQUIRED_CONTACT_FIELDS.some((f) => str(input[f]).trim() === "")) return m.requiredFields;
  // Ours, after the spec's required fields and in the form's order: postcode, phone, then the address.
  if (!isPlausibleZip(str(input.zip), input.country)) return m.invalidZip;
  if (!phoneOk(str(input.phone), str(input.country) || "CH")) return m.invalidPhone;
  if (!isEmailAddress(str(input.email).trim())) return m.invalidEmail;
  if (!accepted(input.terms)) return m.acceptTerms;
  return null;
}

/** A phone booking needs less (issue #29 §4): whom to call back is enough. */
export const PHONE_CALLER_REQUIRED = "Bitte Vorname, Nachname und Telefon angeben.";

/**
 * A caller on the phone (staff type): first name, last name and a diallable phone number are
 * required; address and e-mail are optional, but what is given must be valid (a postcode for its
 * country, an e-mail address). Without an e-mail no message is sent (the desk reads out the link).
 */
export function phoneCallerContactError(input: ContactInput, phoneOk: PhoneCheck = isPlausiblePhone): string | null {
  const tooLong = contactLengthError(input);
  if (tooLong) return tooLong;
  if (["firstName", "lastName", "phone"].some((f) => str(input[f as keyof ContactInput]).trim() === "")) return PHONE_CALLER_REQUIRED;
  if (str(input.zip).trim() !== "" && !isPlausibleZip(str(input.zip), input.country)) return MSG.invalidZip;
  if (!phoneOk(str(input.phone), str(input.country) || "CH")) return MSG.invalidPhone;
  const email = str(input.email).trim();
  if (email !== "" && !isEmailAddress(email)) return MSG.invalidEmail;
  return null;
}

/** A field of the contact form (or the terms box) and what is wrong with it. */
export type ContactProblem = { field: ContactField | "terms"; message: string };

/** Under an empty required field, and in the list at the top: `Vorname: bitte ausfüllen.` */
export const missingFieldMessage = (label: string) => `${label}: bitte ausfüllen.`;

/** The German words of the checks (the default of every export above). */
let german: ContactMessages | undefined;
export function germanContactMessages(): ContactMessages {
  const fields = Object.keys(CONTACT_MAX_LENGTH) as ContactField[];
  const each = (word: (f: ContactField) => string) => Object.fromEntries(fields.map((f) => [f, word(f)])) as Record<ContactField, string>;
  german ??= {
    emailsDiffer: MSG.emailsDiffer,
    requiredFields: MSG.requiredFields,
    invalidZip: MSG.invalidZip,
    invalidPhone: MSG.invalidPhone,
    invalidEmail: MSG.invalidEmail,
    acceptTerms: MSG.acceptTerms,
    tooLong: each((f) => tooLongMessage(CONTACT_FIELD_LABELS[f], CONTACT_MAX_LENGTH[f])),
    missing: each((f) => missingFieldMessage(CONTACT_FIELD_LABELS[f])),
    labels: { ...CONTACT_FIELD_LABELS },
  };
  return german;
}

/**
 * Every problem of the form, per field, in the spec's order (issue #28 §5): the list at the top of
 * the page links to each field and each field is marked. The alert keeps the spec's single message
 * (`firstContactError`); this only says where.
 */
export function contactProblems(input: ContactInput, phoneOk: PhoneCheck = isPlausiblePhone): ContactProblem[] {
  return contactProblemsIn(input, germanContactMessages(), phoneOk);
}

/** `contactProblems` in a page's language (`m`); the same rules in the same order. */
export function contactProblemsIn(input: ContactInput, m: ContactMessages, phoneOk: PhoneCheck = isPlausiblePhone): ContactProblem[] {
  const problems: ContactProblem[] = [];
  for (const [field, max] of Object.entries(CONTACT_MAX_LENGTH) as [ContactField, number][]) {
    if (str(input[field]).trim().length > max) problems.push({ field, message: m.tooLong[field] });
  }
  const email = str(input.email).trim();
  const repeat = str(input.emailRepeat).trim();
  if (email.toLowerCase() !== repeat.toLowerCase() && repeat !== "") problems.push({ field: "emailRepeat", message: m.emailsDiffer });
  for (const field of REQUIRED_CONTACT_FIELDS) {
    if (str(input[field]).trim() === "") problems.push({ field, message: m.missing[field] });
  }
  if (str(input.zip).trim() !== "" && !isPlausibleZip(str(input.zip), input.country)) problems.push({ field: "zip", message: m.invalidZip });
  if (str(input.phone).trim() !== "" && !phoneOk(str(input.phone), str(input.country) || "CH")) problems.push({ field: "phone", message: m.invalidPhone });
  if (email !== "" && !isEmailAddress(email)) problems.push({ field: "email", message: m.invalidEmail });
  if (!accepted(input.terms)) problems.push({ field: "terms", message: m.acceptTerms });
  // One message per field: the first found (a too long value before anything else about it).
  return problems.filter((p, i) => problems.findIndex((q) => q.field === p.field) === i);
}

export function toContact(input: ContactInput): Contact {
  const message = str(input.message).trim();
  return {
    firstName: str(input.firstName).trim(),
    lastName: str(input.lastName).trim(),
    street: str(input.street).trim(),
    zip: str(input.zip).trim(),
    city: str(input.city).trim(),
    country: contactCountry(input.country),
    phone: str(input.phone).trim(),
    email: str(input.email).trim(),
    message: message === "" ? null : message,
  };
}

/** The field the single alert is attached to in the form library. */
export const CONTACT_ALERT_FIELD = "form";
