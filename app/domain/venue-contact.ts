/** How families reach the venue: shown on the confirmation pages and in every e-mail. */
export type VenueContact = {
  name: string;
  street: string;
  zip: string;
  city: string;
  /** For display. */
  phone: string;
  /** For `tel:` links: digits only, international form. */
  phoneHref: string;
  email: string;
  openingHours: string;
  /** Calendar UIDs and Message-IDs are scoped to this domain, so they stay stable across deploys. */
  domain: string;
};

export const VENUE_CONTACT: VenueContact = {
  name: "Fun World",
  street: "Industriestrasse 12",
  zip: "8604",
  city: "Volketswil",
  phone: "+41 44 555 12 34",
  phoneHref: "tel:+41445551234",
  email: "info@funworld.ch",
  openingHours: "Mo-So 10:00-22:00",
  domain: "funworld.ch",
};

export const ARRIVAL_NOTE = "Bitte seien Sie 10-20 Minuten vor Ihrem Termin vor Ort.";

/** `Fun World, Industriestrasse 12, 8604 Volketswil` */
export function venueAddressLine(venue: VenueContact = VENUE_CONTACT): string {
  return `${venue.name}, ${venue.street}, ${venue.zip} ${venue.city}`;
}
