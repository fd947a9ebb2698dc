import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { MovePicker } from "~/components/MovePicker";
import { Page } from "~/components/Page";
import { PriceChange } from "~/components/PriceChange";
import { dateFrom } from "~/domain/booking-query";
import { clampMonth, dayOffer, monthOf, parseMonth } from "~/domain/calendar";
import { lastBookableDate } from "~/domain/horizon";
import { getEnv } from "~/server/platform/env.server";
import { parseExpectedPrice } from "~/domain/change-form";
import { MSG } from "~/domain/messages";
import { formatChf } from "~/domain/money";
import { pageMeta } from "~/domain/page-meta";
import { formatDateDE, formatTime, parseTime, venueNow } from "~/domain/time";
import { moveCalendar } from "~/server/booking/reschedule.server";
import { getDb } from "~/server/platform/db.server";
import { isManager, requireSameOrigin, requireStaff } from "~/server/staff/auth.server";
import { moveByStaff, movableBooking, staffMoveChoices, staffMoveOptions, type MoveResource } from "~/server/staff/staff-move.server";

/** Staff pages (bookings, contact data): never kept by a browser or proxy cache. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
export const meta: MetaFunction = () => pageMeta("Buchung verschieben", [{ name: "robots", content: "noindex" }]);

/** `table` / `location` in the query or form: a positive id, or nothing (the booking's own, or the smallest free table). */
function resourceFrom(get: (name: string) => FormDataEntryValue | null): MoveResource {
  const id = (name: string) => {
    const raw = get(name);
    return typeof raw === "string" && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
  };
  const tableId = id("table");
  const locationId = id("location");
  return { ...(tableId !== undefined ? { tableId } : {}), ...(locationId !== undefined ? { locationId } : {}) };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const db = await getDb();
  const who = { email: staff.email, manager: isManager(staff) };
  const { booking, problem } = await movableBooking(db, params.code ?? "");
  if (!booking || problem) return data({ staff: who, problem: problem ?? "", page: null }, { status: booking ? 409 : 404 });
  const query = new URL(request.url).searchParams;
  const today = venueNow().date;
  const asked = dateFrom(query.get("date"));
  // The calendar offers no day after the booking horizon; the move itself refuses one as well (planChange).
  const limits = { today, lastDay: lastBookableDate(today, getEnv().BOOKING_HORIZON_DAYS) };
  const date = asked && dayOffer(asked, limits) === "open" ? asked : null;
  const month = clampMonth(parseMonth(query.get("month")) ?? monthOf(date ?? booking.date), limits);
  const choices = await staffMoveChoices(db, booking);
  const asks = resourceFrom((name) => query.get(name));
  // Only what can be chosen: an id that is not offered is ignored.
  const resource: MoveResource = {
    ...(asks.tableId !== undefined && choices.tables.some((t) => t.id === asks.tableId) ? { tableId: asks.tableId } : {}),
    ...(asks.locationId !== undefined && choices.locations.some((l) => l.id === asks.locationId) ? { locationId: asks.locationId } : {}),
  };
  return {
    staff: who,
    problem: null,
    page: {
      booking: {
        code: booking.code,
        date: booking.date,
        startMin: booking.startMin,
        endMin: booking.endMin,
        offerName: booking.offerName,
        isGame: booking.locationId !== null,
        tableId: booking.tableId,
        locationId: booking.locationId,
        priceRappen: booking.priceRappen,
      },
      choices,
      resource,
      today,
      date,
      month,
      lastDay: limits.lastDay,
      ...(await moveCalendar(db, booking, month, resource, date)),
      slots: date ? await staffMoveOptions(db, booking, date, resource) : null,
    },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  requireSameOrigin(request);
  const form = await request.formData();
  const date = dateFrom(form.get("date"));
  const startMin = parseTime(form.get("start"));
  if (!date || startMin === null) return data({ error: MSG.chooseDateAndSlot, quote: null }, { status: 400 });
  const resource = resourceFrom((name) => form.get(name));
  const confirmed = form.get("confirm") === "1";
  // The quote shows the price after the change; confirming, staff choose it or keep the agreed one.
  const pricing = confirmed && form.get("pricing") !== "difference" ? "keep" : "difference";
  const code = (params.code ?? "").toUpperCase();
  const result = await moveByStaff(await getDb(), code, { target: { date, startMin, ...resource }, pricing, confirmed, expectedPriceRappen: parseExpectedPrice(form.get("expect")) }, staff);
  if (!result.ok) return data({ error: result.message, quote: null }, { status: result.status });
  if (result.kind === "quote") {
    return data({ error: result.message, quote: { ...result.quote, target: { date, start: formatTime(startMin), ...resource } } });
  }
  return redirect(`/admin/buchungen/${encodeURIComponent(code)}?done=${result.refund === "manual" ? "moved-refund-manual" : result.refund === "pending" ? "moved-refund-pending" : "moved"}`, { status: 303 });
}

export default function StaffMoveBooking() {
  const { staff, problem, page } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (!page) {
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
  const { booking, choices, resource, today, date, month, closed, closedDates, openDates, emptyNote, slots, lastDay } = page;
  const detail = `/admin/buchungen/${encodeURIComponent(booking.code)}`;
  const base = `${detail}/verschieben`;
  const hrefFor = (q: { date?: string; month?: string }) => {
    const next = new URLSearchParams();
    if (q.date ?? date) next.set("date", (q.date ?? date)!);
    if (q.month) next.set("month", q.month);
    if (resource.tableId !== undefined) next.set("table", String(resource.tableId));
    if (resource.locationId !== undefined) next.set("location", String(resource.locationId));
    return `${base}?${next.toString()}`;
  };
  const quote = result?.quote;
  if (quote) {
    const { settlement } = quote;
    const cannotCharge = settlement.payOnlineRappen > 0;
    const { target } = quote;
    return (
      <Page title={`Buchung ${booking.code} verschieben`}>
        <AdminBar email={staff.email} manager={staff.manager} />
        <p className="no-print">
          <a href={detail}>‹ Zurück zur Buchung {booking.code}</a>
        </p>
        {result.error ? (
          <p role="alert" className="alert alert-warning">
            {result.error}
          </p>
        ) : null}
        <section className="card" aria-labelledby="quote-title">
          <h2 id="quote-title">Verschiebung prüfen</h2>
          <p>
            Bisher {formatDateDE(quote.before.date)}, {formatTime(quote.before.startMin)} - {formatTime(quote.before.endMin)} Uhr; neu{" "}
            {formatDateDE(quote.after.date)}, {formatTime(quote.after.startMin)} - {formatTime(quote.after.endMin)} Uhr
            {target.tableId !== undefined ? `, ${choices.tables.find((t) => t.id === target.tableId)?.name ?? "anderer Tisch"}` : ""}
            {target.locationId !== undefined ? `, ${choices.locations.find((l) => l.id === target.locationId)?.name ?? "anderer Spielort"}` : ""}.
          </p>
          <PriceChange settlement={settlement} voucherCode={quote.voucherCode} title="Preis nach Preisliste der Buchung" />
          <Form method="post">
            <input type="hidden" name="date" value={target.date} />
            <input type="hidden" name="start" value={target.start} />
            {target.tableId !== undefined ? <input type="hidden" name="table" value={String(target.tableId)} /> : null}
            {target.locationId !== undefined ? <input type="hidden" name="location" value={String(target.locationId)} /> : null}
            <input type="hidden" name="confirm" value="1" />
            <input type="hidden" name="expect" value={String(quote.after.priceRappen)} />
            <fieldset>
              <legend>Preis</legend>
              <p className="field-check">
                <input type="radio" id="pricing-keep" name="pricing" value="keep" defaultChecked />
                <label htmlFor="pricing-keep">Vereinbarten Preis beibehalten ({formatChf(quote.before.priceRappen)})</label>
              </p>
              <p className="field-check">
                <input type="radio" id="pricing-difference" name="pricing" value="difference" disabled={cannotCharge || settlement.differenceRappen === 0} />
                <label htmlFor="pricing-difference">Neuen Preis übernehmen ({formatChf(quote.after.priceRappen)})</label>
              </p>
              {cannotCharge ? (
                <p className="muted">Online bezahlt: ein höherer Preis kann hier nicht eingezogen werden (Differenz an der Kasse, als Notiz festhalten).</p>
              ) : null}
            </fieldset>
            <p className="actions">
              <button type="submit" className="button">
                Verschieben bestätigen
              </button>{" "}
              <a className="button button-secondary" href={hrefFor({})}>
                Zurück
              </a>
            </p>
          </Form>
        </section>
      </Page>
    );
  }
  const hidden: Record<string, string> = {
    ...(resource.tableId !== undefined ? { table: String(resource.tableId) } : {}),
    ...(resource.locationId !== undefined ? { location: String(resource.locationId) } : {}),
  };
  return (
    <Page title={`Buchung ${booking.code} verschieben`}>
      <AdminBar email={staff.email} manager={staff.manager} />
      <p className="no-print">
        <a href={detail}>‹ Zurück zur Buchung {booking.code}</a>
      </p>
      <p>
        Bisher: {formatDateDE(booking.date)}, {formatTime(booking.startMin)} - {formatTime(booking.endMin)} Uhr ({booking.offerName}), Preis{" "}
        {formatChf(booking.priceRappen)}. Wählen Sie Tag und Zeit, bei Bedarf einen anderen {booking.isGame ? "Spielort" : "Tisch"} — auch zur selben Zeit.
        Vor dem Verschieben sehen Sie den Preis; die Familie erhält eine E-Mail mit dem neuen Termin.
      </p>
      <Form method="get" className="card">
        {date ? <input type="hidden" name="date" value={date} /> : null}
        <input type="hidden" name="month" value={month} />
        {booking.isGame ? (
          <p className="field">
            <label htmlFor="move-location">Spielort</label>
            <select id="move-location" name="location" defaultValue={String(resource.locationId ?? booking.locationId ?? "")}>
              {choices.locations.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name} (bis {l.capacity} Spieler){l.id === booking.locationId ? " – bisher" : ""}
                </option>
              ))}
            </select>
          </p>
        ) : (
          <p className="field">
            <label htmlFor="move-table">Tisch</label>
            <select id="move-table" name="table" defaultValue={resource.tableId === undefined ? "" : String(resource.tableId)}>
              <option value="">Automatisch (bisheriger Tisch, sonst der kleinste freie)</option>
              {choices.tables.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name} ({t.seats} Plätze){t.id === booking.tableId ? " – bisher" : ""}
                </option>
              ))}
            </select>
          </p>
        )}
        <button type="submit" className="button button-secondary">
          Freie Zeiten anzeigen
        </button>
      </Form>
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
        byHour={booking.isGame}
        cancelHref={detail}
        error={result?.error}
        hidden={hidden}
      />
    </Page>
  );
}
