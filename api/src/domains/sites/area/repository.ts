import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { AreaListQuery, AreaSortColumn } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { areas, sites } from '../../../platform/db/schema.js';
import { fieldError } from '../../../platform/http/errors.js';
import { orderBy, pageOf } from '../../../platform/http/list.js';
import { searchWhere } from '../../../platform/http/records.js';
import { recordsOf, type RecordScope } from '../../../platform/http/repository.js';

export type AreaRow = typeof areas.$inferSelect;

const areaSort: Record<AreaSortColumn, AnyColumn | SQL> = {
  _id: areas.id,
  name: sql`lower(${areas.name})`,
  // The area's live sites, counted for each row the outer query reads.
  siteCount: sql`(select count(*) from ${sites} where ${sites.areaId} = ${areas.id} and ${sites.deletedAt} is null)`,
  createdAt: areas.createdAt,
  updatedAt: areas.updatedAt,
};

export const areaRecords = recordsOf<typeof areas, AreaListQuery>({
  table: areas,
  placedOn: 'organisation',
  sort: areaSort,
  search: [areas.name],
  name: { column: areas.name, field: 'name', what: 'An area' },
});

/**
 * A page of the organisation's areas in the query's order. Areas with as many sites, or created at the same
 * moment, follow by name whichever way the column runs (then by id), so a page never reshuffles.
 */
export async function listAreas(
  db: Database | Tx,
  scope: RecordScope,
  query: AreaListQuery,
): Promise<{ rows: AreaRow[]; total: number }> {
  const { column, direction } = query.sort;
  const by = direction === 'desc' ? desc : asc;
  const order =
    column === '_id' || column === 'name'
      ? orderBy(query, areaSort, areas.id)
      : [by(areaSort[column]), asc(sql`lower(${areas.name})`), asc(areas.id)];
  return pageOf<AreaRow>(
    db,
    { table: areas, columns: getTableColumns(areas) },
    and(areaRecords.scopeWhere(db, scope), searchWhere(query.search, [areas.name])),
    order,
    query,
  );
}

/** How many live sites each area holds, in one grouped query; an area with none is left out. */
export async function siteCountsOf(
  db: Database | Tx,
  areaIds: readonly string[],
): Promise<Map<string, number>> {
  if (areaIds.length === 0) return new Map();
  const rows = await db
    .select({ areaId: sites.areaId, n: count() })
    .from(sites)
    .where(and(inArray(sites.areaId, [...areaIds]), isNull(sites.deletedAt)))
    .groupBy(sites.areaId);
  return new Map(rows.flatMap(({ areaId, n }) => (areaId ? [[areaId, n] as const] : [])));
}

/** Every live area of the organisation, by name (pickers). */
export const areasByName = (db: Database | Tx, scope: RecordScope): Promise<AreaRow[]> =>
  areaRecords.all(db, scope, undefined, [sql`lower(${areas.name})`]);

/**
 * Deleting an area takes its sites out of it: they are then in no area, as before they were put in one.
 * An area is a way of looking at sites, never part of a compliance record, so refusing the delete until
 * every site was moved by hand would only make reorganising a chain of 400 sites slow; the answer says
 * how many sites left it, and the confirmation before it (the list shows each area's sites) says so first.
 * Answers how many live sites left it.
 */
export async function deleteArea(tx: Tx, id: string, now: Date): Promise<number> {
  const moved = await tx
    .update(sites)
    .set({ areaId: null })
    .where(eq(sites.areaId, id))
    .returning({ id: sites.id, deletedAt: sites.deletedAt });
  await areaRecords.softDelete(tx, id, now);
  return moved.filter((site) => site.deletedAt === null).length;
}

/**
 * The area a site is put in: a live area of the site's organisation. Another organisation's, a deleted one
 * or none at all is the same 400 on `areaID`, so ids of other organisations cannot be probed.
 */
export async function assertAreaOfOrganisation(
  db: Database | Tx,
  orgId: string,
  areaId: string,
): Promise<void> {
  const found = await areaRecords.find(db, orgId, areaId);
  if (!found) throw fieldError('areaID', 'Choose an area of this organisation');
}

/** The live areas of these ids as a site names them, by id, in one query. */
export async function areaRefsOf(
  db: Database | Tx,
  areaIds: readonly (string | null)[],
): Promise<Map<string, Pick<AreaRow, 'id' | 'name'>>> {
  const ids = [...new Set(areaIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: areas.id, name: areas.name })
    .from(areas)
    .where(and(inArray(areas.id, ids), isNull(areas.deletedAt)));
  return new Map(rows.map((row) => [row.id, row]));
}
