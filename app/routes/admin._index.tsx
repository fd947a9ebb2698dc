import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { Page } from "~/components/Page";
import { longDateLabel } from "~/domain/calendar";
import { formatChf } from "~/domain/money";
import { PAYMENT_LABELS, STATUS_LABELS } from "~/domain/staff-labels";
import { addDays, formatDateDE, formatTime, isIsoDate, venueNow } from "~/domain/time";
import { isManager, requireManager, requireSameOrigin, requireStaff } from "~/server/staff/auth.server";
import { dayOverview } from "~/server/staff/day-overview.server";
import { arrivalIntent, recordArrival } from "~/server/staff/booking-desk.server";
import { ARRIVAL_LABELS, arrivalAllowed } from "~/domain/desk";
import { getDb } from "~/server/platform/db.server";
import { issueVoucher } from "~/server/vouchers/voucher-admin.server";
import { voucherReport, type VoucherReport } from "~/server/vouchers/voucher-report.server";
import { pageMeta } from "~/domain/page-meta";

/** Staff pages (bookings, contact data): never kept by a browser or proxy cache. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: MetaFunction = () => pageMeta("Tagesübersicht", [{ name: "robots", content: "noindex" }]);

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const url = new URL(request.url);
  const requested = url.searchParams.get("date");
  const date = requested && isIsoDate(requested) ? requested : venueNow().date;
  const db = await getDb();
  // Vouchers are a manager's tool (issue #13, roles): staff members see the day only.
  const manager = isManager(staff);
  const lookup = manager ? (url.searchParams.get("voucher")?.trim().toUpperCase() ?? "") : "";
  const voucher = lookup ? await voucherReport(db, lookup) : null;
  return { staff: { email: staff.email, role: staff.role }, manager, date, today: venueNow().date, tables: await dayOverview(db, date), lookup, voucher };
}

type ActionData = { issued?: VoucherReport | Omit<VoucherReport, "ledger">; error?: string; arrival?: { ok: boolean; message: string; code: string } };

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  requireSameOrigin(request);
  const form = await request.formData();
  if (arrivalIntent(form.get("intent"))) {
    const code = String(form.get("code") ?? "").slice(0, 40);
    const done = await recordArrival(await getDb(), { code, intent: form.get("intent"), paid: form.get("paid") }, staff);
    return data<ActionData>({ arrival: { ok: done.ok, message: done.message, code } }, { status: done.ok ? 200 : done.status });
  }
  // Issuing vouchers: managers only (a crafted post from a staff account gets the 403 page).
  const manager = await requireManager(request);
  const result = await issueVoucher(await getDb(), { amount: form.get("amount"), validUntil: form.get("validUntil") }, manager);
  if (!result.ok) return data<ActionData>({ error: result.message }, { status: 400 });
  return data<ActionData>({ issued: result.voucher });
}

function VoucherCard({ v }: { v: Omit<VoucherReport, "ledger"> & { ledger?: VoucherReport["ledger"] } }) {
  return (
    <div className="result-card">
      <dl>
        <dt>Code</dt>
        <dd>
          <strong>{v.code}</strong>
        </dd>
        <dt>Wert</dt>
        <dd>CHF {v.initialValue.toFixed(2)}</dd>
        <dt>Restbetrag</dt>
        <dd>CHF {v.remainingValue.toFixed(2)}</dd>
        <dt>Gültig bis</dt>
        <dd>
          {formatDateDE(v.validUntil)}
          {v.blocked ? " (gesperrt)" : ""}
        </dd>
      </dl>
      {v.ledger && v.ledger.length > 0 ? (
        <table className="day-table">
          <caption className="visually-hidden">Buchungen auf dem Gutschein</caption>
          <thead>
            <tr>
              <th scope="col">Zeitpunkt</th>
              <th scope="col">Betrag</th>
              <th scope="col">Art</th>
            </tr>
          </thead>
          <tbody>
            {v.ledger.map((l, i) => (
              <tr key={i}>
                <td>{new Date(l.at).toLocaleString("de-CH", { timeZone: "Europe/Zurich" })}</td>
                <td>{l.amount >= 0 ? `− CHF ${l.amount.toFixed(2)}` : `+ CHF ${(-l.amount).toFixed(2)}`}</td>
                <td>{l.kind}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

/** The day at a glance for staff: table by table, printable, no JavaScript needed. */
export default function DayOverview() {
  const { staff, manager, date, today, tables, lookup, voucher } = useLoaderData<typeof loader>();
  const canMark = arrivalAllowed(date, today);
  const actionData = useActionData<ActionData>();
  const total = tables.reduce((n, t) => n + t.bookings.filter((b) => b.status !== "cancelled").length, 0);
  return (
    <Page title="Tagesübersicht" wide>
      <AdminBar email={staff.email} manager={manager} />
      <section className="card">
        <div className="admin-bar">
          <a className="button button-secondary button-small no-print" href={`/admin?date=${addDays(date, -1)}`}>
            ‹ Vorheriger Tag
          </a>
          <h2>{longDateLabel(date)}</h2>
          <a className="button button-secondary button-small no-print" href={`/admin?date=${addDays(date, 1)}`}>
            Nächster Tag ›
          </a>
        </div>
        <form method="get" className="no-print">
          <label htmlFor="date">Datum</label> <input id="date" type="date" name="date" defaultValue={date} style={{ width: "auto" }} />{" "}
          <button type="submit" className="button button-secondary button-small">
            Anzeigen
          </button>
        </form>
        {actionData?.arrival ? (
          <p className={`alert ${actionData.arrival.ok ? "alert-success" : "alert-error"}`} role={actionData.arrival.ok ? "status" : "alert"}>
            {actionData.arrival.ok ? actionData.arrival.message : `${actionData.arrival.code}: ${actionData.arrival.message}`}
          </p>
        ) : null}
        <p>
          {total === 0 ? "Keine aktiven Buchungen an diesem Tag." : `${total} aktive Buchung${total === 1 ? "" : "en"}.`}{" "}
          <a className="no-print" href={`/admin/zeitplan?date=${date}`}>
            Zeitplan des Tages
          </a>{" "}
          <span className="no-print">·</span>{" "}
          <a className="no-print" href={`/admin/vorbereitung?date=${date}`}>
            Vorbereitung (Partys, Allergien)
          </a>
        </p>
        {/* On a phone the day's first booking comes first: the empty tables and locations in one line (issue #29 §6). */}
        {tables.some((t) => t.bookings.length === 0) ? (
          <p className="muted">
            Frei (ohne Buchungen):{" "}
            {tables
              .filter((t) => t.bookings.length === 0)
              .map((t) => t.name)
              .join(", ")}
          </p>
        ) : null}
        {tables.filter((table) => table.bookings.length > 0).map((table) => (
          <table key={table.key} className="day-table" style={{ marginBottom: 16 }}>
            <caption>
              {table.name} ({table.capacityLabel})
            </caption>
            <thead>
              <tr>
                <th scope="col">Zeit</th>
                <th scope="col">Buchungscode</th>
                <th scope="col">Name</th>
                <th scope="col">Personen</th>
                <th scope="col">Paket</th>
                <th scope="col">Status</th>
                <th scope="col">Zahlung</th>
                <th scope="col" className="no-print">
                  Aktion
                </th>
              </tr>
            </thead>
            <tbody>
              {table.bookings.length === 0 ? (
                <tr>
                  <td colSpan={8} className="muted">
                    frei
                  </td>
                </tr>
              ) : (
                table.bookings.map((b) => (
                  <tr key={b.code} className={`status-${b.status}`}>
                    <td data-label="Zeit">
                      {formatTime(b.startMin)}–{formatTime(b.endMin)}
                    </td>
                    <td data-label="Buchungscode">{b.code}</td>
                    <td data-label="Name">
                      {b.name}
                      <br />
                      <span className="muted phone">{b.phone}</span>
                      {b.message ? (
                        <>
                          <br />
                          <em>{b.message}</em>
                        </>
                      ) : null}
                      {b.child ? (
                        <>
                          <br />
                          Geburtstagskind: {b.child}
                        </>
                      ) : null}
                      {b.allergies ? (
                        <>
                          <br />
                          <strong>Allergien/Hinweise:</strong> {b.allergies}
                        </>
                      ) : null}
                      {b.extras ? (
                        <>
                          <br />
                          Zusatzleistungen: {b.extras}
                        </>
                      ) : null}
                    </td>
                    <td data-label="Personen">{b.persons}</td>
                    <td data-label="Paket">{b.offerName}</td>
                    <td data-label="Status">
                      {STATUS_LABELS[b.status] ?? b.status}
                      {b.arrival ? (
                        <>
                          <br />
                          <strong>{ARRIVAL_LABELS[b.arrival]}</strong>
                        </>
                      ) : null}
                    </td>
                    <td data-label="Zahlung">
                      {PAYMENT_LABELS[b.paymentStatus] ?? b.paymentStatus}
                      {/* Amounts stay whole on a narrow phone column: `(CHF|120.00)` would be misread. */}
                      {b.amountRappen > 0 ? (
                        <>
                          {" "}
                          <span className="nobreak">({formatChf(b.amountRappen)})</span>
                        </>
                      ) : null}
                      {b.paidAtVenueRappen > 0 ? (
                        <>
                          <br />
                          vor Ort bezahlt <span className="nobreak">{formatChf(b.paidAtVenueRappen)}</span>
                        </>
                      ) : null}
                      {b.openRappen > 0 ? (
                        <>
                          <br />
                          <strong>
                            offen <span className="nobreak">{formatChf(b.openRappen)}</span>
                          </strong>
                        </>
                      ) : null}
                    </td>
                    <td className="no-print" data-label="Aktion">
                      <div className="row-actions">
                        <a className="button button-secondary button-small" href={`/admin/buchungen/${encodeURIComponent(b.code)}`}>
                          Details
                        </a>
                        {b.status === "cancelled" ? null : (
                          <a className="button button-secondary button-small" href={`/admin/storno?code=${encodeURIComponent(b.code)}`}>
                            Stornieren
                          </a>
                        )}
                      </div>
                      {b.status === "confirmed" ? (
                        <Form method="post" action={`/admin?index&date=${date}`} className="desk-form arrival-form">
                          <input type="hidden" name="code" value={b.code} />
                          <div className="field">
                            <label htmlFor={`paid-${b.code}`}>Vor Ort bezahlt (CHF)</label>
                            <input id={`paid-${b.code}`} name="paid" type="text" inputMode="decimal" autoComplete="off" defaultValue={(b.paidAtVenueRappen / 100).toFixed(2)} />
                          </div>
                          {canMark ? (
                            <>
                              <button type="submit" name="intent" value="arrived" className="button button-small">
                                Angekommen
                              </button>
                              <button type="submit" name="intent" value="no_show" className="button button-secondary button-small">
                                Nicht erschienen
                              </button>
                            </>
                          ) : null}
                          <button type="submit" name="intent" value="paid" className="button button-secondary button-small">
                            Betrag speichern
                          </button>
                        </Form>
                      ) : null}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        ))}
      </section>

      {manager ? (
        <div className="grid-2 no-print">
          <section className="card" aria-labelledby="issue-title">
            <h2 id="issue-title">Gutschein ausstellen</h2>
            <Form method="post">
              <div className="field">
                <label htmlFor="amount">Betrag (CHF)</label>
                <input id="amount" name="amount" type="number" min="0.05" max="10000" step="0.01" required />
              </div>
              <div className="field">
                <label htmlFor="validUntil">Gültig bis (optional, sonst 3 Jahre)</label>
                <input id="validUntil" name="validUntil" type="date" />
              </div>
              <button type="submit" className="button">
                Gutschein ausstellen
              </button>
            </Form>
            {actionData?.error ? (
              <p className="alert alert-error" role="alert">
                {actionData.error}
              </p>
            ) : null}
            {actionData?.issued ? (
              <div className="alert alert-success" role="status">
                <p>Gutschein ausgestellt:</p>
                <VoucherCard v={actionData.issued} />
              </div>
            ) : null}
          </section>
          <section className="card" aria-labelledby="lookup-title">
            <h2 id="lookup-title">Gutschein suchen</h2>
            <form method="get">
              <input type="hidden" name="date" value={date} />
              <div className="field">
                <label htmlFor="voucher">Gutscheincode</label>
                <input id="voucher" name="voucher" type="text" defaultValue={lookup} className="booking-code-input" autoComplete="off" />
              </div>
              <button type="submit" className="button button-secondary">
                Suchen
              </button>
            </form>
            {lookup ? voucher ? <VoucherCard v={voucher} /> : <p className="alert alert-error">Gutschein nicht gefunden.</p> : null}
          </section>
        </div>
      ) : null}
    </Page>
  );
}
