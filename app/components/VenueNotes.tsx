import { useVenueTextLang } from "./SiteFooter";
import { useCommonTexts } from "./useLanguage";
import { useVenueContact } from "./useVenueContact";
import { useVenueFacts } from "./useVenueFacts";

/** Arrival note and how to reach the venue, as the manager keeps them; the opening hours as staff set them (root loader). */
export function VenueNotes() {
  const facts = useVenueFacts();
  const contact = useVenueContact();
  const t = useCommonTexts();
  const venueLang = useVenueTextLang(contact?.arrivalNote);
  if (!contact) return null;
  return (
    <section className="notes" aria-labelledby="notes-title">
      <h2 id="notes-title">{t.notes}</h2>
      {contact.arrivalNote ? <p className="pre-line" lang={venueLang}>{contact.arrivalNote}</p> : null}
      <p>
        {contact.name}, {contact.street}, <span className="nowrap">{contact.zip}</span> {contact.city}
        <br />
        {t.phone}{" "}
        <a href={contact.phoneHref} className="nowrap">
          {contact.phone}
        </a>{" "}
        · {t.email} <a href={`mailto:${contact.email}`}>{contact.email}</a>
        {facts ? (
          <>
            <br />
            {t.openingHours} {facts.openingHours}
          </>
        ) : null}
      </p>
    </section>
  );
}
