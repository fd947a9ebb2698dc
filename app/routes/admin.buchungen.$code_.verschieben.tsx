import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { MovePicker } from "~/components/MovePicker";
import { Page } from "~/components/Page";
import { dateFrom } from "~/domain/booking-query";
import { closedWeekdays, monthOf, parseMonth } from "~/domain/calendar";
import { MSG } from "~/domain/messages";
import { pageMeta } from "~/domain/page-meta";
import { formatDateDE, formatTime, parseTime, venueNow } from "~/domain/time";
import { getVenue } from "~/server/booking/venue.server";
import { getDb } from "~/server/platform/db.server";
import { isManager, requireSameOrigin, requireStaff } from "~/server/staff/auth.server";
import { moveByStaff, movableBooking, staffMoveOptions } from "~/server/staff/staff-move.server";

/** Staff pages (bookings, contact data): never kept by a browser or proxy cache. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
export const meta: MetaFunction = () => pageMeta("Buchung verschieben", [{ name: "robots", content: "noindex" }]);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const db = await getDb();
  const { booking, problem } = await movableBooking(db, params.code ?? "");
  if (!booking || problem) {
    return data({ staff: { email: staff.email, manager: isManager(staff) }, problem: problem ?? "", booking: null, today: "", date: null, month: "", closed: [], slots: null }, { status: booking ? 409 : 404 });
  }
  const query = new URL(request.url).searchParams;
  const today = venueNow().date;
  const asked = dateFrom(query.get("date"));
  const date = asked && asked >= today ? asked : null;
  const month = parseMonth(query.get("month")) ?? monthOf(date ?? booking.date);
  const { rules } = await getVenue(db);
  return {
    staff: { email: staff.email, manager: isManager(staff) },
    problem: null,
    booking: {
      code: booking.code,
      date: booking.date,
      startMin: booking.startMin,
      endMin: booking.endMin,
      offerName: booking.offerName,
      isGame: booking.locationId !== null,
    },
    today,
    date,
    month: month < monthOf(today) ? monthOf(today) : month,
    closed: closedWeekdays(rules),
    slots: date ? await staffMoveOptions(db, booking, date) : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  requireSameOrigin(request);
  const form = await request.formData();
  const date = dateFrom(form.get("date"));
  const startMin = parseTime(form.get("start"));
  if (!date || startMin === null) return data({ error: MSG.chooseDateAndSlot }, { status: 400 });
  const code = (params.code ?? "").toUpperCase();
  const result = await moveByStaff(await getDb(), code, { date, startMin }, staff);
  if (result.ok) return redirect(`/admin/buchungen/${encodeURIComponent(code)}?done=moved`, { status: 303 });
  return data({ error: result.message }, { status: result.status });
}

export default function StaffMoveBooking() {
  const { staff, problem, booking, today, date, month, closed, slots } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (!booking) {
    return (
      <Page title="Buchung verschieben">
        <AdminBar email={staff.email} manager={staff.manager} />
        <p className="alert alert-error" role="alert">
          {problem}
        </p>
        <p>
          <a href="/admin/buchungen">Zur Suche</a>
        </p>
      </Page>
    );
  }
  const base = `/admin/buchungen/${encodeURIComponent(booking.code)}/verschieben`;
  const hrefFor = (q: { date?: string; month?: string }) => {
    const next = new URLSearchParams();
    if (q.date ?? date) next.set("date", (q.date ?? date)!);
    if (q.month) next.set("month", q.month);
    return `${base}?${next.toString()}`;
  };
  return (
    <Page title={`Buchung ${booking.code} verschieben`}>
      <AdminBar email={staff.email} manager={staff.manager} />
      <p>
        Bisher: {formatDateDE(booking.date)}, {formatTime(booking.startMin)} - {formatTime(booking.endMin)} Uhr ({booking.offerName}). Personen, Angebot
        und Preis bleiben gleich; die Familie erhält eine E-Mail mit dem neuen Termin.
      </p>
      <MovePicker
        month={month}
        date={date}
        today={today}
        closed={closed}
        slots={slots}
        hrefFor={hrefFor}
        byHour={booking.isGame}
        cancelHref={`/admin/buchungen/${encodeURIComponent(booking.code)}`}
        error={result?.error}
      />
    </Page>
  );
}
