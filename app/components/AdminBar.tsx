import { Form } from "@remix-run/react";
import { useVenueContact } from "./useVenueContact";

/** Staff navigation and sign-out (a POST form: sign-out changes state). */
export function AdminBar({ email, manager = false }: { email: string; manager?: boolean }) {
  // Which venue's back office this is (the profile's name, as the manager keeps it).
  const venueName = useVenueContact()?.name;
  return (
    <div className="admin-bar">
      {venueName ? <p className="admin-venue">{venueName}</p> : null}
      <nav aria-label="Mitarbeiterbereich">
        <a href="/admin">Tagesübersicht</a>
        <a href="/admin/buchungen">Buchungen suchen</a>
        <a href="/admin/telefonbuchung">Telefonbuchung</a>
        <a href="/admin/storno">Reservierungen verwalten</a>
        <a href="/admin/export">Export und Tagesliste</a>
        {manager ? <a href="/admin/einstellungen">Einstellungen</a> : null}
      </nav>
      <Form method="post" action="/admin/logout" reloadDocument>
        <span className="muted">{email} · </span>
        <button type="submit" className="button button-secondary button-small">
          Abmelden
        </button>
      </Form>
    </div>
  );
}
