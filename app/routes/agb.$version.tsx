import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { LegalText } from "~/components/LegalText";
import { Page } from "~/components/Page";
import { LEGAL_TITLES } from "~/domain/legal-texts";
import { pageMeta } from "~/domain/page-meta";
import { loadVenueContact } from "~/server/booking/venue.server";
import { legalPage } from "~/server/legal/legal-texts.server";
import { getDb } from "~/server/platform/db.server";

export const meta: MetaFunction = () => pageMeta("AGB");

/** The AGB version a booking accepted (its manage page and e-mails link here); 0 is the default text. */
export async function loader({ params }: LoaderFunctionArgs) {
  const db = await getDb();
  const raw = params.version ?? "";
  const version = /^\d{1,6}$/.test(raw) ? Number(raw) : null;
  const page = version === null ? null : await legalPage(db, "agb", await loadVenueContact(db), version);
  if (!page) return data({ found: false as const, version: raw.slice(0, 10) }, { status: 404 });
  return { found: true as const, html: page.html, version: page.version, createdAt: page.createdAt?.toISOString() ?? null };
}

export default function TermsVersion() {
  const d = useLoaderData<typeof loader>();
  if (!d.found) {
    return (
      <Page title={LEGAL_TITLES.agb}>
        <p role="alert">Diese Version der AGB gibt es nicht.</p>
        <p>
          <Link to="/agb">Aktuelle AGB anzeigen</Link>
        </p>
      </Page>
    );
  }
  const when = d.createdAt ? ` vom ${new Date(d.createdAt).toLocaleDateString("de-CH", { timeZone: "Europe/Zurich" })}` : "";
  return <LegalText title={LEGAL_TITLES.agb} html={d.html} note={d.version > 0 ? `Version ${d.version}${when}` : "Standardfassung (Version 0)"} />;
}
