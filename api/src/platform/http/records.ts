import { ilike, or, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { likePattern } from './list.js';

/**
 * Rows where any of `columns` contains `search` (ignoring case); nothing to filter when it is empty. A
 * prepared statement passes a placeholder for the pattern (`likePattern` of the search).
 */
export function searchWhere(
  search: string | Placeholder,
  columns: readonly (AnyPgColumn | SQL)[],
): SQL | undefined {
  if (search === '') return undefined;
  const pattern = typeof search === 'string' ? likePattern(search) : search;
  return or(...columns.map((column) => ilike(column, pattern)));
}
