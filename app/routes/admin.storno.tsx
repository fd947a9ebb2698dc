import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { useCallback, useRef, useState } from "react";
import { useField, ValidatedForm } from "remix-validated-form";
import { KeepTogether } from "~/components/KeepTogether";
import { AdminBar } from "~/components/AdminBar";
import { Page } from "~/components/Page";
import { Toasts, type ToastMessage } from "~/components/Toast";
import { useAdoptTypedValue } from "~/components/useAdoptTypedValue";
import { useHydrated } from "~/components/useHydrated";
import { CANCEL_MAX_LENGTH } from "~/domain/cancel-form";
import { cancelValidator } from "~/domain/cancel-validator";
import { formatChf } from "~/domain/money";
import { reservationTypeLabel, SUPPORTED_SYSTEMS } from "~/domain/reservation-types";
import { requireSameOrigin, requireStaff } from "~/server/staff/auth.server";
import { cancelReservation, restoreVoucher, type CancelResponse } from "~/server/staff/cancellation.server";
import { getDb } from "~/server/platform/db.server";
import { pageMeta } from "~/domain/page-meta";

/** Staff pages (bookings, contact data): never kept by a browser or proxy cache. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const handle = { hydrate: true };
export const meta: MetaFunction = () => pageMeta("Reservierungen verwalten", [{ name: "robots", content: "noindex" }]);

/** Spec §9: cancel success toast 5 s, error toast 8 s. */
const SUCCESS_TOAST_MS = 5000;
const ERROR_TOAST_MS = 8000;
const UNEXPECTED = "Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es erneut.";

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  return { staff: { email: staff.email, manager: staff.role === "manager" }, code: new URL(request.url).searchParams.get("code")?.toUpperCase() ?? "" };
}

type ActionData = { result?: CancelResponse; fieldErrors?: Record<string, string>; values?: { bookingCode: string; reason: string } };

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  requireSameOrigin(request);
  const form = await request.formData();
  const actor = { staffId: staff.id, name: staff.email };
  const db = await getDb();
  if (form.get("intent") === "restore") {
    const restored = await restoreVoucher(db, { code: String(form.get("bookingCode") ?? ""), actor });
    return data<ActionData>({ result: restored.body }, { status: restored.status });
  }
  const values = { bookingCode: String(form.get("bookingCode") ?? ""), reason: String(form.get("reason") ?? "") };
  const validation = await cancelValidator.validate(form);
  if (validation.error) return data<ActionData>({ fieldErrors: validation.error.fieldErrors, values }, { status: 400 });
  const cancelled = await cancelReservation(db, { code: validation.data.bookingCode, reason: validation.data.reason || null, actor });
  return data<ActionData>({ result: cancelled.body, values: { bookingCode: validation.data.bookingCode, reason: values.reason } }, { status: cancelled.status });
}

