import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { Page } from "~/components/Page";
import { pageMeta } from "~/domain/page-meta";
import type { BankImportRow } from "~/server/accounting/invoices.server";
import { importBankFile, markInvoicePaid, openInvoices, readBankFile } from "~/server/accounting/invoices.server";
import { getDb } from "~/server/platform/db.server";
import { isManager, requireSameOrigin, requireStaff } from "~/server/staff/auth.server";

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
export const meta: MetaFunction = () => pageMeta("Offene Rechnungen", [{ name: "robots", content: "noindex" }]);

/** Open invoices (issue #31 §2): due dates, overdue ones first and marked, the payment booked here. */
export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const done = new URL(request.url).searchParams.get("bezahlt");
  return { staff: { email: staff.email, manager: isManager(staff) }, invoices: await openInvoices(await getDb()), done: done && /^R-\d{4}-\d{6,}$/.test(done) ? done : null };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  requireSameOrigin(request);
  // The bank file (camt.054): read in memory within its limit, matched and booked in one call.
  if ((request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    const file = await readBankFile(request);
    if (!file.ok) return data({ importError: file.message }, { status: 400 });
    const imported = await importBankFile(await getDb(), staff, file.text);
    if (!imported.ok) return data({ importError: imported.message }, { status: 400 });
    return data({ imported });
  }
  const form = await request.formData();
  const number = String(form.get("number") ?? "").slice(0, 40);
  const result = await markInvoicePaid(await getDb(), staff, number);
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  return redirect(`/admin/rechnungen?bezahlt=${encodeURIComponent(number)}`);
}

export default function OpenInvoices() {
  const { staff, invoices, done } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const overdue = invoices.filter((i) => i.overdue).length;
  return (
    <Page title="Offene Rechnungen" wide>
      <AdminBar email={staff.email} manager={staff.manager} />
      {done ? (
        <p className="alert alert-success" role="status">
          Rechnung {done} als bezahlt verbucht; die Quittung folgt.
        </p>
      ) : null}
      {actionData && "imported" in actionData ? <BankImportReport result={actionData.imported} /> : null}
      {actionData && "error" in actionData ? (
        <p className="alert alert-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <section className="card" aria-labelledby="open-title">
        <h2 id="open-title">
          {invoices.length} offen{overdue > 0 ? `, davon ${overdue} überfällig` : ""}
        </h2>
        <p className="muted">Rechnungen erstellen Sie bei der Buchung («Rechnungen»). Verbuchen Sie eine Zahlung, sobald sie auf dem Konto eingegangen ist.</p>
        {invoices.length === 0 ? (
          <p>Keine offenen Rechnungen.</p>
        ) : (
          <table className="day-table">
            <caption className="visually-hidden">Offene Rechnungen</caption>
            <thead>
              <tr>
                <th scope="col">Rechnung</th>
                <th scope="col">Buchung</th>
                <th scope="col">Name</th>
                <th scope="col">Betrag</th>
                <th scope="col">Zahlbar bis</th>
                <th scope="col">Zahlung</th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((inv) => (
                <tr key={inv.number} className={inv.overdue ? "overdue" : undefined}>
                  <td data-label="Rechnung">
                    <a href={`/admin/buchungen/${encodeURIComponent(inv.code)}/rechnung/${inv.number}`} download>
                      {inv.number}
                    </a>
                  </td>
                  <td data-label="Buchung">
                    <a href={`/admin/buchungen/${encodeURIComponent(inv.code)}#rechnungen`}>{inv.code}</a>
                  </td>
                  <td data-label="Name">{inv.name}</td>
                  <td data-label="Betrag">{inv.amount}</td>
                  <td data-label="Zahlbar bis">
                    {inv.due}
                    {inv.overdue ? <strong className="overdue-mark"> überfällig</strong> : null}
                  </td>
                  <td data-label="Zahlung">
                    <Form method="post">
                      <input type="hidden" name="number" value={inv.number} />
                      <button type="submit" className="button button-small">
                        Als bezahlt verbuchen<span className="visually-hidden"> ({inv.number})</span>
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="card" aria-labelledby="bank-title">
        <h2 id="bank-title">Bankdatei einlesen</h2>
        <p className="muted">
          Laden Sie die Gutschriftsanzeige Ihrer Bank im Format camt.054 (XML, aus dem E-Banking) hoch: Zahlungen mit der Referenz einer offenen Rechnung
          und genau ihrem Betrag werden als bezahlt verbucht; alles andere wird nur aufgelistet. Dieselbe Datei zweimal verbucht nichts doppelt.
        </p>
        {actionData && "importError" in actionData ? (
          <p className="alert alert-error" role="alert" id="bank-file-error">
            {actionData.importError}
          </p>
        ) : null}
        <Form method="post" encType="multipart/form-data">
          <div className="field">
            <label htmlFor="bank-file">Bankdatei (camt.054, XML)</label>
            <input
              id="bank-file"
              name="file"
              type="file"
              accept=".xml,application/xml,text/xml"
              required
              aria-describedby={actionData && "importError" in actionData ? "bank-file-error" : undefined}
            />
          </div>
          <button type="submit" className="button button-secondary">
            Einlesen und verbuchen
          </button>
        </Form>
      </section>
    </Page>
  );
}

const OUTCOME: Record<BankImportRow["outcome"], string> = {
  booked: "verbucht",
  already: "bereits bezahlt",
  amount: "Betrag weicht ab",
  unknown: "unbekannte Referenz",
  closed: "Rechnung storniert",
};

function BankImportReport({ result }: { result: { rows: BankImportRow[]; booked: number; skipped: number } }) {
  return (
    <section className="card" aria-labelledby="import-title">
      <h2 id="import-title">Bankdatei eingelesen</h2>
      <p role="status" className="alert alert-success">
        {result.booked === 1 ? "1 Zahlung verbucht" : `${result.booked} Zahlungen verbucht`}, {result.rows.length - result.booked} zu prüfen
        {result.skipped > 0 ? `, ${result.skipped} Buchungen ohne Rechnungsreferenz übersprungen` : ""}.
      </p>
      {result.rows.length > 0 ? (
        <div className="table-scroll">
          <table className="day-table">
            <caption className="visually-hidden">Zahlungen aus der Bankdatei</caption>
            <thead>
              <tr>
                <th scope="col">Gebucht</th>
                <th scope="col">Betrag</th>
                <th scope="col">Von</th>
                <th scope="col">Rechnung</th>
                <th scope="col">Ergebnis</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((row, i) => (
                <tr key={`${row.reference}-${i}`}>
                  <td>{row.date}</td>
                  <td className="nobreak">{row.amount}</td>
                  <td>{row.debtor}</td>
                  <td>
                    {row.number && row.code ? <a href={`/admin/buchungen/${encodeURIComponent(row.code)}#rechnungen`}>{row.number}</a> : <span className="reference">{row.reference}</span>}
                  </td>
                  <td>
                    <strong>{OUTCOME[row.outcome]}</strong>
                    {row.outcome !== "booked" ? <span className="muted"> – {row.message}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
