import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  idParamSchema,
  listData,
  masterTypeIdParamSchema,
  masterTypeInputSchema,
  masterTypeListQuerySchema,
  masterTypeSchema,
  masterTypeUpdateSchema,
  messageOnlySchema,
  siteIdParamSchema,
  siteQuerySchema,
} from '@console/shared-sdk/contract';
import { masterTypes } from '../../db/schema.js';
import { listOf } from '../../lib/list.js';
import { ok } from '../../lib/respond.js';
import { assertRecordAccess, assertSiteAccess, listScope, siteAfterUpdate } from '../../lib/site-scope.js';
import { allow, orgOf } from '../../plugins/auth.js';
import { masterTypeDto, masterTypeDtos } from './dto.js';
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
const what = 'Fridge or freezer';

export default async function masterTypeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  r.get(
    '/web-app-list',
    {
      schema: {
        tags,
        summary: 'Fridges and freezers (type FRIDGE or FREEZER) with their temperature items, paged',
        querystring: masterTypeListQuerySchema,
        response: { 200: envelope(listData(masterTypeSchema)) },
      },
      onRequest: allow('read', 'MasterType'),
    },
    async (request) => {
      const scope = await listScope(request, 'MasterType', masterTypes, request.query.siteID);
      const { rows, total } = await listMasterTypes(deps.db, scope, request.query);
      return ok(listOf(await masterTypeDtos(deps.db, rows), total, request.query));
    },
  );

  r.get(
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
      const { siteID } = await assertSiteAccess(request, 'read', 'MasterType', request.params.siteID);
      return ok(await masterTypeDtos(deps.db, await masterTypesOfSite(deps.db, siteID)));
    },
  );

  r.post(
    '/create-new-one',
    {
      schema: {
        tags,
        summary:
          'Add a fridge or freezer with 1 to 50 temperature items; limits left out take the type defaults ' +
          '(fridge at most 5 °C, freezer at most -18 °C, no lower limit)',
        querystring: siteQuerySchema,
        body: masterTypeInputSchema,
        response: { 200: envelope(masterTypeSchema) },
      },
      onRequest: allow('create', 'MasterType'),
    },
    async (request) => {
      const { siteID, ...fields } = request.body;
      const masterType = await deps.db.transaction(async (tx) => {
        const place = await assertSiteAccess(request, 'create', 'MasterType', siteID, tx);
        return masterTypeDto(tx, await insertMasterType(tx, place, fields, deps.clock.now()));
      });
      return ok(masterType, `${masterTypeLabels[masterType.type]} created`);
    },
  );

  r.put(
    '/update-one',
    {
      schema: {
        tags,
        summary:
          "Update a fridge or freezer. temperatureItems replaces the list: send an item's _id to keep it; " +
          'items left out are retired',
        querystring: siteQuerySchema,
        body: masterTypeUpdateSchema,
        response: { 200: envelope(masterTypeSchema) },
      },
      onRequest: allow('update', 'MasterType'),
    },
    async (request) => {
      const { _id, siteID, ...fields } = request.body;
      const masterType = await deps.db.transaction(async (tx) => {
        const found = await findMasterType(tx, orgOf(request), _id, { forUpdate: true });
        const current = assertRecordAccess(request, 'update', 'MasterType', what, found);
        const siteId = await siteAfterUpdate(request, 'MasterType', current, siteID, tx);
        return masterTypeDto(tx, await updateMasterType(tx, current, siteId, fields, deps.clock.now()));
      });
      return ok(masterType, `${masterTypeLabels[masterType.type]} updated`);
    },
  );

  r.delete(
    '/delete-one/:masterTypeID',
    {
      schema: {
        tags,
        summary: 'Delete a fridge or freezer (kept, with its items, for the temperature logs that name it)',
        params: masterTypeIdParamSchema,
        querystring: siteQuerySchema,
        response: { 200: messageOnlySchema },
      },
      onRequest: allow('delete', 'MasterType'),
    },
    async (request) => {
      const row = await deps.db.transaction(async (tx) => {
        const found = await findMasterType(tx, orgOf(request), request.params.masterTypeID, {
          forUpdate: true,
        });
        const masterType = assertRecordAccess(request, 'delete', 'MasterType', what, found);
        await softDeleteMasterType(tx, masterType.id, deps.clock.now());
        return masterType;
      });
      return ok(null, `${masterTypeLabels[row.type]} deleted`);
    },
  );

  r.get(
    '/find-one/:id',
    {
      schema: {
        tags,
        summary: 'One fridge or freezer with its temperature items',
        params: idParamSchema,
        querystring: siteQuerySchema,
        response: { 200: envelope(masterTypeSchema) },
      },
      onRequest: allow('read', 'MasterType'),
    },
    async (request) => {
      const found = await findMasterType(deps.db, orgOf(request), request.params.id);
      return ok(await masterTypeDto(deps.db, assertRecordAccess(request, 'read', 'MasterType', what, found)));
    },
  );
}
