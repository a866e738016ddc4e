import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ListQuery, SupplierFields, SupplierSortColumn } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { supplierSupplierTypes, suppliers, supplierTypes } from '../schema.js';
import { recordsOf } from '../../../platform/http/repository.js';
import { QueryForIds } from '../../../platform/db/prepared.js';
import type { SitePlace } from '../../../platform/http/site-scope.js';
import { assertSupplierTypesExist, type SupplierTypeRow } from '../supplierType/repository.js';

export type SupplierRow = typeof suppliers.$inferSelect;

export const supplierRecords = recordsOf<typeof suppliers, ListQuery<SupplierSortColumn>>({
  table: suppliers,
  placedOn: 'site',
  sort: {
    _id: suppliers.id,
    supplierName: sql`lower(${suppliers.supplierName})`,
    supplierContactPersonName: sql`lower(${suppliers.contactPersonName})`,
    email: suppliers.email,
    createdAt: suppliers.createdAt,
    updatedAt: suppliers.updatedAt,
  },
  search: [suppliers.supplierName, suppliers.contactPersonName, suppliers.email, suppliers.mobileNumber],
  name: { column: suppliers.supplierName, field: 'supplierName', what: 'A supplier' },
});

function columnsFrom(input: SupplierFields) {
  return {
    supplierName: input.supplierName,
    contactPersonName: input.supplierContactPersonName ?? null,
    email: input.email ?? null,
    mobileNumber: input.mobileNumber ?? null,
  };
}

async function replaceTypes(db: Database | Tx, supplierId: string, typeIds: readonly string[]) {
  await db.delete(supplierSupplierTypes).where(eq(supplierSupplierTypes.supplierId, supplierId));
  const unique = [...new Set(typeIds)];
  if (unique.length > 0) {
    await db
      .insert(supplierSupplierTypes)
      .values(unique.map((supplierTypeId) => ({ supplierId, supplierTypeId })));
  }
}

/** Creates a supplier with its types. Call inside a transaction: a rejected type list writes nothing. */
export async function insertSupplier(
  tx: Tx,
  place: SitePlace,
  input: SupplierFields,
  now: Date,
): Promise<SupplierRow> {
  await assertSupplierTypesExist(tx, place, input.supplierTypeIDs);
  const row = await supplierRecords.insert(tx, place, columnsFrom(input), now);
  await replaceTypes(tx, row.id, input.supplierTypeIDs);
  return row;
}

/** Updates a supplier (on `siteId`, its own or the one it moves to) and replaces its types. */
export async function updateSupplier(
  tx: Tx,
  current: SupplierRow,
  siteId: string,
  input: SupplierFields,
  now: Date,
): Promise<SupplierRow> {
  await assertSupplierTypesExist(tx, { orgId: current.orgId, siteID: siteId }, input.supplierTypeIDs);
  const row = await supplierRecords.update(tx, current, columnsFrom(input), now, siteId);
  await replaceTypes(tx, row.id, input.supplierTypeIDs);
  return row;
}

const typesOfSuppliers = new QueryForIds('supplier_types', (db, supplierIds) =>
  db
    .select({ supplierId: supplierSupplierTypes.supplierId, type: supplierTypes })
    .from(supplierSupplierTypes)
    .innerJoin(supplierTypes, eq(supplierTypes.id, supplierSupplierTypes.supplierTypeId))
    .where(and(inArray(supplierSupplierTypes.supplierId, [...supplierIds]), isNull(supplierTypes.deletedAt)))
    .orderBy(sql`lower(${supplierTypes.name})`, supplierTypes.id),
);

/** The live types of several suppliers in one query, by supplier id, each list by name. */
export async function typesBySupplier(
  db: Database | Tx,
  supplierIds: readonly string[],
): Promise<Map<string, SupplierTypeRow[]>> {
  const bySupplier = new Map<string, SupplierTypeRow[]>();
  if (supplierIds.length === 0) return bySupplier;
  for (const { supplierId, type } of await typesOfSuppliers.run(db, supplierIds)) {
    const list = bySupplier.get(supplierId) ?? [];
    list.push(type);
    bySupplier.set(supplierId, list);
  }
  return bySupplier;
}
