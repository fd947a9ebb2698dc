import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalText } from "~/components/LegalText";
import { LEGAL_TITLES } from "~/domain/legal-texts";
import { pageMeta } from "~/domain/page-meta";
import { loadVenueContact } from "~/server/booking/venue.server";
import { legalPage } from "~/server/legal/legal-texts.server";
import { getDb } from "~/server/platform/db.server";

export const meta: MetaFunction = () => pageMeta("Datenschutz");

/** The current text as the manager saved it (or the default), venue identity filled in. */
export async function loader() {
  const db = await getDb();
  const page = await legalPage(db, "datenschutz", await loadVenueContact(db));
  return { html: page!.html };
}

export default function PrivacyPolicy() {
  const { html } = useLoaderData<typeof loader>();
  return <LegalText title={LEGAL_TITLES.datenschutz} html={html} />;
}