function Field({
  name,
  label,
  serverError,
  multiline,
  value,
  onChange,
  placeholder,
}: {
  name: "bookingCode" | "reason";
  label: string;
  serverError?: string;
  multiline?: boolean;
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
}) {
  const { error } = useField(name);
  const control = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  useAdoptTypedValue(control, value, (typed) => onChange(multiline ? typed : typed.toUpperCase()));
  const message = error ?? serverError;
  const props = { ref: control, id: name, name, "aria-invalid": message ? true : undefined, "aria-describedby": message ? `${name}-error` : undefined };
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      {multiline ? (
        <textarea {...props} rows={3} maxLength={CANCEL_MAX_LENGTH.reason} value={value} placeholder={placeholder} onChange={(e) => onChange(e.currentTarget.value)} />
      ) : (
        <input
          {...props}
          type="text"
          className="booking-code-input"
          autoComplete="off"
          maxLength={CANCEL_MAX_LENGTH.bookingCode}
          value={value}
          placeholder={placeholder}
          onChange={(e) => onChange(e.currentTarget.value.toUpperCase())}
        />
      )}
      {message ? (
        <p className="field-error" id={`${name}-error`}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

function ResultCard({ result }: { result: CancelResponse }) {
  if (!result.success) {
    return (
      <div className="alert alert-error" role="alert">
        <KeepTogether text={result.message} />
      </div>
    );
  }
  return (
    <section className="card result-card" aria-labelledby="result-title">
      <div className="alert alert-success" role="status">
        <KeepTogether text={result.message} />
      </div>
      <h2 id="result-title">Stornierte Reservierung</h2>
      <dl>
        <dt>Buchungscode</dt>
        <dd>{result.bookingCode}</dd>
        <dt>System</dt>
        <dd>{reservationTypeLabel(result.reservationType)}</dd>
        <dt>Kunde</dt>
        <dd>{result.customerName}</dd>
        <dt>E-Mail</dt>
        <dd>{result.customerEmail}</dd>
      </dl>
      {result.refund === "manual" ? (
        <p className="alert alert-warning">
          Rückerstattung fehlgeschlagen: Bitte erstatten Sie {formatChf(Math.round((result.refundAmount ?? 0) * 100))} manuell.
        </p>
      ) : result.refund === "pending" ? (
        <p className="alert alert-info">
          Rückerstattung von {formatChf(Math.round((result.refundAmount ?? 0) * 100))} in Bearbeitung: Der Zahlungsanbieter hat noch nicht geantwortet. Sie wird
          automatisch erneut angefragt – bitte nicht manuell erstatten.
        </p>
      ) : null}
      {result.hasCoupon && result.couponRestored ? (
        <p className="alert alert-info">
          Gutscheincode: <strong>{result.couponCode}</strong> · Betrag: <strong className="nobreak">CHF {(result.couponAmount ?? 0).toFixed(2)}</strong> · dem
          Gutschein wieder gutgeschrieben (AGB §5)
        </p>
      ) : result.hasCoupon ? (
        <div className="alert alert-warning">
          <p>
            Achtung: Bei dieser Buchung wurde ein Gutschein eingelöst. Der Betrag muss im Gutscheinsystem manuell wiederhergestellt
            werden.
          </p>
          <p>
            Gutscheincode: <strong>{result.couponCode}</strong> · Betrag: <strong className="nobreak">CHF {(result.couponAmount ?? 0).toFixed(2)}</strong>
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="restore" />
            <input type="hidden" name="bookingCode" value={result.bookingCode} />
            <button type="submit" className="button button-secondary button-small">
              Gutschein wiederherstellen
            </button>
          </Form>
        </div>
      ) : null}
    </section>
  );
}

export default function Storno() {
  const { staff, code } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const hydrated = useHydrated();
  const [bookingCode, setBookingCode] = useState(actionData?.values?.bookingCode ?? code);
  const [reason, setReason] = useState(actionData?.values?.reason ?? "");
  const [jsResult, setJsResult] = useState<CancelResponse | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const toast = (t: Omit<ToastMessage, "id">) => setToasts((all) => [...all, { ...t, id: Date.now() + Math.random() }]);
  // A newer server answer (e.g. the voucher restore, a plain form post) replaces what JS showed.
  const [seenAction, setSeenAction] = useState(actionData);
  if (seenAction !== actionData) {
    setSeenAction(actionData);
    setJsResult(undefined);
  }
  const result = jsResult === undefined ? actionData?.result : jsResult;

  async function submitWithJs(values: { bookingCode: string; reason: string }) {
    setBusy(true);
    try {
      const response = await fetch("/api/reservations/cancel", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ bookingCode: values.bookingCode.trim().toUpperCase(), reason: values.reason }),
      });
      let body: CancelResponse | null = null;
      try {
        body = (await response.json()) as CancelResponse;
      } catch {
        body = null;
      }
      if (response.status === 401) {
        // The staff session ran out in an open tab: sign in again and come back to this code.
        window.location.assign(`/admin/login?redirectTo=${encodeURIComponent(`/admin/storno?code=${values.bookingCode.trim().toUpperCase()}`)}`);
        return;
      }
      if (!response.ok) {
        const message = body?.message || `HTTP ${response.status}: ${response.statusText}`;
        setJsResult({ success: false, message, bookingCode: values.bookingCode, hasCoupon: false });
        toast({ status: "error", text: message, durationMs: ERROR_TOAST_MS });
      } else if (body) {
        setJsResult(body);
        toast({ status: "success", text: body.message, durationMs: SUCCESS_TOAST_MS });
      } else {
        throw new Error("empty answer");
      }
    } catch (error) {
      const message = error instanceof TypeError ? `Network error: ${error.message}` : UNEXPECTED;
      setJsResult({ success: false, message, bookingCode: values.bookingCode, hasCoupon: false });
      toast({ status: "error", text: message, durationMs: ERROR_TOAST_MS });
    } finally {
      setBusy(false);
    }
  }

  function reset() {
    setBookingCode("");
    setReason("");
    setJsResult(null);
  }

  return (
    <Page title="Reservierungen verwalten">
      <AdminBar email={staff.email} manager={staff.manager} />
      <Toasts toasts={toasts} onDismiss={dismiss} />
      <ValidatedForm
        validator={cancelValidator}
        method="post"
        className="card"
        noValidate
        onSubmit={
          hydrated
            ? (values, event) => {
                event.preventDefault();
                void submitWithJs({ bookingCode: values.bookingCode, reason: values.reason });
              }
            : undefined
        }
        onReset={() => reset()}
      >
        <h2>Reservierung stornieren</h2>
        <Field
          name="bookingCode"
          label="Buchungscode"
          placeholder="z. B. FW-7K3M9Q oder BDAY-2024-001"
          serverError={actionData?.fieldErrors?.bookingCode}
          value={bookingCode}
          onChange={setBookingCode}
        />
        <Field
          name="reason"
          label="Stornierungsgrund (optional)"
          placeholder="z. B. Kind krank, Termin verschoben"
          multiline
          serverError={actionData?.fieldErrors?.reason}
          value={reason}
          onChange={setReason}
        />
        <div className="actions">
          {hydrated ? (
            <button type="reset" className="button button-secondary" disabled={busy}>
              Zurücksetzen
            </button>
          ) : (
            <a href="/admin/storno" className="button button-secondary">
              Zurücksetzen
            </a>
          )}
          <button type="submit" className="button" disabled={busy}>
            Reservierung stornieren
          </button>
        </div>
      </ValidatedForm>
      {result ? <ResultCard result={result} /> : null}
      <section className="card" aria-labelledby="systems-title">
        <h2 id="systems-title">Unterstützte Systeme</h2>
        <ul className="systems">
          {SUPPORTED_SYSTEMS.map((s) => (
            <li key={s.label}>
              <span aria-hidden="true">{s.supported ? "✅" : "⚠️"}</span> {s.label}
              {s.supported ? null : <span className="muted"> (Stornierung nicht über diese Seite)</span>}
            </li>
          ))}
        </ul>
      </section>
    </Page>
  );
}
