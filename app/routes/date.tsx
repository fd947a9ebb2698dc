import { WithVenueWords } from "~/components/WithVenueWords";
import type { RouteHandle } from "~/root";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect, useLoaderData } from "@remix-run/react";
import { Calendar } from "~/components/Calendar";
import { Page } from "~/components/Page";
import { closedDatesInMonth, closureOn } from "~/domain/venue-settings";
import { calendarMarks, clampMonth, dayOffer, firstBookableDay, isClosedDay, monthOf, parseMonth, longDateLabel } from "~/domain/calendar";
import { lastBookableDate } from "~/domain/horizon";
import { getEnv } from "~/server/platform/env.server";
import { ANY_DAY, nextDateOnWeekday, ROUND_MINUTES, weekdaysLineIn } from "~/domain/games";
import { dateFrom } from "~/domain/booking-query";
import { venueNow } from "~/domain/time";
import { getDb } from "~/server/platform/db.server";
import { findGameLocation, getVenue, venuePolicy } from "~/server/booking/venue.server";
import { onlineNotBefore, rulesOn } from "~/domain/availability";
import { localPageMeta } from "~/domain/page-meta";
import { useVenueTextLang } from "~/components/SiteFooter";
import { useCommonTexts, useLocalePath } from "~/components/useLanguage";
import { localePath } from "~/i18n/locales";
import { requestLang } from "~/server/i18n/request.server";
import { t, texts } from "~/server/i18n/texts.server";

export const handle: RouteHandle = { translated: true };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => localPageMeta(matches, data?.t.dateTitle ?? "Datum auswählen");

export async function loader({ request, params: routeParams }: LoaderFunctionArgs) {
  const lang = requestLang(routeParams);
  const params = new URL(request.url).searchParams;
  const id = Number(params.get("locationId"));
  const location = Number.isInteger(id) ? await findGameLocation(await getDb(), id) : undefined;
  if (!location) throw redirect(localePath(lang, "/games"));
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
  const gameDays = weekdaysLineIn(rules, "games", lang, (from, to) => t(lang, "gameFlow", "dayRange", { from, to }));
  return {
    t: texts(lang, "gameFlow"),
    chosenLabel: longDateLabel(date, lang),
    // The venue's words (the location's name, the closure's reason) go in on the page, marked as German.
    closureTemplate: t(lang, "gameFlow", "closedForClosure", { name: "{name}", reason: "{reason}" }),
    gamesBookable: gameDays ? t(lang, "gameFlow", "gamesBookable", { days: gameDays }) : null,
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
  const { t, chosenLabel, closureTemplate, gamesBookable, location, day, today, date, month, closed, closedDates, openDates, closure, lastDay } = useLoaderData<typeof loader>();
  const common = useCommonTexts();
  const to = useLocalePath();
  const venueLang = useVenueTextLang();
  const href = (q: { date?: string; month?: string }) =>
    `?${new URLSearchParams({ day: String(day), locationId: String(location.id), date: q.date ?? date, month: q.month ?? month }).toString()}`;
  return (
    <Page title={t.dateTitle}>
      <p className="muted">
        {t.location} <strong lang={venueLang}>{location.name}</strong>
      </p>
      <Calendar month={month} selected={date} today={today} closed={closed} closedDates={closedDates} openDates={openDates} lastDay={lastDay} hrefFor={href} />
      <p className={closure || isClosedDay(date, closed, closedDates, openDates) ? "alert alert-warning" : "alert alert-info"} aria-live="polite">
        {t.chosen} <strong>{chosenLabel}</strong>
        {closure ? (
          <>
            {" – "}
            <WithVenueWords template={closureTemplate} values={{ name: location.name, reason: closure }} lang={venueLang} />
          </>
        ) : isClosedDay(date, closed, closedDates, openDates) ? (
          ` – ${t.closedDay}${gamesBookable ? ` ${gamesBookable}.` : ""}`
        ) : null}
      </p>
      <div className="actions">
        <a href={to(day === ANY_DAY ? `/game?locationId=${location.id}` : `/birthday?locationId=${location.id}`)} className="button button-secondary">
          {common.back}
        </a>
        <a href={to(`/slot?date=${date}`)} className="button">
          {common.next}
        </a>
      </div>
    </Page>
  );
}
