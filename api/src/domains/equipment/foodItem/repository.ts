import { eq, sql } from 'drizzle-orm';
import type {
  FoodItemFields,
  FoodItemSortColumn,
  FoodItemType,
  ListQuery,
} from '@console/shared-sdk/contract';
import type { Tx } from '../../../platform/db/client.js';
import { foodItems } from '../schema.js';
import { recordsOf } from '../../../platform/http/repository.js';
import type { SitePlace } from '../../../platform/http/site-scope.js';

export type FoodItemRow = typeof foodItems.$inferSelect;

/** What a person calls each type, for messages. */
export const foodItemLabels: Record<FoodItemType, string> = { FOODITEM: 'Food item', PROB: 'Probe' };

/** A name is unique per site and type: a probe may share a food item's name, two probes may not. */
export const foodItemRecords = recordsOf<
  typeof foodItems,
  ListQuery<FoodItemSortColumn> & { type?: FoodItemType | undefined }
>({
  table: foodItems,
  placedOn: 'site',
  sort: {
    _id: foodItems.id,
    name: sql`lower(${foodItems.name})`,
    type: foodItems.type,
    createdAt: foodItems.createdAt,
    updatedAt: foodItems.updatedAt,
  },
  search: [foodItems.name, foodItems.description],
  filters: (query) => [query.type === undefined ? undefined : eq(foodItems.type, query.type)],
  name: {
    column: foodItems.name,
    field: 'name',
    what: (own) => `A ${foodItemLabels[own.type].toLowerCase()}`,
    within: (own) => eq(foodItems.type, own.type),
  },
});

const columnsFrom = (input: FoodItemFields) => ({
  name: input.name,
  type: input.type,
  description: input.description,
});

export const insertFoodItem = (tx: Tx, place: SitePlace, input: FoodItemFields, now: Date) =>
  foodItemRecords.insert(tx, place, columnsFrom(input), now);

/** Updates a food item or probe on `siteId`: its own site or the one it moves to. */
export const updateFoodItem = (
  tx: Tx,
  current: FoodItemRow,
  siteId: string,
  input: FoodItemFields,
  now: Date,
) => foodItemRecords.update(tx, current, columnsFrom(input), now, siteId);
