import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { AppointmentSummary } from "~/components/AppointmentSummary";
import { Page } from "~/components/Page";
import { useVenueFacts } from "~/components/useVenueFacts";
import { SlotGrid } from "~/components/SlotGrid";
import { useAdoptCheckedRadio, useAdoptTypedValue } from "~/components/useAdoptTypedValue";
import { useHydrated } from "~/components/useHydrated";
import { useWhenChanged } from "~/components/useWhenChanged";
import { dateFrom } from "~/domain/booking-query";
import { gamePriceRappen, gameSummaryLines, roundLimits, roundsRange, totalRounds, type GameType, type RoundLimits } from "~/domain/games";
import { MSG } from "~/domain/messages";
import { formatChf } from "~/domain/money";
import { formatDateDE, parseTime, venueNow } from "~/domain/time";
import { getDb } from "~/server/platform/db.server";
import { getDraft, redirectWithDraft, updateDraft } from "~/server/booking/draft.server";
import { availableGameStarts } from "~/server/booking/games.server";
import { bookingCodeForNewChoice } from "~/server/booking/slot-choice.server";
import { findGameLocation, getVenue, venuePhone, venuePolicy } from "~/server/booking/venue.server";
import { onlineNotBefore } from "~/domain/availability";
import { pageMeta } from "~/domain/page-meta";

export const handle = { hydrate: true };
export const meta: MetaFunction = () => pageMeta("Zeit wählen");

