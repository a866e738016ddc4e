import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/client.js';

/** A column of a bulk insert and the SQL type its JSON value is read as. */
export type BulkColumn = readonly [column: PgColumn, sqlType: string];

/**
 * Inserts many rows with one statement and one parameter: the rows travel as a JSON array read by
 * json_to_recordset. A VALUES list of thousands of rows has tens of thousands of parameters, which costs
 * the embedded database seconds to parse; this costs milliseconds on both it and PostgreSQL. Dates become
 * ISO strings, which `timestamptz` reads back exactly.
 */
export async function insertAsJson(
  db: Database | Tx,
  table: PgTable,
  columns: readonly BulkColumn[],
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  if (rows.length === 0) return;
  const records = rows.map((row) => Object.fromEntries(row.map((value, index) => [`c${index}`, value])));
  const names = columns.map(([column]) => sql.identifier(column.name));
  const picked = columns.map((_, index) => sql.raw(`c${index}`));
  const shapes = columns.map(([, type], index) => sql.raw(`c${index} ${type}`));
  await db.execute(
    sql`insert into ${table} (${sql.join(names, sql`, `)})
        select ${sql.join(picked, sql`, `)}
        from json_to_recordset(${JSON.stringify(records)}::json) as rows(${sql.join(shapes, sql`, `)})`,
  );
}

/**
 * `expression IN (values)` with the values as one JSON parameter, for lists of thousands (see insertAsJson);
 * `sqlType` is what each value is compared as.
 */
export function inJsonList(expression: SQLWrapper, values: readonly string[], sqlType = 'text'): SQL {
  return sql`${expression} in (select value::${sql.raw(sqlType)} from json_array_elements_text(${JSON.stringify(values)}::json))`;
}
