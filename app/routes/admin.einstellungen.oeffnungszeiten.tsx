import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { AffectedBookings, type AffectedBookingRow } from "~/components/AffectedBookings";
import { NoticeReactions } from "~/components/NoticeReactions";
import { Page } from "~/components/Page";
import { answerFor, FormMessage, formValues, SettingsCheckbox, SettingsField, SettingsNav, SettingsSection, type SettingsActionData } from "~/components/SettingsForm";
import { pageMeta } from "~/domain/page-meta";
import { formatDateDE, formatTime, isIsoDate, venueNow } from "~/domain/time";
import { HOURS_NOTICE_REASON_MAX, parseOpeningHours, parseSpecialHours, shortWeekday, WEEK_ORDER, WEEKDAY_NAMES } from "~/domain/venue-settings";
import { getDb } from "~/server/platform/db.server";
import { requireManager, requireSameOrigin } from "~/server/staff/auth.server";
import { hoursNotices, notifyHoursFamilies } from "~/server/staff/closure-notices.server";
import { deleteSpecialHours, saveOpeningHours, saveSpecialHours, settingsOverview, specialHoursOverview, type HoursResult } from "~/server/staff/venue-admin.server";

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
/** Forms submit without a page reload with JavaScript (and work without it). */
export const handle = { hydrate: true };
export const meta: MetaFunction = () => pageMeta("Öffnungszeiten", [{ name: "robots", content: "noindex" }]);

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireManager(request);
  const db = await getDb();
  const { hours } = await settingsOverview(db);
  return { staff: { email: staff.email }, hours, ...(await specialHoursOverview(db)), notices: await hoursNotices(db) };
}

type ActionData = SettingsActionData & { affected?: AffectedBookingRow[]; confirmDate?: string };

/** A change of hours answered: saved (with the bookings now outside), or waiting for confirmation. */
function answer(form: string, result: HoursResult, values: Record<string, string>, extra: Partial<ActionData> = {}) {
  if (result.ok) return data<ActionData>({ form, ok: true, message: result.message, affected: result.affected });
  if (result.reason === "not_found") return data<ActionData>({ form, ok: false, message: result.message }, { status: 404 });
  return data<ActionData>({ form, ok: false, message: result.message, values, affected: result.affected, ...extra }, { status: 409 });
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireManager(request);
  requireSameOrigin(request);
  const form = await request.formData();
  const db = await getDb();
  const values = formValues(form);
  const confirmed = form.get("confirm") === "1";
  const intent = form.get("intent");
  if (intent === "notify") {
    const result = await notifyHoursFamilies(db, staff, form.get("reason"));
    return data<ActionData>({ form: "notify", ok: result.ok, message: result.message, values }, { status: result.ok ? 200 : 400 });
  }
  if (intent === "special-delete") {
    const date = String(form.get("date") ?? "");
    if (!isIsoDate(date)) return data<ActionData>({ form: "special-list", ok: false, message: "Für dieses Datum gibt es keine Sonderöffnungszeiten." }, { status: 404 });
    return answer("special-list", await deleteSpecialHours(db, staff, date, confirmed), values, { confirmDate: date });
  }
  if (intent === "special") {
    const parsed = parseSpecialHours(form, venueNow().date);
    if (!parsed.ok) return data<ActionData>({ form: "special", ok: false, message: "Bitte prüfen Sie die markierten Felder.", errors: parsed.errors, values }, { status: 400 });
    return answer("special", await saveSpecialHours(db, staff, parsed.value, confirmed), values);
  }
  const parsed = parseOpeningHours(form);
  if (!parsed.ok) return data<ActionData>({ form: "hours", ok: false, message: "Bitte prüfen Sie die markierten Felder.", errors: parsed.errors, values }, { status: 400 });
  return answer("hours", await saveOpeningHours(db, staff, parsed.value, confirmed), values);
}

/** The bookings a change would leave outside the hours, and the box that confirms it anyway. */
function ConfirmOutside({ answer, id, label }: { answer: ActionData; id: string; label: string }) {
  return (
    <div className="alert alert-warning" role="alert">
      <p>{answer.message}</p>
      <AffectedBookings bookings={answer.affected!} caption="Betroffene Buchungen" />
      <div className="field field-check">
        <input id={id} type="checkbox" name="confirm" value="1" /> <label htmlFor={id}>{label}</label>
      </div>
    </div>
  );
}

