import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Page } from "~/components/Page";
import { pageMeta } from "~/domain/page-meta";
import { lateCancellationSentence } from "~/domain/self-service";
import { loadVenueContact, loadVenueFacts } from "~/server/booking/venue.server";
import { getDb } from "~/server/platform/db.server";

export const meta: MetaFunction = () => pageMeta("AGB");

/**
 * The terms name the hold time, the free cancellation limit and the opening hours as they are set,
 * not as they were at the last deploy. A contract must not show a number that may be wrong, so
 * unlike the root loader this one fails (maintenance page) when the settings cannot be read.
 */
export async function loader() {
  const db = await getDb();
  return { facts: await loadVenueFacts(db), contact: await loadVenueContact(db) };
}

export default function Terms() {
  const { facts, contact } = useLoaderData<typeof loader>();
  return (
    <Page title="Allgemeine Geschäftsbedingungen">
      <article className="card">
        <h2>1. Geltungsbereich</h2>
        <p>
          Diese Bedingungen gelten für alle Online-Buchungen von Kindergeburtstagen und Spielen bei {contact.name},{" "}
          {contact.street}, {contact.zip} {contact.city}.
        </p>
        <h2>2. Buchung</h2>
        <p>
          Mit dem Absenden des Buchungsformulars reservieren Sie verbindlich den gewählten Termin. Der Termin wird für Sie während{" "}
          {facts.holdMinutes} Minuten freigehalten, bis die Zahlung abgeschlossen ist. Der Vertrag kommt mit der Buchungsbestätigung (Buchungscode und
          E-Mail) zustande. Ein Geburtstagstisch steht höchstens 4 Stunden zur Verfügung.
        </p>
        <h2>3. Preise und Zahlung</h2>
        <p>
          Alle Preise verstehen sich in Schweizer Franken (CHF) inklusive Mehrwertsteuer. Die Zahlung erfolgt online per TWINT oder
          Kreditkarte über unseren Zahlungsanbieter Datatrans. Massgebend ist der bei der Buchung angezeigte Gesamtbetrag.
        </p>
        <h2>4. Stornierung und Umbuchung</h2>
        <p>
          Eine Stornierung oder Umbuchung ist bis {facts.selfServiceHours} Stunden vor dem Termin kostenlos möglich. Sie erledigen sie selbst über den Link
          «Buchung verwalten» in Ihrer Buchungsbestätigung; haben Sie die E-Mail nicht mehr, senden wir Ihnen den Link unter{" "}
          <a href="/buchung">Buchung verwalten</a> mit Buchungscode und E-Mail-Adresse erneut. Eine online bezahlte Buchung erstatten wir
          auf das verwendete Zahlungsmittel zurück. {lateCancellationSentence(facts.lateCancelFeePercent)} Eine spätere Absage nehmen wir
          telefonisch entgegen: <a className="nowrap" href={contact.phoneHref}>{contact.phone}</a>. Ist ein Termin aus Gründen, die {contact.name} zu vertreten
          hat, nicht durchführbar, erstatten wir den vollen Betrag.
        </p>
        <h2>5. Gutscheine</h2>
        <p>
          Gutscheine können bei der Online-Buchung eingelöst werden und sind bis zum aufgedruckten Datum gültig. Ein Restbetrag bleibt
          auf dem Gutschein erhalten. Gutscheine werden nicht bar ausbezahlt. Bei einer Stornierung wird der eingelöste Betrag dem
          Gutschein wieder gutgeschrieben.
        </p>
        <h2>6. Aufsicht und Haftung</h2>
        <p>Kinder stehen während des gesamten Aufenthalts unter der Aufsicht ihrer Begleitpersonen. Die Hausordnung ist einzuhalten.</p>
        <h2>7. Datenschutz</h2>
        <p>
          Wir verwenden Ihre Kontaktdaten ausschliesslich zur Abwicklung Ihrer Buchung und geben sie nur an den Zahlungsanbieter weiter,
          soweit dies für die Zahlung nötig ist. Zahlungsdaten (Karten- oder TWINT-Daten) werden nicht bei uns gespeichert. Sie können
          jederzeit Auskunft über Ihre gespeicherten Daten oder deren Löschung verlangen: {contact.email}.
        </p>
        <h2>8. Kontakt</h2>
        <p>
          {contact.name}, {contact.street}, {contact.zip} {contact.city} · Telefon <a className="nowrap" href={contact.phoneHref}>{contact.phone}</a> ·{" "}
          {contact.email} · Öffnungszeiten {facts.openingHours}
        </p>
      </article>
    </Page>
  );
}
