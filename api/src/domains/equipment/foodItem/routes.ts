import type { FastifyInstance } from 'fastify';
import {
  foodItemInputSchema,
  foodItemListQuerySchema,
  foodItemSchema,
  foodItemUpdateSchema,
} from '@console/shared-sdk/contract';
import { onSites, resourceRoutes } from '../../../platform/http/resource-routes.js';
import { toFoodItemDto } from './dto.js';
import { foodItemLabels, foodItemRecords, insertFoodItem, updateFoodItem } from './repository.js';

// Food items and probes share this resource (the spec's /foodItem), told apart by `type`.

export default async function foodItemRoutes(app: FastifyInstance) {
  resourceRoutes(app, {
    tenancy: onSites('FoodItem'),
    tags: ['foodItem'],
    what: 'Food item',
    label: (row) => foodItemLabels[row.type],
    summaries: {
      list: 'Food items and probes (type FOODITEM or PROB) of one site or every site the caller may see',
      create: 'Add a food item or probe to a site (its name is unique per site and type, ignoring case)',
      update: 'Update a food item or probe',
      delete: 'Delete a food item or probe (kept for the logs that name it)',
      findOne: 'One food item or probe',
    },
    schemas: {
      listQuery: foodItemListQuerySchema,
      create: foodItemInputSchema,
      update: foodItemUpdateSchema,
      item: foodItemSchema,
    },
    repository: {
      list: foodItemRecords.list,
      find: foodItemRecords.find,
      insert: insertFoodItem,
      update: updateFoodItem,
      remove: foodItemRecords.softDelete,
    },
    toDtos: (_db, rows) => rows.map(toFoodItemDto),
  });
}
