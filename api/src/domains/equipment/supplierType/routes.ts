import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  optionSchema,
  siteQuerySchema,
  supplierTypeInputSchema,
  supplierTypeListQuerySchema,
  supplierTypeSchema,
  supplierTypeUpdateSchema,
} from '@console/shared-sdk/contract';
import { resourceRoutes } from '../../../platform/http/resource-routes.js';
import { ok } from '../../../platform/http/respond.js';
import { allow } from '../../../platform/auth/guard.js';
import { supplierTypeTenancy } from './access.js';
import { toSupplierTypeDto, toSupplierTypeOption } from './dto.js';
import {
  deleteSupplierType,
  insertSupplierType,
  supplierTypeRecords,
  supplierTypesByName,
} from './repository.js';

const tags = ['supplierType'];

/**
 * Supplier types are one catalogue for the whole organisation: every web admin of it may read and add
 * them; a site admin renames and deletes only those of its own sites, organisation (and platform) admins
 * all of them, as the ability rules say (access.ts).
 */
export default async function supplierTypeRoutes(app: FastifyInstance) {
  resourceRoutes(app, {
    tenancy: supplierTypeTenancy,
    tags,
    what: 'Supplier type',
    label: 'Supplier type',
    summaries: {
      list: "The organisation's supplier types, paged; each carries value and label",
      create:
        'Add a supplier type (its name is unique in the organisation, ignoring case); a site admin’s belongs ' +
        'to the site it names (siteID), else to its only site',
      update: 'Rename a supplier type; a site admin renames only those of its own sites (403 otherwise)',
      delete:
        'Delete a supplier type; suppliers that had it keep their other types. A site admin deletes only ' +
        'those of its own sites (403 otherwise)',
      findOne: 'One supplier type',
    },
    schemas: {
      listQuery: supplierTypeListQuerySchema,
      create: supplierTypeInputSchema,
      update: supplierTypeUpdateSchema,
      item: supplierTypeSchema,
    },
    repository: {
      list: supplierTypeRecords.list,
      find: supplierTypeRecords.find,
      insert: (tx, place, { name }, now) => insertSupplierType(tx, place, name, now),
      update: (tx, current, _orgId, { name }, now) => supplierTypeRecords.update(tx, current, { name }, now),
      remove: deleteSupplierType,
    },
    toDtos: (_db, rows) => rows.map(toSupplierTypeDto),
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/simple-list',
    {
      schema: {
        tags,
        summary: 'Every supplier type as an option (value, label), by name, for selects',
        querystring: siteQuerySchema,
        response: { 200: envelope(z.array(optionSchema)) },
      },
      onRequest: allow('read', 'SupplierType'),
    },
    async (request) =>
      ok(
        (await supplierTypesByName(app.deps.db, await supplierTypeTenancy.where(request, {}))).map(
          toSupplierTypeOption,
        ),
      ),
  );
}
