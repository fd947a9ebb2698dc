import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, useLoaderData } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { Page } from "~/components/Page";
import { DAY_LIST_MAX_DAYS, EXPORT_MAX_DAYS, parseRange } from "~/domain/export";
import { pageMeta } from "~/domain/page-meta";
import { addDays, venueNow } from "~/domain/time";
import { isManager, requireStaff } from "~/server/staff/auth.server";

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
export const meta: MetaFunction = () => pageMeta("Export und Tagesliste", [{ name: "robots", content: "noindex" }]);

/** Two GET forms: the CSV download and the printable day list. A refused CSV range comes back here with its message. */
export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const params = new URL(request.url).searchParams;
  const today = venueNow().date;
  const format = params.get("format") === "csv" ? "csv" : null;
  const checked = format ? parseRange(params, EXPORT_MAX_DAYS) : null;
  const errors = checked && !checked.ok ? checked.errors : {};
  const csv = checked ? (checked.ok ? { from: checked.from, to: checked.to } : checked.form) : { from: today, to: addDays(today, 30) };
  return data({ staff: { email: staff.email, manager: isManager(staff) }, today, csv, errors }, { status: checked && !checked.ok ? 400 : 200 });
}

export default function Export() {
  const { staff, today, csv, errors } = useLoaderData<typeof loader>();
  const e = errors as { from?: string; to?: string };
  return (
    <Page title="Export und Tagesliste">
      <AdminBar email={staff.email} manager={staff.manager} />
      {staff.manager ? (
        <form method="get" action="/admin/export.csv" className="card" aria-labelledby="csv-title">
          <h2 id="csv-title">Buchungen als CSV (Excel)</h2>
          <p className="muted">Höchstens {EXPORT_MAX_DAYS} Tage. Enthält Kontaktdaten: nur für den internen Gebrauch.</p>
          <div className="search-grid">
            <div className="field">
              <label htmlFor="csv-from">Datum von</label>
              <input id="csv-from" name="from" type="date" required defaultValue={csv.from} aria-invalid={e.from ? true : undefined} aria-describedby={e.from ? "csv-from-error" : undefined} />
              {e.from ? (
                <p className="field-error" id="csv-from-error">
                  {e.from}
                </p>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor="csv-to">Datum bis</label>
              <input id="csv-to" name="to" type="date" required defaultValue={csv.to} aria-invalid={e.to ? true : undefined} aria-describedby={e.to ? "csv-to-error" : undefined} />
              {e.to ? (
                <p className="field-error" id="csv-to-error">
                  {e.to}
                </p>
              ) : null}
            </div>
          </div>
          {e.from || e.to ? (
            <p className="alert alert-error" role="alert">
              Der Export wurde nicht erstellt: bitte die markierten Angaben korrigieren.
            </p>
          ) : null}
          <button type="submit" className="button">
            CSV herunterladen
          </button>
        </form>
      ) : (
        <p className="muted">Der CSV-Export (alle Kontaktdaten eines Zeitraums) ist der Geschäftsleitung vorbehalten.</p>
      )}
      <form method="get" action="/admin/tagesliste" className="card" aria-labelledby="list-title">
        <h2 id="list-title">Tagesliste zum Drucken</h2>
        <p className="muted">Eine Seite pro Tag, höchstens {DAY_LIST_MAX_DAYS} Tage.</p>
        <div className="search-grid">
          <div className="field">
            <label htmlFor="list-from">Datum von</label>
            <input id="list-from" name="from" type="date" required defaultValue={today} />
          </div>
          <div className="field">
            <label htmlFor="list-to">Datum bis</label>
            <input id="list-to" name="to" type="date" required defaultValue={today} />
          </div>
        </div>
        <button type="submit" className="button button-secondary">
          Tagesliste anzeigen
        </button>
      </form>
    </Page>
  );
}
