import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { ChangeConfirm } from "~/components/ChangeConfirm";
import { MovePicker, type MovePickerTexts } from "~/components/MovePicker";
import { ManageText } from "~/components/ManageText";
import { Page } from "~/components/Page";
import { dateFrom } from "~/domain/booking-query";
import { clampMonth, dayOffer, monthOf, parseMonth } from "~/domain/calendar";
import { lastBookableDate } from "~/domain/horizon";
import { getEnv } from "~/server/platform/env.server";
import { MSG } from "~/domain/messages";
import { localPageMeta } from "~/domain/page-meta";
import { formatTime, parseTime, venueNow } from "~/domain/time";
import { localePath, type Lang } from "~/i18n/locales";
import { MANAGE_HEADERS, manageView, requireManagedBooking, selfServiceClosedMessage, selfServicePolicy } from "~/server/booking/manage.server";
import { changeMessageIn, changeWordsIn, dateIn, markedIn, movedIntoWindowIn, timeRangeIn } from "~/server/booking/manage-texts.server";
import { moveCalendar, moveOptions } from "~/server/booking/reschedule.server";
import { extrasOf } from "~/server/booking/extras.server";
import { requestLang } from "~/server/i18n/request.server";
import { localizeMsg, t, texts } from "~/server/i18n/texts.server";
import { changeByFamily } from "~/server/payments/booking-change.server";
import { getDb } from "~/server/platform/db.server";
import { changeNotice, parseExpectedPrice } from "~/domain/change-form";
import { selfServiceEndsNotice } from "~/domain/self-service";
import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { translated: true };
export const headers: HeadersFunction = () => MANAGE_HEADERS;
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => localPageMeta(matches, data?.t.moveTitle ?? "Termin verschieben", [{ name: "robots", content: "noindex" }]);

/** The picker's words, the chosen day filled in (namespace `manageChange`). */
function pickerTexts(lang: Lang, date: string | null): MovePickerTexts {
  const words = texts(lang, "manageChange");
  const day = date ? dateIn(lang, date) : "";
  return {
    pickDate: words.pickDate,
    slotsOn: t(lang, "manageChange", "slotsOn", { date: day }),
    slotsLegend: t(lang, "manageChange", "slotsLegend", { date: day }),
    slotFree: words.slotFree,
    slotPast: words.slotPast,
    slotTaken: words.slotTaken,
    moveSubmit: words.moveSubmit,
    abort: words.abort,
    pickDay: words.pickDay,
  };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const view = manageView(r, await selfServicePolicy(db), new Date(), null, null, [], lang);
  const overview = localePath(lang, `/buchung/${params.token!}`);
  if (!view.canChange) throw redirect(overview);
  const query = new URL(request.url).searchParams;
  const today = venueNow().date;
  const asked = dateFrom(query.get("date"));
  // The calendar offers no day after the booking horizon; the move itself refuses one as well (planChange).
  const limits = { today, lastDay: lastBookableDate(today, getEnv().BOOKING_HORIZON_DAYS) };
  const date = asked && dayOffer(asked, limits) === "open" ? asked : null;
  const month = clampMonth(parseMonth(query.get("month")) ?? monthOf(date ?? r.date), limits);
  const b = view.booking;
  const calendar = await moveCalendar(db, r, month, {}, date);
  return {
    t: texts(lang, "manageChange"),
    picker: pickerTexts(lang, date),
    overview,
    page: localePath(lang, `/buchung/${params.token!}/verschieben`),
    // The offer as the venue named it (a game's name is ours, in the page's language).
    intro: markedIn(
      lang,
      "manageChange",
      "moveIntro",
      { date: dateIn(lang, b.date), time: timeRangeIn(lang, b.startMin, b.endMin), offer: b.offerName, deadline: view.deadline },
      b.players === null ? { offer: "venue" } : {},
    ),
    byHour: b.players !== null,
    today,
    date,
    month,
    lastDay: limits.lastDay,
    ...calendar,
    emptyNote: localizeMsg(lang, calendar.emptyNote),
    slots: date ? await moveOptions(db, r, date) : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = requestLang(params);
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const form = await request.formData();
  const date = dateFrom(form.get("date"));
  const startMin = parseTime(form.get("start"));
  if (!date || startMin === null) return data({ error: localizeMsg(lang, MSG.chooseDateAndSlot), quote: null, words: null, notice: null }, { status: 400 });
  const { hours } = await selfServicePolicy(db);
  // A move into the self-service window is said before it happens, so it always has a confirmation step.
  const now = new Date();
  const ends = selfServiceEndsNotice({ date, startMin }, now, hours);
  const result = await changeByFamily(db, r, { date, startMin }, {
    token: params.token!,
    confirmed: form.get("confirm") === "1",
    alwaysQuote: ends !== null,
    expectedPriceRappen: parseExpectedPrice(form.get("expect")),
    hours,
    closedMessage: await selfServiceClosedMessage(db, lang),
    lang,
  });
  if ("ok" in result) {
    const status = result.reason === "slot_taken" || result.reason === "refused" ? 409 : result.reason === "payment_failed" ? 502 : 400;
    return data({ error: changeMessageIn(lang, result.message, { extras: await extrasOf(db, r.id) }), quote: null, words: null, notice: null }, { status });
  }
  if (result.kind === "quote") {
    return data({
      error: result.message === null ? null : changeMessageIn(lang, result.message),
      quote: result.quote,
      words: changeWordsIn(lang, result.quote),
      notice: movedIntoWindowIn(lang, { date, startMin }, now, hours),
    });
  }
  if (result.kind === "payment") return redirect(result.paymentUrl, { status: 303 });
  return redirect(`${localePath(lang, `/buchung/${params.token!}`)}?ok=${changeNotice("verschoben", result.refund)}`, { status: 303 });
}

export default function MoveBooking() {
  const { t, picker, overview, page, intro, byHour, today, date, month, closed, closedDates, openDates, emptyNote, slots, lastDay } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const hrefFor = (q: { date?: string; month?: string }) => {
    const next = new URLSearchParams();
    if (q.date ?? date) next.set("date", (q.date ?? date)!);
    if (q.month) next.set("month", q.month);
    return `${page}?${next.toString()}`;
  };
  if (result?.quote && result.words) {
    return (
      <Page title={t.moveTitle}>
        <ChangeConfirm
          quote={result.quote}
          message={result.error}
          notice={result.notice}
          backHref={page}
          hidden={{ date: result.quote.after.date, start: formatTime(result.quote.after.startMin) }}
          words={result.words}
        />
      </Page>
    );
  }
  return (
    <Page title={t.moveTitle}>
      <p>
        <ManageText parts={intro} />
      </p>
      <MovePicker
        month={month}
        date={date}
        today={today}
        lastDay={lastDay}
        closed={closed}
        closedDates={closedDates}
        openDates={openDates}
        emptyNote={emptyNote}
        slots={slots}
        hrefFor={hrefFor}
        byHour={byHour}
        cancelHref={overview}
        error={result?.error}
        texts={picker}
      />
    </Page>
  );
}
