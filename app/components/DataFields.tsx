import type { DataField } from "~/domain/party-details";

/**
 * Form fields described by the loader (`DataField`): uncontrolled, so they work the same with and
 * without JavaScript and cost the page almost no script whatever their number and words.
 */
export function DataFields({ fields }: { fields: readonly DataField[] }) {
  return (
    <>
      {fields.map((f) => {
        const described = [f.hint ? `${f.name}-hint` : "", f.problem ? `${f.name}-problem` : ""].join(" ").trim() || undefined;
        const common = {
          id: f.name,
          name: f.name,
          defaultValue: f.value,
          maxLength: f.maxLength,
          "aria-invalid": f.problem ? true : undefined,
          "aria-describedby": described,
        };
        return (
          <div className="field" key={f.name}>
            <label htmlFor={f.name}>{f.label}</label>
            {f.kind === "multiline" ? (
              <textarea rows={3} {...common} />
            ) : (
              <input type="text" inputMode={f.kind === "numeric" ? "numeric" : undefined} autoComplete={f.autoComplete} className={f.kind === "numeric" ? "input-short" : undefined} {...common} />
            )}
            {f.hint ? (
              <p className="muted field-hint" id={`${f.name}-hint`}>
                {f.hint}
              </p>
            ) : null}
            {f.problem ? (
              <p className="field-error" id={`${f.name}-problem`}>
                {f.problem}
              </p>
            ) : null}
          </div>
        );
      })}
    </>
  );
}
