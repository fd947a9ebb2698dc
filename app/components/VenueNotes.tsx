import { useVenueContact } from "./useVenueContact";
import { useVenueFacts } from "./useVenueFacts";

/** Arrival note and how to reach the venue, as the manager keeps them; the opening hours as staff set them (root loader). */
export function VenueNotes() {
  const facts = useVenueFacts();
  const contact = useVenueContact();
  if (!contact) return null;
  return (
    <section className="notes" aria-labelledby="notes-title">
      <h2 id="notes-title">Hinweise</h2>
      {contact.arrivalNote ? <p className="pre-line">{contact.arrivalNote}</p> : null}
      <p>
        {contact.name}, {contact.street}, <span className="nowrap">{contact.zip}</span> {contact.city}
        <br />
        Telefon{" "}
        <a href={contact.phoneHref} className="nowrap">
          {contact.phone}
        </a>{" "}
        · E-Mail <a href={`mailto:${contact.email}`}>{contact.email}</a>
        {facts ? (
          <>
            <br />
            Öffnungszeiten: {facts.openingHours}
          </>
        ) : null}
      </p>
    </section>
  );
}
