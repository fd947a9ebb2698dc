import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { NoticeReactions } from "~/components/NoticeReactions";
import { AffectedBookings } from "~/components/AffectedBookings";
import { Page } from "~/components/Page";
import { FormMessage, formValues, SettingsField, SettingsNav, SettingsSection, type SettingsActionData } from "~/components/SettingsForm";
import { pageMeta } from "~/domain/page-meta";
import { formatDateDE, venueNow } from "~/domain/time";
import { CLOSURE_SCOPE_LABELS, parseClosure, type ClosureScopeName } from "~/domain/venue-settings";
import { getDb } from "~/server/platform/db.server";
import { requireManager, requireSameOrigin } from "~/server/staff/auth.server";
import { createClosure, deleteClosure, type AffectedBooking } from "~/server/staff/venue-admin.server";
import { closuresWithNotices, notifyClosureFamilies } from "~/server/staff/closure-notices.server";

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
/** Forms submit without a page reload with JavaScript (and work without it). */
export const handle = { hydrate: true };
export const meta: MetaFunction = () => pageMeta("Schliessungen", [{ name: "robots", content: "noindex" }]);

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireManager(request);
  return { staff: { email: staff.email }, ...(await closuresWithNotices(await getDb())) };
}

type ActionData = SettingsActionData & { affected?: AffectedBooking[] };

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireManager(request);
  requireSameOrigin(request);
  const form = await request.formData();
  const db = await getDb();
  if (form.get("intent") === "notify") {
    // Issue #29 §3: every affected family hears of it, once.
    const id = String(form.get("id") ?? "");
    const result = /^\d{1,9}$/.test(id) ? await notifyClosureFamilies(db, staff, Number(id)) : { ok: false, message: "Diese Schliessung gibt es nicht." };
    return data<ActionData>({ form: "closure-list", ok: result.ok, message: result.message }, { status: result.ok ? 200 : 404 });
  }
  if (form.get("intent") === "delete") {
    const id = String(form.get("id") ?? "");
    const result = /^\d{1,9}$/.test(id) ? await deleteClosure(db, staff, Number(id)) : { ok: false, message: "Diese Schliessung gibt es nicht." };
    return data<ActionData>({ form: "closure-list", ok: result.ok, message: result.message }, { status: result.ok ? 200 : 404 });
  }
  const parsed = parseClosure(form, venueNow().date);
  const values = formValues(form);
  if (!parsed.ok) {
    return data<ActionData>({ form: "closure", ok: false, message: "Bitte prüfen Sie die markierten Felder.", errors: parsed.errors, values }, { status: 400 });
  }
  const result = await createClosure(db, staff, parsed.value, form.get("confirm") === "1");
  if (result.ok) return data<ActionData>({ form: "closure", ok: true, message: result.message, affected: result.affected });
  if (result.reason === "bookings") return data<ActionData>({ form: "closure", ok: false, message: result.message, values, affected: result.affected, codes: result.affected.map((b) => b.code) }, { status: 409 });
  return data<ActionData>({ form: "closure", ok: false, message: result.message, values, errors: result.field ? { [result.field]: result.message } : undefined }, { status: 400 });
}

