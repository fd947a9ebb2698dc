import type {
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { data, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { AdminBar } from "~/components/AdminBar";
import { Page } from "~/components/Page";
import { BarList, ColumnChart, HeatMap } from "~/components/ReportCharts";
import { pageMeta } from "~/domain/page-meta";
import {
  cellText,
  REPORT_GROUPS,
  parseReportQuery,
  type ReportGroup,
} from "~/domain/reports";
import { formatDateDE } from "~/domain/time";
import { getDb } from "~/server/platform/db.server";
import { requireManager } from "~/server/staff/auth.server";
import { reportsOf } from "~/server/staff/reports.server";

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
export const meta: MetaFunction = () =>
  pageMeta("Berichte", [{ name: "robots", content: "noindex" }]);

/** Reports for the manager (issue #31 §5): the period in the URL, every chart beside its table, each as CSV. */
export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireManager(request);
  const parsed = parseReportQuery(new URL(request.url).searchParams);
  if (!parsed.ok)
    return data(
      {
        staff: { email: staff.email },
        form: parsed.form,
        errors: parsed.errors,
        reports: null,
        query: "",
      },
      { status: 400 }
    );
  const { query } = parsed;
  const search = new URLSearchParams({
    from: query.from,
    to: query.to,
    gruppe: query.group,
  }).toString();
  return data({
    staff: { email: staff.email },
    form: query,
    errors: {},
    reports: await reportsOf(await getDb(), query),
    query: search,
  });
}

export default function ReportsPage() {
  const { staff, form, errors, reports, query } =
    useLoaderData<typeof loader>();
  const e = errors as { from?: string; to?: string };
  return (
    <Page title="Berichte" wide>
      <AdminBar email={staff.email} manager />
      <section className="card no-print" aria-labelledby="period-title">
        <h2 id="period-title">Zeitraum</h2>
        <form method="get" className="report-form">
          <div className="grid-3">
            <div className="field">
              <label htmlFor="report-from">Von</label>
              <input
                id="report-from"
                name="from"
                type="date"
                required
                defaultValue={form.from}
                aria-invalid={e.from ? true : undefined}
                aria-describedby={e.from ? "report-from-error" : undefined}
              />
              {e.from ? (
                <p id="report-from-error" className="field-error">
                  {e.from}
                </p>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor="report-to">Bis</label>
              <input
                id="report-to"
                name="to"
                type="date"
                required
                defaultValue={form.to}
                aria-invalid={e.to ? true : undefined}
                aria-describedby={e.to ? "report-to-error" : undefined}
              />
              {e.to ? (
                <p id="report-to-error" className="field-error">
                  {e.to}
                </p>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor="report-group">Gruppiert nach</label>
              <select id="report-group" name="gruppe" defaultValue={form.group}>
                {(Object.entries(REPORT_GROUPS) as [ReportGroup, string][]).map(
                  ([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  )
                )}
              </select>
            </div>
          </div>
          <button type="submit" className="button">
            Anzeigen
          </button>
        </form>
        {reports ? (
          <nav aria-label="Berichte" className="settings-nav">
            {reports.map((r) => (
              <a key={r.table.id} href={`#${r.table.id}`}>
                {r.table.title}
              </a>
            ))}
          </nav>
        ) : null}
      </section>
      {reports ? (
        <p className="muted">
          {formatDateDE(form.from)} bis {formatDateDE(form.to)}
        </p>
      ) : null}
      {reports?.map(({ table, chart, heat }) => (
        <section
          className="card report"
          id={table.id}
          key={table.id}
          aria-labelledby={`${table.id}-title`}
        >
          <h2 id={`${table.id}-title`}>{table.title}</h2>
          {table.note ? <p className="muted">{table.note}</p> : null}
          {chart ? (
            <figure className="report-figure">
              {table.id === "umsatz" ? (
                <ColumnChart id={table.id} title={table.title} series={chart} />
              ) : (
                <BarList id={table.id} title={table.title} series={chart} />
              )}
            </figure>
          ) : null}
          {heat ? (
            <figure className="report-figure">
              <HeatMap id={table.id} title={table.title} grid={heat} />
            </figure>
          ) : null}
          {/* The weekday × hour grid stays a grid on a phone (scrolling sideways in its box); other tables become cards. */}
          <div
            className={table.id === "auslastung" ? "table-scroll" : undefined}
            tabIndex={table.id === "auslastung" ? 0 : undefined}
            aria-label={
              table.id === "auslastung" ? `${table.title} (Tabelle)` : undefined
            }
            role={table.id === "auslastung" ? "region" : undefined}
          >
            <table
              className={
                table.id === "auslastung"
                  ? "report-grid"
                  : "day-table report-table"
              }
            >
              <caption className="visually-hidden">{table.title}</caption>
              <thead>
                <tr>
                  {table.header.map((h) => (
                    <th scope="col" key={h}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, i) => (
                  <tr key={i}>
                    {row.map((cell, j) => (
                      <Fragment key={j}>
                        {j === 0 ? (
                          <th scope="row" data-label={table.header[0]}>
                            {cellText(cell)}
                          </th>
                        ) : (
                          <td
                            data-label={table.header[j]}
                            className={
                              typeof cell === "string" ? undefined : "amount"
                            }
                          >
                            {cellText(cell)}
                          </td>
                        )}
                      </Fragment>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="no-print">
            <a
              href={`/admin/berichte.csv?bericht=${table.id}&${query}`}
              download
            >
              {table.title} als CSV
            </a>
          </p>
        </section>
      ))}
    </Page>
  );
}
