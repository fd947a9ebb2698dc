import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { MovePicker } from "~/components/MovePicker";
import { Page } from "~/components/Page";
import { dateFrom } from "~/domain/booking-query";
import { closedWeekdays, monthOf, parseMonth } from "~/domain/calendar";
import { MSG } from "~/domain/messages";
import { pageMeta } from "~/domain/page-meta";
import { formatDateDE, formatTime, parseTime, venueNow } from "~/domain/time";
import { MANAGE_HEADERS, manageView, moveByFamily, requireManagedBooking } from "~/server/booking/manage.server";
import { moveOptions } from "~/server/booking/reschedule.server";
import { getVenue } from "~/server/booking/venue.server";
import { getDb } from "~/server/platform/db.server";

export const headers: HeadersFunction = () => MANAGE_HEADERS;
export const meta: MetaFunction = () => pageMeta("Termin verschieben", [{ name: "robots", content: "noindex" }]);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const view = manageView(r);
  if (!view.canChange) throw redirect(`/buchung/${params.token}`);
  const query = new URL(request.url).searchParams;
  const today = venueNow().date;
  const asked = dateFrom(query.get("date"));
  const date = asked && asked >= today ? asked : null;
  const month = parseMonth(query.get("month")) ?? monthOf(date ?? r.date);
  const { rules } = await getVenue(db);
  return {
    token: params.token!,
    view,
    today,
    date,
    month: month < monthOf(today) ? monthOf(today) : month,
    closed: closedWeekdays(rules),
    slots: date ? await moveOptions(db, r, date) : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const form = await request.formData();
  const date = dateFrom(form.get("date"));
  const startMin = parseTime(form.get("start"));
  if (!date || startMin === null) return data({ error: MSG.chooseDateAndSlot }, { status: 400 });
  const result = await moveByFamily(db, r, { date, startMin });
  if (result.ok) return redirect(`/buchung/${params.token}?ok=verschoben`, { status: 303 });
  return data({ error: result.message }, { status: result.reason === "slot_taken" || result.reason === "refused" ? 409 : 400 });
}

export default function MoveBooking() {
  const { token, view, today, date, month, closed, slots } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const base = `/buchung/${token}/verschieben`;
  const b = view.booking;
  const hrefFor = (q: { date?: string; month?: string }) => {
    const next = new URLSearchParams();
    if (q.date ?? date) next.set("date", (q.date ?? date)!);
    if (q.month) next.set("month", q.month);
    return `${base}?${next.toString()}`;
  };
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
        closed={closed}
        slots={slots}
        hrefFor={hrefFor}
        byHour={b.players !== null}
        cancelHref={`/buchung/${token}`}
        error={result?.error}
      />
    </Page>
  );
}
