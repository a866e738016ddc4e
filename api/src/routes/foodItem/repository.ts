import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type {
  FoodItemFields,
  FoodItemSortColumn,
  FoodItemType,
  ListQuery,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../db/client.js';
import { foodItems } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { offsetOf, orderBy } from '../../lib/list.js';
import { assertNameFree, countWhere, searchWhere, type NameRule } from '../../lib/records.js';
import { liveRecord, type SitePlace } from '../../lib/site-scope.js';

export type FoodItemRow = typeof foodItems.$inferSelect;

/** What a person calls each type, for messages. */
export const foodItemLabels: Record<FoodItemType, string> = { FOODITEM: 'Food item', PROB: 'Probe' };

/** A name is unique per site and type: a probe may share a food item's name, two probes may not. */
const nameRule = (siteId: string, type: FoodItemType): NameRule => ({
  table: foodItems,
  id: foodItems.id,
  name: foodItems.name,
  deletedAt: foodItems.deletedAt,
  scope: and(eq(foodItems.siteId, siteId), eq(foodItems.type, type)),
  field: 'name',
  what: `A ${foodItemLabels[type].toLowerCase()}`,
  where: ' on this site',
});

const columnsFrom = (input: FoodItemFields) => ({
  name: input.name,
  type: input.type,
  description: input.description,
});

export async function insertFoodItem(
  db: Database | Tx,
  place: SitePlace,
  input: FoodItemFields,
): Promise<FoodItemRow> {
  await assertNameFree(db, nameRule(place.siteID, input.type), input.name);
  const [row] = await db
    .insert(foodItems)
    .values({ id: newId(), orgId: place.orgId, siteId: place.siteID, ...columnsFrom(input) })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Updates a food item or probe on `siteId`: its own site or the one it moves to. */
export async function updateFoodItem(
  db: Database | Tx,
  current: FoodItemRow,
  siteId: string,
  input: FoodItemFields,
  now: Date,
): Promise<FoodItemRow> {
  await assertNameFree(db, nameRule(siteId, input.type), input.name, current.id);
  const [row] = await db
    .update(foodItems)
    .set({ ...columnsFrom(input), siteId, updatedAt: now })
    .where(eq(foodItems.id, current.id))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

export async function findFoodItem(
  db: Database | Tx,
  orgId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<FoodItemRow | undefined> {
  const query = db
    .select()
    .from(foodItems)
    .where(liveRecord(db, foodItems, orgId, id));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

const sortColumns: Record<FoodItemSortColumn, AnyColumn | SQL> = {
  _id: foodItems.id,
  name: sql`lower(${foodItems.name})`,
  type: foodItems.type,
  createdAt: foodItems.createdAt,
  updatedAt: foodItems.updatedAt,
};

/** One page of the food items and probes in `scope` (see listScope), and how many there are in all. */
export async function listFoodItems(
  db: Database,
  scope: SQL | undefined,
  query: ListQuery<FoodItemSortColumn> & { type?: FoodItemType | undefined },
): Promise<{ rows: FoodItemRow[]; total: number }> {
  const where = and(
    scope,
    query.type === undefined ? undefined : eq(foodItems.type, query.type),
    searchWhere(query.search, [foodItems.name, foodItems.description]),
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(foodItems)
      .where(where)
      .orderBy(...orderBy(query, sortColumns, foodItems.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    countWhere(db, foodItems, where),
  ]);
  return { rows, total };
}

/** Kept for the logs that name it; its name is free again. */
export async function softDeleteFoodItem(db: Database | Tx, id: string, now: Date): Promise<void> {
  await db.update(foodItems).set({ deletedAt: now, updatedAt: now }).where(eq(foodItems.id, id));
}
