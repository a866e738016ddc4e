import { ilike, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { likePattern } from './list.js';

/** Rows where any of `columns` contains `search` (ignoring case); nothing to filter when it is empty. */
export function searchWhere(search: string, columns: readonly (AnyPgColumn | SQL)[]): SQL | undefined {
  if (search === '') return undefined;
  const pattern = likePattern(search);
  return or(...columns.map((column) => ilike(column, pattern)));
}
