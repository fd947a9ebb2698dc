/** The site-wide description: Remix replaces the root's meta with a route's, so every page repeats it. */
export const SITE_DESCRIPTION =
  "Kindergeburtstag, Escape Room, Pixel Games und Mind Golf in der Fun World online reservieren: Termin wählen, Daten erfassen, bezahlen.";

export function pageMeta(title: string, extra: Record<string, string>[] = []) {
  return [{ title: `${title} – Fun World` }, { name: "description", content: SITE_DESCRIPTION }, ...extra];
}
