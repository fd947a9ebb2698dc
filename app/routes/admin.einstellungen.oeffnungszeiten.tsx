import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { Page } from "~/components/Page";
import { answerFor, FormMessage, formValues, SettingsCheckbox, SettingsField, SettingsNav, SettingsSection, type SettingsActionData } from "~/components/SettingsForm";
import { pageMeta } from "~/domain/page-meta";
import { formatTime } from "~/domain/time";
import { parseOpeningHours, WEEK_ORDER, WEEKDAY_NAMES } from "~/domain/venue-settings";
import { getDb } from "~/server/platform/db.server";
import { requireManager, requireSameOrigin } from "~/server/staff/auth.server";
import { saveOpeningHours, settingsOverview } from "~/server/staff/venue-admin.server";

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
/** Forms submit without a page reload with JavaScript (and work without it). */
export const handle = { hydrate: true };
export const meta: MetaFunction = () => pageMeta("Öffnungszeiten", [{ name: "robots", content: "noindex" }]);

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireManager(request);
  const { hours } = await settingsOverview(await getDb());
  return { staff: { email: staff.email }, hours };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireManager(request);
  requireSameOrigin(request);
  const form = await request.formData();
  const parsed = parseOpeningHours(form);
  if (!parsed.ok) {
    return data<SettingsActionData>({ form: "hours", ok: false, message: "Bitte prüfen Sie die markierten Felder.", errors: parsed.errors, values: formValues(form) }, { status: 400 });
  }
  const result = await saveOpeningHours(await getDb(), staff, parsed.value);
  return data<SettingsActionData>({ form: "hours", ok: result.ok, message: result.message });
}

/** Opening hours per weekday, and whether birthdays and games are offered that day. */
export default function OpeningHoursPage() {
  const { staff, hours } = useLoaderData<typeof loader>();
  const answer = answerFor(useActionData<SettingsActionData>(), "hours");
  return (
    <Page title="Öffnungszeiten" wide>
      <AdminBar email={staff.email} manager />
      <SettingsNav current="/admin/einstellungen/oeffnungszeiten" />
      <SettingsSection title="Öffnungszeiten pro Wochentag" id="hours-title">
        <p className="muted">Zeiten im 5-Minuten-Raster. Geburtstage beginnen zur vollen Stunde ab Öffnung, Spiele alle 20 Minuten.</p>
        <Form method="post" noValidate key={JSON.stringify(hours)}>
          <div className="settings-grid">
            {WEEK_ORDER.map((weekday) => {
              const rule = hours.find((h) => h.weekday === weekday);
              return (
                <fieldset key={weekday}>
                  <legend>{WEEKDAY_NAMES[weekday]}</legend>
                  <div className="grid-2">
                    <SettingsField form="hours" name={`open-${weekday}`} label="Öffnet" type="time" step={300} answer={answer} value={rule ? formatTime(rule.openMin) : "10:00"} />
                    <SettingsField form="hours" name={`close-${weekday}`} label="Schliesst" type="time" step={300} answer={answer} value={rule ? formatTime(rule.closeMin) : "22:00"} />
                  </div>
                  <SettingsCheckbox form="hours" name={`birthdays-${weekday}`} label="Geburtstage buchbar" answer={answer} checked={rule?.birthdays === 1} />
                  <SettingsCheckbox form="hours" name={`games-${weekday}`} label="Spiele buchbar" answer={answer} checked={rule?.games === 1} />
                </fieldset>
              );
            })}
          </div>
          <FormMessage answer={answer} />
          <button type="submit" className="button">
            Öffnungszeiten speichern
          </button>
        </Form>
      </SettingsSection>
    </Page>
  );
}
