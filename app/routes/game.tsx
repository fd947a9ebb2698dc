import type { RouteHandle } from "~/root";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { ChoiceCards } from "~/components/ChoiceCards";
import { Page } from "~/components/Page";
import { useHydrated } from "~/components/useHydrated";
import { ANY_DAY, roundLimits, weekdaysLineIn, type RoundLimits } from "~/domain/games";
import { getDb } from "~/server/platform/db.server";
import { getDraft, redirectWithDraft, updateDraft } from "~/server/booking/draft.server";
import { findGameLocation, getVenue } from "~/server/booking/venue.server";
import { localPageMeta } from "~/domain/page-meta";
import { useVenueTextLang } from "~/components/SiteFooter";
import { useCommonTexts, useLocalePath } from "~/components/useLanguage";
import { localePath, type Lang } from "~/i18n/locales";
import { requestLang } from "~/server/i18n/request.server";
import { t, texts } from "~/server/i18n/texts.server";

export const handle: RouteHandle = { hydrate: true, translated: true };
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => localPageMeta(matches, data?.t.gameTitle ?? "Paket wählen");

async function locationFrom(value: string | null) {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? await findGameLocation(await getDb(), id) : undefined;
}

/**
 * The game types' cards in a language: the spec's sentences (GAME_TYPES and `gameTypePoints` in
 * German, word for word) with the game days of the opening hours and the location's limits. A
 * package without extra rounds drops the "verlängerbar" point.
 */
function gameTypeCards(lang: Lang, gameDays: string | null, location: { capacity: number } & RoundLimits) {
  const days = gameDays ?? t(lang, "gameFlow", "noDays");
  return [
    {
      id: 1,
      name: t(lang, "gameFlow", "typeNormal"),
      points: [
        t(lang, "gameFlow", "normalDays", { days }),
        t(lang, "gameFlow", "normalRounds", { maxRounds: location.maxRounds }),
        t(lang, "gameFlow", "normalPlayers", { capacity: location.capacity }),
      ],
    },
    {
      id: 2,
      name: t(lang, "gameFlow", "typePackage"),
      points: [
        t(lang, "gameFlow", "packageDays", { days }),
        t(lang, "gameFlow", "packageRounds", { packageRounds: location.packageRounds }),
        ...(location.packageExtraRounds > 0 ? [t(lang, "gameFlow", "packageExtra", { extraRounds: location.packageExtraRounds })] : []),
      ],
    },
  ];
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const location = await locationFrom(new URL(request.url).searchParams.get("locationId"));
  // Spec: how the location is chosen is not shown; without one the family picks it first.
  if (!location) throw redirect(localePath(lang, "/games"));
  const draft = await getDraft(request);
  const gameDays = weekdaysLineIn((await getVenue(await getDb())).rules, "games", lang, (from, to) => t(lang, "gameFlow", "dayRange", { from, to }));
  return {
    t: texts(lang, "gameFlow"),
    location: { id: location.id, name: location.name },
    selected: draft.flow === "game" && draft.locationId === location.id ? (draft.gameType ?? null) : null,
    types: gameTypeCards(lang, gameDays, { capacity: location.capacity, ...roundLimits(location) }),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = requestLang(params);
  const form = await request.formData();
  const location = await locationFrom(String(form.get("locationId") ?? ""));
  if (!location) throw redirect(localePath(lang, "/games"));
  const gameType = Number(form.get("gameType"));
  if (gameType !== 1 && gameType !== 2) return data({ error: t(lang, "gameFlow", "chooseGameType") }, { status: 400 });
  const cookie = await updateDraft(request, (d) => ({
    couponCode: d.couponCode,
    bookingCode: d.bookingCode,
    flow: "game",
    locationId: location.id,
    gameType,
  }));
  return redirectWithDraft(localePath(lang, gameType === 1 ? `/date?day=${ANY_DAY}&locationId=${location.id}` : `/birthday?locationId=${location.id}`), cookie);
}

export default function Game() {
  const { t, location, selected, types } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const common = useCommonTexts();
  const to = useLocalePath();
  const venueLang = useVenueTextLang();
  const [choice, setChoice] = useState<number | null>(selected);
  return (
    <Page title={t.gameTitle}>
      <p className="muted">
        {t.location} <strong lang={venueLang}>{location.name}</strong> · <a href={to("/games")}>{t.change}</a>
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
          legend={t.gameTypeLegend}
          choices={types.map((type) => ({ value: type.id, title: type.name, points: type.points }))}
          selected={selected}
          onChoose={setChoice}
        />
        <div className="actions">
          <a href={to("/games")} className="button button-secondary">
            {common.back}
          </a>
          <button type="submit" className="button" disabled={hydrated && choice === null}>
            {common.next}
          </button>
        </div>
      </Form>
    </Page>
  );
}
