import type { RouteHandle } from "~/root";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import { data, Form, redirect, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Calendar } from "~/components/Calendar";
import { Counter } from "~/components/Counter";
import { SlotGrid } from "~/components/SlotGrid";
import { AppointmentSummary } from "~/components/AppointmentSummary";
import { Page } from "~/components/Page";
import { useAdoptCheckedRadio } from "~/components/useAdoptTypedValue";
import { useHydrated } from "~/components/useHydrated";
import { useWhenChanged } from "~/components/useWhenChanged";
import { applyStep, countsFrom, COUNT_PARAMS, dateFrom } from "~/domain/booking-query";
import { emptyDayNote, onlineNotBefore, rulesOn } from "~/domain/availability";
import { clampToRules, counterMax, hasOwnPartyRules } from "~/domain/party-rules";
import { calendarMarks, clampMonth, dayOffer, firstBookableDay, monthOf, parseMonth } from "~/domain/calendar";
import { lastBookableDate } from "~/domain/horizon";
import { getEnv } from "~/server/platform/env.server";
import { closedDatesInMonth, closureOn } from "~/domain/venue-settings";
import { venueWord, venueWordOrNull } from "~/domain/venue-translations";
import { weekdaysLineIn } from "~/domain/games";
import { personCount, type PartyCounts } from "~/domain/pricing";
import { formatTime, parseTime, venueNow, weekdayOf } from "~/domain/time";
import { shortDateLabel } from "~/domain/calendar";
import { availableBirthdaySlots } from "~/server/booking/availability.server";
import { getDb } from "~/server/platform/db.server";
import { getDraft, redirectWithDraft, updateDraft } from "~/server/booking/draft.server";
import { bookingCodeForNewChoice, checkSlotChoice } from "~/server/booking/slot-choice.server";
import { findOffer, getVenue, venuePhone } from "~/server/booking/venue.server";
import { localPageMeta } from "~/domain/page-meta";
import { useVenueLangOf } from "~/components/SiteFooter";
import { useCommonTexts, useLocalePath } from "~/components/useLanguage";
import { localePath, type Lang } from "~/i18n/locales";
import { requestLang } from "~/server/i18n/request.server";
import { localizeMsg, t as tr, texts } from "~/server/i18n/texts.server";
import { log, oneLineError } from "~/server/platform/log.server";

export const handle: RouteHandle = { hydrate: true, translated: true };
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => localPageMeta(matches, data?.t.title ?? "Termin buchen");

const COUNTER_KEYS = { numChildren: "children", numActiveAdults: "activeAdults", numAccompanyingAdults: "accompanyingAdults" } as const;

