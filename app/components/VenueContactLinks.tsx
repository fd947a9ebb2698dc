import { useVenueContact } from "./useVenueContact";

/** The venue's phone as a `tel:` link (E.164), kept on one line on a phone's narrow screen. */
export function VenuePhone() {
  const contact = useVenueContact();
  if (!contact) return null;
  return (
    <a href={contact.phoneHref} className="nowrap">
      {contact.phone}
    </a>
  );
}

export function VenueEmail() {
  const contact = useVenueContact();
  if (!contact) return null;
  return <a href={`mailto:${contact.email}`}>{contact.email}</a>;
}