function intIn(value: string | null | FormDataEntryValue, min: number, max: number, fallback: number): number {
  const n = Number.parseInt(String(value ?? ""), 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
}

/** Type 1 chooses 1–5 rounds; type 2 chooses 0–3 extra rounds on top of the 3 included (the location's limits). */
function roundsChoice(gameType: GameType, value: string | null | FormDataEntryValue, limits: RoundLimits) {
  const { min, max } = roundsRange(gameType, limits);
  return intIn(value, min, max, min);
}

async function context(request: Request) {
  const draft = await getDraft(request);
  if (draft.flow !== "game" || draft.locationId === undefined) throw redirect("/games");
  if (draft.gameType === undefined) throw redirect(`/game?locationId=${draft.locationId}`);
  const location = await findGameLocation(await getDb(), draft.locationId);
  if (!location) throw redirect("/games");
  return { draft, location, gameType: draft.gameType };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { draft, location, gameType } = await context(request);
  const params = new URL(request.url).searchParams;
  const date = dateFrom(params.get("date"));
  if (!date || date < venueNow().date) throw redirect(`/date?day=7&locationId=${location.id}`);
  const limits = roundLimits(location);
  const rounds = roundsChoice(gameType, params.get("rounds") ?? (draft.rounds !== undefined ? String(gameType === 1 ? draft.rounds : draft.rounds - limits.packageRounds) : null), limits);
  const asked = params.get("players") ?? (draft.players !== undefined ? String(draft.players) : null);
  const players = intIn(asked, 1, location.capacity, Math.min(2, location.capacity));
  // Without JavaScript an out-of-range number arrives as typed: clamp it and say so in German.
  const playersNotice = asked !== null && String(players) !== asked.trim() ? playersOutOfRange(location.capacity, players) : null;
  const db = await getDb();
  const starts = await availableGameStarts(db, { locationId: location.id, date, rounds: totalRounds(gameType, rounds, limits) });
  const venue = await getVenue(db);
  const { gameLeadHours } = venuePolicy(venue);
  return {
    leadNotice: gameLeadHours > 0 && date <= onlineNotBefore(new Date(), gameLeadHours).date ? MSG.leadTimeNotice(gameLeadHours, venuePhone(venue)) : null,
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

export async function action({ request }: ActionFunctionArgs) {
  const { draft, location, gameType } = await context(request);
  const form = await request.formData();
  const date = dateFrom(form.get("date"));
  const limits = roundLimits(location);
  const rounds = totalRounds(gameType, roundsChoice(gameType, form.get("rounds"), limits), limits);
  const players = Number(form.get("players"));
  if (!Number.isInteger(players) || players < 1 || players > location.capacity) {
    return data({ error: `Bitte geben Sie 1 bis ${location.capacity} Spieler ein.` }, { status: 400 });
  }
  const startMin = parseTime(form.get("start"));
  if (!date) return data({ error: MSG.chooseDateAndSlot }, { status: 400 });
  if (startMin === null) return data({ error: "Bitte wählen Sie eine Startzeit aus." }, { status: 400 });
  const starts = await availableGameStarts(await getDb(), { locationId: location.id, date, rounds });
  const start = starts?.find((s) => parseTime(s.startTime) === startMin);
  if (!start) return data({ error: "Bitte wählen Sie eine Startzeit aus." }, { status: 400 });
  if (!start.available) return data({ error: MSG.slotGone }, { status: 409 });
  const bookingCode = await bookingCodeForNewChoice(await getDb(), draft.bookingCode);
  const cookie = await updateDraft(request, { date, startMin, endMin: parseTime(start.endTime)!, rounds, players, bookingCode });
  return redirectWithDraft("/enter-data", cookie);
}

function playersOutOfRange(capacity: number, players: number): string {
  return `Es sind 1 bis ${capacity} Spieler möglich – die Anzahl wurde auf ${players} gesetzt.`;
}

/** Start time, rounds and players for a game location (the spec does not show this screen). */
export default function Slot() {
  const loaderData = useLoaderData<typeof loader>();
  const facts = useVenueFacts();
  const { location, gameType, date, starts, leadNotice } = loaderData;
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
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/slot";
  const chosen = starts.find((s) => parseTime(s.startTime) === selected && s.available);
  const range = roundsRange(gameType, location);
  const roundOptions = Array.from({ length: range.max - range.min + 1 }, (_, i) => range.min + i);

  return (
    <Page title="Zeit wählen">
      <p className="muted">
        {gameType === 1 ? "Normales Spiel" : "Geburtstagspaket"} · <strong>{location.name}</strong> · {formatDateDE(date)} ·{" "}
        <a href={`/date?day=7&locationId=${location.id}&date=${date}`}>Datum ändern</a>
      </p>
      {/* One form: whatever the family set last (rounds, players, start) goes with "Weiter", also without
          JavaScript; "Startzeiten anzeigen" submits the same fields as a GET to reload the start times. */}
      {/* A submit replaces a pending debounced reload, which would otherwise interrupt it. */}
      <Form method="post" preventScrollReset noValidate onSubmit={() => clearTimeout(debounce.current)}>
        <input type="hidden" name="date" value={date} />
        <section className="card">
          <h2>Runden und Spieler</h2>
          <div className="grid-2">
            <div className="field">
              <label htmlFor="rounds">{gameType === 1 ? "Runden à 20 Minuten" : `Zusätzliche Runden (${location.packageRounds} inklusive)`}</label>
              <select ref={roundsSelect} id="rounds" name="rounds" value={rounds} onChange={(e) => change({ rounds: Number(e.currentTarget.value), players })}>
                {roundOptions.map((r) => (
                  <option key={r} value={r}>
                    {gameType === 1 ? `${r} ${r === 1 ? "Runde" : "Runden"} (${r * 20} Minuten)` : `${r} zusätzlich (${(r + location.packageRounds) * 20} Minuten)`}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="players">Spieler (1 bis {location.capacity})</label>
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
              {gameSummaryLines(location, { gameType, rounds: total, players }, price, "").map((line) => (
                <li key={line.label}>
                  {line.label}
                  {line.detail ? (
                    <>
                      {" "}
                      (<span className="nobreak">{line.detail}</span>)
                    </>
                  ) : null}
                  : <span className="nobreak">{formatChf(line.amountRappen)}</span>
                </li>
              ))}
            </ul>
            <p className="total">Preis: {formatChf(price)}</p>
          </div>
          <button type="submit" formMethod="get" formAction="/slot" className="button button-secondary">
            Startzeiten anzeigen
          </button>
        </section>

        <section className="card">
          <h2>Startzeit am {formatDateDE(date)}</h2>
          {actionData?.error ? (
            <p className="alert alert-error" role="alert">
              {actionData.error}
            </p>
          ) : null}
          <div aria-live="polite">
            {/* Only when nothing is listed yet: a message above the list would push it down under a finger. */}
            {loading && starts.length === 0 ? (
              <p className="alert alert-info">{MSG.slotsLoading}</p>
            ) : starts.length === 0 ? (
              <p className="alert alert-warning">
                An diesem Tag finden keine Spiele statt.{facts?.gameDays ? ` Spiele sind ${facts.gameDays} buchbar` : ""} –{" "}
                <a href={`/date?day=7&locationId=${location.id}`}>bitte wählen Sie ein anderes Datum</a>.
              </p>
            ) : !starts.some((s) => s.available) ? (
              <p className="alert alert-warning">{leadNotice ?? `An diesem Tag ist ${location.name} ausgebucht.`}</p>
            ) : leadNotice ? (
              <p className="alert alert-info">{leadNotice}</p>
            ) : null}
          </div>
          {/* The list stays while new start times load, so a start chosen meanwhile still goes with "Weiter". */}
          {starts.length > 0 ? (
            <SlotGrid
              name="start"
              legend="Startzeit wählen"
              slots={starts}
              chosen={(slot) => selected === parseTime(slot.startTime)}
              onChoose={(startTime) => setSelected(parseTime(startTime))}
              note={(slot) => (slot.available ? location.name : "nicht verfügbar")}
              byHour
            />
          ) : null}
          {chosen ? <AppointmentSummary date={date} slot={chosen} /> : null}
          <div className="actions">
            <a href={`/date?day=7&locationId=${location.id}&date=${date}`} className="button button-secondary">
              Zurück
            </a>
            <button type="submit" className="button" disabled={hydrated && !chosen}>
              Weiter zur Datenerfassung
            </button>
          </div>
        </section>
      </Form>
    </Page>
  );
}
