import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db, Executor } from "./db-types";

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A frequent read built once per database instead of on every call: Drizzle builds a statement's
 * SQL from its query objects each time it runs (~130 µs for the ~40 columns of a booking, measured),
 * a prepared one fills in its placeholders only. On PostgreSQL it is also a named statement, parsed
 * once per connection. Null inside a transaction (a prepared statement runs on the database's own
 * connections, not the transaction's): the caller then builds the read as usual.
 * `name` identifies the statement (also on the server), one per distinct `build`.
 */
export function prepared<T>(db: Executor, name: string, build: (db: Db) => T): T | null {
  if (db instanceof PgTransaction) return null;
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) byName.set(name, (statement = build(db)));
  return statement;
}
