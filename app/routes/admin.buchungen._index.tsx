import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, useLoaderData } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { Page } from "~/components/Page";
import {
  parseSearch,
  SEARCH_KIND_LABELS,
  SEARCH_KINDS,
  SEARCH_PAYMENT_LABELS,
  SEARCH_PAYMENTS,
  SEARCH_STATUS_LABELS,
  SEARCH_STATUSES,
  SEARCH_TEXT_MAX,
  searchQuery,
} from "~/domain/booking-search";
import { ARRIVAL_LABELS } from "~/domain/desk";
import { formatChf } from "~/domain/money";
import { pageMeta } from "~/domain/page-meta";
import { PAYMENT_LABELS, STATUS_LABELS } from "~/domain/staff-labels";
import { formatDateDE, formatTime } from "~/domain/time";
import { searchBookings } from "~/server/staff/booking-desk.server";
import { isManager, requireStaff } from "~/server/staff/auth.server";
import { getDb } from "~/server/platform/db.server";

/** Staff pages (bookings, contact data): never kept by a browser or proxy cache. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
export const meta: MetaFunction = () => pageMeta("Buchungen suchen", [{ name: "robots", content: "noindex" }]);

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const parsed = parseSearch(new URL(request.url).searchParams);
  if (!parsed.ok) return data({ staff: { email: staff.email, manager: isManager(staff) }, form: parsed.form, errors: parsed.errors, result: null }, { status: 400 });
  const result = await searchBookings(await getDb(), parsed.filters);
  return data({ staff: { email: staff.email, manager: isManager(staff) }, form: parsed.form, errors: {} as Record<string, string>, result });
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p className="field-error" id={`${id}-error`}>
      {message}
    </p>
  ) : null;
}

function invalid(id: string, message?: string) {
  return message ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}

/**
 * In the table layout the contact column is as wide as the phone number, and an address that may
 * break anywhere was cut at its last letter (`anna@example.c|h`): it now wraps after the `@` first.
 */
