import type { DataField, DataSection as Section } from "~/domain/data-fields";

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
            <label htmlFor={f.name} lang={f.lang}>
              {f.label}
            </label>
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

/**
 * A folded optional section described by the loader (`DataSection`): closed unless something in it
 * is filled in or wrong, so the form stays as short as the spec's for those who skip it. `typed`:
 * what the family sent last (shown again), `problemOf`: each field's problem after a refused submit.
 */
export function DataSection({ section, typed, problemOf }: { section: Section; typed: Record<string, string | undefined>; problemOf: (field: string) => string | undefined }) {
  const groups = section.groups.map((g) => ({ ...g, fields: g.fields.map((f) => ({ ...f, value: typed[f.name] ?? f.value, problem: problemOf(f.name) })) }));
  return (
    <details className={`card ${section.className}`} open={section.open || groups.some((g) => g.fields.some((f) => f.value || f.problem))}>
      <summary>{section.title}</summary>
      <p className="muted">{section.hint}</p>
      {groups.map((g) =>
        g.legend ? (
          <fieldset key={g.id}>
            <legend lang={g.lang}>{g.legend}</legend>
            <p className="muted">
              {g.venueText ? <span lang={g.lang}>{g.venueText} </span> : null}
              {g.text}
            </p>
            <DataFields fields={g.fields} />
          </fieldset>
        ) : (
          <DataFields key={g.id} fields={g.fields} />
        ),
      )}
      {section.notes?.map((n) => (
        <p className="muted" key={n}>
          {n}
        </p>
      ))}
      {section.button ? (
        <button type="submit" name="intent" value={section.button.intent} className="button button-secondary button-small" formNoValidate>
          {section.button.label}
        </button>
      ) : null}
    </details>
  );
}
