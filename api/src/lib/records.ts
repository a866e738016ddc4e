import { and, count, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../db/client.js';
import { conflict } from './errors.js';
import { likePattern } from './list.js';

// Pieces every catalogue-like resource (suppliers, food items, fridges, supplier types, ...) needs in its
// repository: a case-insensitive unique name among live rows, text search, and a total for list pages.

export interface NameRule {
  table: PgTable;
  id: AnyPgColumn;
  name: AnyPgColumn;
  deletedAt: AnyPgColumn;
  /** Where the name must be unique, e.g. one site and type. */
  scope: SQL | undefined;
  /** The field the form shows the name in, for `fieldErrors`. */
  field: string;
  /** "A supplier", "A fridge": starts the message. */
  what: string;
  /** " on this site": ends it. */
  where: string;
}

/**
 * 409 when a live row in scope already has this name, ignoring case (the partial unique indexes enforce
 * the same rule; this check exists to answer with a message a person can act on).
 */
export async function assertNameFree(db: Database | Tx, rule: NameRule, name: string, exceptId?: string) {
  const [clash] = await db
    .select({ id: rule.id })
    .from(rule.table)
    .where(
      and(
        rule.scope,
        isNull(rule.deletedAt),
        sql`lower(${rule.name}) = ${name.toLowerCase()}`,
        exceptId === undefined ? undefined : ne(rule.id, exceptId),
      ),
    )
    .limit(1);
  if (clash) {
    throw conflict(`${rule.what} called "${name}" already exists${rule.where}`, {
      [rule.field]: [`${rule.what} with this name already exists${rule.where}`],
    });
  }
}

/** Rows where any of `columns` contains `search` (ignoring case); nothing to filter when it is empty. */
export function searchWhere(search: string, columns: readonly (AnyPgColumn | SQL)[]): SQL | undefined {
  if (search === '') return undefined;
  const pattern = likePattern(search);
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** How many rows of `table` match: the `records` of a list page. */
export async function countWhere(db: Database | Tx, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(table).where(where);
  return row?.total ?? 0;
}