/** Saved, but some bookings lie outside the new hours: the list stays in view for the calls. */
function SavedWithBookings({ answer }: { answer?: ActionData }) {
  if (!answer?.ok || !answer.affected?.length) return null;
  return <AffectedBookings bookings={answer.affected} caption="Ausserhalb der neuen Zeiten: bitte Familien anrufen und umbuchen" />;
}

/** Opening hours per weekday (and whether birthdays and games are offered), and hours for single dates. */
export default function OpeningHoursPage() {
  const { staff, hours, today, specialHours, notices } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const hoursAnswer = answerFor(actionData, "hours") as ActionData | undefined;
  const specialAnswer = answerFor(actionData, "special") as ActionData | undefined;
  const listAnswer = answerFor(actionData, "special-list") as ActionData | undefined;
  const notifyAnswer = answerFor(actionData, "notify") as ActionData | undefined;
  const untold = notices.outside.filter((b) => b.status === "confirmed" && !b.noticed);
  const pending = (a?: ActionData) => Boolean(a && !a.ok && a.affected && a.affected.length > 0);
  const specialValues = specialAnswer && !specialAnswer.ok ? (specialAnswer.values ?? {}) : {};
  return (
    <Page title="Öffnungszeiten" wide>
      <AdminBar email={staff.email} manager />
      <SettingsNav current="/admin/einstellungen/oeffnungszeiten" />
      <SettingsSection title="Öffnungszeiten pro Wochentag" id="hours-title">
        <p className="muted">
          Zeiten im 5-Minuten-Raster. Geburtstage beginnen zur vollen Stunde ab Öffnung, Spiele alle 20 Minuten. Liegen bestehende Buchungen ausserhalb der neuen Zeiten, werden sie
          vor dem Speichern aufgelistet.
        </p>
        <Form method="post" noValidate key={hoursAnswer?.ok ? `saved-${JSON.stringify(hours)}` : "hours"}>
          <div className="settings-grid">
            {WEEK_ORDER.map((weekday) => {
              const rule = hours.find((h) => h.weekday === weekday);
              return (
                <fieldset key={weekday}>
                  <legend>{WEEKDAY_NAMES[weekday]}</legend>
                  <div className="grid-2">
                    <SettingsField form="hours" name={`open-${weekday}`} label="Öffnet" type="time" step={300} answer={hoursAnswer} value={rule ? formatTime(rule.openMin) : "10:00"} />
                    <SettingsField form="hours" name={`close-${weekday}`} label="Schliesst" type="time" step={300} answer={hoursAnswer} value={rule ? formatTime(rule.closeMin) : "22:00"} />
                  </div>
                  <SettingsCheckbox form="hours" name={`birthdays-${weekday}`} label="Geburtstage buchbar" answer={hoursAnswer} checked={rule?.birthdays === 1} />
                  <SettingsCheckbox form="hours" name={`games-${weekday}`} label="Spiele buchbar" answer={hoursAnswer} checked={rule?.games === 1} />
                </fieldset>
              );
            })}
          </div>
          {pending(hoursAnswer) ? (
            <ConfirmOutside answer={hoursAnswer!} id="hours-confirm" label="Trotzdem speichern – ich rufe die Familien an und buche um" />
          ) : (
            <FormMessage answer={hoursAnswer} />
          )}
          <SavedWithBookings answer={hoursAnswer} />
          <button type="submit" className="button">
            Öffnungszeiten speichern
          </button>
        </Form>
      </SettingsSection>

      <SettingsSection title="Sonderöffnungszeiten" id="special-title">
        <p className="muted">
          Andere Zeiten für ein einzelnes Datum, z. B. 24.12. 10:00–16:00 oder ein geöffneter Feiertag. Sie ersetzen an diesem Tag die Zeiten des Wochentags; ganz geschlossene Tage
          tragen Sie unter «Schliessungen» ein. Die Website nennt sie sechs Wochen im Voraus bei den Öffnungszeiten.
        </p>
        <Form method="post" noValidate key={specialAnswer?.ok ? `saved-${specialHours.length}-${specialAnswer.message}` : "special"}>
          <input type="hidden" name="intent" value="special" />
          <div className="grid-2">
            <SettingsField form="special" name="date" label="Datum" type="date" min={today} answer={specialAnswer} value={specialValues.date ?? ""} />
            <SettingsField form="special" name="note" label="Hinweis (optional, z. B. Heiligabend)" answer={specialAnswer} value={specialValues.note ?? ""} maxLength={80} />
          </div>
          <div className="grid-2">
            <SettingsField form="special" name="open" label="Öffnet" type="time" step={300} answer={specialAnswer} value={specialValues.open ?? "10:00"} />
            <SettingsField form="special" name="close" label="Schliesst" type="time" step={300} answer={specialAnswer} value={specialValues.close ?? "16:00"} />
          </div>
          <SettingsCheckbox form="special" name="birthdays" label="Geburtstage buchbar" answer={specialAnswer} checked />
          <SettingsCheckbox form="special" name="games" label="Spiele buchbar" answer={specialAnswer} checked />
          {pending(specialAnswer) ? (
            <ConfirmOutside answer={specialAnswer!} id="special-confirm" label="Trotzdem speichern – ich rufe die Familien an und buche um" />
          ) : (
            <FormMessage answer={specialAnswer} />
          )}
          <SavedWithBookings answer={specialAnswer} />
          <button type="submit" className="button">
            Sonderöffnungszeiten speichern
          </button>
        </Form>

        <h3>Geplant</h3>
        {pending(listAnswer) ? null : <FormMessage answer={listAnswer} />}
        <SavedWithBookings answer={listAnswer} />
        {specialHours.length === 0 ? <p>Keine Sonderöffnungszeiten geplant.</p> : null}
        {specialHours.map((s) => (
          <div key={s.date} className="closure-item">
            <h4>
              <span className="nowrap">
                {shortWeekday(s.date)}, {formatDateDE(s.date)}
              </span>{" "}
              <span className="nowrap">
                {formatTime(s.openMin)}–{formatTime(s.closeMin)}
              </span>
              {s.note ? ` (${s.note})` : null}
            </h4>
            <p className="muted">
              {s.birthdays && s.games ? "Geburtstage und Spiele buchbar" : s.birthdays ? "Nur Geburtstage buchbar" : s.games ? "Nur Spiele buchbar" : "Keine Buchungen online"}
            </p>
            {s.affected.length > 0 ? (
              <AffectedBookings bookings={s.affected} caption={`Ausserhalb dieser Zeiten: ${s.affected.length} Buchung${s.affected.length === 1 ? "" : "en"}`} />
            ) : null}
            <Form method="post">
              <input type="hidden" name="date" value={s.date} />
              {pending(listAnswer) && listAnswer?.confirmDate === s.date ? (
                <ConfirmOutside answer={listAnswer} id={`special-delete-confirm-${s.date}`} label="Trotzdem entfernen – ich rufe die Familien an und buche um" />
              ) : null}
              <button type="submit" name="intent" value="special-delete" className="button button-secondary button-small">
                Entfernen
              </button>
            </Form>
          </div>
        ))}
      </SettingsSection>
      <SettingsSection title="Buchungen ausserhalb der Öffnungszeiten" id="outside-title">
        {notices.outside.length === 0 ? (
          <p>Keine aktive Buchung liegt ausserhalb der Öffnungszeiten.</p>
        ) : (
          <AffectedBookings
            bookings={notices.outside}
            caption={`${notices.outside.length} Buchung${notices.outside.length === 1 ? "" : "en"} ausserhalb der Zeiten an ihrem Tag`}
          />
        )}
        <FormMessage answer={notifyAnswer} />
        {untold.length > 0 ? (
          <Form method="post">
            <p className="muted">
              {untold.length === 1 ? "Eine Familie wurde" : `${untold.length} Familien wurden`} noch nicht benachrichtigt. Sie erhalten eine E-Mail mit Ihrem Grund und
              können online einen anderen Termin wählen oder kostenlos stornieren (auch nach der üblichen Frist). Familien ohne E-Mail-Adresse bitte anrufen.
            </p>
            <SettingsField
              form="notify"
              name="reason"
              label="Grund (steht in der E-Mail an die Familien)"
              answer={notifyAnswer}
              value=""
              maxLength={HOURS_NOTICE_REASON_MAX}
            />
            <button type="submit" name="intent" value="notify" className="button button-small">
              Betroffene Familien per E-Mail benachrichtigen
            </button>
          </Form>
        ) : null}
        <NoticeReactions reactions={notices.reactions} />
      </SettingsSection>
    </Page>
  );
}
