import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "./db.server";

/**
 * Finds stored text that was damaged on its way through a page: U+FFFD (what a browser makes of a
 * NUL byte, or of bytes that are not UTF-8) and NUL itself (PostgreSQL's text refuses a NUL byte,
 * but JSON keeps it as the escape `\u0000`). Reports only: which words were meant is for a person
 * to decide (`npm run db:scan-text`).
 */
export type DamagedText = { table: string; column: string; rowId: string; problem: "U+FFFD" | "NUL"; excerpt: string };

type Column = { table: string; column: string; type: string };

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

export async function scanStoredText(db: Db): Promise<DamagedText[]> {
  const columns = rowsOf<Column>(
    await db.execute(sql`
      select c.table_name as "table", c.column_name as "column", c.data_type as "type"
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = 'public' and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
      order by c.table_name, c.ordinal_position`),
  );
  const keys = new Map<string, string[]>();
  for (const row of rowsOf<{ table: string; column: string }>(
    await db.execute(sql`
      select k.table_name as "table", k.column_name as "column"
      from information_schema.table_constraints tc
      join information_schema.key_column_usage k on k.constraint_name = tc.constraint_name and k.table_schema = tc.table_schema
      where tc.table_schema = 'public' and tc.constraint_type = 'PRIMARY KEY'
      order by k.table_name, k.ordinal_position`),
  )) {
    keys.set(row.table, [...(keys.get(row.table) ?? []), row.column]);
  }
  const found: DamagedText[] = [];
  for (const { table, column, type } of columns) {
    const key = keys.get(table);
    // A row named by its primary key (several columns joined by "/"), else by its physical place.
    const rowId = key ? sql.join(key.map((k) => sql`${ident(k)}::text`), sql` || '/' || `) : sql`ctid::text`;
    const value = type === "json" || type === "jsonb" ? sql`${ident(column)}::text` : sql`${ident(column)}`;
    const nul = type === "json" || type === "jsonb" ? sql`strpos(${value}, '\\u0000') > 0` : sql`false`;
    const rows = rowsOf<{ row_id: string; has_fffd: boolean; has_nul: boolean; excerpt: string }>(
      await db.execute(sql`
        select ${rowId} as row_id, strpos(${value}, ${"\uFFFD"}) > 0 as has_fffd, ${nul} as has_nul,
          substr(${value}, greatest(1, strpos(${value}, ${"\uFFFD"}) - 20), 60) as excerpt
        from ${ident(table)}
        where strpos(${value}, ${"\uFFFD"}) > 0 or ${nul}
        order by 1`),
    );
    for (const row of rows) {
      if (row.has_fffd) found.push({ table, column, rowId: row.row_id, problem: "U+FFFD", excerpt: row.excerpt });
      if (row.has_nul) found.push({ table, column, rowId: row.row_id, problem: "NUL", excerpt: row.excerpt });
    }
  }
  return found;
}
