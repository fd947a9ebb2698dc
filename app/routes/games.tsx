import type { RouteHandle } from "~/root";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Page } from "~/components/Page";
import { formatChf } from "~/domain/money";
import { getDb } from "~/server/platform/db.server";
import { listGameLocations, venueWordsIn } from "~/server/booking/venue.server";
import { localPageMeta } from "~/domain/page-meta";
import { useVenueLangOf } from "~/components/SiteFooter";
import { useCommonTexts, useLocalePath } from "~/components/useLanguage";
import { requestLang } from "~/server/i18n/request.server";
import { t, texts } from "~/server/i18n/texts.server";

export const handle: RouteHandle = { translated: true };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => localPageMeta(matches, data?.t.title ?? "Spielort wählen");

export async function loader({ params }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const db = await getDb();
  const [locations, word] = await Promise.all([listGameLocations(db), venueWordsIn(db, lang)]);
  return {
    t: texts(lang, "games"),
    locations: locations.map((l) => ({
      id: l.id,
      name: l.name,
      description: word(l.description),
      capacity: t(lang, "games", "capacity", { capacity: l.capacity, price: formatChf(l.pricePerPlayerRoundRappen, lang) }),
    })),
  };
}

/** The location choice (not shown in the spec): every game location with its capacity; plain links. */
export default function Games() {
  const { t, locations } = useLoaderData<typeof loader>();
  const common = useCommonTexts();
  const to = useLocalePath();
  const venueLang = useVenueLangOf();
  return (
    <Page title={t.title}>
      <p>{t.lead}</p>
      <ul className="offer-list" style={{ listStyle: "none" }}>
        {locations.map((l) => (
          <li key={l.id}>
            <a className="offer-card" href={to(`/game?locationId=${l.id}`)} style={{ paddingLeft: 16, textDecoration: "none", color: "inherit" }}>
              <span className="offer-name" lang={venueLang()}>
                {l.name}
              </span>
              <span className="offer-price">{l.capacity}</span>
              <span className="muted" lang={venueLang(l.description)}>
                {l.description}
              </span>
            </a>
          </li>
        ))}
      </ul>
      <div className="actions">
        <a href={to("/")} className="button button-secondary">
          {common.back}
        </a>
      </div>
    </Page>
  );
}
