import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalText } from "~/components/LegalText";
import { localPageMeta } from "~/domain/page-meta";
import type { RouteHandle } from "~/root";
import { loadVenueContact } from "~/server/booking/venue.server";
import { requestLang } from "~/server/i18n/request.server";
import { legalPageWords } from "~/server/legal/legal-page.server";
import { legalPage } from "~/server/legal/legal-texts.server";
import { getDb } from "~/server/platform/db.server";

export const handle: RouteHandle = { translated: true };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => localPageMeta(matches, data?.metaTitle ?? "Datenschutz");

/**
 * The current text as the manager saved it (or the default), venue identity filled in; in another
 * language its translation of the current German version, or the German marked as such (issue #33 §2).
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const db = await getDb();
  const page = (await legalPage(db, "datenschutz", await loadVenueContact(db), undefined, lang))!;
  return { ...legalPageWords(lang, "datenschutz", page.german), html: page.html, german: page.german };
}

export default function PrivacyPolicy() {
  const { title, html, notice, german } = useLoaderData<typeof loader>();
  return <LegalText title={title} html={html} notice={notice} german={german} />;
}
