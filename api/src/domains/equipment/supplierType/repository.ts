import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ListQuery, SupplierTypeSortColumn } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { supplierSupplierTypes, supplierTypes } from '../schema.js';
import { fieldError } from '../../../platform/http/errors.js';
import { recordsOf, type RecordScope } from '../../../platform/http/repository.js';
import type { SitePlace } from '../../../platform/http/site-scope.js';

export type SupplierTypeRow = typeof supplierTypes.$inferSelect;

export const supplierTypeRecords = recordsOf<typeof supplierTypes, ListQuery<SupplierTypeSortColumn>>({
  table: supplierTypes,
  placedOn: 'organisation',
  sort: {
    _id: supplierTypes.id,
    name: sql`lower(${supplierTypes.name})`,
    createdAt: supplierTypes.createdAt,
    updatedAt: supplierTypes.updatedAt,
  },
  search: [supplierTypes.name],
  name: { column: supplierTypes.name, field: 'name', what: 'A supplier type' },
  ownerSite: supplierTypes.ownerSiteId,
});

/** A new supplier type of the organisation, belonging to `place.ownerSiteId` (null: the organisation). */
export const insertSupplierType = (
  tx: Tx,
  place: { orgId: string; ownerSiteId: string | null },
  name: string,
  now: Date,
) => supplierTypeRecords.insert(tx, { orgId: place.orgId }, { name, ownerSiteId: place.ownerSiteId }, now);

/** Every live supplier type in `scope` (the organisation's, and its sites' own the caller holds), by name. */
export const supplierTypesByName = (db: Database, scope: RecordScope): Promise<SupplierTypeRow[]> =>
  supplierTypeRecords.all(db, scope, undefined, [sql`lower(${supplierTypes.name})`]);

/**
 * Deleting a type takes it off every supplier that had it; the suppliers themselves stay. A type is a
 * label for finding suppliers, not part of any compliance record, so nothing needs its old links, and
 * refusing the delete while suppliers use it would only make a typo impossible to clean up.
 */
export async function deleteSupplierType(tx: Tx, id: string, now: Date): Promise<void> {
  await tx.delete(supplierSupplierTypes).where(eq(supplierSupplierTypes.supplierTypeId, id));
  await supplierTypeRecords.softDelete(tx, id, now);
}

/**
 * Every id must be a live supplier type usable on the supplier's site (the organisation's, or that site's
 * own): 400 on `supplierTypeIDs` otherwise.
 */
export async function assertSupplierTypesExist(db: Database | Tx, place: SitePlace, ids: readonly string[]) {
  if (ids.length === 0) return;
  const unique = [...new Set(ids)];
  const scope = { orgId: place.orgId, siteIds: [place.siteID] };
  const found = await db
    .select({ id: supplierTypes.id })
    .from(supplierTypes)
    .where(and(inArray(supplierTypes.id, unique), supplierTypeRecords.scopeWhere(db, scope)));
  if (found.length !== unique.length) {
    throw fieldError('supplierTypeIDs', "Choose supplier types from this organisation's list");
  }
}
