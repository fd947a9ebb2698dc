import type { RouteHandle } from "~/root";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect, useLoaderData } from "@remix-run/react";
import { Page } from "~/components/Page";
import { packageWeekdaysIn } from "~/domain/games";
import { getDb } from "~/server/platform/db.server";
import { findGameLocation, getVenue } from "~/server/booking/venue.server";
import { localPageMeta } from "~/domain/page-meta";
import { useVenueTextLang } from "~/components/SiteFooter";
import { useCommonTexts, useLocalePath } from "~/components/useLanguage";
import { localePath } from "~/i18n/locales";
import { requestLang } from "~/server/i18n/request.server";
import { texts } from "~/server/i18n/texts.server";

export const handle: RouteHandle = { translated: true };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => localPageMeta(matches, data?.t.birthdayTitle ?? "Spieltag auswählen");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const id = Number(new URL(request.url).searchParams.get("locationId"));
  const db = await getDb();
  const location = Number.isInteger(id) ? await findGameLocation(db, id) : undefined;
  if (!location) throw redirect(localePath(lang, "/games"));
  return {
    t: texts(lang, "gameFlow"),
    location: { id: location.id, name: location.name },
    weekdays: packageWeekdaysIn((await getVenue(db)).rules, lang),
  };
}

/** The birthday package's weekday picker (spec §2): plain links, no JavaScript. */
export default function Birthday() {
  const { t, location, weekdays } = useLoaderData<typeof loader>();
  const common = useCommonTexts();
  const to = useLocalePath();
  const venueLang = useVenueTextLang();
  return (
    <Page title={t.birthdayTitle}>
      <p className="muted">
        {t.typePackage} · <strong lang={venueLang}>{location.name}</strong>
      </p>
      <ul className="offer-list" style={{ listStyle: "none" }}>
        {weekdays.map((d) => (
          <li key={d.day}>
            <a className="button button-secondary" style={{ width: "100%" }} href={to(`/date?day=${d.day}&locationId=${location.id}`)}>
              {d.label}
            </a>
          </li>
        ))}
      </ul>
      <div className="actions">
        <a href={to(`/game?locationId=${location.id}`)} className="button button-secondary">
          {common.back}
        </a>
      </div>
    </Page>
  );
}