/** Closures: a date or range with a reason, for the whole venue, birthdays only or one game location. */
export default function ClosuresPage() {
  const { staff, today, closures, locations } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const answer = actionData?.form === "closure" ? actionData : undefined;
  const listAnswer = actionData?.form === "closure-list" ? actionData : undefined;
  const values = answer && !answer.ok ? (answer.values ?? {}) : {};
  const scope = (values.scope as ClosureScopeName | undefined) ?? "venue";
  const needsConfirm = answer && !answer.ok && answer.affected && answer.affected.length > 0;
  const locationError = answer?.errors?.locationId;
  const scopeError = answer?.errors?.scope;
  const reasonFor = (c: { scope: string; locationId: number | null }) =>
    c.scope === "location" ? `Nur ${locations.find((l) => l.id === c.locationId)?.name ?? "Spielort"}` : CLOSURE_SCOPE_LABELS[c.scope as ClosureScopeName];
  return (
    <Page title="Schliessungen" wide>
      <AdminBar email={staff.email} manager />
      <SettingsNav current="/admin/einstellungen/schliessungen" />
      <SettingsSection title="Schliessung eintragen" id="closure-title">
        <p className="muted">
          An geschlossenen Tagen nimmt die Website keine neuen Buchungen an; der Kalender zeigt sie als «geschlossen». Bestehende Buchungen werden nicht storniert, sondern zum
          Umbuchen aufgelistet.
        </p>
        <Form method="post" noValidate key={answer?.ok ? `done-${closures.length}` : "closure"}>
          <div className="grid-2">
            <SettingsField form="closure" name="startDate" label="Von" type="date" min={today} answer={answer} value={values.startDate ?? ""} />
            <SettingsField form="closure" name="endDate" label="Bis (leer: nur ein Tag)" type="date" min={today} answer={answer} value={values.endDate ?? ""} />
          </div>
          <fieldset aria-describedby={scopeError ? "closure-scope-error" : undefined}>
            <legend>Was ist geschlossen?</legend>
            {(Object.keys(CLOSURE_SCOPE_LABELS) as ClosureScopeName[]).map((s) => (
              <div className="field field-check" key={s}>
                <input id={`closure-scope-${s}`} type="radio" name="scope" value={s} defaultChecked={scope === s} />{" "}
                <label htmlFor={`closure-scope-${s}`}>{CLOSURE_SCOPE_LABELS[s]}</label>
              </div>
            ))}
            {scopeError ? (
              <p id="closure-scope-error" className="field-error">
                {scopeError}
              </p>
            ) : null}
            <div className="field">
              <label htmlFor="closure-locationId">Spielort (bei «Nur ein Spielort»)</label>
              <select
                id="closure-locationId"
                name="locationId"
                defaultValue={values.locationId ?? ""}
                aria-invalid={locationError ? true : undefined}
                aria-describedby={locationError ? "closure-locationId-error" : undefined}
              >
                <option value="">–</option>
                {locations.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </select>
              {locationError ? (
                <p id="closure-locationId-error" className="field-error">
                  {locationError}
                </p>
              ) : null}
            </div>
          </fieldset>
          <SettingsField form="closure" name="reason" label="Grund (z. B. Weihnachten, Private Veranstaltung)" answer={answer} value={values.reason ?? ""} maxLength={120} />
          {needsConfirm ? (
            <div className="alert alert-warning" role="alert">
              <p>{answer.message}</p>
              <AffectedBookings bookings={answer.affected!} caption="Betroffene Buchungen" />
              <div className="field field-check">
                <input id="closure-confirm" type="checkbox" name="confirm" value="1" />{" "}
                <label htmlFor="closure-confirm">Trotzdem schliessen – ich buche diese Buchungen um</label>
              </div>
            </div>
          ) : (
            <FormMessage answer={answer} />
          )}
          <button type="submit" className="button">
            Schliessung speichern
          </button>
        </Form>
      </SettingsSection>
      <SettingsSection title="Geplante Schliessungen" id="closures-list-title">
        <FormMessage answer={listAnswer} />
        {closures.length === 0 ? <p>Keine Schliessungen geplant.</p> : null}
        {closures.map((c) => (
          <div key={c.id} className="closure-item">
            <h3>
              {c.startDate === c.endDate ? formatDateDE(c.startDate) : `${formatDateDE(c.startDate)} – ${formatDateDE(c.endDate)}`}: {c.reason}
            </h3>
            <p className="muted">{reasonFor(c)}</p>
            {c.affected.length > 0 ? (
              <AffectedBookings bookings={c.affected} caption={`Umbuchen: ${c.affected.length} Buchung${c.affected.length === 1 ? "" : "en"} an geschlossenen Tagen`} />
            ) : null}
            {c.affected.some((b) => b.status === "confirmed" && !c.reactions.some((n) => n.code === b.code && n.open)) ? (
              <Form method="post">
                <input type="hidden" name="id" value={c.id} />
                <p className="muted">
                  Die Familien erhalten eine E-Mail mit dem Grund und können online einen anderen Termin wählen oder kostenlos stornieren (auch nach der üblichen
                  Frist).
                </p>
                <button type="submit" name="intent" value="notify" className="button button-small">
                  Betroffene Familien per E-Mail benachrichtigen
                </button>
              </Form>
            ) : null}
            <NoticeReactions reactions={c.reactions} />
            <Form method="post">
              <input type="hidden" name="id" value={c.id} />
              <button type="submit" name="intent" value="delete" className="button button-secondary button-small">
                Schliessung aufheben
              </button>
            </Form>
          </div>
        ))}
      </SettingsSection>
    </Page>
  );
}
