import { Form, useLocation } from "@remix-run/react";
import { useVenueContact } from "./useVenueContact";

/** Staff navigation and sign-out (a POST form: sign-out changes state). */
export function AdminBar({ email, manager = false }: { email: string; manager?: boolean }) {
  // Which venue's back office this is (the profile's name, as the manager keeps it).
  const venueName = useVenueContact()?.name;
  const path = useLocation().pathname;
  // Each link a 44 px target (issue #29 §6), the current area marked for eyes and screen readers.
  const link = (href: string, label: string) => {
    const current = href === "/admin" ? path === "/admin" || path === "/admin/" : path === href || path.startsWith(`${href}/`);
    return (
      <a href={href} aria-current={current ? "page" : undefined}>
        {label}
      </a>
    );
  };
  return (
    <div className="admin-bar">
      {venueName ? <p className="admin-venue">{venueName}</p> : null}
      <nav aria-label="Mitarbeiterbereich">
        {link("/admin", "Tagesübersicht")}
        {link("/admin/buchungen", "Buchungen suchen")}
        {link("/admin/telefonbuchung", "Telefonbuchung")}
        {link("/admin/storno", "Reservierungen verwalten")}
        {link("/admin/export", "Export und Tagesliste")}
        {link("/admin/rechnungen", "Rechnungen")}
        {link("/admin/datenschutz", "Datenschutz")}
        {manager ? link("/admin/berichte", "Berichte") : null}
        {manager ? link("/admin/einstellungen", "Einstellungen") : null}
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
