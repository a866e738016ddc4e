import { and, eq, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ListQuery, SupplierTypeSortColumn } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../db/client.js';
import { supplierSupplierTypes, supplierTypes } from '../../db/schema.js';
import { fieldError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { offsetOf, orderBy } from '../../lib/list.js';
import { assertNameFree, countWhere, searchWhere, type NameRule } from '../../lib/records.js';

export type SupplierTypeRow = typeof supplierTypes.$inferSelect;

const liveInOrg = (orgId: string) => and(eq(supplierTypes.orgId, orgId), isNull(supplierTypes.deletedAt));

const nameRule = (orgId: string): NameRule => ({
  table: supplierTypes,
  id: supplierTypes.id,
  name: supplierTypes.name,
  deletedAt: supplierTypes.deletedAt,
  scope: eq(supplierTypes.orgId, orgId),
  field: 'name',
  what: 'A supplier type',
  where: '',
});

export async function insertSupplierType(
  db: Database | Tx,
  orgId: string,
  name: string,
): Promise<SupplierTypeRow> {
  await assertNameFree(db, nameRule(orgId), name);
  const [row] = await db.insert(supplierTypes).values({ id: newId(), orgId, name }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function renameSupplierType(
  db: Database | Tx,
  current: SupplierTypeRow,
  name: string,
  now: Date,
): Promise<SupplierTypeRow> {
  await assertNameFree(db, nameRule(current.orgId), name, current.id);
  const [row] = await db
    .update(supplierTypes)
    .set({ name, updatedAt: now })
    .where(eq(supplierTypes.id, current.id))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

/** A live supplier type of the organisation; another organisation's is not found, like a missing one. */
export async function findSupplierType(
  db: Database | Tx,
  orgId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<SupplierTypeRow | undefined> {
  const query = db
    .select()
    .from(supplierTypes)
    .where(and(eq(supplierTypes.id, id), liveInOrg(orgId)));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

const byName = sql`lower(${supplierTypes.name})`;
const sortColumns: Record<SupplierTypeSortColumn, AnyColumn | SQL> = {
  _id: supplierTypes.id,
  name: byName,
  createdAt: supplierTypes.createdAt,
  updatedAt: supplierTypes.updatedAt,
};

export async function listSupplierTypes(
  db: Database,
  orgId: string,
  query: ListQuery<SupplierTypeSortColumn>,
): Promise<{ rows: SupplierTypeRow[]; total: number }> {
  const where = and(liveInOrg(orgId), searchWhere(query.search, [supplierTypes.name]));
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(supplierTypes)
      .where(where)
      .orderBy(...orderBy(query, sortColumns, supplierTypes.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    countWhere(db, supplierTypes, where),
  ]);
  return { rows, total };
}

/** Every live supplier type of the organisation, by name, for pickers. */
export async function supplierTypesByName(db: Database, orgId: string): Promise<SupplierTypeRow[]> {
  return db.select().from(supplierTypes).where(liveInOrg(orgId)).orderBy(byName, supplierTypes.id);
}

/**
 * Deleting a type takes it off every supplier that had it; the suppliers themselves stay. A type is a
 * label for finding suppliers, not part of any compliance record, so nothing needs its old links, and
 * refusing the delete while suppliers use it would only make a typo impossible to clean up.
 */
export async function deleteSupplierType(db: Database | Tx, id: string, now: Date): Promise<void> {
  await db.delete(supplierSupplierTypes).where(eq(supplierSupplierTypes.supplierTypeId, id));
  await db.update(supplierTypes).set({ deletedAt: now, updatedAt: now }).where(eq(supplierTypes.id, id));
}

/** Every id must be a live supplier type of the organisation: 400 on `supplierTypeIDs` otherwise. */
export async function assertSupplierTypesExist(db: Database | Tx, orgId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  const unique = [...new Set(ids)];
  const found = await db
    .select({ id: supplierTypes.id })
    .from(supplierTypes)
    .where(and(inArray(supplierTypes.id, unique), liveInOrg(orgId)));
  if (found.length !== unique.length) {
    throw fieldError('supplierTypeIDs', "Choose supplier types from this organisation's list");
  }
}
