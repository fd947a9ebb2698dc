import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { ChangeConfirm } from "~/components/ChangeConfirm";
import { MovePicker } from "~/components/MovePicker";
import { Page } from "~/components/Page";
import { dateFrom } from "~/domain/booking-query";
import { clampMonth, dayOffer, monthOf, parseMonth } from "~/domain/calendar";
import { lastBookableDate } from "~/domain/horizon";
import { getEnv } from "~/server/platform/env.server";
import { MSG } from "~/domain/messages";
import { pageMeta } from "~/domain/page-meta";
import { formatDateDE, formatTime, parseTime, venueNow } from "~/domain/time";
import { MANAGE_HEADERS, manageView, requireManagedBooking, selfServiceClosedMessage, selfServicePolicy } from "~/server/booking/manage.server";
import { moveCalendar, moveOptions } from "~/server/booking/reschedule.server";
import { changeByFamily } from "~/server/payments/booking-change.server";
import { getDb } from "~/server/platform/db.server";
import { changeNotice, parseExpectedPrice } from "~/domain/change-form";
import { selfServiceEndsNotice } from "~/domain/self-service";

export const headers: HeadersFunction = () => MANAGE_HEADERS;
export const meta: MetaFunction = () => pageMeta("Termin verschieben", [{ name: "robots", content: "noindex" }]);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const view = manageView(r, await selfServicePolicy(db));
  if (!view.canChange) throw redirect(`/buchung/${params.token}`);
  const query = new URL(request.url).searchParams;
  const today = venueNow().date;
  const asked = dateFrom(query.get("date"));
  // The calendar offers no day after the booking horizon; the move itself refuses one as well (planChange).
  const limits = { today, lastDay: lastBookableDate(today, getEnv().BOOKING_HORIZON_DAYS) };
  const date = asked && dayOffer(asked, limits) === "open" ? asked : null;
  const month = clampMonth(parseMonth(query.get("month")) ?? monthOf(date ?? r.date), limits);
  return {
    token: params.token!,
    view,
    today,
    date,
    month,
    lastDay: limits.lastDay,
    ...(await moveCalendar(db, r, month, {}, date)),
    slots: date ? await moveOptions(db, r, date) : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const form = await request.formData();
  const date = dateFrom(form.get("date"));
  const startMin = parseTime(form.get("start"));
  if (!date || startMin === null) return data({ error: MSG.chooseDateAndSlot, quote: null, notice: null }, { status: 400 });
  const { hours } = await selfServicePolicy(db);
  // A move into the self-service window is said before it happens, so it always has a confirmation step.
  const notice = selfServiceEndsNotice({ date, startMin }, new Date(), hours);
  const result = await changeByFamily(db, r, { date, startMin }, {
    token: params.token!,
    confirmed: form.get("confirm") === "1",
    alwaysQuote: notice !== null,
    expectedPriceRappen: parseExpectedPrice(form.get("expect")),
    hours,
    closedMessage: await selfServiceClosedMessage(db),
  });
  if ("ok" in result) return data({ error: result.message, quote: null, notice: null }, { status: result.reason === "slot_taken" || result.reason === "refused" ? 409 : result.reason === "payment_failed" ? 502 : 400 });
  if (result.kind === "quote") return data({ error: result.message, quote: result.quote, notice });
  if (result.kind === "payment") return redirect(result.paymentUrl, { status: 303 });
  return redirect(`/buchung/${params.token}?ok=${changeNotice("verschoben", result.refund)}`, { status: 303 });
}

export default function MoveBooking() {
  const { token, view, today, date, month, closed, closedDates, openDates, emptyNote, slots, lastDay } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const base = `/buchung/${token}/verschieben`;
  const b = view.booking;
  const hrefFor = (q: { date?: string; month?: string }) => {
    const next = new URLSearchParams();
    if (q.date ?? date) next.set("date", (q.date ?? date)!);
    if (q.month) next.set("month", q.month);
    return `${base}?${next.toString()}`;
  };
  if (result?.quote) {
    return (
      <Page title="Termin verschieben">
        <ChangeConfirm quote={result.quote} message={result.error} notice={result.notice} backHref={base} hidden={{ date: result.quote.after.date, start: formatTime(result.quote.after.startMin) }} />
      </Page>
    );
  }
  return (
    <Page title="Termin verschieben">
      <p>
        Bisher: {formatDateDE(b.date)}, {formatTime(b.startMin)} - {formatTime(b.endMin)} Uhr ({b.offerName}). Wählen Sie einen neuen Tag und eine
        neue Zeit; alles andere bleibt gleich. Möglich bis {view.deadline}.
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
        byHour={b.players !== null}
        cancelHref={`/buchung/${token}`}
        error={result?.error}
      />
    </Page>
  );
}
