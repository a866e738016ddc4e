import { and, eq, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ListQuery, SupplierFields, SupplierSortColumn } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../db/client.js';
import { supplierSupplierTypes, suppliers, supplierTypes } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { offsetOf, orderBy } from '../../lib/list.js';
import { assertNameFree, countWhere, searchWhere, type NameRule } from '../../lib/records.js';
import { liveRecord, type SitePlace } from '../../lib/site-scope.js';
import { assertSupplierTypesExist, type SupplierTypeRow } from '../supplierType/repository.js';

export type SupplierRow = typeof suppliers.$inferSelect;

const nameRule = (siteId: string): NameRule => ({
  table: suppliers,
  id: suppliers.id,
  name: suppliers.supplierName,
  deletedAt: suppliers.deletedAt,
  scope: eq(suppliers.siteId, siteId),
  field: 'supplierName',
  what: 'A supplier',
  where: ' on this site',
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
  db: Database | Tx,
  place: SitePlace,
  input: SupplierFields,
): Promise<SupplierRow> {
  await assertNameFree(db, nameRule(place.siteID), input.supplierName);
  await assertSupplierTypesExist(db, place.orgId, input.supplierTypeIDs);
  const [row] = await db
    .insert(suppliers)
    .values({ id: newId(), orgId: place.orgId, siteId: place.siteID, ...columnsFrom(input) })
    .returning();
  if (!row) throw new Error('insert returned no row');
  await replaceTypes(db, row.id, input.supplierTypeIDs);
  return row;
}

/** Updates a supplier (on `siteId`, its own or the one it moves to) and replaces its types. */
export async function updateSupplier(
  db: Database | Tx,
  current: SupplierRow,
  siteId: string,
  input: SupplierFields,
  now: Date,
): Promise<SupplierRow> {
  await assertNameFree(db, nameRule(siteId), input.supplierName, current.id);
  await assertSupplierTypesExist(db, current.orgId, input.supplierTypeIDs);
  const [row] = await db
    .update(suppliers)
    .set({ ...columnsFrom(input), siteId, updatedAt: now })
    .where(eq(suppliers.id, current.id))
    .returning();
  if (!row) throw new Error('update returned no row');
  await replaceTypes(db, row.id, input.supplierTypeIDs);
  return row;
}

export async function findSupplier(
  db: Database | Tx,
  orgId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<SupplierRow | undefined> {
  const query = db
    .select()
    .from(suppliers)
    .where(liveRecord(db, suppliers, orgId, id));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

const sortColumns: Record<SupplierSortColumn, AnyColumn | SQL> = {
  _id: suppliers.id,
  supplierName: sql`lower(${suppliers.supplierName})`,
  supplierContactPersonName: sql`lower(${suppliers.contactPersonName})`,
  email: suppliers.email,
  createdAt: suppliers.createdAt,
  updatedAt: suppliers.updatedAt,
};

/** One page of the suppliers in `scope` (see listScope), and how many there are in all. */
export async function listSuppliers(
  db: Database,
  scope: SQL | undefined,
  query: ListQuery<SupplierSortColumn>,
): Promise<{ rows: SupplierRow[]; total: number }> {
  const where = and(
    scope,
    searchWhere(query.search, [
      suppliers.supplierName,
      suppliers.contactPersonName,
      suppliers.email,
      suppliers.mobileNumber,
    ]),
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(suppliers)
      .where(where)
      .orderBy(...orderBy(query, sortColumns, suppliers.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    countWhere(db, suppliers, where),
  ]);
  return { rows, total };
}

/** Kept for the temperature and delivery logs that name it; its name is free again. */
export async function softDeleteSupplier(db: Database | Tx, id: string, now: Date): Promise<void> {
  await db.update(suppliers).set({ deletedAt: now, updatedAt: now }).where(eq(suppliers.id, id));
}

/** The live types of several suppliers in one query, by supplier id, each list by name. */
export async function typesBySupplier(
  db: Database | Tx,
  supplierIds: readonly string[],
): Promise<Map<string, SupplierTypeRow[]>> {
  const bySupplier = new Map<string, SupplierTypeRow[]>();
  if (supplierIds.length === 0) return bySupplier;
  const rows = await db
    .select({ supplierId: supplierSupplierTypes.supplierId, type: supplierTypes })
    .from(supplierSupplierTypes)
    .innerJoin(supplierTypes, eq(supplierTypes.id, supplierSupplierTypes.supplierTypeId))
    .where(and(inArray(supplierSupplierTypes.supplierId, [...supplierIds]), isNull(supplierTypes.deletedAt)))
    .orderBy(sql`lower(${supplierTypes.name})`, supplierTypes.id);
  for (const { supplierId, type } of rows) {
    const list = bySupplier.get(supplierId) ?? [];
    list.push(type);
    bySupplier.set(supplierId, list);
  }
  return bySupplier;
}
