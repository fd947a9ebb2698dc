import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useField, ValidatedForm } from "remix-validated-form";
import { AdminBar } from "~/components/AdminBar";
import { Page } from "~/components/Page";
import { Toasts, type ToastMessage } from "~/components/Toast";
import { useAdoptTypedValue } from "~/components/useAdoptTypedValue";
import { useHydrated } from "~/components/useHydrated";
import { StornoPreviewCard, StornoResultCard, type StornoConfirm } from "~/components/StornoCards";
import { CANCEL_MAX_LENGTH, CancelConfirmSchema, expectedSplit } from "~/domain/cancel-form";
import { cancelValidator } from "~/domain/cancel-validator";
import { SUPPORTED_SYSTEMS } from "~/domain/reservation-types";
import { requireSameOrigin, requireStaff } from "~/server/staff/auth.server";
import { cancelReservation, previewCancellation, restoreVoucher, type CancelResponse } from "~/server/staff/cancellation.server";
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

/**
 * `?code=` (the day list's and the booking detail's «Stornieren»): the code filled in and, when it
 * names a booking that can be cancelled, its preview at once — reading only.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const code = new URL(request.url).searchParams.get("code")?.trim().toUpperCase().slice(0, CANCEL_MAX_LENGTH.bookingCode) ?? "";
  const preview = code.length >= 3 ? await previewCancellation(await getDb(), code) : null;
  return {
    staff: { email: staff.email, manager: staff.role === "manager" },
    code,
    preview: preview?.body.preview ? preview.body : null,
  };
}

type ActionData = { result?: CancelResponse; fieldErrors?: Record<string, string>; values?: { bookingCode: string; reason: string } };

/**
 * Three posts: the spec's form (first step: the preview, nothing changes), «Jetzt stornieren» (the
 * second step, with the refund choice and the preview's figures), and the voucher restore.
 */
export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  requireSameOrigin(request);
  const form = await request.formData();
  const actor = { staffId: staff.id, name: staff.email };
  const db = await getDb();
  const intent = form.get("intent");
  if (intent === "restore") {
    const restored = await restoreVoucher(db, { code: String(form.get("bookingCode") ?? ""), actor });
    return data<ActionData>({ result: restored.body }, { status: restored.status });
  }
  const values = { bookingCode: String(form.get("bookingCode") ?? ""), reason: String(form.get("reason") ?? "") };
  if (intent === "confirm") {
    const parsed = CancelConfirmSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? UNEXPECTED;
      return data<ActionData>({ result: { success: false, message, bookingCode: values.bookingCode, hasCoupon: false }, values }, { status: 400 });
    }
    const c = parsed.data;
    const cancelled = await cancelReservation(db, {
      code: c.bookingCode,
      reason: c.reason || null,
      actor,
      refund: { choice: c.refund ?? "full", expect: expectedSplit(c) },
      note: c.note || null,
    });
    return data<ActionData>({ result: cancelled.body, values: { bookingCode: c.bookingCode, reason: values.reason } }, { status: cancelled.status });
  }
  const validation = await cancelValidator.validate(form);
  if (validation.error) return data<ActionData>({ fieldErrors: validation.error.fieldErrors, values }, { status: 400 });
  const preview = await previewCancellation(db, validation.data.bookingCode);
  return data<ActionData>({ result: preview.body, values: { bookingCode: validation.data.bookingCode, reason: values.reason } }, { status: preview.status });
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

