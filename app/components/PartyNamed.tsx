import { useVenueTextLang } from "./SiteFooter";

/**
 * A sentence of the party pages around a name the venue typed (an offer): the name is marked as
 * German on a page in another language (`lang="de-CH"`), the text reads as before in German.
 * Built by the server (`named`, server/booking/party-pages.server.ts).
 */
export function PartyNamed({ text }: { text: { before: string; name: string; after: string } }) {
  const venueLang = useVenueTextLang(text.name);
  return (
    <>
      {text.before}
      {venueLang && text.name ? <span lang={venueLang}>{text.name}</span> : text.name}
      {text.after}
    </>
  );
}
