import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Page } from "~/components/Page";
import { formatChf } from "~/domain/money";
import { getDb } from "~/server/platform/db.server";
import { listGameLocations } from "~/server/booking/venue.server";
import { pageMeta } from "~/domain/page-meta";

export const meta: MetaFunction = () => pageMeta("Spielort wählen");

export async function loader() {
  const locations = await listGameLocations(await getDb());
  return {
    locations: locations.map((l) => ({ id: l.id, name: l.name, capacity: l.capacity, description: l.description, fromRappen: l.pricePerPlayerRoundRappen })),
  };
}

/** The location choice (not shown in the spec): every game location with its capacity; plain links. */
export default function Games() {
  const { locations } = useLoaderData<typeof loader>();
  return (
    <Page title="Spielort wählen">
      <p>Wählen Sie, wo Sie spielen möchten. Jeder Spielort gehört während Ihrer Runden nur Ihrer Gruppe.</p>
      <ul className="offer-list" style={{ listStyle: "none" }}>
        {locations.map((l) => (
          <li key={l.id}>
            <a className="offer-card" href={`/game?locationId=${l.id}`} style={{ paddingLeft: 16, textDecoration: "none", color: "inherit" }}>
              <span className="offer-name">{l.name}</span>
              <span className="offer-price">bis {l.capacity} Spieler · ab {formatChf(l.fromRappen)} pro Spieler und Runde</span>
              <span className="muted">{l.description}</span>
            </a>
          </li>
        ))}
      </ul>
      <div className="actions">
        <a href="/" className="button button-secondary">
          Zurück
        </a>
      </div>
    </Page>
  );
}
