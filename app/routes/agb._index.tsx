import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalText } from "~/components/LegalText";
import { localPageMeta } from "~/domain/page-meta";
import type { RouteHandle } from "~/root";
import { loadVenueContact } from "~/server/booking/venue.server";
import { requestLang } from "~/server/i18n/request.server";
import { t } from "~/server/i18n/texts.server";
import { legalPageWords } from "~/server/legal/legal-page.server";
import { legalPage } from "~/server/legal/legal-texts.server";
import { getDb } from "~/server/platform/db.server";

export const handle: RouteHandle = { translated: true };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => localPageMeta(matches, data?.metaTitle ?? "AGB");

/**
 * The current AGB with the hold time, cancellation numbers and opening hours as they are set now.
 * A contract must not show a number that may be wrong, so this loader fails (maintenance page)
 * when the settings cannot be read. In another language: the translation of the current German
 * version, or the German text marked as such (issue #33 §2).
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const db = await getDb();
  const page = (await legalPage(db, "agb", await loadVenueContact(db), undefined, lang))!;
  return { ...legalPageWords(lang, "agb", page.german), html: page.html, german: page.german, note: t(lang, "legal", "noteCurrent", { version: String(page.version) }) };
}

export default function Terms() {
  const { title, html, note, notice, german } = useLoaderData<typeof loader>();
  return <LegalText title={title} html={html} note={note} notice={notice} german={german} />;
}
