import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect, useLoaderData } from "@remix-run/react";
import { Calendar } from "~/components/Calendar";
import { Page } from "~/components/Page";
import { useVenueFacts } from "~/components/useVenueFacts";
import { closedDatesInMonth, closureOn } from "~/domain/venue-settings";
import { calendarMarks, clampMonth, dayOffer, firstBookableDay, isClosedDay, monthOf, parseMonth, longDateLabel } from "~/domain/calendar";
import { lastBookableDate } from "~/domain/horizon";
import { getEnv } from "~/server/platform/env.server";
import { ANY_DAY, nextDateOnWeekday, ROUND_MINUTES } from "~/domain/games";
import { dateFrom } from "~/domain/booking-query";
import { venueNow } from "~/domain/time";
import { getDb } from "~/server/platform/db.server";
import { findGameLocation, getVenue, venuePolicy } from "~/server/booking/venue.server";
import { onlineNotBefore, rulesOn } from "~/domain/availability";
import { pageMeta } from "~/domain/page-meta";

export const meta: MetaFunction = () => pageMeta("Datum auswählen");

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const id = Number(params.get("locationId"));
  const location = Number.isInteger(id) ? await findGameLocation(await getDb(), id) : undefined;
  if (!location) throw redirect("/games");
  const dayParam = Number(params.get("day") ?? ANY_DAY);
  const day = Number.isInteger(dayParam) && dayParam >= 0 && dayParam <= ANY_DAY ? dayParam : ANY_DAY;
  const now = venueNow();
  const today = now.date;
  const venue = await getVenue(await getDb());
  const { rules, closures, specialHours } = venue;
  // "Any day" opens on the first day a game can still be booked online (the games' lead time).
  const notBefore = onlineNotBefore(new Date(), venuePolicy(venue).gameLeadHours);
  const here = { kind: "game", locationId: location.id } as const;
  const chosen = dateFrom(params.get("date"));
  // Every future day stays selectable (spec); the picked weekday only preselects its next date, and
  // "any day" opens on the first day a game can still start (not a closed Monday or a finished evening).
  const limits = { today, lastDay: lastBookableDate(today, getEnv().BOOKING_HORIZON_DAYS) };
  // A hand-typed date after the horizon is not offered: the step opens on the default day instead.
  const date = chosen && dayOffer(chosen, limits) === "open" ? chosen : day === ANY_DAY ? firstBookableDay(notBefore, (d) => rulesOn(rules, specialHours, d), ROUND_MINUTES, "games", (d) => Boolean(closureOn(closures, d, here))) : nextDateOnWeekday(today, day);
  const chosenMonth = parseMonth(params.get("month")) ?? monthOf(date);
  const month = clampMonth(chosenMonth, limits);
  return {
    location: { id: location.id, name: location.name },
    day,
    today,
    date,
    ...calendarMarks(rules, specialHours, closedDatesInMonth(closures, month, here), month, "games"),
    closure: closureOn(closures, date, here)?.reason ?? null,
    month,
    lastDay: limits.lastDay,
  };
}

/** A month calendar of links (works without JavaScript); `Weiter` is a link to /slot for the chosen date. */
export default function DatePage() {
  const { location, day, today, date, month, closed, closedDates, openDates, closure, lastDay } = useLoaderData<typeof loader>();
  const facts = useVenueFacts();
  const href = (q: { date?: string; month?: string }) =>
    `?${new URLSearchParams({ day: String(day), locationId: String(location.id), date: q.date ?? date, month: q.month ?? month }).toString()}`;
  return (
    <Page title="Datum auswählen">
      <p className="muted">
        Spielort: <strong>{location.name}</strong>
      </p>
      <Calendar month={month} selected={date} today={today} closed={closed} closedDates={closedDates} openDates={openDates} lastDay={lastDay} label="Datum wählen" hrefFor={href} />
      <p className={closure || isClosedDay(date, closed, closedDates, openDates) ? "alert alert-warning" : "alert alert-info"} aria-live="polite">
        Gewählt: <strong>{longDateLabel(date)}</strong>
        {closure
          ? ` – an diesem Tag ist ${location.name} geschlossen (${closure}).`
          : isClosedDay(date, closed, closedDates, openDates)
            ? ` – an diesem Tag haben wir geschlossen.${facts?.gameDays ? ` Spiele sind ${facts.gameDays} buchbar.` : ""}`
            : null}
      </p>
      <div className="actions">
        <a href={day === ANY_DAY ? `/game?locationId=${location.id}` : `/birthday?locationId=${location.id}`} className="button button-secondary">
          Zurück
        </a>
        <a href={`/slot?date=${date}`} className="button">
          Weiter
        </a>
      </div>
    </Page>
  );
}