export async function loader({ request, params: routeParams }: LoaderFunctionArgs) {
  const lang = requestLang(routeParams);
  const draft = await getDraft(request);
  const db = await getDb();
  const params = new URL(request.url).searchParams;
  // A bookmarked step carries its offer in the URL, so it opens in a fresh browser too.
  const offerParam = Number(params.get("offerId"));
  const fromUrl = Number.isInteger(offerParam) && offerParam > 0 ? await findOffer(db, offerParam) : undefined;
  const offer = fromUrl ?? (draft.flow !== "game" && draft.offerId !== undefined ? await findOffer(db, draft.offerId) : undefined);
  if (!offer) throw redirect(localePath(lang, "/offers"));
  const now = venueNow();
  const today = now.date;
  // The offer's lead time: the calendar opens on the first day a party can still be booked online.
  const notBefore = onlineNotBefore(new Date(), offer.leadHours);
  const venue = await getVenue(db);
  const { rules, closures, specialHours } = venue;
  const birthdays = { kind: "birthday" } as const;
  const requested = dateFrom(params.get("date"));
  // Without a chosen day the calendar opens on the first day a party can still start (not a closed Monday).
  const limits = { today, lastDay: lastBookableDate(today, getEnv().BOOKING_HORIZON_DAYS) };
  // A hand-typed date after the horizon shows no slots: the step opens on the default day instead.
  const date = requested && dayOffer(requested, limits) === "open" ? requested : firstBookableDay(notBefore, (d) => rulesOn(rules, specialHours, d), offer.slotMinutes, "birthdays", (d) => Boolean(closureOn(closures, d, birthdays)));
  const month = clampMonth(parseMonth(params.get("month")) ?? monthOf(date), limits);
  const hasCounts = COUNT_PARAMS.some((p) => params.has(p));
  const counts: PartyCounts = hasCounts
    ? applyStep(countsFrom(params, offer), params.get("step"), offer)
    : clampToRules(
        {
          numChildren: draft.numChildren ?? 0,
          numActiveAdults: draft.numActiveAdults ?? 0,
          numAccompanyingAdults: draft.numAccompanyingAdults ?? 0,
        },
        offer,
      );
  let slots: Awaited<ReturnType<typeof availableBirthdaySlots>> | null = null;
  let slotsError = false;
  if (personCount(counts) > 0) {
    try {
      slots = await availableBirthdaySlots(db, { date, persons: personCount(counts), offerId: offer.id });
    } catch (error) {
      log.warn({ cause: oneLineError(error) }, "slots could not be loaded");
      slotsError = true;
    }
  }
  const sameOffer = draft.flow !== "game" && draft.offerId === offer.id;
  const selected = sameOffer && draft.date === date && draft.startMin !== undefined ? formatTime(draft.startMin) : null;
  const body = {
    t: texts(lang, "findSlot"),
    // The day's own words: the date in the family's language, the rules and notices with their numbers.
    timesOn: tr(lang, "findSlot", "timesOn", { date: shortDateLabel(date, lang) }),
    rulesLine: hasOwnPartyRules(offer)
      ? [
          tr(lang, "findSlot", "rulesLine", { min: offer.minChildren, max: offer.maxChildren, adults: offer.maxAdults }),
          ...(offer.minChargedChildren ? [tr(lang, "findSlot", "minCharged", { count: offer.minChargedChildren })] : []),
        ].join(" ")
      : null,
    offer: { id: offer.id, name: venueWord(venue.translations, lang, offer.name) },
    rules: { minChildren: offer.minChildren, maxChildren: offer.maxChildren, maxAdults: offer.maxAdults, minChargedChildren: offer.minChargedChildren },
    today,
    ...calendarMarks(rules, specialHours, closedDatesInMonth(closures, month, birthdays), month, "birthdays"),
    closure: venueWordOrNull(venue.translations, lang, closureOn(closures, date, birthdays)?.reason),
    // A day without birthdays says why: closed, or open for games only (not "geschlossen" then).
    dayNote: rulesOn(rules, specialHours, date).some((r) => r.weekday === weekdayOf(date) && r.birthdays) ? null : localizeMsg(lang, emptyDayNote(rules, specialHours, date, "birthdays")),
    leadNotice: offer.leadHours > 0 && date <= notBefore.date ? tr(lang, "findSlot", "leadTimeNotice", { hours: offer.leadHours, phone: venuePhone(venue) }) : null,
    // The weekdays with birthdays as staff set them, worded in the family's language.
    birthdayDays: birthdayDaysNote(lang, rules),
    date,
    month,
    lastDay: limits.lastDay,
    counts,
    slots,
    slotsError,
    selected,
  };
  if (sameOffer) return data(body);
  const cookie = await updateDraft(request, (d) => ({ couponCode: d.couponCode, bookingCode: d.bookingCode, flow: "offers", offerId: offer.id }));
  return data(body, { headers: { "Set-Cookie": cookie } });
}

type LoaderData = Awaited<ReturnType<typeof loader>> extends { data: infer D } ? D : never;
let lastGood: LoaderData | null = null;

/**
 * With JavaScript, the slot list reloads without a page load; if that request fails (network,
 * proxy), the page stays and the slot area says `Zeiten können nicht geladen werden`.
 */
