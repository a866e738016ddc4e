import type { FoodItem } from '@console/shared-sdk/contract';
import type { FoodItemRow } from './repository.js';

/** The one mapping from a food item or probe row to what the API answers. */
export function toFoodItemDto(row: FoodItemRow): FoodItem {
  return {
    _id: row.id,
    orgId: row.orgId,
    siteID: row.siteId,
    name: row.name,
    type: row.type,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