export default function Storno() {
  const { staff, code, preview: loaded } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const hydrated = useHydrated();
  const [bookingCode, setBookingCode] = useState(actionData?.values?.bookingCode ?? code);
  const [reason, setReason] = useState(actionData?.values?.reason ?? "");
  // The reason as it was when the preview was asked for: the second step sends exactly that.
  const [jsReason, setJsReason] = useState<string | undefined>(undefined);
  const [jsResult, setJsResult] = useState<CancelResponse | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  // A new answer replaces the toast of the last one (an old error never stays beside a new success).
  const toast = (t: Omit<ToastMessage, "id">) => setToasts([{ ...t, id: Date.now() + Math.random() }]);
  // A newer server answer (e.g. the voucher restore, a plain form post) replaces what JS showed.
  const [seenAction, setSeenAction] = useState(actionData);
  if (seenAction !== actionData) {
    setSeenAction(actionData);
    setJsResult(undefined);
    setJsReason(undefined);
  }
  const result = jsResult === undefined ? (actionData?.result ?? loaded ?? undefined) : jsResult;
  const previewReason = jsReason ?? actionData?.values?.reason ?? "";
  const previewHeading = useRef<string | null>(null);
  useEffect(() => {
    // The preview arrived (JS path): take the keyboard and the screen reader to it.
    const key = result?.preview ? `${result.bookingCode}:${result.message}` : null;
    if (key && hydrated && previewHeading.current !== key && jsResult) document.getElementById("preview-title")?.focus();
    previewHeading.current = key;
  }, [result, hydrated, jsResult]);

  async function callApi(payload: Record<string, unknown>, codeForLogin: string, onAnswer: (body: CancelResponse) => void) {
    setBusy(true);
    try {
      const response = await fetch("/api/reservations/cancel", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(payload),
      });
      let body: CancelResponse | null = null;
      try {
        body = (await response.json()) as CancelResponse;
      } catch {
        body = null;
      }
      if (response.status === 401) {
        // The staff session ran out in an open tab: sign in again and come back to this code.
        window.location.assign(`/admin/login?redirectTo=${encodeURIComponent(`/admin/storno?code=${codeForLogin}`)}`);
        return;
      }
      if (!response.ok) {
        const message = body?.message || `HTTP ${response.status}: ${response.statusText}`;
        // A booking whose amounts changed since the preview comes back with a fresh preview.
        setJsResult(body?.preview ? body : { success: false, message, bookingCode: codeForLogin, hasCoupon: false });
        toast({ status: "error", text: message, durationMs: ERROR_TOAST_MS });
      } else if (body) {
        onAnswer(body);
      } else {
        throw new Error("empty answer");
      }
    } catch (error) {
      const message = error instanceof TypeError ? `Network error: ${error.message}` : UNEXPECTED;
      setJsResult({ success: false, message, bookingCode: codeForLogin, hasCoupon: false });
      toast({ status: "error", text: message, durationMs: ERROR_TOAST_MS });
    } finally {
      setBusy(false);
    }
  }

  /** First step: what would happen. Nothing changes, so no toast unless it went wrong. */
  function previewWithJs(values: { bookingCode: string; reason: string }) {
    const normalized = values.bookingCode.trim().toUpperCase();
    setJsReason(values.reason);
    void callApi({ bookingCode: normalized, reason: values.reason, preview: true }, normalized, (body) => {
      setToasts([]);
      setJsResult(body);
    });
  }

  /** Second step: cancel with the chosen refund (the spec's success toast). */
  function confirmWithJs(previewed: CancelResponse, values: StornoConfirm) {
    void callApi({ bookingCode: previewed.bookingCode, reason: previewReason, ...values }, previewed.bookingCode, (body) => {
      setJsResult(body);
      toast({ status: "success", text: body.message, durationMs: SUCCESS_TOAST_MS });
    });
  }

  function reset() {
    setBookingCode("");
    setReason("");
    setJsResult(null);
    setToasts([]);
  }

  return (
    <Page title="Reservierungen verwalten">
      <AdminBar email={staff.email} manager={staff.manager} />
      <ValidatedForm
        validator={cancelValidator}
        method="post"
        className="card"
        noValidate
        onSubmit={
          hydrated
            ? (values, event) => {
                event.preventDefault();
                previewWithJs({ bookingCode: values.bookingCode, reason: values.reason });
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
      <Toasts toasts={toasts} onDismiss={dismiss} inline />
      {result?.preview ? (
        <StornoPreviewCard
          result={result}
          preview={result.preview}
          reason={previewReason}
          busy={busy}
          onConfirm={hydrated ? (values) => confirmWithJs(result, values) : undefined}
        />
      ) : result ? (
        <StornoResultCard result={result} />
      ) : null}
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
