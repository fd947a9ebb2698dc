import { ARRIVAL_NOTE, VENUE_CONTACT } from "~/domain/venue-contact";
import { useVenueFacts } from "./useVenueFacts";

/** Arrival note and how to reach the venue; the opening hours as staff set them (root loader). */
export function VenueNotes() {
  const facts = useVenueFacts();
  return (
    <section className="notes" aria-labelledby="notes-title">
      <h2 id="notes-title">Hinweise</h2>
      <p>{ARRIVAL_NOTE}</p>
      <p>
        {VENUE_CONTACT.name}, {VENUE_CONTACT.street}, {VENUE_CONTACT.zip} {VENUE_CONTACT.city}
        <br />
        Telefon <a href={VENUE_CONTACT.phoneHref}>{VENUE_CONTACT.phone}</a> · E-Mail{" "}
        <a href={`mailto:${VENUE_CONTACT.email}`}>{VENUE_CONTACT.email}</a>
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
