/**
 * The address's country (issue #28 §6): Switzerland preselected. The names and the label come as
 * props (the contact step sends them as loader data in the page's language, so they cost its
 * JavaScript budget nothing).
 */
export function CountrySelect({ id, label, options, value }: { id: string; label: string; options: readonly (readonly [string, string])[]; value?: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name="country" defaultValue={value || "CH"} autoComplete="country">
        {options.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
