import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { Page } from "~/components/Page";
import { RETENTION_LIMITS } from "~/domain/guests";
import { formatDateDE } from "~/domain/time";
import { pageMeta } from "~/domain/page-meta";
import { getDb } from "~/server/platform/db.server";
import { FORBIDDEN_MESSAGE, isManager, requireSameOrigin, requireStaff } from "~/server/staff/auth.server";
import { executeDeletion, openDeletionRequests, recentPrivacyRuns, retentionOf, saveRetention } from "~/server/privacy/privacy.server";

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
export const meta: MetaFunction = () => pageMeta("Datenschutz", [{ name: "robots", content: "noindex" }]);

/**
 * Privacy for staff (issue #32 §4): families' deletion requests, executed here (the party must be
 * over or cancelled); the retention periods (managers); the privacy job's last runs, counts only.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const db = await getDb();
  const done = new URL(request.url).searchParams.get("ok");
  return {
    staff: { email: staff.email, manager: isManager(staff) },
    requests: await openDeletionRequests(db),
    retention: await retentionOf(db),
    runs: (await recentPrivacyRuns(db)).map((r) => ({ day: r.day, guests: r.guestsDeleted, invitations: r.invitationsDeleted, bookings: r.bookingsAnonymised })),
    notice: done === "geloescht" ? "Die Personendaten der Buchung sind anonymisiert." : done === "fristen" ? "Die Aufbewahrungsfristen sind gespeichert." : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  requireSameOrigin(request);
  const db = await getDb();
  const form = await request.formData();
  if (form.get("intent") === "retention") {
    if (!isManager(staff)) return data({ error: FORBIDDEN_MESSAGE }, { status: 403 });
    const saved = await saveRetention(db, form, staff);
    if (!saved.ok) return data({ error: saved.message }, { status: 400 });
    return redirect("/admin/datenschutz?ok=fristen", 303);
  }
  const code = String(form.get("code") ?? "").slice(0, 40).toUpperCase();
  const result = await executeDeletion(db, { code, staff });
  if (!result.ok) return data({ error: result.message }, { status: 409 });
  return redirect("/admin/datenschutz?ok=geloescht", 303);
}

export default function PrivacyPage() {
  const { staff, requests, retention, runs, notice } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <Page title="Datenschutz" wide>
      <AdminBar email={staff.email} manager={staff.manager} />
      {notice ? (
        <p role="status" className="alert alert-success">
          {notice}
        </p>
      ) : null}
      {result?.error ? (
        <p role="alert" className="alert alert-error">
          {result.error}
        </p>
      ) : null}
      <section className="card" aria-labelledby="requests-title">
        <h2 id="requests-title">Löschanfragen von Familien</h2>
        {requests.length === 0 ? (
          <p>Keine offenen Anfragen.</p>
        ) : (
          <ul className="guest-list">
            {requests.map((r) => (
              <li key={r.code}>
                <p>
                  <a href={`/admin/buchungen/${r.code}`}>{r.code}</a>, Termin {formatDateDE(r.date)}, verlangt am {r.requestedAt}
                </p>
                {r.ahead ? (
                  <p>Die Feier steht noch bevor: zuerst stornieren (oder mit der Familie klären).</p>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="code" value={r.code} />
                    <button type="submit" className="button button-secondary">
                      Personendaten jetzt anonymisieren: {r.code}
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
        <p className="muted">
          Anonymisieren löscht Name, Adresse, Telefon, E-Mail, Nachricht, Angaben zur Party, Notizen, E-Mails, Links und die Antworten der Gäste. Buchungscode,
          Datum, Anzahl Personen, Beträge, Zahlungen, Belege und Rechnungen bleiben für die Buchhaltung.
        </p>
      </section>
      <section className="card" aria-labelledby="retention-title">
        <h2 id="retention-title">Aufbewahrung</h2>
        {staff.manager ? (
          <Form method="post">
            <input type="hidden" name="intent" value="retention" />
            <div className="field">
              <label htmlFor="guestDays">
                Antworten der Gäste löschen nach (Tage nach der Feier, {RETENTION_LIMITS.guestDays.min}–{RETENTION_LIMITS.guestDays.max})
              </label>
              <input id="guestDays" name="guestDays" type="number" inputMode="numeric" min={RETENTION_LIMITS.guestDays.min} max={RETENTION_LIMITS.guestDays.max} required defaultValue={retention.guestDays} />
            </div>
            <div className="field">
              <label htmlFor="bookingMonths">
                Personendaten der Buchungen anonymisieren nach (Monate nach dem Termin, {RETENTION_LIMITS.bookingMonths.min}–{RETENTION_LIMITS.bookingMonths.max})
              </label>
              <input id="bookingMonths" name="bookingMonths" type="number" inputMode="numeric" min={RETENTION_LIMITS.bookingMonths.min} max={RETENTION_LIMITS.bookingMonths.max} required defaultValue={retention.bookingMonths} />
            </div>
            <button type="submit" className="button">
              Speichern
            </button>
          </Form>
        ) : (
          <p>
            Antworten der Gäste: {retention.guestDays} Tage nach der Feier. Personendaten der Buchungen: {retention.bookingMonths} Monate nach dem Termin.
          </p>
        )}
      </section>
      <section className="card" aria-labelledby="runs-title">
        <h2 id="runs-title">Letzte Löschläufe</h2>
        {runs.length === 0 ? (
          <p>Noch kein Lauf.</p>
        ) : (
          <ul className="systems">
            {runs.map((r) => (
              <li key={r.day}>
                {formatDateDE(r.day)}: {r.guests} Antworten von Gästen und {r.invitations} Einladungen gelöscht, {r.bookings} Buchungen anonymisiert
              </li>
            ))}
          </ul>
        )}
      </section>
    </Page>
  );
}
