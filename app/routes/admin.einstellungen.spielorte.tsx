import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { Page } from "~/components/Page";
import { NORMAL_MAX_ROUNDS, PACKAGE_INCLUDED_ROUNDS, PACKAGE_MAX_EXTRA_ROUNDS, ROUNDS_SETTING_MAX } from "~/domain/games";
import { answerFor, FormMessage, formValues, SettingsCheckbox, SettingsField, SettingsNav, SettingsSection, type SettingsActionData } from "~/components/SettingsForm";
import { pageMeta } from "~/domain/page-meta";
import { GAME_LOCATION_TYPES, parseLocation, rappenField } from "~/domain/venue-settings";
import { getDb } from "~/server/platform/db.server";
import { requireManager, requireSameOrigin } from "~/server/staff/auth.server";
import { saveLocation, settingsOverview } from "~/server/staff/venue-admin.server";

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
/** Forms submit without a page reload with JavaScript (and work without it). */
export const handle = { hydrate: true };
export const meta: MetaFunction = () => pageMeta("Spielorte", [{ name: "robots", content: "noindex" }]);

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireManager(request);
  const { locations } = await settingsOverview(await getDb());
  return { staff: { email: staff.email }, locations };
}

const idOf = (v: FormDataEntryValue | null) => (typeof v === "string" && /^\d{1,6}$/.test(v) ? Number(v) : null);

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireManager(request);
  requireSameOrigin(request);
  const form = await request.formData();
  const id = idOf(form.get("id"));
  const name = id === null ? "location-new" : `location-${id}`;
  const parsed = parseLocation(form);
  if (!parsed.ok) {
    return data<SettingsActionData>({ form: name, ok: false, message: "Bitte prüfen Sie die markierten Felder.", errors: parsed.errors, values: formValues(form) }, { status: 400 });
  }
  const result = await saveLocation(await getDb(), staff, id, parsed.value);
  return data<SettingsActionData>({ form: name, ok: result.ok, message: result.message }, { status: result.ok ? 200 : 409 });
}

type Row = {
  id: number | null;
  name: string;
  reservationType: string;
  capacity: number;
  pricePerPlayerRoundRappen: number;
  packagePriceRappen: number;
  extraRoundPriceRappen: number;
  maxRounds: number;
  packageRounds: number;
  packageExtraRounds: number;
  description: string;
  active: number;
};

function LocationForm({ row, answer }: { row: Row; answer?: SettingsActionData }) {
  const form = row.id === null ? "location-new" : `location-${row.id}`;
  const typeError = answer?.errors?.reservationType;
  const type = answer && !answer.ok && answer.values ? answer.values.reservationType : row.reservationType;
  const price = (r: number) => (row.id === null ? "" : rappenField(r));
  return (
    <Form method="post" noValidate key={JSON.stringify(row)}>
      <fieldset>
        <legend>{row.id === null ? "Neuer Spielort" : `${row.name}${row.active ? "" : " (deaktiviert)"}`}</legend>
        {row.id === null ? null : <input type="hidden" name="id" value={row.id} />}
        <SettingsField form={form} name="name" label="Name" answer={answer} value={row.name} maxLength={80} />
        <div className="grid-2">
          <div className="field">
            <label htmlFor={`${form}-reservationType`}>Art</label>
            <select
              id={`${form}-reservationType`}
              name="reservationType"
              defaultValue={type}
              aria-invalid={typeError ? true : undefined}
              aria-describedby={typeError ? `${form}-reservationType-error` : undefined}
            >
              {row.id === null ? <option value="">Bitte wählen</option> : null}
              {GAME_LOCATION_TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
            {typeError ? (
              <p id={`${form}-reservationType-error`} className="field-error">
                {typeError}
              </p>
            ) : null}
          </div>
          <SettingsField form={form} name="capacity" label="Kapazität (Spieler, 1–50)" inputMode="numeric" answer={answer} value={row.id === null ? "" : String(row.capacity)} />
          <SettingsField form={form} name="pricePerPlayerRound" label="Preis pro Spieler und Runde (CHF)" inputMode="decimal" answer={answer} value={price(row.pricePerPlayerRoundRappen)} />
          <SettingsField form={form} name="packagePrice" label="Paketpreis (CHF)" inputMode="decimal" answer={answer} value={price(row.packagePriceRappen)} />
          <SettingsField form={form} name="extraRoundPrice" label="Preis Zusatzrunde (CHF)" inputMode="decimal" answer={answer} value={price(row.extraRoundPriceRappen)} />
          <SettingsField form={form} name="maxRounds" label={`Normales Spiel: Runden höchstens (1–${ROUNDS_SETTING_MAX})`} inputMode="numeric" answer={answer} value={String(row.maxRounds)} />
          <SettingsField form={form} name="packageRounds" label={`Paket: Runden inklusive (1–${ROUNDS_SETTING_MAX})`} inputMode="numeric" answer={answer} value={String(row.packageRounds)} />
          <SettingsField
            form={form}
            name="packageExtraRounds"
            label={`Paket: Zusatzrunden höchstens (0–${ROUNDS_SETTING_MAX})`}
            hint="Runden à 20 Minuten. Bestehende Buchungen behalten ihre Runden und ihren Preis."
            inputMode="numeric"
            answer={answer}
            value={String(row.packageExtraRounds)}
          />
        </div>
        <SettingsField form={form} name="description" label="Beschreibung (optional)" answer={answer} value={row.description} maxLength={300} />
        <SettingsCheckbox form={form} name="active" label="Aktiv (für neue Buchungen)" answer={answer} checked={row.active === 1} />
        <FormMessage answer={answer} />
        <button type="submit" className="button button-small">
          {row.id === null ? "Spielort anlegen" : "Speichern"}
        </button>
      </fieldset>
    </Form>
  );
}

/** Game locations: name, type, capacity, prices, active. */
export default function LocationsPage() {
  const { staff, locations } = useLoaderData<typeof loader>();
  const actionData = useActionData<SettingsActionData>();
  return (
    <Page title="Spielorte" wide>
      <AdminBar email={staff.email} manager />
      <SettingsNav current="/admin/einstellungen/spielorte" />
      <SettingsSection title="Spielorte" id="locations-title">
        <p className="muted">Preisänderungen gelten für neue Buchungen; bestehende Buchungen behalten ihren Preis.</p>
        {locations.map((l) => (
          <LocationForm key={l.id} row={l} answer={answerFor(actionData, `location-${l.id}`)} />
        ))}
      </SettingsSection>
      <SettingsSection title="Spielort hinzufügen" id="new-location-title">
        <LocationForm
          key={`new-${locations.length}`}
          row={{ id: null, name: "", reservationType: "", capacity: 0, pricePerPlayerRoundRappen: 0, packagePriceRappen: 0, extraRoundPriceRappen: 0, maxRounds: NORMAL_MAX_ROUNDS, packageRounds: PACKAGE_INCLUDED_ROUNDS, packageExtraRounds: PACKAGE_MAX_EXTRA_ROUNDS, description: "", active: 1 }}
          answer={answerFor(actionData, "location-new")}
        />
      </SettingsSection>
    </Page>
  );
}
