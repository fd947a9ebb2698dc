import { WithVenueWords } from "~/components/WithVenueWords";
import type { RouteHandle } from "~/root";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { AppointmentSummary } from "~/components/AppointmentSummary";
import { Page } from "~/components/Page";
import { SlotGrid } from "~/components/SlotGrid";
import { useAdoptCheckedRadio, useAdoptTypedValue } from "~/components/useAdoptTypedValue";
import { useHydrated } from "~/components/useHydrated";
import { useWhenChanged } from "~/components/useWhenChanged";
import { dateFrom } from "~/domain/booking-query";
import { gamePriceRappen, gameSummaryLinesIn, roundLimits, roundsRange, totalRounds, weekdaysLineIn, type GameType, type RoundLimits } from "~/domain/games";
import { MSG } from "~/domain/messages";
import { formatChf } from "~/domain/money";
import { parseTime, venueNow } from "~/domain/time";
import { shortDateLabel } from "~/domain/calendar";
import { getDb } from "~/server/platform/db.server";
import { getDraft, redirectWithDraft, updateDraft } from "~/server/booking/draft.server";
import { availableGameStarts } from "~/server/booking/games.server";
import { bookingCodeForNewChoice } from "~/server/booking/slot-choice.server";
import { findGameLocation, getVenue, venuePhone, venuePolicy } from "~/server/booking/venue.server";
import { onlineNotBefore } from "~/domain/availability";
import { localPageMeta } from "~/domain/page-meta";
import { useVenueTextLang } from "~/components/SiteFooter";
import { fill, useCommonTexts, useLang, useLocalePath } from "~/components/useLanguage";
import { localePath, type Lang } from "~/i18n/locales";
import { requestLang } from "~/server/i18n/request.server";
import { localizeMsg, t, texts } from "~/server/i18n/texts.server";

export const handle: RouteHandle = { hydrate: true, translated: true };
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => localPageMeta(matches, data?.t.slotTitle ?? "Zeit wählen");

