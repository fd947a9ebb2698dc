import { sql } from "drizzle-orm";
import type { Executor } from "./db-types";
import { claimModule } from "./singleton.server";

// One copy per process: per-module state here (see claimModule).
claimModule("platform/prepared", import.meta.url);

/** What a prepared statement and a session both hold: the connection (pool, pool client or PGlite) they run on. */
type OnClient = { client?: unknown };

const statements = new WeakMap<object, Map<string, OnClient | null>>();

function sessionOf(db: Executor): OnClient & { dialect?: object } {
  return db._.session as unknown as OnClient & { dialect?: object };
}

/**
 * A frequent statement built once instead of on every call: Drizzle builds a statement's SQL from
 * its query objects each time it runs (~40–130 µs a statement on this machine, `is()` checks on
 * every chunk), a prepared one only fills in its placeholders. On PostgreSQL it is also a named
 * statement, parsed once per connection.
 *
 * The statement is built once per dialect (a database and its transactions share one) and handed
 * out bound to the connection of the executor asked for: the database's pool, or the connection of
 * the open transaction, so a statement used inside a transaction runs inside it (Drizzle binds a
 * prepared statement to the session that built it; issue drizzle-orm#2826 asks for this). The
 * binding relies on the one field both Drizzle sessions and their prepared statements keep the
 * connection in (`client`, node-postgres and PGlite alike); should a Drizzle release change that,
 * each call builds the statement on the executor itself, as Drizzle does by default —
 * tests/integration/prepared.test.ts checks that statements are built once, that a bound statement
 * sees the transaction's own writes and that a rollback undoes what it wrote. `name` identifies the
 * statement (also on the server), one per distinct `build`; placeholders are filled with values as
 * the driver takes them (timestamps as ISO strings, as Drizzle encodes them).
 */
export function prepared<T extends object>(db: Executor, name: string, build: (db: Executor) => T): T {
  const session = sessionOf(db);
  const key = session.dialect ?? db;
  let byName = statements.get(key);
  if (!byName) statements.set(key, (byName = new Map()));
  let statement = byName.get(name);
  if (statement === undefined) {
    const built = build(db) as OnClient;
    // Only a statement that runs on the session's own connection can be moved to another one.
    statement = "client" in built && built.client === session.client && session.client !== undefined ? built : null;
    byName.set(name, statement);
    if (statement === null) return built as T;
  }
  if (statement === null || !("client" in session)) return build(db);
  if (statement.client === session.client) return statement as T;
  return Object.create(statement, { client: { value: session.client } }) as T;
}

/**
 * An insert's values for a prepared statement: a placeholder per value given (named `prefix` +
 * column, so two inserts of one statement do not mix), a null written into the statement (Drizzle's
 * encoders take no null when they fill placeholders), an undefined left out (the column's default,
 * as in Drizzle's own insert). `shape` tells the combinations apart: one statement each.
 */
export function insertTemplate<T extends object>(values: T, prefix = ""): { shape: string; template: T; given: Record<string, unknown> } {
  const entries = Object.entries(values).filter(([, value]) => value !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const given: Record<string, unknown> = {};
  const template: Record<string, unknown> = {};
  const shape: string[] = [];
  for (const [column, value] of entries) {
    if (value === null) {
      template[column] = sql`null`;
      shape.push(`${column}=null`);
    } else {
      template[column] = sql.placeholder(prefix + column);
      given[prefix + column] = value;
      shape.push(column);
    }
  }
  return { shape: shape.join(","), template: template as T, given };
}

/** Short statement names for shapes (`insert_reservation_1`, …): one per distinct shape in this process. */
export function shapeName(kind: string, shape: string): string {
  let byShape = shapeNames.get(kind);
  if (!byShape) shapeNames.set(kind, (byShape = new Map()));
  let name = byShape.get(shape);
  if (!name) byShape.set(shape, (name = `${kind}_${byShape.size + 1}`));
  return name;
}

const shapeNames = new Map<string, Map<string, string>>();
