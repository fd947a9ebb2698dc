import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { LegalText } from "~/components/LegalText";
import { Page } from "~/components/Page";
import { useLocalePath } from "~/components/useLanguage";
import { localPageMeta } from "~/domain/page-meta";
import { LOCALE } from "~/i18n/locales";
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
 * The AGB version a booking accepted (its manage page and e-mails link here); 0 is the default
 * text. `/fr/agb/3` shows the French translation of German version 3 — only of that version — or
 * German version 3 marked as German (issue #33 §2).
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const db = await getDb();
  const raw = params.version ?? "";
  const version = /^\d{1,6}$/.test(raw) ? Number(raw) : null;
  const page = version === null ? null : await legalPage(db, "agb", await loadVenueContact(db), version, lang);
  if (!page) {
    const words = legalPageWords(lang, "agb", false);
    return data(
      { found: false as const, title: words.title, metaTitle: words.metaTitle, notFound: t(lang, "legal", "notFound"), showCurrent: t(lang, "legal", "showCurrent") },
      { status: 404 },
    );
  }
  // The German version's date: it is what binds, whichever language shows it.
  const date = page.createdAt ? page.createdAt.toLocaleDateString(LOCALE[lang], { timeZone: "Europe/Zurich" }) : null;
  const note =
    page.version > 0 && date
      ? t(lang, "legal", "noteVersionOf", { version: String(page.version), date })
      : t(lang, "legal", "noteVersion", { version: String(page.version) });
  return { found: true as const, ...legalPageWords(lang, "agb", page.german), html: page.html, german: page.german, note };
}

export default function TermsVersion() {
  const d = useLoaderData<typeof loader>();
  const to = useLocalePath();
  if (!d.found) {
    return (
      <Page title={d.title}>
        <p role="alert">{d.notFound}</p>
        <p>
          <Link to={to("/agb")}>{d.showCurrent}</Link>
        </p>
      </Page>
    );
  }
  return <LegalText title={d.title} html={d.html} note={d.note} notice={d.notice} german={d.german} />;
}