function intIn(value: string | null | FormDataEntryValue, min: number, max: number, fallback: number): number {
  const n = Number.parseInt(String(value ?? ""), 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
}

/** Type 1 chooses 1–5 rounds; type 2 chooses 0–3 extra rounds on top of the 3 included (the location's limits). */
function roundsChoice(gameType: GameType, value: string | null | FormDataEntryValue, limits: RoundLimits) {
  const { min, max } = roundsRange(gameType, limits);
  return intIn(value, min, max, min);
}

async function context(request: Request, lang: Lang) {
  const draft = await getDraft(request);
  if (draft.flow !== "game" || draft.locationId === undefined) throw redirect(localePath(lang, "/games"));
  if (draft.gameType === undefined) throw redirect(localePath(lang, `/game?locationId=${draft.locationId}`));
  const location = await findGameLocation(await getDb(), draft.locationId);
  if (!location) throw redirect(localePath(lang, "/games"));
  return { draft, location, gameType: draft.gameType };
}

/**
 * What the page shows about rounds and price in its language, fixed for a location and game type: the
 * rounds field's label and every option (the family changes them in the browser), and the words of
 * the price lines, which the page adds up itself.
 */
function roundTexts(lang: Lang, gameType: GameType, limits: RoundLimits) {
  const range = roundsRange(gameType, limits);
  return {
    roundsLabel: gameType === 1 ? t(lang, "gameFlow", "roundsLabel") : t(lang, "gameFlow", "extraRoundsLabel", { included: limits.packageRounds }),
    roundOptions: Array.from({ length: range.max - range.min + 1 }, (_, i) => range.min + i).map((r) => ({
      value: r,
      label:
        gameType === 1
          ? t(lang, "gameFlow", "roundOption", { rounds: r, minutes: r * 20 })
          : t(lang, "gameFlow", "extraRoundOption", { extra: r, minutes: (r + limits.packageRounds) * 20 }),
    })),
    lineWords: {
      playersRounds: t(lang, "gameFlow", "linePlayersRounds"),
      packageLabel: t(lang, "gameFlow", "linePackage", { rounds: limits.packageRounds }),
      extraRounds: t(lang, "gameFlow", "lineExtraRounds"),
    },
  };
}

export async function loader({ request, params: routeParams }: LoaderFunctionArgs) {
  const lang = requestLang(routeParams);
  const { draft, location, gameType } = await context(request, lang);
  const params = new URL(request.url).searchParams;
  const date = dateFrom(params.get("date"));
  if (!date || date < venueNow().date) throw redirect(localePath(lang, `/date?day=7&locationId=${location.id}`));
  const limits = roundLimits(location);
  const rounds = roundsChoice(gameType, params.get("rounds") ?? (draft.rounds !== undefined ? String(gameType === 1 ? draft.rounds : draft.rounds - limits.packageRounds) : null), limits);
  const asked = params.get("players") ?? (draft.players !== undefined ? String(draft.players) : null);
  const players = intIn(asked, 1, location.capacity, Math.min(2, location.capacity));
  // Without JavaScript an out-of-range number arrives as typed: clamp it and say so.
  const playersNotice = asked !== null && String(players) !== asked.trim() ? t(lang, "gameFlow", "playersOutOfRange", { capacity: location.capacity, players }) : null;
  const db = await getDb();
  const starts = await availableGameStarts(db, { locationId: location.id, date, rounds: totalRounds(gameType, rounds, limits) });
  const venue = await getVenue(db);
  const { gameLeadHours } = venuePolicy(venue);
  const gameDays = weekdaysLineIn(venue.rules, "games", lang, (from, to) => t(lang, "gameFlow", "dayRange", { from, to }));
  const dateLabel = shortDateLabel(date, lang);
  return {
    t: texts(lang, "gameFlow"),
    ...roundTexts(lang, gameType, limits),
    typeName: t(lang, "gameFlow", gameType === 1 ? "typeNormal" : "typePackage"),
    dateLabel,
    startsOn: t(lang, "gameFlow", "startsOn", { date: dateLabel }),
    playersLabel: t(lang, "gameFlow", "playersLabel", { capacity: location.capacity }),
    // Filled in the browser as the family changes rounds and players.
    priceTemplate: t(lang, "gameFlow", "price", { price: "{price}" }),
    slotsLoading: localizeMsg(lang, MSG.slotsLoading),
    gamesBookable: gameDays ? t(lang, "gameFlow", "gamesBookable", { days: gameDays }) : null,
    // The location's name goes in on the page, marked as the venue's (German) words.
    bookedOutTemplate: t(lang, "gameFlow", "bookedOut", { name: "{name}" }),
    leadNotice: gameLeadHours > 0 && date <= onlineNotBefore(new Date(), gameLeadHours).date ? t(lang, "gameFlow", "leadTimeNotice", { hours: gameLeadHours, phone: venuePhone(venue) }) : null,
    location: { id: location.id, name: location.name, capacity: location.capacity, pricePerPlayerRoundRappen: location.pricePerPlayerRoundRappen, packagePriceRappen: location.packagePriceRappen, extraRoundPriceRappen: location.extraRoundPriceRappen, reservationType: location.reservationType, ...limits },
    gameType,
    date,
    rounds,
    players,
    playersNotice,
    starts: starts ?? [],
    selected: draft.date === date && draft.startMin !== undefined ? draft.startMin : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = requestLang(params);
  const { draft, location, gameType } = await context(request, lang);
  const form = await request.formData();
  const date = dateFrom(form.get("date"));
  const limits = roundLimits(location);
  const rounds = totalRounds(gameType, roundsChoice(gameType, form.get("rounds"), limits), limits);
  const players = Number(form.get("players"));
  if (!Number.isInteger(players) || players < 1 || players > location.capacity) {
    return data({ error: t(lang, "gameFlow", "playersRange", { capacity: location.capacity }) }, { status: 400 });
  }
  const startMin = parseTime(form.get("start"));
  if (!date) return data({ error: localizeMsg(lang, MSG.chooseDateAndSlot) }, { status: 400 });
  if (startMin === null) return data({ error: t(lang, "gameFlow", "chooseStart") }, { status: 400 });
  const starts = await availableGameStarts(await getDb(), { locationId: location.id, date, rounds });
  const start = starts?.find((s) => parseTime(s.startTime) === startMin);
  if (!start) return data({ error: t(lang, "gameFlow", "chooseStart") }, { status: 400 });
  if (!start.available) return data({ error: localizeMsg(lang, MSG.slotGone) }, { status: 409 });
  const bookingCode = await bookingCodeForNewChoice(await getDb(), draft.bookingCode);
  const cookie = await updateDraft(request, { date, startMin, endMin: parseTime(start.endTime)!, rounds, players, bookingCode });
  return redirectWithDraft(localePath(lang, "/enter-data"), cookie);
}


/** Start time, rounds and players for a game location (the spec does not show this screen). */
export default function Slot() {
  const loaderData = useLoaderData<typeof loader>();
  const { t, location, gameType, date, starts, leadNotice } = loaderData;
  const common = useCommonTexts();
  const lang = useLang();
  const to = useLocalePath();
  const venueLang = useVenueTextLang();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const clampPlayers = (typed: string) => {
    const n = Number.parseInt(typed, 10);
    return Number.isFinite(n) ? Math.min(location.capacity, Math.max(1, n)) : 1;
  };
  const [rounds, setRounds] = useState(loaderData.rounds);
  const [players, setPlayers] = useState(loaderData.players);
  // What is in the field while the family types ("" or "1" on the way to "12"); `players` is the last valid number.
  const [playersText, setPlayersText] = useState(String(loaderData.players));
  const [selected, setSelected] = useState<number | null>(loaderData.selected);
  const debounce = useRef<ReturnType<typeof setTimeout>>();
  // The rounds/players of the last reload this page asked for. When its answer arrives the family may
  // already be typing the next number (the field cleared on the way from 2 to 6): what it types wins,
  // so the answer to its own request never resets the fields. Other changes (back button, a clamp by
  // the server) still do.
  const requested = useRef<string | null>(null);
  useWhenChanged(`${loaderData.rounds}|${loaderData.players}`, (key) => {
    if (key === requested.current) return;
    setRounds(loaderData.rounds);
    setPlayers(loaderData.players);
    setPlayersText(String(loaderData.players));
  });
  const roundsSelect = useRef<HTMLSelectElement>(null);
  const playersInput = useRef<HTMLInputElement>(null);
  useAdoptTypedValue(roundsSelect, rounds, (typed) => change({ rounds: Number(typed), players: Number(playersInput.current?.value ?? players) }));
  useAdoptTypedValue(playersInput, players, (typed) => {
    setPlayersText(typed);
    change({ rounds: Number(roundsSelect.current?.value ?? rounds), players: clampPlayers(typed) });
  });
  useAdoptCheckedRadio("start", (value) => setSelected(parseTime(value)));
  useEffect(() => () => clearTimeout(debounce.current), []);

  function change(next: { rounds: number; players: number }) {
    setRounds(next.rounds);
    setPlayers(next.players);
    clearTimeout(debounce.current);
    debounce.current = setTimeout(() => {
      requested.current = `${next.rounds}|${next.players}`;
      navigate(`?date=${date}&rounds=${next.rounds}&players=${next.players}`, { replace: true, preventScrollReset: true });
    }, 300);
  }

  const total = totalRounds(gameType, rounds, location);
  const price = gamePriceRappen(location, { gameType, rounds: total, players });
  const loading = navigation.state === "loading" && navigation.location?.pathname === to("/slot");
  const chosen = starts.find((s) => parseTime(s.startTime) === selected && s.available);

  return (
    <Page title={t.slotTitle}>
      <p className="muted">
        {loaderData.typeName} · <strong lang={venueLang}>{location.name}</strong> · {loaderData.dateLabel} ·{" "}
        <a href={to(`/date?day=7&locationId=${location.id}&date=${date}`)}>{t.changeDate}</a>
      </p>
      {/* One form: whatever the family set last (rounds, players, start) goes with "Weiter", also without
          JavaScript; "Startzeiten anzeigen" submits the same fields as a GET to reload the start times. */}
      {/* A submit replaces a pending debounced reload, which would otherwise interrupt it. */}
      <Form method="post" preventScrollReset noValidate onSubmit={() => clearTimeout(debounce.current)}>
        <input type="hidden" name="date" value={date} />
        <section className="card">
          <h2>{t.roundsAndPlayers}</h2>
          <div className="grid-2">
            <div className="field">
              <label htmlFor="rounds">{loaderData.roundsLabel}</label>
              <select ref={roundsSelect} id="rounds" name="rounds" value={rounds} onChange={(e) => change({ rounds: Number(e.currentTarget.value), players })}>
                {loaderData.roundOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="players">{loaderData.playersLabel}</label>
              <input
                id="players"
                name="players"
                type="number"
                min={1}
                max={location.capacity}
                value={playersText}
                ref={playersInput}
                onChange={(e) => {
                  const typed = e.currentTarget.value;
                  setPlayersText(typed);
                  const n = Number(typed);
                  // Only a whole number in range changes the choice; anything else waits for more typing or the blur.
                  if (typed !== "" && Number.isInteger(n) && n >= 1 && n <= location.capacity) change({ rounds, players: n });
                }}
                onBlur={() => {
                  const n = clampPlayers(playersText);
                  setPlayersText(String(n));
                  if (n !== players) change({ rounds, players: n });
                }}
              />
            </div>
          </div>
          {loaderData.playersNotice && !actionData?.error ? (
            <p className="alert alert-warning" role="status">
              {loaderData.playersNotice}
            </p>
          ) : null}
          {/* The price explained like a birthday's (issue #30 §3): the package and its extra rounds, or players × rounds. */}
          <div aria-live="polite">
            <ul className="price-breakdown">
              {gameSummaryLinesIn(location, { gameType, rounds: total, players }, price, "", loaderData.lineWords, lang).map((line) => (
                <li key={line.label}>
                  {line.label}
                  {line.detail ? (
                    <>
                      {" "}
                      (<span className="nobreak">{line.detail}</span>)
                    </>
                  ) : null}
                  : <span className="nobreak">{formatChf(line.amountRappen, lang)}</span>
                </li>
              ))}
            </ul>
            <p className="total">{fill(loaderData.priceTemplate, { price: formatChf(price, lang) })}</p>
          </div>
          <button type="submit" formMethod="get" formAction={to("/slot")} className="button button-secondary">
            {t.showStarts}
          </button>
        </section>

        <section className="card">
          <h2>{loaderData.startsOn}</h2>
          {actionData?.error ? (
            <p className="alert alert-error" role="alert">
              {actionData.error}
            </p>
          ) : null}
          <div aria-live="polite">
            {/* Only when nothing is listed yet: a message above the list would push it down under a finger. */}
            {loading && starts.length === 0 ? (
              <p className="alert alert-info">{loaderData.slotsLoading}</p>
            ) : starts.length === 0 ? (
              <p className="alert alert-warning">
                {t.noGames}
                {loaderData.gamesBookable ? ` ${loaderData.gamesBookable}` : ""} – <a href={to(`/date?day=7&locationId=${location.id}`)}>{t.chooseOtherDate}</a>.
              </p>
            ) : !starts.some((s) => s.available) ? (
              <p className="alert alert-warning">{leadNotice ?? <WithVenueWords template={loaderData.bookedOutTemplate} values={{ name: location.name }} lang={venueLang} />}</p>
            ) : leadNotice ? (
              <p className="alert alert-info">{leadNotice}</p>
            ) : null}
          </div>
          {/* The list stays while new start times load, so a start chosen meanwhile still goes with "Weiter". */}
          {starts.length > 0 ? (
            <SlotGrid
              name="start"
              legend={t.startLegend}
              slots={starts}
              chosen={(slot) => selected === parseTime(slot.startTime)}
              onChoose={(startTime) => setSelected(parseTime(startTime))}
              note={(slot) => (slot.available ? location.name : t.notAvailable)}
              byHour
            />
          ) : null}
          {chosen ? <AppointmentSummary date={date} slot={chosen} /> : null}
          <div className="actions">
            <a href={to(`/date?day=7&locationId=${location.id}&date=${date}`)} className="button button-secondary">
              {common.back}
            </a>
            <button type="submit" className="button" disabled={hydrated && !chosen}>
              {t.toEnterData}
            </button>
          </div>
        </section>
      </Form>
    </Page>
  );
}
