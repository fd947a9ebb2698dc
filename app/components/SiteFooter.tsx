import { useRouteLoaderData } from "@remix-run/react";
import type { VenueContact } from "~/domain/venue-contact";
import { OpeningHours } from "./OpeningHours";
import { useCommonTexts, useLang, useLocalePath } from "./useLanguage";
import { useVenueFacts } from "./useVenueFacts";

/**
 * Every family page ends with who sells (Swiss e-commerce rules: the seller's identity and address
 * clearly shown), how to reach them, and the links to manage a booking and to the legal pages.
 */
export function SiteFooter({ contact }: { contact: VenueContact | null }) {
  const facts = useVenueFacts();
  const t = useCommonTexts();
  const to = useLocalePath();
  return (
    <footer className="site-footer">
      <nav aria-label={t.footerNav} className="footer-links">
        <a href={to("/buchung")}>{t.manageBooking}</a>
        <a href={to("/agb")}>{t.terms}</a>
        <a href={to("/impressum")}>{t.imprint}</a>
        <a href={to("/datenschutz")}>{t.privacy}</a>
      </nav>
      {contact ? <ContactBlock contact={contact} openingHours={facts?.openingHours ?? contact.openingHours} headingId="footer-contact" /> : null}
    </footer>
  );
}

/** Name, address, `tel:` and `mailto:` links and opening hours: the footer's and the home page's contact. */
export function ContactBlock({ contact, openingHours, headingId, title }: { contact: VenueContact; openingHours: string; headingId: string; title?: string }) {
  const t = useCommonTexts();
  return (
    <section aria-labelledby={headingId} className="contact-block">
      <h2 id={headingId}>{title ?? t.contact}</h2>
      <address>
        <strong>{contact.name}</strong>
        <br />
        {contact.street}
        <br />
        <span className="nowrap">
          {contact.zip} {contact.city}
        </span>
        <br />
        {t.phone}{" "}
        <a href={contact.phoneHref} className="nowrap">
          {contact.phone}
        </a>
        <br />
        {t.email} <a href={`mailto:${contact.email}`}>{contact.email}</a>
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
        {/* Generated from the stored hours in the page's language (root loader), not typed by the venue. */}
        {t.openingHours} <OpeningHours text={openingHours} />
      </p>
    </section>
  );
}

/**
 * What the venue typed (arrival note, offers, about text) is German until the venue translates it
 * (/admin/einstellungen/uebersetzungen): on a French page such a text is marked `lang="de-CH"`, so
 * a screen reader reads it as German; a translated one (the root loader's `venueTranslated`) is not.
 * Without `text`, the text is taken as German.
 */
export function useVenueTextLang(text?: string): string | undefined {
  return useVenueLangOf()(text);
}

/** `useVenueTextLang` for a list of the venue's texts (offers, their points, extras). */
export function useVenueLangOf(): (text?: string) => string | undefined {
  const translated = useRouteLoaderData<{ venueTranslated?: string[] }>("root")?.venueTranslated;
  const german = useLang() === "de";
  return (text) => (german || (text !== undefined && translated?.includes(text)) ? undefined : "de-CH");
}
