/**
 * How families reach the venue: shown in every page footer, on the confirmation pages and in every
 * e-mail. Built from the venue profile the manager keeps (`venueContactOf` in ./venue-profile) and
 * the opening hours; the e-mail builders take it as a value, so they stay pure.
 */
export type VenueContact = {
  name: string;
  street: string;
  zip: string;
  city: string;
  /** For display (`+41 44 555 12 34`). */
  phone: string;
  /** For `tel:` links: `tel:` and the E.164 number. */
  phoneHref: string;
  email: string;
  /** `https://…`, or empty. */
  website: string;
  /** Generated from the stored opening hours, never typed in. */
  openingHours: string;
  /** Calendar UIDs and Message-IDs are scoped to this domain, so they stay stable across deploys. */
  domain: string;
  /** "Please arrive 10-20 minutes early": pages and e-mails about a booking; may be empty. */
  arrivalNote: string;
  /** "About us" for the home page; may be empty. */
  about: string;
  /** `/logo/<hash>.<ext>`, or null: the default logo. */
  logoUrl: string | null;
  /** UID / MWST number as the manager typed it (`CHE-123.456.789 MWST`), or empty. */
  uid: string;
};

/** `Fun World, Industriestrasse 12, 8604 Volketswil` */
export function venueAddressLine(venue: VenueContact): string {
  return `${venue.name}, ${venue.street}, ${venue.zip} ${venue.city}`;
}
