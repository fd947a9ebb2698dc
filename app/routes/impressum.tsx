import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Page } from "~/components/Page";
import { pageMeta } from "~/domain/page-meta";
import { getVenue, venueContact } from "~/server/booking/venue.server";
import { getDb } from "~/server/platform/db.server";

export const meta: MetaFunction = () => pageMeta("Impressum");

/**
 * The seller's identity as Swiss e-commerce rules expect it (UWG Art. 3 Abs. 1 lit. s): generated
 * from the venue profile the manager keeps on /admin/einstellungen/betrieb, never typed into code.
 */
export async function loader() {
  const venue = await getVenue(await getDb());
  return { contact: venueContact(venue), uidNumber: venue.profile.uidNumber };
}

export default function Imprint() {
  const { contact, uidNumber } = useLoaderData<typeof loader>();
  return (
    <Page title="Impressum">
      <article className="card">
        <h2>Anbieterin</h2>
        <p>
          {contact.name}
          <br />
          {contact.street}
          <br />
          {contact.zip} {contact.city}
          <br />
          Schweiz
        </p>
        <h2>Kontakt</h2>
        <p>
          Telefon{" "}
          <a className="nowrap" href={contact.phoneHref}>
            {contact.phone}
          </a>
          <br />
          E-Mail <a href={`mailto:${contact.email}`}>{contact.email}</a>
          {contact.website ? (
            <>
              <br />
              Web <a href={contact.website}>{contact.website}</a>
            </>
          ) : null}
        </p>
        {uidNumber ? (
          <>
            <h2>Unternehmens-Identifikationsnummer</h2>
            <p>{uidNumber}</p>
          </>
        ) : null}
        <h2>Haftung für Links</h2>
        <p>Für die Inhalte verlinkter fremder Websites sind ausschliesslich deren Betreiber verantwortlich.</p>
      </article>
    </Page>
  );
}
