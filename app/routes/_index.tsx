import { Page } from "~/components/Page";
import { ContactBlock } from "~/components/SiteFooter";
import { useVenueContact } from "~/components/useVenueContact";
import { useVenueFacts } from "~/components/useVenueFacts";

export default function Landing() {
  const facts = useVenueFacts();
  const contact = useVenueContact();
  return (
    <Page title={contact ? `Willkommen bei ${contact.name}` : "Willkommen"}>
      <section className="hero">
        <h2>Unvergessliche Kindergeburtstage</h2>
        {/* "About us" as the manager wrote it (line breaks kept, never HTML). */}
        {contact?.about ? <p className="pre-line">{contact.about}</p> : null}
        {facts ? (
          <p className="muted">
            Geöffnet {facts.openingHours}
            {facts.birthdayDays ? ` · Geburtstage ${facts.birthdayDays}` : ""}
          </p>
        ) : null}
        <p>
          Lieber ein Spiel? Escape Rooms, Pixel Games und Mind Golf: <a href="/games">Spielort wählen</a>
        </p>
        <a className="button hero-cta" href="/offers">
          Jetzt reservieren!
        </a>
        <p>
          Ein Geschenk gesucht? <a href="/gutschein">Gutschein verschenken</a>
        </p>
      </section>
      {contact ? (
        <div className="card">
          <ContactBlock contact={contact} openingHours={facts?.openingHours ?? contact.openingHours} headingId="home-contact" title="So erreichen Sie uns" />
        </div>
      ) : null}
    </Page>
  );
}
