import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect, useLoaderData } from "@remix-run/react";
import { Page } from "~/components/Page";
import { packageWeekdays } from "~/domain/games";
import { getDb } from "~/server/platform/db.server";
import { findGameLocation, getVenue } from "~/server/booking/venue.server";
import { pageMeta } from "~/domain/page-meta";

export const meta: MetaFunction = () => pageMeta("Spieltag auswählen");

export async function loader({ request }: LoaderFunctionArgs) {
  const id = Number(new URL(request.url).searchParams.get("locationId"));
  const db = await getDb();
  const location = Number.isInteger(id) ? await findGameLocation(db, id) : undefined;
  if (!location) throw redirect("/games");
  return { location: { id: location.id, name: location.name }, weekdays: packageWeekdays((await getVenue(db)).rules) };
}

/** The birthday package's weekday picker (spec §2): plain links, no JavaScript. */
export default function Birthday() {
  const { location, weekdays } = useLoaderData<typeof loader>();
  return (
    <Page title="Spieltag auswählen">
      <p className="muted">
        Geburtstagspaket · <strong>{location.name}</strong>
      </p>
      <ul className="offer-list" style={{ listStyle: "none" }}>
        {weekdays.map((d) => (
          <li key={d.day}>
            <a className="button button-secondary" style={{ width: "100%" }} href={`/date?day=${d.day}&locationId=${location.id}`}>
              {d.label}
            </a>
          </li>
        ))}
      </ul>
      <div className="actions">
        <a href={`/game?locationId=${location.id}`} className="button button-secondary">
          Zurück
        </a>
      </div>
    </Page>
  );
}
