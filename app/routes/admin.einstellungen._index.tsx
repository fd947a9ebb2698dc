import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { Page } from "~/components/Page";
import { answerFor, FormMessage, formValues, SettingsField, SettingsNav, SettingsSection, type SettingsActionData } from "~/components/SettingsForm";
import { pageMeta } from "~/domain/page-meta";
import { parseGeneralSettings, parsePolicySettings, rappenField } from "~/domain/venue-settings";
import { getDb } from "~/server/platform/db.server";
import { requireManager, requireSameOrigin } from "~/server/staff/auth.server";
import { saveGeneralSettings, savePolicySettings, settingsOverview } from "~/server/staff/venue-admin.server";

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
/** Forms submit without a page reload with JavaScript (and work without it). */
export const handle = { hydrate: true };
export const meta: MetaFunction = () => pageMeta("Einstellungen", [{ name: "robots", content: "noindex" }]);

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireManager(request);
  const { prices, policy } = await settingsOverview(await getDb());
  return { staff: { email: staff.email }, prices, policy };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireManager(request);
  requireSameOrigin(request);
  const form = await request.formData();
  if (form.get("intent") === "policy") {
    const policy = parsePolicySettings(form);
    if (!policy.ok) {
      return data<SettingsActionData>({ form: "policy", ok: false, message: "Bitte prüfen Sie die markierten Felder.", errors: policy.errors, values: formValues(form) }, { status: 400 });
    }
    const saved = await savePolicySettings(await getDb(), staff, policy.value);
    return data<SettingsActionData>({ form: "policy", ok: saved.ok, message: saved.message }, { status: saved.ok ? 200 : 409 });
  }
  const parsed = parseGeneralSettings(form);
  if (!parsed.ok) {
    return data<SettingsActionData>({ form: "prices", ok: false, message: "Bitte prüfen Sie die markierten Felder.", errors: parsed.errors, values: formValues(form) }, { status: 400 });
  }
  const result = await saveGeneralSettings(await getDb(), staff, parsed.value);
  return data<SettingsActionData>({ form: "prices", ok: result.ok, message: result.message }, { status: result.ok ? 200 : 409 });
}

/** Adult prices and the hold duration: settings, not constants (issue #13). */
export default function SettingsPage() {
  const { staff, prices, policy } = useLoaderData<typeof loader>();
  const actionData = useActionData<SettingsActionData>();
  const answer = answerFor(actionData, "prices");
  const policyAnswer = answerFor(actionData, "policy");
  return (
    <Page title="Einstellungen" wide>
      <AdminBar email={staff.email} manager />
      <SettingsNav current="/admin/einstellungen" />
      <SettingsSection title="Preise und Haltedauer" id="prices-title">
        <p className="muted">Änderungen gelten für neue Buchungen; bestehende Buchungen behalten ihren Preis.</p>
        <Form method="post" noValidate key={JSON.stringify(prices)}>
          <div className="grid-2">
            <SettingsField form="prices" name="activeAdultPrice" label="Erwachsene mitspielend (CHF pro Person)" inputMode="decimal" answer={answer} value={rappenField(prices.activeAdultPriceRappen)} />
            <SettingsField form="prices" name="accompanyingAdultPrice" label="Erwachsene nur Begleitung (CHF pro Person)" inputMode="decimal" answer={answer} value={rappenField(prices.accompanyingAdultPriceRappen)} />
            <SettingsField
              form="prices"
              name="holdMinutes"
              label="Haltedauer für die Zahlung (Minuten)"
              hint="So lange bleibt ein Termin nach dem Absenden für die Online-Zahlung reserviert; mindestens 20 Minuten, denn die Zahlungsseite (z. B. TWINT) ist bis 15 Minuten offen."
              inputMode="numeric"
              answer={answer}
              value={String(prices.holdMinutes)}
            />
          </div>
          <FormMessage answer={answer} />
          <button type="submit" className="button">
            Speichern
          </button>
        </Form>
      </SettingsSection>
      <SettingsSection title="Stornierung, Erinnerung und Vorlaufzeit" id="policy-title">
        <p className="muted">
          Die AGB, die Seite «Buchung verwalten», die E-Mails und die Buchungsseiten nennen diese Zahlen. Die Vorlaufzeit der Geburtstage stellen Sie je
          Angebot ein.
        </p>
        <Form method="post" noValidate key={JSON.stringify(policy)}>
          <input type="hidden" name="intent" value="policy" />
          <div className="grid-2">
            <SettingsField
              form="policy"
              name="selfServiceHours"
              label="Kostenlos stornieren und verschieben bis (Stunden vor Beginn)"
              hint="Bis dahin ändern Familien ihre Buchung selbst online."
              inputMode="numeric"
              answer={policyAnswer}
              value={String(policy.selfServiceHours)}
            />
            <SettingsField
              form="policy"
              name="lateCancelFeePercent"
              label="Gebühr bei späterer Stornierung (Prozent)"
              hint="100 heisst: keine Rückerstattung."
              inputMode="numeric"
              answer={policyAnswer}
              value={String(policy.lateCancelFeePercent)}
            />
            <SettingsField form="policy" name="reminderHours" label="Erinnerungs-E-Mail (Stunden vor Beginn)" inputMode="numeric" answer={policyAnswer} value={String(policy.reminderHours)} />
            <SettingsField form="policy" name="gameLeadHours" label="Vorlaufzeit Spiele online (Stunden)" inputMode="numeric" answer={policyAnswer} value={String(policy.gameLeadHours)} />
            <SettingsField
              form="policy"
              name="balanceDays"
              label="Schlusszahl und Restbetrag fällig (Tage vor der Feier)"
              hint="Bis Ende dieses Tages bestätigen Familien die Anzahl Personen und die Menüs (danach nur noch telefonisch änderbar) und bezahlen bei einer Anzahlung den Rest. Die Bitte darum geht zwei Tage vorher per E-Mail."
              inputMode="numeric"
              answer={policyAnswer}
              value={String(policy.balanceDays)}
            />
            <div className="field field-check">
              <input id="policy-balanceAtVenue" type="checkbox" name="balanceAtVenue" value="1" defaultChecked={policy.balanceAtVenue} />{" "}
              <label htmlFor="policy-balanceAtVenue">Restbetrag vor Ort bezahlen (sonst online über den Link der Buchung)</label>
            </div>
          </div>
          <FormMessage answer={policyAnswer} />
          <button type="submit" className="button">
            Regeln speichern
          </button>
        </Form>
      </SettingsSection>
    </Page>
  );
}
