import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { Page } from "~/components/Page";
import { answerFor, FormMessage, formValues, SettingsCheckbox, SettingsField, SettingsNav, SettingsSection, SettingsTextArea, type SettingsActionData } from "~/components/SettingsForm";
import { EXTRA_LIMITS, EXTRA_UNIT_LABELS, EXTRA_UNITS, parseExtra, type Extra } from "~/domain/extras";
import { pageMeta } from "~/domain/page-meta";
import { rappenField } from "~/domain/venue-settings";
import { getDb } from "~/server/platform/db.server";
import { requireManager, requireSameOrigin } from "~/server/staff/auth.server";
import { extrasOverview, offerIds, saveExtra } from "~/server/staff/venue-admin.server";

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
/** Forms submit without a page reload with JavaScript (and work without it). */
export const handle = { hydrate: true };
export const meta: MetaFunction = () => pageMeta("Zusatzleistungen", [{ name: "robots", content: "noindex" }]);

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireManager(request);
  const overview = await extrasOverview(await getDb());
  return { staff: { email: staff.email }, ...overview };
}

const idOf = (v: FormDataEntryValue | null) => (typeof v === "string" && /^\d{1,6}$/.test(v) ? Number(v) : null);

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireManager(request);
  requireSameOrigin(request);
  const form = await request.formData();
  const id = idOf(form.get("id"));
  const name = id === null ? "extra-new" : `extra-${id}`;
  const db = await getDb();
  const parsed = parseExtra(form, await offerIds(db));
  if (!parsed.ok) {
    // The offers ticked come back as one list (checkboxes share a name).
    const values = { ...formValues(form), offerIds: form.getAll("offerIds").join(",") };
    return data<SettingsActionData>({ form: name, ok: false, message: "Bitte prüfen Sie die markierten Felder.", errors: parsed.errors, values }, { status: 400 });
  }
  const result = await saveExtra(db, staff, id, parsed.value);
  return data<SettingsActionData>({ form: name, ok: result.ok, message: result.message }, { status: result.ok ? 200 : 409 });
}

type Row = Omit<Extra, "id"> & { id: number | null };

