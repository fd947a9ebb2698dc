import type { InputHTMLAttributes, ReactNode } from "react";

/**
 * Building blocks of the venue settings pages (/admin/einstellungen…): plain form fields with the
 * server's German message under the field (linked by aria-describedby), so they work without JavaScript.
 */

/** What a settings action answers: which form it was, per-field messages, the values typed, a message. */
export type SettingsActionData = {
  form: string;
  ok: boolean;
  message?: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
  codes?: string[];
  /** The action asks before it acts (deleting a table): the form shows a second, explicit button. */
  confirm?: boolean;
};

/** The answer for this form, when the last submission was this form's. */
export function answerFor(actionData: SettingsActionData | undefined, form: string): SettingsActionData | undefined {
  return actionData?.form === form ? actionData : undefined;
}

/** Strings of a submitted form (to show them again beside their messages). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string" && k !== "intent") values[k] = v.slice(0, 2000);
  return values;
}

type FieldProps = {
  form: string;
  name: string;
  label: string;
  answer?: SettingsActionData;
  value: string;
  hint?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "form" | "name" | "defaultValue" | "value">;

export function SettingsField({ form, name, label, answer, value, hint, type = "text", ...rest }: FieldProps) {
  const id = `${form}-${name}`;
  const error = answer?.errors?.[name];
  const shown = answer && !answer.ok && answer.values && name in answer.values ? answer.values[name] : value;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="muted field-hint">
          {hint}
        </p>
      ) : null}
      <input id={id} name={name} type={type} defaultValue={shown} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...rest} />
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A long text (legal texts, e-mail texts): the server's message under it, linked for screen readers. */
export function SettingsTextArea({
  id,
  name,
  label,
  value,
  error,
  rows,
  maxLength,
  lang,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string;
  rows: number;
  maxLength: number;
  /** The text's language when it is not German (a French e-mail text): spell checkers and screen readers follow it. */
  lang?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        maxLength={maxLength}
        defaultValue={value}
        lang={lang}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="legal-textarea"
      />
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function SettingsCheckbox({ form, name, label, answer, checked }: { form: string; name: string; label: string; answer?: SettingsActionData; checked: boolean }) {
  const id = `${form}-${name}`;
  const shown = answer && !answer.ok && answer.values ? answer.values[name] === "on" : checked;
  return (
    <div className="field field-check">
      <input id={id} name={name} type="checkbox" defaultChecked={shown} /> <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** The message of the last submission of this form: success (status) or failure (alert). */
export function FormMessage({ answer }: { answer?: SettingsActionData }) {
  if (!answer?.message) return null;
  return answer.ok ? (
    <p className="alert alert-success" role="status">
      {answer.message}
    </p>
  ) : (
    <p className="alert alert-error" role="alert">
      {answer.message}
    </p>
  );
}

export function SettingsNav({ current }: { current: string }) {
  const links = [
    ["/admin/einstellungen", "Preise und Haltedauer"],
    ["/admin/einstellungen/oeffnungszeiten", "Öffnungszeiten"],
    ["/admin/einstellungen/schliessungen", "Schliessungen"],
    ["/admin/einstellungen/tische", "Geburtstagstische"],
    ["/admin/einstellungen/angebote", "Angebote"],
    ["/admin/einstellungen/zusatzleistungen", "Zusatzleistungen"],
    ["/admin/einstellungen/spielorte", "Spielorte"],
    ["/admin/einstellungen/texte", "Rechtstexte"],
    ["/admin/einstellungen/e-mail-texte", "E-Mail-Texte"],
    ["/admin/einstellungen/uebersetzungen", "Übersetzungen"],
    ["/admin/einstellungen/mitarbeitende", "Benutzerkonten"],
    ["/admin/einstellungen/betrieb", "Betrieb"],
    ["/admin/einstellungen/mwst", "MWST"],
    ["/admin/einstellungen/aktionscodes", "Aktionscodes"],
    ["/admin/einstellungen/gutscheine", "Gutscheinverkauf"],
  ] as const;
  return (
    <nav aria-label="Einstellungen" className="settings-nav no-print">
      {links.map(([href, text]) => (
        <a key={href} href={href} aria-current={href === current ? "page" : undefined}>
          {text}
        </a>
      ))}
    </nav>
  );
}

export function SettingsSection({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
