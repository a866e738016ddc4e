import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  masterTypeIdParamSchema,
  masterTypeInputSchema,
  masterTypeListQuerySchema,
  masterTypeSchema,
  masterTypeUpdateSchema,
  siteIdParamSchema,
  siteQuerySchema,
} from '@console/shared-sdk/contract';
import { masterTypes } from '../../db/schema.js';
import { onSites, resourceRoutes } from '../../lib/resource-routes.js';
import { ok } from '../../lib/respond.js';
import { assertSiteAccess } from '../../lib/site-scope.js';
import { allow } from '../../plugins/auth.js';
import { masterTypeDtos } from './dto.js';
import {
  findMasterType,
  insertMasterType,
  listMasterTypes,
  masterTypeLabels,
  masterTypesOfSite,
  softDeleteMasterType,
  updateMasterType,
} from './repository.js';

// Fridges and freezers share this resource (the spec's /masterType), told apart by `type`.

const tags = ['masterType'];

export default async function masterTypeRoutes(app: FastifyInstance) {
  resourceRoutes(app, {
    tenancy: onSites('MasterType', masterTypes),
    tags,
    what: 'Fridge or freezer',
    label: (row) => masterTypeLabels[row.type],
    summaries: {
      list: 'Fridges and freezers (type FRIDGE or FREEZER) with their temperature items, paged',
      create:
        'Add a fridge or freezer with 1 to 50 temperature items; limits left out take the type defaults ' +
        '(fridge at most 5 °C, freezer at most -18 °C, no lower limit)',
      update:
        "Update a fridge or freezer. temperatureItems replaces the list: send an item's _id to keep it; " +
        'items left out are retired',
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
      list: listMasterTypes,
      find: findMasterType,
      insert: insertMasterType,
      update: updateMasterType,
      remove: softDeleteMasterType,
    },
    toDtos: masterTypeDtos,
    deleteParam: { name: 'masterTypeID', schema: masterTypeIdParamSchema },
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
      const { siteID } = await assertSiteAccess(request, 'read', 'MasterType', request.params.siteID);
      return ok(await masterTypeDtos(db, await masterTypesOfSite(db, siteID)));
    },
  );
}