export async function clientLoader({ serverLoader, request }: ClientLoaderFunctionArgs) {
  try {
    const result = (await serverLoader<typeof loader>()) as LoaderData;
    lastGood = result;
    return result;
  } catch (error) {
    if (error instanceof Response || !lastGood) throw error;
    const params = new URL(request.url).searchParams;
    return { ...lastGood, date: dateFrom(params.get("date")) ?? lastGood.date, counts: countsFrom(params, lastGood.rules), slots: [], slotsError: true, selected: null };
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = requestLang(params);
  const draft = await getDraft(request);
  const db = await getDb();
  const offer = draft.offerId === undefined ? undefined : await findOffer(db, draft.offerId);
  if (!offer) throw redirect(localePath(lang, "/offers"));
  const form = await request.formData();
  const counts = countsFrom(form, offer);
  const choice = await checkSlotChoice(db, offer.id, {
    date: dateFrom(form.get("date")),
    counts,
    startMin: parseTime(form.get("slot")),
  });
  if (!choice.ok) {
    const error = choice.issue ? tr(lang, "findSlot", choice.issue.key, { n: choice.issue.n }) : localizeMsg(lang, choice.error);
    return data({ error }, { status: 400 });
  }
  const bookingCode = await bookingCodeForNewChoice(db, draft.bookingCode);
  const cookie = await updateDraft(request, { ...counts, date: choice.date, startMin: choice.startMin, endMin: choice.endMin, bookingCode });
  return redirectWithDraft(localePath(lang, "/enter-data"), cookie);
}

/** `Geburtstage finden Mittwoch bis Sonntag statt.` with the weekdays as staff set them, in the page's language. */
function birthdayDaysNote(lang: Lang, rules: Parameters<typeof weekdaysLineIn>[0]): string | null {
  const days = weekdaysLineIn(rules, "birthdays", lang, (from, to) => tr(lang, "gameFlow", "dayRange", { from, to }));
  return days ? tr(lang, "findSlot", "birthdayDays", { days }) : null;
}

/** Built by hand (all values are digits and dashes): the calendar calls this for every day it shows. */
function queryString(offerId: number, date: string | null, month: string | null, counts: PartyCounts): string {
  let q = `?offerId=${offerId}`;
  if (date) q += `&date=${date}`;
  if (month) q += `&month=${month}`;
  for (const p of COUNT_PARAMS) q += `&${p}=${counts[p]}`;
  return q;
}

function countsKey(c: PartyCounts): string {
  return COUNT_PARAMS.map((p) => c[p]).join("|");
}

function sameCounts(a: PartyCounts, b: PartyCounts) {
  return COUNT_PARAMS.every((p) => a[p] === b[p]);
}

export default function FindSlot() {
  const loaderData = useLoaderData<typeof loader>();
  // The fallback for a failed reload starts from what the server rendered (browser only).
  if (typeof document !== "undefined" && !lastGood) lastGood = loaderData as LoaderData;
  const { t, offer, rules, today, date, month, slots, slotsError, closed, closedDates, openDates, closure, dayNote, leadNotice, lastDay, birthdayDays, rulesLine, timesOn } = loaderData;
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const common = useCommonTexts();
  const to = useLocalePath();
  const venueLang = useVenueLangOf();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [counts, setCounts] = useState<PartyCounts>(loaderData.counts);
  const [selected, setSelected] = useState<string | null>(loaderData.selected);
  const debounce = useRef<ReturnType<typeof setTimeout>>();

  // Several counters may report at once (values typed before hydration), so read the latest counts, not the render's.
  const latestCounts = useRef(counts);
  latestCounts.current = counts;

  // A new date from the server resets the choice unless the draft still holds it.
  useWhenChanged(`${date}|${loaderData.selected}`, () => setSelected(loaderData.selected));
  // The counts of the last slot search this page asked for. When its answer arrives the family may
  // already be typing the next number (the field cleared on the way from 3 to 12): what it types wins,
  // so the answer to its own request never resets the counters. Other changes (back button, a clamp
  // by the server) still do. Compared as text: every answer is a new object.
  const requested = useRef<string | null>(null);
  useWhenChanged(countsKey(loaderData.counts), (key) => {
    if (key === requested.current) return;
    setCounts(loaderData.counts);
  });
  useAdoptCheckedRadio("slot", setSelected);
  useEffect(() => () => clearTimeout(debounce.current), []);

  function changeCount(name: keyof PartyCounts, value: number) {
    const next = { ...latestCounts.current, [name]: value };
    latestCounts.current = next;
    setCounts(next);
    clearTimeout(debounce.current);
    // Spec §7: the slot search is debounced by 300 ms and repeated on every change of the counts.
    debounce.current = setTimeout(() => {
      requested.current = countsKey(next);
      navigate(queryString(offer.id, date, month, next), { replace: true, preventScrollReset: true });
    }, 300);
  }

  // Summed here rather than with `personCount`: that import costs this step a script file of its own (budget).
  const total = counts.numChildren + counts.numActiveAdults + counts.numAccompanyingAdults;
  // Between a change of the counts and the answer, the list shown is for other counts: say it is loading.
  const loadingSlots =
    (navigation.state === "loading" && navigation.location?.pathname === to("/find-slot")) ||
    (hydrated && total > 0 && !sameCounts(counts, loaderData.counts));
  const chosen = slots?.find((s) => s.startTime === selected && s.available) ?? null;
  const anyAvailable = slots?.some((s) => s.available) ?? false;

  return (
    <Page title={t.title}>
      <p className="muted">
        {t.offer} <strong lang={venueLang(offer.name)}>{offer.name}</strong> · <a href={to("/offers")}>{t.change}</a>
      </p>
      <Calendar
        month={month}
        selected={date}
        today={today}
        closed={closed}
        closedDates={closedDates}
        openDates={openDates}
        lastDay={lastDay}
        hrefFor={(q) => queryString(offer.id, q.date ?? date, q.month ?? month, counts)}
      />

      {/* One form: the counters travel with the slot choice, and without JavaScript the
          "Verfügbare Zeiten anzeigen" button re-reads the list with a GET of the same fields. */}
      {/* A submit replaces a pending debounced slot search, which would otherwise interrupt it. */}
      <Form method="post" key={date} preventScrollReset onSubmit={() => clearTimeout(debounce.current)}>
        {/* The form's default button: Enter in a counter re-reads the list instead of pressing − or +. */}
        <button type="submit" formMethod="get" formAction={to("/find-slot")} className="visually-hidden" tabIndex={-1} aria-hidden="true">
          {t.showTimes}
        </button>
        <input type="hidden" name="offerId" value={offer.id} />
        <input type="hidden" name="date" value={date} />
        <input type="hidden" name="month" value={month} />
        <section className="card">
          <h2>{t.persons}</h2>
          {rulesLine ? <p className="muted">{rulesLine}</p> : null}
          <div className="counters">
            {COUNT_PARAMS.map((name) => (
              <Counter
                key={name}
                name={name}
                label={t[COUNTER_KEYS[name]]}
                value={counts[name]}
                enhanced={hydrated}
                onChange={(v) => changeCount(name, v)}
                stepAction={to("/find-slot")}
                max={counterMax(rules, name)}
              />
            ))}
          </div>
          {/* Needed without JavaScript after typing a number; with it the list follows by itself. Always
              rendered, so hydration moves nothing. */}
          <div className="actions">
            <button type="submit" formMethod="get" formAction={to("/find-slot")} className="button button-secondary">
              {t.showTimes}
            </button>
          </div>
        </section>

        <section className="card">
          <h2>{timesOn}</h2>
          {actionData?.error ? (
            <div className="alert alert-error" role="alert">
              {actionData.error}
            </div>
          ) : null}
          <div aria-live="polite">
            {total === 0 ? (
              // After a submit without persons the red alert says it already; the prompt would repeat it.
              actionData?.error ? null : (
                <p className="alert alert-info">{t.slotsPrompt}</p>
              )
            ) : loadingSlots ? (
              <p className="alert alert-info">{t.slotsLoading}</p>
            ) : slotsError ? (
              <p className="alert alert-error">{t.slotsError}</p>
            ) : !slots ? (
              <p className="alert alert-info">{t.slotsLoading}</p>
            ) : closure ? (
              <p className="alert alert-warning">
                {t.closedDay}{" "}
                <span className="muted">
                  – <span lang={venueLang(closure)}>{closure}</span>
                </span>
              </p>
            ) : dayNote ? (
              <p className="alert alert-warning">
                {dayNote}
                {birthdayDays ? <span className="muted"> – {birthdayDays}</span> : null}
              </p>
            ) : leadNotice && !anyAvailable ? (
              <p className="alert alert-warning">{leadNotice}</p>
            ) : slots.length === 0 || !anyAvailable ? (
              <p className="alert alert-warning">
                {t.slotsFull}
                {slots.length === 0 && birthdayDays ? <span className="muted"> – {birthdayDays}</span> : null}
              </p>
            ) : null}
            {leadNotice && anyAvailable && total > 0 && !loadingSlots && slots ? <p className="alert alert-info">{leadNotice}</p> : null}
          </div>
          {total > 0 && !loadingSlots && slots && slots.length > 0 ? (
            <SlotGrid
              name="slot"
              legend={t.chooseSlot}
              slots={slots}
              chosen={(slot) => selected === slot.startTime}
              onChoose={setSelected}
              note={(slot) => (slot.available ? t.table : t.tableTaken)}
            />
          ) : null}
          {chosen ? <AppointmentSummary date={date} slot={chosen} /> : null}
          <div className="actions">
            <a href={to("/offers")} className="button button-secondary">
              {common.back}
            </a>
            <button type="submit" className="button" disabled={hydrated && (!chosen || total === 0 || loadingSlots)}>
              {t.toData}
            </button>
          </div>
        </section>
      </Form>
    </Page>
  );
}
