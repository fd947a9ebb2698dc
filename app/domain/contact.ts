import { MSG } from "./messages";

export const REQUIRED_CONTACT_FIELDS = ["firstName", "lastName", "street", "zip", "city", "phone", "email", "emailRepeat"] as const;

export type Contact = {
  firstName: string;
  lastName: string;
  street: string;
  zip: string;
  city: string;
  phone: string;
  email: string;
  message: string | null;
};

export type ContactInput = Partial<Record<(typeof REQUIRED_CONTACT_FIELDS)[number] | "message" | "terms", unknown>>;

const str = (v: unknown) => (typeof v === "string" ? v : "");
const accepted = (v: unknown) => v === true || v === "on" || v === "true" || v === "1";

/** Something@domain.tld without spaces: catches typos like "anna-at-gmail" without judging real addresses. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

export function isEmailAddress(value: string): boolean {
  return EMAIL_SHAPE.test(value) && value.length <= 254;
}

/**
 * Spec §5, in this order: e-mails differ, a required field empty after trimming, terms not accepted.
 * Our addition (the spec shows none, docs/decisions.md): after the required fields, an address that
 * cannot be one, since the confirmation would never arrive. Only the first failing rule is reported.
 */
export function firstContactError(input: ContactInput): string | null {
  // Addresses differing only in upper/lower case reach the same mailbox in practice.
  if (str(input.email).trim().toLowerCase() !== str(input.emailRepeat).trim().toLowerCase()) return MSG.emailsDiffer;
  if (REQUIRED_CONTACT_FIELDS.some((f) => str(input[f]).trim() === "")) return MSG.requiredFields;
  if (!isEmailAddress(str(input.email).trim())) return MSG.invalidEmail;
  if (!accepted(input.terms)) return MSG.acceptTerms;
  return null;
}

export function toContact(input: ContactInput): Contact {
  const message = str(input.message).trim();
  return {
    firstName: str(input.firstName).trim(),
    lastName: str(input.lastName).trim(),
    street: str(input.street).trim(),
    zip: str(input.zip).trim(),
    city: str(input.city).trim(),
    phone: str(input.phone).trim(),
    email: str(input.email).trim(),
    message: message === "" ? null : message,
  };
}

/** The field the single alert is attached to in the form library. */
export const CONTACT_ALERT_FIELD = "form";
