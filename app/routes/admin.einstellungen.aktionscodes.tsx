import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { Page } from "~/components/Page";
import { answerFor, FormMessage, formValues, SettingsField, SettingsNav, SettingsSection, type SettingsActionData } from "~/components/SettingsForm";
import { pageMeta } from "~/domain/page-meta";
import { getDb } from "~/server/platform/db.server";
import { requireManager, requireSameOrigin } from "~/server/staff/auth.server";
import { promoOverview, savePromo, switchPromo } from "~/server/staff/promo-admin.server";

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
export const handle = { hydrate: true };
export const meta: MetaFunction = () => pageMeta("Aktionscodes", [{ name: "robots", content: "noindex" }]);

const WEEKDAYS = [
  [1, "Mo"],
  [2, "Di"],
  [3, "Mi"],
  [4, "Do"],
  [5, "Fr"],
  [6, "Sa"],
  [0, "So"],
] as const;
const WEEKDAY_NAMES: Record<number, string> = { 0: "Sonntag", 1: "Montag", 2: "Dienstag", 3: "Mittwoch", 4: "Donnerstag", 5: "Freitag", 6: "Samstag" };

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireManager(request);
  return { staff: { email: staff.email }, overview: await promoOverview(await getDb()) };
}

type ActionData = SettingsActionData & { selected?: { offers: number[]; weekdays: number[]; allOffers: boolean; games: boolean; kind: string } };

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireManager(request);
  requireSameOrigin(request);
  const form = await request.formData();
  const db = await getDb();
  const intent = form.get("intent");
  if (intent === "stop" || intent === "resume") {
    const result = await switchPromo(db, staff, form.get("id"), intent === "resume");
    return data<ActionData>({ form: "list", ok: result.ok, message: result.message }, { status: result.ok ? 200 : 404 });
  }
  const result = await savePromo(db, staff, form);
  if (result.ok) return data<ActionData>({ form: "create", ok: true, message: result.message });
  return data<ActionData>(
    {
      form: "create",
      ok: false,
      message: result.message,
      errors: result.errors,
      values: formValues(form),
      selected: {
        offers: form.getAll("offer").map(Number),
        weekdays: form.getAll("weekday").map(Number),
        allOffers: form.get("allOffers") === "on",
        games: form.get("games") === "on",
        kind: String(form.get("kind") ?? ""),
      },
    },
    { status: 400 },
  );
}

