import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { Page } from "~/components/Page";
import { pageMeta } from "~/domain/page-meta";
import { markInvoicePaid, openInvoices } from "~/server/accounting/invoices.server";
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
    </Page>
  );
}
