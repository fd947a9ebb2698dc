import { Page } from "~/components/Page";
import { useVenueFacts } from "~/components/useVenueFacts";

export default function Landing() {
  const facts = useVenueFacts();
  return (
    <Page title="Willkommen in der Fun World">
      <section className="hero">
        <h2>Unvergessliche Kindergeburtstage</h2>
        <p>
          Toben, spielen, feiern: In der Fun World wird der Geburtstag Ihres Kindes zum Abenteuer. Wir decken den
          Geburtstagstisch, Sie geniessen den Tag – ganz ohne Aufräumen.
        </p>
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
      </section>
    </Page>
  );
}
