import { fill } from "./useLanguage";

/**
 * A sentence with the venue's own words in it (a location's name, a closure's reason): on another
 * language's page those are marked as German; a German page gets the plain sentence.
 */
export function WithVenueWords({ template, values, lang }: { template: string; values: Record<string, string>; lang: string | undefined }) {
  if (!lang) return <>{fill(template, values)}</>;
  return (
    <>
      {template.split(/\{(\w+)\}/).map((part, i) =>
        i % 2 === 1 ? (
          <span key={i} lang={lang}>
            {values[part] ?? ""}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}
