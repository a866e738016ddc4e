import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  masterTypeHistorySchema,
  masterTypeIdParamSchema,
  masterTypeInputSchema,
  masterTypeListQuerySchema,
  masterTypeSchema,
  masterTypeUpdateSchema,
  siteIdParamSchema,
  siteQuerySchema,
  type MasterTypeSnapshot,
} from '@console/shared-sdk/contract';
import { historyEntryDto, historyOf } from '../../../platform/history/history.js';
import { onSites, resourceRoutes } from '../../../platform/http/resource-routes.js';
import { ok } from '../../../platform/http/respond.js';
import { assertSiteAccess } from '../../../platform/http/site-scope.js';
import { allow } from '../../../platform/auth/guard.js';
import { masterTypeDtos } from './dto.js';
import {
  insertMasterType,
  masterTypeLabels,
  masterTypeRecords,
  masterTypesOfSite,
  updateMasterType,
} from './repository.js';

// Fridges and freezers share this resource (the spec's /masterType), told apart by `type`.

const tags = ['masterType'];
const what = 'Fridge or freezer';

export default async function masterTypeRoutes(app: FastifyInstance) {
  const fridges = resourceRoutes(app, {
    tenancy: onSites('MasterType'),
    tags,
    what,
    label: (row) => masterTypeLabels[row.type],
    summaries: {
      list: 'Fridges and freezers (type FRIDGE or FREEZER) with their temperature items, paged',
      create:
        'Add a fridge or freezer with 1 to 50 temperature items, limits in °C. An upper limit left out takes ' +
        "the default of the site's rule set (England: fridge 5 °C, freezer -18 °C); sent as null it is a 400 " +
        '(required). Limits must be plausible (fridge -5 to 15 °C, freezer -40 to 0 °C); an upper limit ' +
        "above the rule set's legal maximum (England's fridge 8 °C), or above its default where it has none " +
        '(a freezer), needs limitOverride.reason, which the history keeps',
      update:
        "Update a fridge or freezer. temperatureItems replaces the list: send an item's _id to keep it; " +
        'items left out are retired. Limits are checked as on create',
      delete: 'Delete a fridge or freezer (kept, with its items, for the temperature logs that name it)',
      findOne: 'One fridge or freezer with its temperature items',
    },
    schemas: {
      listQuery: masterTypeListQuerySchema,
      create: masterTypeInputSchema,
      update: masterTypeUpdateSchema,
      item: masterTypeSchema,
    },
    repository: {
      list: masterTypeRecords.list,
      find: masterTypeRecords.find,
      insert: insertMasterType,
      update: updateMasterType,
      remove: masterTypeRecords.softDelete,
    },
    toDtos: masterTypeDtos,
    deleteParam: { name: 'masterTypeID', schema: masterTypeIdParamSchema },
    history: {
      place: (row) => ({ orgId: row.orgId, siteId: row.siteId }),
      snapshot: ({ siteID, name, type, temperatureItems }): MasterTypeSnapshot => ({
        siteID,
        name,
        type,
        temperatureItems,
      }),
      reason: (body) => body.limitOverride?.reason,
    },
  });

  fridges.recordRoute({
    method: 'GET',
    url: '/history/:masterTypeID',
    param: { name: 'masterTypeID', schema: masterTypeIdParamSchema },
    action: 'read',
    summary:
      'The change history of a fridge or freezer, newest first: who created, changed or deleted it, ' +
      'when, the record before and after, and the reason given for a limit looser than the default',
    reply: masterTypeHistorySchema,
    handler: async (row, db) => {
      const entries = await historyOf(db, row.orgId, 'MasterType', row.id);
      // The snapshots are JSON this resource wrote; reading them through the contract types them.
      return { data: masterTypeHistorySchema.parse(entries.map(historyEntryDto)) };
    },
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/find-by-siteID/:siteID',
    {
      schema: {
        tags,
        summary: 'Every fridge and freezer of one site with its temperature items (fridges first, by name)',
        params: siteIdParamSchema,
        querystring: siteQuerySchema,
        response: { 200: envelope(z.array(masterTypeSchema)) },
      },
      onRequest: allow('read', 'MasterType'),
    },
    async (request) => {
      const { db } = app.deps;
      const place = await assertSiteAccess(request, 'read', 'MasterType', request.params.siteID);
      return ok(await masterTypeDtos(db, await masterTypesOfSite(db, place)));
    },
  );
}