/** Promo codes (issue #31 §4): a discount families type into the voucher box. */
export default function PromoCodesPage() {
  const { staff, overview } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const listAnswer = answerFor(actionData, "list");
  const answer = answerFor(actionData, "create") as ActionData | undefined;
  const failed = answer && !answer.ok ? answer : undefined;
  const selected = failed?.selected;
  const error = (name: string) => failed?.errors?.[name];
  return (
    <Page title="Aktionscodes" wide>
      <AdminBar email={staff.email} manager />
      <SettingsNav current="/admin/einstellungen/aktionscodes" />
      <SettingsSection title="Aktionscodes" id="codes-title">
        <p className="muted">
          Ein Aktionscode ist ein Rabatt auf den Preis (kein Zahlungsmittel wie ein Gutschein). Familien geben ihn im Gutscheinfeld ein; die Buchung zeigt ihn als
          «Rabatt: Aktionscode …». Eingelöst zählt jede gehaltene oder bestätigte Buchung; eine stornierte gibt ihre Einlösung zurück.
        </p>
        <FormMessage answer={listAnswer} />
        {overview.codes.length === 0 ? (
          <p>Noch keine Aktionscodes.</p>
        ) : (
          <table className="day-table">
            <caption className="visually-hidden">Alle Aktionscodes</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Rabatt</th>
                <th scope="col">Bedingungen</th>
                <th scope="col">Eingelöst</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {overview.codes.map((c) => (
                <tr key={c.id}>
                  <td>
                    <strong>{c.code}</strong>
                    {c.note ? <div className="muted">{c.note}</div> : null}
                  </td>
                  <td>{c.value}</td>
                  <td>{c.conditions}</td>
                  <td>
                    {c.uses}
                    <div className="muted">
                      {c.confirmed} bestätigt, Rabatt total {c.discount}
                    </div>
                  </td>
                  <td>
                    {c.active ? "aktiv" : "gestoppt"}
                    <Form method="post">
                      <input type="hidden" name="intent" value={c.active ? "stop" : "resume"} />
                      <input type="hidden" name="id" value={c.id} />
                      <button type="submit" className="button button-secondary button-small">
                        {c.active ? "Stoppen" : "Wieder aktivieren"}
                        <span className="visually-hidden"> ({c.code})</span>
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </SettingsSection>
      <SettingsSection title="Neuer Aktionscode" id="new-title">
        <FormMessage answer={answer} />
        <Form method="post" noValidate key={answer?.ok ? answer.message : "form"}>
          <input type="hidden" name="intent" value="create" />
          <div className="grid-2">
            <SettingsField form="create" name="code" label="Code (z. B. SOMMER10)" answer={answer} value="" autoCapitalize="characters" maxLength={20} required />
            <SettingsField form="create" name="note" label="Notiz (nur intern)" answer={answer} value="" maxLength={200} />
          </div>
          <fieldset aria-describedby={error("kind") ? "create-kind-error" : undefined}>
            <legend>Rabatt</legend>
            <p className="field-check">
              <input type="radio" id="create-kind-percent" name="kind" value="percent" defaultChecked={(selected?.kind ?? "percent") === "percent"} />
              <label htmlFor="create-kind-percent">Prozent vom Preis</label>
            </p>
            <p className="field-check">
              <input type="radio" id="create-kind-fixed" name="kind" value="fixed" defaultChecked={selected?.kind === "fixed"} />
              <label htmlFor="create-kind-fixed">Fester Betrag in Franken</label>
            </p>
            {error("kind") ? (
              <p id="create-kind-error" className="field-error">
                {error("kind")}
              </p>
            ) : null}
          </fieldset>
          <div className="grid-2">
            <SettingsField form="create" name="value" label="Rabatt (Prozent oder CHF)" inputMode="decimal" answer={answer} value="" required />
            <SettingsField form="create" name="maxUses" label="Höchstens so oft insgesamt (leer: unbegrenzt)" inputMode="numeric" answer={answer} value="" />
            <SettingsField form="create" name="maxUsesPerEmail" label="Höchstens so oft pro E-Mail-Adresse (leer: unbegrenzt)" inputMode="numeric" answer={answer} value="" />
            <SettingsField form="create" name="validFrom" label="Einlösbar ab (leer: sofort)" type="date" answer={answer} value="" />
            <SettingsField form="create" name="validUntil" label="Einlösbar bis (leer: ohne Ende)" type="date" answer={answer} value="" />
          </div>
          <fieldset aria-describedby={error("applies") ? "create-applies-error" : undefined}>
            <legend>Gilt für</legend>
            <p className="field-check">
              <input type="checkbox" id="create-all-offers" name="allOffers" defaultChecked={selected ? selected.allOffers : true} />
              <label htmlFor="create-all-offers">Alle Geburtstagsangebote (auch künftige)</label>
            </p>
            {overview.offers.map((o) => (
              <p className="field-check" key={o.id}>
                <input type="checkbox" id={`create-offer-${o.id}`} name="offer" value={o.id} defaultChecked={selected?.offers.includes(o.id) ?? false} />
                <label htmlFor={`create-offer-${o.id}`}>{o.name}</label>
              </p>
            ))}
            <p className="field-check">
              <input type="checkbox" id="create-games" name="games" defaultChecked={selected?.games ?? false} />
              <label htmlFor="create-games">Spiele (Escape Room, Pixel Games, …)</label>
            </p>
            {error("applies") ? (
              <p id="create-applies-error" className="field-error">
                {error("applies")}
              </p>
            ) : null}
          </fieldset>
          <fieldset aria-describedby={error("weekdays") ? "create-weekdays-error" : undefined}>
            <legend>An diesen Wochentagen (Tag der Feier oder des Spiels)</legend>
            <div className="weekday-checks">
              {WEEKDAYS.map(([day, short]) => (
                <p className="field-check" key={day}>
                  <input type="checkbox" id={`create-weekday-${day}`} name="weekday" value={day} defaultChecked={selected ? selected.weekdays.includes(day) : true} />
                  <label htmlFor={`create-weekday-${day}`}>
                    <abbr title={WEEKDAY_NAMES[day]}>{short}</abbr>
                  </label>
                </p>
              ))}
            </div>
            {error("weekdays") ? (
              <p id="create-weekdays-error" className="field-error">
                {error("weekdays")}
              </p>
            ) : null}
          </fieldset>
          <button type="submit" className="button">
            Aktionscode anlegen
          </button>
        </Form>
      </SettingsSection>
    </Page>
  );
}
