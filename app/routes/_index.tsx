import { Page } from "~/components/Page";

export default function Landing() {
  return (
    <Page title="Willkommen in der Fun World">
      <section className="hero">
        <h2>Unvergessliche Kindergeburtstage</h2>
        <p>
          Toben, spielen, feiern: In der Fun World wird der Geburtstag Ihres Kindes zum Abenteuer. Wir decken den
          Geburtstagstisch, Sie geniessen den Tag – ganz ohne Aufräumen.
        </p>
        <p className="muted">Geöffnet Mo-So 10:00-22:00 · Geburtstage Mittwoch bis Sonntag</p>
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