function withBreakAfterAt(email: string) {
  const at = email.indexOf("@");
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** The bookings desk: one GET form (works without JavaScript, bookmarkable), paginated results. */
export default function BookingSearch() {
  const { staff, form, errors, result } = useLoaderData<typeof loader>();
  const e = errors as Partial<Record<string, string>>;
  return (
    <Page title="Buchungen suchen" wide>
      <AdminBar email={staff.email} manager={staff.manager} />
      <p className="no-print">
        {/* The worklist of refunds the provider refused: staff refund by hand, then mark them done on the booking. */}
        <a href="/admin/buchungen?payment=refund_pending">Offene Rückerstattungen</a>
      </p>
      <form method="get" className="card search-form" role="search" aria-label="Buchungen">
        <div className="field">
          <label htmlFor="q">Suchbegriff (Buchungscode, Name, E-Mail oder Telefon)</label>
          <input id="q" name="q" type="search" defaultValue={form.q} maxLength={SEARCH_TEXT_MAX} autoComplete="off" {...invalid("q", e.q)} />
          <FieldError id="q" message={e.q} />
        </div>
        <div className="search-grid">
          <div className="field">
            <label htmlFor="from">Datum von</label>
            <input id="from" name="from" type="date" defaultValue={form.from} {...invalid("from", e.from)} />
            <FieldError id="from" message={e.from} />
          </div>
          <div className="field">
            <label htmlFor="to">Datum bis</label>
            <input id="to" name="to" type="date" defaultValue={form.to} {...invalid("to", e.to)} />
            <FieldError id="to" message={e.to} />
          </div>
          <div className="field">
            <label htmlFor="status">Status</label>
            <select id="status" name="status" defaultValue={form.status} {...invalid("status", e.status)}>
              <option value="">alle</option>
              {SEARCH_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {SEARCH_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
            <FieldError id="status" message={e.status} />
          </div>
          <div className="field">
            <label htmlFor="kind">Art</label>
            <select id="kind" name="kind" defaultValue={form.kind} {...invalid("kind", e.kind)}>
              <option value="">alle</option>
              {SEARCH_KINDS.map((k) => (
                <option key={k} value={k}>
                  {SEARCH_KIND_LABELS[k]}
                </option>
              ))}
            </select>
            <FieldError id="kind" message={e.kind} />
          </div>
          <div className="field">
            <label htmlFor="payment">Zahlung</label>
            <select id="payment" name="payment" defaultValue={form.payment} {...invalid("payment", e.payment)}>
              <option value="">alle</option>
              {SEARCH_PAYMENTS.map((p) => (
                <option key={p} value={p}>
                  {SEARCH_PAYMENT_LABELS[p]}
                </option>
              ))}
            </select>
            <FieldError id="payment" message={e.payment} />
          </div>
        </div>
        {e.page ? (
          <p className="alert alert-error" role="alert">
            {e.page}
          </p>
        ) : null}
        <div className="actions">
          <a href="/admin/buchungen" className="button button-secondary">
            Zurücksetzen
          </a>
          <button type="submit" className="button">
            Suchen
          </button>
        </div>
      </form>

      {Object.keys(e).length > 0 ? (
        <p className="alert alert-error" role="alert">
          Bitte die markierten Angaben korrigieren.
        </p>
      ) : null}

      {result ? (
        <section className="card" aria-labelledby="results-title">
          <h2 id="results-title">
            {result.total === 0 ? "Keine Buchungen gefunden" : `${result.total} Buchung${result.total === 1 ? "" : "en"} gefunden`}
          </h2>
          {result.rows.length > 0 ? (
            <table className="day-table">
              <caption className="visually-hidden">Gefundene Buchungen, Seite {result.page}</caption>
              <thead>
                <tr>
                  <th scope="col">Buchungscode</th>
                  <th scope="col">Datum</th>
                  <th scope="col">Art</th>
                  <th scope="col">Name</th>
                  <th scope="col">Kontakt</th>
                  <th scope="col">Personen</th>
                  <th scope="col">Status</th>
                  <th scope="col">Zahlung</th>
                </tr>
              </thead>
              <tbody>
                {result.rows.map((b) => (
                  <tr key={b.code}>
                    <td data-label="Buchungscode">
                      <a href={`/admin/buchungen/${encodeURIComponent(b.code)}`}>{b.code}</a>
                    </td>
                    <td data-label="Datum">
                      <span className="nobreak">{formatDateDE(b.date)}</span>{" "}
                      <span className="nobreak">
                        {formatTime(b.startMin)}–{formatTime(b.endMin)}
                      </span>
                    </td>
                    <td data-label="Art">
                      {SEARCH_KIND_LABELS[b.kind]}: {b.offerName}
                    </td>
                    <td data-label="Name">{b.name}</td>
                    <td data-label="Kontakt">
                      <span className="phone">{b.phone}</span>
                      <br />
                      <span className="break-anywhere">{withBreakAfterAt(b.email)}</span>
                    </td>
                    <td data-label="Personen">{b.persons}</td>
                    <td data-label="Status">
                      {STATUS_LABELS[b.status] ?? b.status}
                      {b.arrival ? ` · ${ARRIVAL_LABELS[b.arrival] ?? b.arrival}` : ""}
                    </td>
                    <td data-label="Zahlung">
                      {PAYMENT_LABELS[b.paymentStatus] ?? b.paymentStatus} <span className="nobreak">({formatChf(b.amountRappen)})</span>
                      {b.refundOpen && b.paymentStatus !== "refund_pending" ? " · Rückerstattung offen" : ""}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {result.pages > 1 ? (
            <nav className="pagination" aria-label="Seiten">
              {result.page > 1 ? (
                <a href={`/admin/buchungen${searchQuery(form, result.page - 1)}`} rel="prev">
                  ‹ Vorherige Seite
                </a>
              ) : null}
              <span>
                Seite {result.page} von {result.pages}
              </span>
              {result.page < result.pages ? (
                <a href={`/admin/buchungen${searchQuery(form, result.page + 1)}`} rel="next">
                  Nächste Seite ›
                </a>
              ) : null}
            </nav>
          ) : null}
        </section>
      ) : null}
    </Page>
  );
}