function ExtraForm({ row, offers, answer }: { row: Row; offers: { id: number; name: string }[]; answer?: SettingsActionData }) {
  const form = row.id === null ? "extra-new" : `extra-${row.id}`;
  const typed = answer && !answer.ok ? answer.values : undefined;
  const choices = typed ? (typed.choices ?? "") : row.choices.join("\n");
  const unit = typed?.unit ?? row.unit;
  const ticked = typed ? (typed.offerIds ?? "").split(",").map(Number) : row.offerIds;
  const appliesError = answer?.errors?.appliesTo;
  const unitError = answer?.errors?.unit;
  return (
    <Form method="post" noValidate key={JSON.stringify(row)}>
      <fieldset>
        <legend>{row.id === null ? "Neue Zusatzleistung" : `${row.name}${row.active ? "" : " (nicht angeboten)"}`}</legend>
        {row.id === null ? null : <input type="hidden" name="id" value={row.id} />}
        <SettingsField form={form} name="name" label="Name" answer={answer} value={row.name} maxLength={EXTRA_LIMITS.name} />
        <SettingsField form={form} name="description" label="Beschreibung (optional)" answer={answer} value={row.description} maxLength={EXTRA_LIMITS.description} />
        <div className="grid-2">
          <SettingsField form={form} name="price" label="Preis (CHF; 0 = im Paket inbegriffen)" inputMode="decimal" answer={answer} value={row.id === null ? "" : rappenField(row.priceRappen)} />
          <fieldset className="field" aria-describedby={unitError ? `${form}-unit-error` : undefined}>
            <legend>Gezählt</legend>
            {EXTRA_UNITS.map((u) => (
              <label key={u} className="check-row">
                <input type="radio" name="unit" value={u} defaultChecked={unit === u} /> {EXTRA_UNIT_LABELS[u]}
              </label>
            ))}
            {unitError ? (
              <p id={`${form}-unit-error`} className="field-error">
                {unitError}
              </p>
            ) : null}
          </fieldset>
          <SettingsField
            form={form}
            name="maxQuantity"
            label={`Höchstmenge (1–${EXTRA_LIMITS.maxQuantity})`}
            hint="Pro Kind: höchstens eines pro Kind und nie mehr als diese Zahl. Pro Party: immer eines."
            inputMode="numeric"
            answer={answer}
            value={String(row.maxQuantity)}
          />
          <SettingsField
            form={form}
            name="deadlineDays"
            label={`Bestellschluss (Tage vor der Party, 0–${EXTRA_LIMITS.deadlineDays})`}
            hint="Bestellbar bis Ende des Tages so viele Tage vor der Party; 0: bis die Party beginnt."
            inputMode="numeric"
            answer={answer}
            value={String(row.deadlineDays)}
          />
          <SettingsField form={form} name="position" label="Reihenfolge (0–999)" inputMode="numeric" answer={answer} value={String(row.position)} />
        </div>
        <SettingsTextArea
          id={`${form}-choices`}
          name="choices"
          label={`Auswahl (optional, eine pro Zeile, höchstens ${EXTRA_LIMITS.choices}; z. B. die Menüs)`}
          value={choices}
          error={answer?.errors?.choices}
          rows={Math.max(3, row.choices.length + 1)}
          maxLength={EXTRA_LIMITS.choices * (EXTRA_LIMITS.choice + 2)}
        />
        <fieldset className="field" aria-describedby={appliesError ? `${form}-applies-error` : undefined}>
          <legend>Gilt für</legend>
          {offers.map((o) => (
            <label key={o.id} className="check-row">
              <input type="checkbox" name="offerIds" value={o.id} defaultChecked={ticked.includes(o.id)} /> {o.name}
            </label>
          ))}
          <SettingsCheckbox form={form} name="gamePackage" label="Geburtstagspaket der Spiele" answer={answer} checked={row.gamePackage} />
          {appliesError ? (
            <p id={`${form}-applies-error`} className="field-error">
              {appliesError}
            </p>
          ) : null}
        </fieldset>
        <SettingsCheckbox form={form} name="active" label="Angeboten (Familien können es wählen)" answer={answer} checked={row.active} />
        <FormMessage answer={answer} />
        <button type="submit" className="button button-small">
          {row.id === null ? "Zusatzleistung anlegen" : "Speichern"}
        </button>
      </fieldset>
    </Form>
  );
}

/**
 * Extras (issue #30 §2): a cake, goodie bags, the package's meal chosen per child. A new price or
 * name applies to new choices only; an extra is switched off, never deleted (bookings name it).
 */
export default function ExtrasSettingsPage() {
  const { staff, extras, offers } = useLoaderData<typeof loader>();
  const actionData = useActionData<SettingsActionData>();
  return (
    <Page title="Zusatzleistungen" wide>
      <AdminBar email={staff.email} manager />
      <SettingsNav current="/admin/einstellungen/zusatzleistungen" />
      <SettingsSection title="Zusatzleistungen" id="extras-title">
        <p className="muted">
          Familien wählen sie beim Buchen und später über den Link in ihrer Bestätigung bis zum Bestellschluss. Preisänderungen gelten für neue Bestellungen; bestehende Buchungen
          behalten ihren Preis.
        </p>
        {extras.length === 0 ? <p>Noch keine Zusatzleistungen.</p> : null}
        {extras.map((e) => (
          <ExtraForm key={e.id} row={e} offers={offers} answer={answerFor(actionData, `extra-${e.id}`)} />
        ))}
      </SettingsSection>
      <SettingsSection title="Zusatzleistung hinzufügen" id="new-extra-title">
        <ExtraForm
          key={`new-${extras.length}`}
          row={{ id: null, name: "", description: "", priceRappen: 0, unit: "piece", choices: [], maxQuantity: 10, offerIds: offers.map((o) => o.id), gamePackage: false, deadlineDays: 0, active: true, position: extras.length + 1 }}
          offers={offers}
          answer={answerFor(actionData, "extra-new")}
        />
      </SettingsSection>
    </Page>
  );
}
