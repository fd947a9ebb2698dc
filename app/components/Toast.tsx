import { useEffect } from "react";
import { KeepTogether } from "./KeepTogether";
import { useContentTexts } from "./useLanguage";

export type ToastStatus = "info" | "warning" | "success" | "error" | "loading";
export type ToastMessage = { id: number; status: ToastStatus; text: string; durationMs?: number };

/** Spec §9: default 5000 ms; width 300–560 px; shown top right. */
export const TOAST_DEFAULT_MS = 5000;

export function Toasts({ toasts, onDismiss, inline = false }: { toasts: ToastMessage[]; onDismiss: (id: number) => void; inline?: boolean }) {
  // `inline`: in the page's flow next to the form it answers, instead of floating over it.
  return (
    <div className={inline ? "toasts toasts-inline" : "toasts"} aria-live="polite">
      {toasts.map((t) => (
        <Toast key={t.id} toast={t} onDismiss={onDismiss} />
      ))}
    </div>
  );
}

function Toast({ toast, onDismiss }: { toast: ToastMessage; onDismiss: (id: number) => void }) {
  const t = useContentTexts();
  useEffect(() => {
    if (toast.status === "loading") return;
    const timer = setTimeout(() => onDismiss(toast.id), toast.durationMs ?? TOAST_DEFAULT_MS);
    return () => clearTimeout(timer);
  }, [toast, onDismiss]);
  return (
    <div className={`toast toast-${toast.status}`} role={toast.status === "error" ? "alert" : "status"}>
      <span>
        <KeepTogether text={toast.text} />
      </span>
      <button type="button" className="toast-close" aria-label={t.closeMessage} onClick={() => onDismiss(toast.id)}>
        ×
      </button>
    </div>
  );
}
