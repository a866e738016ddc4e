import { sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../db/client.js';

// Lists that show names from other tables (a log's site, who made it, its item) read a page with those
// joins in one statement of their own, rather than the table alone as list.ts's pageOf does. These carry
// pageOf's way of counting over to them: the total is a scalar subquery in the page's own statement, so it
// always fits the page, and only a page past the end, with no row to carry it, counts on its own.

/** How many rows `where` matches in `from` (a table and the joins the filters need), as a column. */
export const matchingCount = (from: SQL, where: SQL | undefined) =>
  sql<number>`(select count(*) from ${from} where ${where ?? sql`true`})`.mapWith(Number);

/** How many rows `where` matches in `from`, in a statement of its own (an export's size). */
export async function countMatching(db: Database | Tx, from: SQL, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: matchingCount(from, where) }).from(sql`(select 1) as one`);
  return row?.total ?? 0;
}

/**
 * One page from `read`, the list's own statement, which selects `total` (the `matchingCount` it is given)
 * beside its columns, and how many rows match in all.
 */
export async function joinedPage<Row extends { total: number }>(
  db: Database | Tx,
  count: { from: SQL; where: SQL | undefined },
  query: Pick<ListQuery, 'page'>,
  read: (total: SQL<number>) => Promise<Row[]>,
): Promise<{ rows: Row[]; total: number }> {
  const rows = await read(matchingCount(count.from, count.where));
  const first = rows[0];
  if (first || query.page === 1) return { rows, total: first?.total ?? 0 };
  return { rows, total: await countMatching(db, count.from, count.where) };
}

/**
 * `found` (read by the ids of `rows`, in whatever order the database gave) in the order of `rows`: the
 * answers of records loaded one way and named in a second statement.
 */
export function inOrderOf<Found>(
  rows: readonly { id: string }[],
  found: readonly Found[],
  idOf: (one: Found) => string,
): Found[] {
  const byId = new Map(found.map((one) => [idOf(one), one]));
  return rows.map((row) => {
    const one = byId.get(row.id);
    if (!one) throw new Error(`record ${row.id} was loaded but not read again`);
    return one;
  });
}
