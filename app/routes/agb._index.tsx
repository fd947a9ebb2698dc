import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalText } from "~/components/LegalText";
import { LEGAL_TITLES } from "~/domain/legal-texts";
import { pageMeta } from "~/domain/page-meta";
import { loadVenueContact } from "~/server/booking/venue.server";
import { legalPage } from "~/server/legal/legal-texts.server";
import { getDb } from "~/server/platform/db.server";

export const meta: MetaFunction = () => pageMeta("AGB");

/**
 * The current AGB with the hold time, cancellation numbers and opening hours as they are set now.
 * A contract must not show a number that may be wrong, so this loader fails (maintenance page)
 * when the settings cannot be read.
 */
export async function loader() {
  const db = await getDb();
  const page = await legalPage(db, "agb", await loadVenueContact(db));
  return { html: page!.html, version: page!.version };
}

export default function Terms() {
  const { html, version } = useLoaderData<typeof loader>();
  return <LegalText title={LEGAL_TITLES.agb} html={html} note={version > 0 ? `Version ${version}` : "Standardfassung"} />;
}
