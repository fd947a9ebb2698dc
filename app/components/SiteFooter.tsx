import type { VenueContact } from "~/domain/venue-contact";
import { OpeningHours } from "./OpeningHours";
import { useVenueFacts } from "./useVenueFacts";

/**
 * Every family page ends with who sells (Swiss e-commerce rules: the seller's identity and address
 * clearly shown), how to reach them, and the links to manage a booking and to the legal pages.
 */
export function SiteFooter({ contact }: { contact: VenueContact | null }) {
  const facts = useVenueFacts();
  return (
    <footer className="site-footer">
      <nav aria-label="Service und Rechtliches" className="footer-links">
        <a href="/buchung">Buchung verwalten</a>
        <a href="/agb">AGB</a>
        <a href="/impressum">Impressum</a>
        <a href="/datenschutz">Datenschutz</a>
      </nav>
      {contact ? <ContactBlock contact={contact} openingHours={facts?.openingHours ?? contact.openingHours} headingId="footer-contact" /> : null}
    </footer>
  );
}

/** Name, address, `tel:` and `mailto:` links and opening hours: the footer's and the home page's contact. */
export function ContactBlock({ contact, openingHours, headingId, title = "Kontakt" }: { contact: VenueContact; openingHours: string; headingId: string; title?: string }) {
  return (
    <section aria-labelledby={headingId} className="contact-block">
      <h2 id={headingId}>{title}</h2>
      <address>
        <strong>{contact.name}</strong>
        <br />
        {contact.street}
        <br />
        <span className="nowrap">
          {contact.zip} {contact.city}
        </span>
        <br />
        Telefon{" "}
        <a href={contact.phoneHref} className="nowrap">
          {contact.phone}
        </a>
        <br />
        E-Mail <a href={`mailto:${contact.email}`}>{contact.email}</a>
        {contact.website ? (
          <>
            <br />
            <a href={contact.website} rel="noopener">
              {contact.website.replace(/^https?:\/\//, "")}
            </a>
          </>
        ) : null}
      </address>
      <p>
        Öffnungszeiten: <OpeningHours text={openingHours} />
      </p>
    </section>
  );
}
