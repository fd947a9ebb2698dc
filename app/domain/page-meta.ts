/** The site-wide description: Remix replaces the root's meta with a route's, so every page repeats it. */
export const SITE_DESCRIPTION =
  "Kindergeburtstag, Escape Room, Pixel Games und Mind Golf in der Fun World online reservieren: Termin wählen, Daten erfassen, bezahlen.";

export function pageMeta(title: string, extra: Record<string, string>[] = []) {
  return [{ title: `${title} – Fun World` }, { name: "description", content: SITE_DESCRIPTION }, ...extra];
}

type FrameMatch = { id: string; data: unknown };
type FrameTexts = { pageTitle: string; siteDescription: string };

/**
 * A family page's title and description in its language, from the frame texts the root loader
 * carries (`matches`); German as before when the root did not load.
 */
export function localPageMeta(matches: readonly FrameMatch[], title: string, extra: Record<string, string>[] = []) {
  const texts = (matches.find((m) => m.id === "root")?.data as { i18n?: { texts?: FrameTexts } } | undefined)?.i18n?.texts;
  if (!texts) return pageMeta(title, extra);
  return [{ title: texts.pageTitle.replace("{title}", title) }, { name: "description", content: texts.siteDescription }, ...extra];
}
