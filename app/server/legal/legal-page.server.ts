import type { LegalKind } from "~/domain/legal-texts";
import type { Lang } from "~/i18n/locales";
import { t } from "../i18n/texts.server";

const TITLE = { agb: "titleAgb", impressum: "titleImpressum", datenschutz: "titleDatenschutz" } as const;
const META = { agb: "metaAgb", impressum: "metaImpressum", datenschutz: "metaDatenschutz" } as const;

/**
 * A legal page's words in its language (issue #33 §2): heading, the short title for `<title>`, and
 * the note above the text — none in German, «only the German version is binding» above a
 * translation, «only in German» above the German text shown in its place (`german`).
 */
export function legalPageWords(lang: Lang, kind: LegalKind, german: boolean) {
  return {
    title: t(lang, "legal", TITLE[kind]),
    metaTitle: t(lang, "legal", META[kind]),
    notice: lang === "de" ? null : t(lang, "legal", german ? "onlyGerman" : "translation"),
  };
}
