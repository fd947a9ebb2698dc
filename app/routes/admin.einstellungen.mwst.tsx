import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { Page } from "~/components/Page";
import {
  answerFor,
  FormMessage,
  formValues,
  SettingsField,
  SettingsNav,
  SettingsSection,
  type SettingsActionData,
} from "~/components/SettingsForm";
import { pageMeta } from "~/domain/page-meta";
import { getDb } from "~/server/platform/db.server";
import { requireManager, requireSameOrigin } from "~/server/staff/auth.server";
import {
  addVatRate,
  deleteVatRate,
  saveVatMode,
  vatOverview,
} from "~/server/staff/vat-admin.server";
import { readVenueProfile } from "~/server/booking/venue.server";

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
export const handle = { hydrate: true };
export const meta: MetaFunction = () =>
  pageMeta("MWST", [{ name: "robots", content: "noindex" }]);

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireManager(request);
  const db = await getDb();
  return {
    staff: { email: staff.email },
    vat: await vatOverview(db),
    uid: (await readVenueProfile(db)).uidNumber,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireManager(request);
  requireSameOrigin(request);
  const form = await request.formData();
  const db = await getDb();
  const intent = form.get("intent");
  if (intent === "mode") {
    const saved = await saveVatMode(db, staff, form.get("mode"));
    return data<SettingsActionData>(
      { form: "mode", ok: saved.ok, message: saved.message },
      { status: saved.ok ? 200 : 400 }
    );
  }
  if (intent === "delete") {
    const deleted = await deleteVatRate(db, staff, form.get("validFrom"));
    return data<SettingsActionData>(
      { form: "rates", ok: deleted.ok, message: deleted.message },
      { status: deleted.ok ? 200 : 409 }
    );
  }
  const added = await addVatRate(db, staff, {
    validFrom: form.get("validFrom"),
    rate: form.get("rate"),
  });
  return data<SettingsActionData>(
    {
      form: "rate",
      ok: added.ok,
      message: added.message,
      ...(added.ok ? {} : { errors: added.errors, values: formValues(form) }),
    },
    { status: added.ok ? 200 : 400 }
  );
}

/** Whether prices include MWST, and the rates by the day they apply from (issue #31 §1). */
export default function VatSettingsPage() {
  const { staff, vat, uid } = useLoaderData<typeof loader>();
  const actionData = useActionData<SettingsActionData>();
  const modeAnswer = answerFor(actionData, "mode");
  const rateAnswer = answerFor(actionData, "rate");
  const ratesAnswer = answerFor(actionData, "rates");
  return (
    <Page title="MWST" wide>
      <AdminBar email={staff.email} manager />
      <SettingsNav current="/admin/einstellungen/mwst" />
      <SettingsSection title="Quittungen und MWST" id="mode-title">
        <p className="muted">
          Jede Zahlung erhält eine Quittung, jede Rückerstattung eine Gutschrift
          (PDF auf der Buchungsseite der Familie und hier bei der Buchung).
          Preise für Familien enthalten die MWST immer
          (Preisbekanntgabeverordnung); die Quittung weist sie zum Satz des
          Festtags aus.
        </p>
        {vat.mode === "included" && !uid ? (
          <p className="alert alert-warning">
            Im Betriebsprofil fehlt die UID/MWST-Nummer: Ohne sie sind die
            Quittungen kein gültiger MWST-Beleg.{" "}
            <a href="/admin/einstellungen/betrieb">Betrieb bearbeiten</a>
          </p>
        ) : null}
        <FormMessage answer={modeAnswer} />
        <Form method="post" noValidate key={vat.mode}>
          <input type="hidden" name="intent" value="mode" />
          <fieldset>
            <legend>MWST-Pflicht</legend>
            <p className="field-check">
              <input
                type="radio"
                id="mode-included"
                name="mode"
                value="included"
                defaultChecked={vat.mode === "included"}
              />
              <label htmlFor="mode-included">
                MWST-pflichtig: Die Preise enthalten die MWST
              </label>
            </p>
            <p className="field-check">
              <input
                type="radio"
                id="mode-none"
                name="mode"
                value="none"
                defaultChecked={vat.mode === "none"}
              />
              <label htmlFor="mode-none">
                Nicht MWST-pflichtig: Quittungen weisen keine MWST aus
              </label>
            </p>
          </fieldset>
          <button type="submit" className="button">
            Speichern
          </button>
        </Form>
      </SettingsSection>
      <SettingsSection title="MWST-Sätze" id="rates-title">
        <p className="muted">
          Es gilt der Satz des Tages, an dem die Feier oder das Spiel
          stattfindet. Ein Satz, der schon gilt, bleibt bestehen.
        </p>
        <FormMessage answer={ratesAnswer} />
        <table className="day-table">
          <caption className="visually-hidden">MWST-Sätze</caption>
          <thead>
            <tr>
              <th scope="col">Gültig ab</th>
              <th scope="col">Satz</th>
              <th scope="col">
                <span className="visually-hidden">Aktion</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {vat.rates.map((rate) => (
              <tr key={rate.validFrom}>
                <td>{rate.day}</td>
                <td>
                  {rate.rate}
                  {rate.current ? " (gilt heute)" : ""}
                </td>
                <td>
                  {rate.removable ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="delete" />
                      <input
                        type="hidden"
                        name="validFrom"
                        value={rate.validFrom}
                      />
                      <button type="submit" className="button button-secondary">
                        Entfernen
                        <span className="visually-hidden">
                          {" "}
                          (Satz ab {rate.day})
                        </span>
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <h3>Neuer Satz</h3>
        <FormMessage answer={rateAnswer} />
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="add" />
          <div className="grid-2">
            <SettingsField
              form="rate"
              name="validFrom"
              label="Gültig ab"
              type="date"
              answer={rateAnswer}
              value=""
              required
            />
            <SettingsField
              form="rate"
              name="rate"
              label="Satz in Prozent (z. B. 8.1)"
              inputMode="decimal"
              answer={rateAnswer}
              value=""
              required
            />
          </div>
          <button type="submit" className="button">
            Satz hinzufügen
          </button>
        </Form>
      </SettingsSection>
    </Page>
  );
}
