import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Page } from "~/components/Page";
import { pageMeta } from "~/domain/page-meta";
import { loadVenueContact } from "~/server/booking/venue.server";
import { getEnv } from "~/server/platform/env.server";
import { getDb } from "~/server/platform/db.server";

export const meta: MetaFunction = () => pageMeta("Datenschutzerklärung");

/**
 * What the site stores and why (Swiss nDSG, in force since 1 September 2023), with the venue as the
 * controller from its profile. The retention figure is the manage link's real readable time.
 */
export async function loader() {
  return { contact: await loadVenueContact(await getDb()), readableDays: getEnv().MANAGE_LINK_READABLE_DAYS };
}

export default function Privacy() {
  const { contact, readableDays } = useLoaderData<typeof loader>();
  return (
    <Page title="Datenschutzerklärung">
      <article className="card">
        <h2>1. Verantwortlich</h2>
        <p>
          {contact.name}, {contact.street}, {contact.zip} {contact.city}, E-Mail <a href={`mailto:${contact.email}`}>{contact.email}</a>, Telefon{" "}
          <a className="nowrap" href={contact.phoneHref}>
            {contact.phone}
          </a>
          .
        </p>
        <h2>2. Welche Daten wir bearbeiten</h2>
        <p>
          Für eine Buchung: Vorname, Nachname, Adresse, Telefonnummer, E-Mail-Adresse, Ihre Nachricht an uns, der gebuchte Termin, die Anzahl
          Personen, ein eingelöster Gutschein und der Zahlungsstatus. Kartendaten und TWINT-Daten erhalten wir nicht.
        </p>
        <h2>3. Zweck</h2>
        <p>
          Wir verwenden die Daten, um Ihre Buchung durchzuführen: Bestätigung, Erinnerung und Änderungen per E-Mail, Rückfragen am Telefon,
          Abrechnung und Rückerstattung. Wir verkaufen keine Daten und verwenden sie nicht für Werbung.
        </p>
        <h2>4. Weitergabe</h2>
        <p>
          Die Zahlung läuft über unseren Zahlungsanbieter Datatrans AG (Schweiz); ihm übermitteln wir den Betrag und den Buchungscode. Unsere
          E-Mails versenden wir über unseren E-Mail-Dienst. Darüber hinaus geben wir keine Daten weiter, ausser wir sind gesetzlich dazu
          verpflichtet.
        </p>
        <h2>5. Aufbewahrung</h2>
        <p>
          Den Link «Buchung verwalten» können Sie bis {readableDays} Tage nach dem Termin öffnen. Buchungs- und Zahlungsdaten bewahren wir so
          lange auf, wie es die gesetzlichen Aufbewahrungspflichten (Buchhaltung: 10 Jahre) verlangen.
        </p>
        <h2>6. Cookies</h2>
        <p>
          Die Website setzt nur technisch nötige Cookies: eines für die Buchung in Bearbeitung und, im Mitarbeiterbereich, eines für die
          Anmeldung. Keine Analyse- oder Werbe-Cookies.
        </p>
        <h2>7. Ihre Rechte</h2>
        <p>
          Sie können jederzeit Auskunft über Ihre Daten verlangen, ihre Berichtigung oder Löschung (soweit keine Aufbewahrungspflicht
          besteht). Schreiben Sie an <a href={`mailto:${contact.email}`}>{contact.email}</a>. Sie können sich ausserdem beim Eidgenössischen
          Datenschutz- und Öffentlichkeitsbeauftragten (EDÖB) beschweren.
        </p>
      </article>
    </Page>
  );
}
