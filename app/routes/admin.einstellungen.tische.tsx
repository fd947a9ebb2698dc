import { formatDateDE } from "~/domain/time";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { Page } from "~/components/Page";
import { answerFor, FormMessage, formValues, SettingsCheckbox, SettingsField, SettingsNav, SettingsSection, type SettingsActionData } from "~/components/SettingsForm";
import { pageMeta } from "~/domain/page-meta";
import { parseTable } from "~/domain/venue-settings";
import { getDb } from "~/server/platform/db.server";
import { requireManager, requireSameOrigin } from "~/server/staff/auth.server";
import { deleteTable, saveTable, settingsOverview } from "~/server/staff/venue-admin.server";

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
/** Forms submit without a page reload with JavaScript (and work without it). */
export const handle = { hydrate: true };
export const meta: MetaFunction = () => pageMeta("Geburtstagstische", [{ name: "robots", content: "noindex" }]);

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireManager(request);
  const { tables } = await settingsOverview(await getDb());
  return { staff: { email: staff.email }, tables };
}

const idOf = (v: FormDataEntryValue | null) => (typeof v === "string" && /^\d{1,6}$/.test(v) ? Number(v) : null);

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireManager(request);
  requireSameOrigin(request);
  const form = await request.formData();
  const id = idOf(form.get("id"));
  const name = id === null ? "table-new" : `table-${id}`;
  const db = await getDb();
  const intent = form.get("intent");
  if ((intent === "delete" || intent === "delete-confirmed") && id !== null) {
    // The first «Löschen» only asks; «Ja, löschen» deletes (issue #29 §6).
    const result = await deleteTable(db, staff, id, new Date(), intent === "delete-confirmed");
    const confirm = !result.ok && result.confirm === true;
    return data<SettingsActionData>({ form: name, ok: result.ok, message: result.message, confirm }, { status: result.ok || confirm ? 200 : 409 });
  }
  const parsed = parseTable(form);
  if (!parsed.ok) {
    return data<SettingsActionData>({ form: name, ok: false, message: "Bitte prüfen Sie die markierten Felder.", errors: parsed.errors, values: formValues(form) }, { status: 400 });
  }
  const result = await saveTable(db, staff, id, parsed.value);
  return data<SettingsActionData>({ form: name, ok: result.ok, message: result.message, values: result.ok ? undefined : formValues(form) }, { status: result.ok ? 200 : 409 });
}

type Row = { id: number | null; name: string; seats: number; active: number; noNewFrom: string | null };

function TableForm({ row, answer }: { row: Row; answer?: SettingsActionData }) {
  const form = row.id === null ? "table-new" : `table-${row.id}`;
  return (
    <Form method="post" noValidate key={JSON.stringify(row)}>
      <fieldset>
        <legend>
          {row.id === null
            ? "Neuer Tisch"
            : `${row.name}${row.active ? "" : " (deaktiviert)"}${row.active && row.noNewFrom ? ` (keine neuen Buchungen ab ${formatDateDE(row.noNewFrom)})` : ""}`}
        </legend>
        {row.id === null ? null : <input type="hidden" name="id" value={row.id} />}
        <div className="grid-2">
          <SettingsField form={form} name="name" label="Name" answer={answer} value={row.name} maxLength={80} />
          <SettingsField form={form} name="seats" label="Plätze (1–50)" inputMode="numeric" answer={answer} value={row.id === null ? "" : String(row.seats)} />
        </div>
        <SettingsCheckbox form={form} name="active" label="Aktiv (für neue Buchungen)" answer={answer} checked={row.active === 1} />
        <SettingsField
          form={form}
          name="noNewFrom"
          type="date"
          label="Keine neuen Buchungen ab (optional)"
          hint="Ab diesem Datum wird der Tisch nicht mehr gebucht; bestehende Buchungen bleiben. Leer: ohne Ende buchbar."
          answer={answer}
          value={row.noNewFrom ?? ""}
        />
        {answer?.confirm ? (
          <div className="alert alert-warning" role="alert">
            <p>{answer.message}</p>
            <div className="actions">
              <button type="submit" name="intent" value="delete-confirmed" className="button button-small">
                Ja, löschen
              </button>
              <a href="/admin/einstellungen/tische" className="button button-secondary button-small">
                Nein, behalten
              </a>
            </div>
          </div>
        ) : (
          <FormMessage answer={answer} />
        )}
        <div className="actions">
          <button type="submit" name="intent" value="save" className="button button-small">
            {row.id === null ? "Tisch anlegen" : "Speichern"}
          </button>
          {row.id === null ? null : (
            <button type="submit" name="intent" value="delete" className="button button-secondary button-small">
              Löschen
            </button>
          )}
        </div>
      </fieldset>
    </Form>
  );
}

/**
 * Birthday tables: name, seats, active, and «keine neuen Buchungen ab» (its bookings stay). A table
 * with future bookings is neither deleted nor deactivated before they are moved.
 */
export default function TablesPage() {
  const { staff, tables } = useLoaderData<typeof loader>();
  const actionData = useActionData<SettingsActionData>();
  return (
    <Page title="Geburtstagstische" wide>
      <AdminBar email={staff.email} manager />
      <SettingsNav current="/admin/einstellungen/tische" />
      <SettingsSection title="Geburtstagstische" id="tables-title">
        <p className="muted">Neue Buchungen erhalten den kleinsten freien Tisch mit genug Plätzen. Ein Tisch mit Buchungen kann nicht gelöscht werden.</p>
        {/* A deleted table's form is gone with it: its answer («… gelöscht.») is shown here. */}
        <FormMessage answer={actionData && actionData.form !== "table-new" && !tables.some((t) => `table-${t.id}` === actionData.form) ? actionData : undefined} />
        <div className="settings-grid">
          {tables.map((t) => (
            <TableForm key={t.id} row={t} answer={answerFor(actionData, `table-${t.id}`)} />
          ))}
        </div>
      </SettingsSection>
      <SettingsSection title="Tisch hinzufügen" id="new-table-title">
        <TableForm key={`new-${tables.length}`} row={{ id: null, name: "", seats: 10, active: 1, noNewFrom: null }} answer={answerFor(actionData, "table-new")} />
      </SettingsSection>
    </Page>
  );
}
