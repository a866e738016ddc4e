import { asc, count, desc, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { nextStatementName, preparable } from '../db/prepared.js';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../db/client.js';
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

/** A page's source: the table it reads and the columns each row holds. */
export interface PageSource {
  table: PgTable;
  columns: Record<string, PgColumn | SQL>;
}

/**
 * The statement of one page of `source`'s rows matching `where`, and how many match in all. The total is a
 * scalar subquery rather than `count(*) over()`, because a window makes PostgreSQL build and sort every
 * matching row before it can return ten, while the subquery counts from an index and the page reads only
 * its rows in index order (about six times cheaper with 2,000 suppliers on a site, bench/api.mjs). Both run
 * in the statement's one snapshot, so the total always fits the page.
 */
function pageStatement(
  db: Database | Tx,
  source: PageSource,
  where: SQL | undefined,
  order: SQL[],
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  return db
    .select({
      row: source.columns,
      total: sql<number>`(select count(*) from ${source.table} where ${where ?? sql`true`})`.mapWith(Number),
    })
    .from(source.table)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

/**
 * A list scoped to more sites than this is built each time instead of prepared: a statement per count of
 * sites is kept for the common scopes (one site, a site admin's few), not for every count an organisation
 * admin's hundreds of sites could make.
 */
const maxPreparedSites = 20;

/** Whether a list on `db` over `siteIds` (all the organisation's when left out) runs a prepared page. */
export const listIsPrepared = (db: Database | Tx, siteIds: readonly string[] | undefined) =>
  preparable(db) && (siteIds?.length ?? 0) <= maxPreparedSites;

/** A page statement prepared once (`preparedPage`), run with a request's values. */
export interface PreparedPage {
  execute(values: Record<string, unknown>): Promise<{ row: unknown; total: number }[]>;
}

/**
 * The page statement prepared under a name of its own: `where` and `order` use placeholders for what
 * changes between requests, and `limit` and `offset` are the placeholders of those names (`pageValues`).
 * Kept in a `PreparedQueries` by shape.
 */
export function preparedPage(
  db: Database | Tx,
  source: PageSource,
  where: SQL | undefined,
  order: SQL[],
  name: string,
): PreparedPage {
  return pageStatement(db, source, where, order, sql.placeholder('limit'), sql.placeholder('offset')).prepare(
    nextStatementName(name),
  );
}

/** The values of a prepared page's `limit` and `offset`. */
export const pageValues = (query: Pick<ListQuery, 'page' | 'limit'>) => ({
  limit: query.limit,
  offset: offsetOf(query),
});

/**
 * The rows and total of a page that was read: only a page past the end, which has no row to carry the
 * total, counts on its own.
 */
async function pageFrom<Row>(
  found: { row: unknown; total: number }[],
  query: Pick<ListQuery, 'page' | 'limit'>,
  countAll: () => Promise<number>,
): Promise<{ rows: Row[]; total: number }> {
  // `row` holds exactly the source's columns, which the caller states are a Row.
  const rows = found.map((one) => one.row as Row);
  const first = found[0];
  if (first) return { rows, total: first.total };
  if (query.page === 1) return { rows, total: 0 };
  return { rows, total: await countAll() };
}

/** How many rows of `table` match `where`. */
async function countOf(db: Database | Tx, table: PgTable, where: SQL | undefined): Promise<number> {
  const [counted] = await db.select({ total: count() }).from(table).where(where);
  return counted?.total ?? 0;
}

/** One page of `table`'s rows matching `where`, and how many match in all, from one query. */
export async function pageOf<Row>(
  db: Database | Tx,
  source: PageSource,
  where: SQL | undefined,
  order: SQL[],
  query: Pick<ListQuery, 'page' | 'limit'>,
): Promise<{ rows: Row[]; total: number }> {
  const found = await pageStatement(db, source, where, order, query.limit, offsetOf(query));
  return pageFrom<Row>(found, query, () => countOf(db, source.table, where));
}

/**
 * One page from a prepared page statement and the request's `values` (with `pageValues`), and how many
 * match in all; a page past the end is counted by `where`, the same condition with the request's values.
 */
export async function pageOfPrepared<Row>(
  db: Database | Tx,
  page: PreparedPage,
  values: Record<string, unknown>,
  table: PgTable,
  where: () => SQL | undefined,
  query: Pick<ListQuery, 'page' | 'limit'>,
): Promise<{ rows: Row[]; total: number }> {
  const found = await page.execute({ ...values, ...pageValues(query) });
  return pageFrom<Row>(found, query, () => countOf(db, table, where()));
}
