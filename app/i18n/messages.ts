import type { LANGS } from "./locales";

/**
 * A namespace's messages in every language: German is the source (the spec's texts word for word),
 * and each other language must have exactly its keys — a missing or extra key fails the typecheck
 * (`satisfies Messages<typeof de>` in each file). Messages are ICU MessageFormat: `{name}`,
 * `{n, plural, one {# Kind} other {# Kinder}}`, `{kind, select, …}`. Texts a venue edits (offers,
 * opening hours, legal pages) live in the database, not here.
 */
export type Messages<German extends Record<string, string>> = {
  [L in (typeof LANGS)[number]]: L extends "de" ? German : { [K in keyof German]: string };
};
