import { parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from "libphonenumber-js/max";
import { isPlausiblePhone } from "./contact";
import { spreadsheetSafe } from "./export";

/**
 * Families' phone numbers (issue #28 §6), on the server only: parsed with libphonenumber-js and its
 * full metadata (number patterns per country, not only lengths), stored in E.164 and shown the way
 * staff dial them. The browser keeps the cheap `isPlausiblePhone` pre-check with the same message:
 * the library's metadata would not fit the contact step's JavaScript budget.
 */

/**
 * The number as a Swiss one first (the venue is in Switzerland, and a family living abroad often
 * has a Swiss mobile), then as one of the address's country: `0171 1234567` with a German address is
 * German, `079 123 45 67` with one stays Swiss. Numbers with `+` or `00` need no region.
 */
export function parseFamilyPhone(value: string, country: string = "CH"): PhoneNumber | undefined {
  const v = value.trim();
  for (const region of new Set(["CH", country])) {
    if (!/^[A-Z]{2}$/.test(region) || region === "XX") continue;
    const parsed = parsePhoneNumberFromString(v, region as CountryCode);
    if (parsed?.isValid()) return parsed;
  }
  return undefined;
}

/** The server's phone rule: the browser's plausibility check, and a number that exists in its country's plan. */
export function isDiallablePhone(value: string, country: string = "CH"): boolean {
  return isPlausiblePhone(value) && parseFamilyPhone(value, country) !== undefined;
}

/** What is stored: E.164 (`+41791234567`); a number the parser cannot read (older rows) stays as typed. */
export function storedPhone(value: string, country: string = "CH"): string {
  return parseFamilyPhone(value, country)?.number ?? value.trim();
}

/**
 * How staff and families read a stored number: Swiss numbers as dialled here (`079 123 45 67`),
 * others internationally (`+49 171 1234567`); anything unreadable as stored. Its digits (and `+`)
 * are the `tel:` link's target.
 */
export function displayPhone(stored: string): string {
  const parsed = parsePhoneNumberFromString(stored, "CH");
  if (!parsed?.isValid()) return stored;
  return parsed.country === "CH" ? parsed.formatNational() : parsed.formatInternational();
}

/**
 * A stored number for the CSV export (issue #29 §5): E.164 that Excel keeps as text. A bare
 * `+41791234567` would become the number 41791234567 (the `+` and, for `079…`, the 0 gone), and the
 * usual `'` guard against formulas shows up as a visible apostrophe in a CSV opened in Excel. So a
 * number the parser reads is written as the text formula `="+41791234567"` — a formula we build
 * ourselves from nothing but `+` and digits, so nothing a family typed can run. Anything else
 * (an unreadable older number) is a plain text cell with the usual formula guard.
 */
export function csvPhone(stored: string): string {
  const parsed = parsePhoneNumberFromString(stored, "CH");
  if (parsed?.isValid() && /^\+\d{6,15}$/.test(parsed.number)) return `="${parsed.number}"`;
  return spreadsheetSafe(stored);
}
