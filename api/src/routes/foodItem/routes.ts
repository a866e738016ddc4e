import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  foodItemInputSchema,
  foodItemListQuerySchema,
  foodItemSchema,
  foodItemUpdateSchema,
  idParamSchema,
  listData,
  messageOnlySchema,
  siteQuerySchema,
} from '@console/shared-sdk/contract';
import { foodItems } from '../../db/schema.js';
import { listOf } from '../../lib/list.js';
import { ok } from '../../lib/respond.js';
import { assertRecordAccess, assertSiteAccess, listScope, siteAfterUpdate } from '../../lib/site-scope.js';
import { allow, orgOf } from '../../plugins/auth.js';
import { toFoodItemDto } from './dto.js';
import {
  findFoodItem,
  foodItemLabels,
  insertFoodItem,
  listFoodItems,
  softDeleteFoodItem,
  updateFoodItem,
} from './repository.js';

// Food items and probes share this resource (the spec's /foodItem), told apart by `type`.

const tags = ['foodItem'];
const what = 'Food item';

export default async function foodItemRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  r.get(
    '/web-app-list',
    {
      schema: {
        tags,
        summary: 'Food items and probes (type FOODITEM or PROB) of one site or every site the caller may see',
        querystring: foodItemListQuerySchema,
        response: { 200: envelope(listData(foodItemSchema)) },
      },
      onRequest: allow('read', 'FoodItem'),
    },
    async (request) => {
      const scope = await listScope(request, 'FoodItem', foodItems, request.query.siteID);
      const { rows, total } = await listFoodItems(deps.db, scope, request.query);
      return ok(listOf(rows.map(toFoodItemDto), total, request.query));
    },
  );

  r.post(
    '/create-new-one',
    {
      schema: {
        tags,
        summary: 'Add a food item or probe to a site (its name is unique per site and type, ignoring case)',
        querystring: siteQuerySchema,
        body: foodItemInputSchema,
        response: { 200: envelope(foodItemSchema) },
      },
      onRequest: allow('create', 'FoodItem'),
    },
    async (request) => {
      const { siteID, ...fields } = request.body;
      const row = await deps.db.transaction(async (tx) => {
        const place = await assertSiteAccess(request, 'create', 'FoodItem', siteID, tx);
        return insertFoodItem(tx, place, fields);
      });
      return ok(toFoodItemDto(row), `${foodItemLabels[row.type]} created`);
    },
  );

  r.put(
    '/update-one',
    {
      schema: {
        tags,
        summary: 'Update a food item or probe',
        querystring: siteQuerySchema,
        body: foodItemUpdateSchema,
        response: { 200: envelope(foodItemSchema) },
      },
      onRequest: allow('update', 'FoodItem'),
    },
    async (request) => {
      const { _id, siteID, ...fields } = request.body;
      const row = await deps.db.transaction(async (tx) => {
        const found = await findFoodItem(tx, orgOf(request), _id, { forUpdate: true });
        const current = assertRecordAccess(request, 'update', 'FoodItem', what, found);
        const siteId = await siteAfterUpdate(request, 'FoodItem', current, siteID, tx);
        return updateFoodItem(tx, current, siteId, fields, deps.clock.now());
      });
      return ok(toFoodItemDto(row), `${foodItemLabels[row.type]} updated`);
    },
  );

  r.delete(
    '/delete-one/:id',
    {
      schema: {
        tags,
        summary: 'Delete a food item or probe (kept for the logs that name it)',
        params: idParamSchema,
        querystring: siteQuerySchema,
        response: { 200: messageOnlySchema },
      },
      onRequest: allow('delete', 'FoodItem'),
    },
    async (request) => {
      const row = await deps.db.transaction(async (tx) => {
        const found = await findFoodItem(tx, orgOf(request), request.params.id, { forUpdate: true });
        const item = assertRecordAccess(request, 'delete', 'FoodItem', what, found);
        await softDeleteFoodItem(tx, item.id, deps.clock.now());
        return item;
      });
      return ok(null, `${foodItemLabels[row.type]} deleted`);
    },
  );

  r.get(
    '/find-one/:id',
    {
      schema: {
        tags,
        summary: 'One food item or probe',
        params: idParamSchema,
        querystring: siteQuerySchema,
        response: { 200: envelope(foodItemSchema) },
      },
      onRequest: allow('read', 'FoodItem'),
    },
    async (request) => {
      const found = await findFoodItem(deps.db, orgOf(request), request.params.id);
      return ok(toFoodItemDto(assertRecordAccess(request, 'read', 'FoodItem', what, found)));
    },
  );
}
