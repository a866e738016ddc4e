import { and, asc, eq, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type {
  ListQuery,
  MasterTypeFields,
  MasterTypeSortColumn,
  MasterTypeType,
  TemperatureItemFields,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../db/client.js';
import { masterTypes, temperatureItems } from '../../db/schema.js';
import { fieldError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { offsetOf, orderBy } from '../../lib/list.js';
import { assertNameFree, countWhere, searchWhere, type NameRule } from '../../lib/records.js';
import { liveRecord, type SitePlace } from '../../lib/site-scope.js';

export type MasterTypeRow = typeof masterTypes.$inferSelect;
export type TemperatureItemRow = typeof temperatureItems.$inferSelect;

/** What a person calls each type, for messages. */
export const masterTypeLabels: Record<MasterTypeType, string> = { FRIDGE: 'Fridge', FREEZER: 'Freezer' };

const nameRule = (siteId: string, type: MasterTypeType): NameRule => ({
  table: masterTypes,
  id: masterTypes.id,
  name: masterTypes.name,
  deletedAt: masterTypes.deletedAt,
  scope: and(eq(masterTypes.siteId, siteId), eq(masterTypes.type, type)),
  field: 'name',
  what: `A ${masterTypeLabels[type].toLowerCase()}`,
  where: ' on this site',
});

const itemColumns = (item: TemperatureItemFields, position: number) => ({
  name: item.name,
  location: item.location,
  lowerLimit: item.lowerLimit,
  upperLimit: item.upperLimit,
  position,
});

/**
 * Makes `items` the fridge's list, in that order. An item sent with its `_id` is kept and edited in place
 * (limits are per item; a reading records the limits it was judged by); an item left out is retired, not
 * deleted, so readings logged against it keep their item. An `_id` that is not one of this fridge's live
 * items is refused, so ids cannot be carried from another fridge or tenant.
 */
async function saveItems(
  db: Database | Tx,
  masterTypeId: string,
  items: readonly TemperatureItemFields[],
  now: Date,
) {
  const live = await db
    .select({ id: temperatureItems.id })
    .from(temperatureItems)
    .where(and(eq(temperatureItems.masterTypeId, masterTypeId), isNull(temperatureItems.deletedAt)));
  const liveIds = new Set(live.map((row) => row.id));
  items.forEach((item, index) => {
    if (item._id !== undefined && !liveIds.has(item._id)) {
      throw fieldError(
        `temperatureItems.${index}._id`,
        'Not one of the temperature items of this fridge or freezer',
      );
    }
  });
  const kept = new Set(items.flatMap((item) => (item._id === undefined ? [] : [item._id])));
  const retired = [...liveIds].filter((id) => !kept.has(id));
  if (retired.length > 0) {
    await db
      .update(temperatureItems)
      .set({ deletedAt: now, updatedAt: now })
      .where(inArray(temperatureItems.id, retired));
  }
  const added: (typeof temperatureItems.$inferInsert)[] = [];
  for (const [position, item] of items.entries()) {
    if (item._id === undefined) {
      added.push({ id: newId(), masterTypeId, ...itemColumns(item, position) });
    } else {
      await db
        .update(temperatureItems)
        .set({ ...itemColumns(item, position), updatedAt: now })
        .where(eq(temperatureItems.id, item._id));
    }
  }
  if (added.length > 0) await db.insert(temperatureItems).values(added);
}

/** Creates a fridge or freezer with its items. Call inside a transaction: a rejected item writes nothing. */
export async function insertMasterType(
  db: Database | Tx,
  place: SitePlace,
  input: MasterTypeFields,
  now: Date,
): Promise<MasterTypeRow> {
  await assertNameFree(db, nameRule(place.siteID, input.type), input.name);
  const [row] = await db
    .insert(masterTypes)
    .values({ id: newId(), orgId: place.orgId, siteId: place.siteID, type: input.type, name: input.name })
    .returning();
  if (!row) throw new Error('insert returned no row');
  await saveItems(db, row.id, input.temperatureItems, now);
  return row;
}

/** Updates a fridge or freezer on `siteId` (its own or the one it moves to) and replaces its item list. */
export async function updateMasterType(
  db: Database | Tx,
  current: MasterTypeRow,
  siteId: string,
  input: MasterTypeFields,
  now: Date,
): Promise<MasterTypeRow> {
  await assertNameFree(db, nameRule(siteId, input.type), input.name, current.id);
  const [row] = await db
    .update(masterTypes)
    .set({ type: input.type, name: input.name, siteId, updatedAt: now })
    .where(eq(masterTypes.id, current.id))
    .returning();
  if (!row) throw new Error('update returned no row');
  await saveItems(db, row.id, input.temperatureItems, now);
  return row;
}

export async function findMasterType(
  db: Database | Tx,
  orgId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<MasterTypeRow | undefined> {
  const query = db
    .select()
    .from(masterTypes)
    .where(liveRecord(db, masterTypes, orgId, id));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

const byName = sql`lower(${masterTypes.name})`;
const sortColumns: Record<MasterTypeSortColumn, AnyColumn | SQL> = {
  _id: masterTypes.id,
  name: byName,
  type: masterTypes.type,
  createdAt: masterTypes.createdAt,
  updatedAt: masterTypes.updatedAt,
};

/** One page of the fridges and freezers in `scope` (see listScope), and how many there are in all. */
export async function listMasterTypes(
  db: Database,
  scope: SQL | undefined,
  query: ListQuery<MasterTypeSortColumn> & { type?: MasterTypeType | undefined },
): Promise<{ rows: MasterTypeRow[]; total: number }> {
  const where = and(
    scope,
    query.type === undefined ? undefined : eq(masterTypes.type, query.type),
    searchWhere(query.search, [masterTypes.name]),
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(masterTypes)
      .where(where)
      .orderBy(...orderBy(query, sortColumns, masterTypes.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    countWhere(db, masterTypes, where),
  ]);
  return { rows, total };
}

/** Every live fridge and freezer of one site: fridges first, then by name. */
export async function masterTypesOfSite(db: Database, siteId: string): Promise<MasterTypeRow[]> {
  return db
    .select()
    .from(masterTypes)
    .where(and(eq(masterTypes.siteId, siteId), isNull(masterTypes.deletedAt)))
    .orderBy(asc(masterTypes.type), byName, masterTypes.id);
}

/** Kept, with its items, for the temperature logs that name it; its name is free again. */
export async function softDeleteMasterType(db: Database | Tx, id: string, now: Date): Promise<void> {
  await db.update(masterTypes).set({ deletedAt: now, updatedAt: now }).where(eq(masterTypes.id, id));
}

/** The live items of several fridges and freezers in one query, by master type id, in list order. */
export async function itemsByMasterType(
  db: Database | Tx,
  masterTypeIds: readonly string[],
): Promise<Map<string, TemperatureItemRow[]>> {
  const byMasterType = new Map<string, TemperatureItemRow[]>();
  if (masterTypeIds.length === 0) return byMasterType;
  const rows = await db
    .select()
    .from(temperatureItems)
    .where(
      and(inArray(temperatureItems.masterTypeId, [...masterTypeIds]), isNull(temperatureItems.deletedAt)),
    )
    .orderBy(temperatureItems.position, temperatureItems.id);
  for (const row of rows) {
    const list = byMasterType.get(row.masterTypeId) ?? [];
    list.push(row);
    byMasterType.set(row.masterTypeId, list);
  }
  return byMasterType;
}
