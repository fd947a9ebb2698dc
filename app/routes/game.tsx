import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { ChoiceCards } from "~/components/ChoiceCards";
import { Page } from "~/components/Page";
import { useHydrated } from "~/components/useHydrated";
import { ANY_DAY, GAME_TYPES, gameTypePoints, roundLimits } from "~/domain/games";
import { getDb } from "~/server/platform/db.server";
import { getDraft, redirectWithDraft, updateDraft } from "~/server/booking/draft.server";
import { findGameLocation, getVenue } from "~/server/booking/venue.server";
import { weekdaysLine } from "~/domain/venue-settings";
import { pageMeta } from "~/domain/page-meta";

export const handle = { hydrate: true };
export const meta: MetaFunction = () => pageMeta("Paket wählen");

async function locationFrom(value: string | null) {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? await findGameLocation(await getDb(), id) : undefined;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const location = await locationFrom(new URL(request.url).searchParams.get("locationId"));
  // Spec: how the location is chosen is not shown; without one the family picks it first.
  if (!location) throw redirect("/games");
  const draft = await getDraft(request);
  return {
    location: { id: location.id, name: location.name, capacity: location.capacity, ...roundLimits(location) },
    selected: draft.flow === "game" && draft.locationId === location.id ? (draft.gameType ?? null) : null,
    gameDays: weekdaysLine((await getVenue(await getDb())).rules, "games"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const location = await locationFrom(String(form.get("locationId") ?? ""));
  if (!location) throw redirect("/games");
  const gameType = Number(form.get("gameType"));
  if (gameType !== 1 && gameType !== 2) return data({ error: "Bitte wählen Sie eine Spielart aus." }, { status: 400 });
  const cookie = await updateDraft(request, (d) => ({
    couponCode: d.couponCode,
    bookingCode: d.bookingCode,
    flow: "game",
    locationId: location.id,
    gameType,
  }));
  return redirectWithDraft(gameType === 1 ? `/date?day=${ANY_DAY}&locationId=${location.id}` : `/birthday?locationId=${location.id}`, cookie);
}

export default function Game() {
  const { location, selected, gameDays } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const [choice, setChoice] = useState<number | null>(selected);
  return (
    <Page title="Paket wählen">
      <p className="muted">
        Spielort: <strong>{location.name}</strong> · <a href="/games">ändern</a>
      </p>
      <Form method="post">
        <input type="hidden" name="locationId" value={location.id} />
        {actionData?.error ? (
          <p className="alert alert-error" role="alert">
            {actionData.error}
          </p>
        ) : null}
        <ChoiceCards
          name="gameType"
          legend="Spielart"
          choices={GAME_TYPES.map((type) => ({
            value: type.id,
            title: type.name,
            points: gameTypePoints(type.points, gameDays, location),
          }))}
          selected={selected}
          onChoose={setChoice}
        />
        <div className="actions">
          <a href="/games" className="button button-secondary">
            Zurück
          </a>
          <button type="submit" className="button" disabled={hydrated && choice === null}>
            Weiter
          </button>
        </div>
      </Form>
    </Page>
  );
}
