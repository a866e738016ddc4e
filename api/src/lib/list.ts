import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ListData, ListQuery } from '@console/shared-sdk/contract';

export function listOf<T>(list: T[], records: number, query: Pick<ListQuery, 'page' | 'limit'>): ListData<T> {
  return { list, records, page: query.page, limit: query.limit };
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * ORDER BY for a list query: the chosen column (`_id` maps to the id column), then the id so pages are
 * stable when values tie.
 */
export function orderBy<Column extends string>(
  query: Pick<ListQuery<Column>, 'sort'>,
  columns: Record<Column, AnyColumn | SQL>,
  id: AnyColumn,
): SQL[] {
  const column = columns[query.sort.column];
  const direction = query.sort.direction === 'desc' ? desc : asc;
  return column === id ? [direction(id)] : [direction(column), direction(id)];
}

export const offsetOf = (query: Pick<ListQuery, 'page' | 'limit'>) => (query.page - 1) * query.limit;
