import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Action } from '@console/shared-sdk/ability';
import {
  envelope,
  idParamSchema,
  listData,
  messageOnlySchema,
  optionSchema,
  siteQuerySchema,
  supplierTypeInputSchema,
  supplierTypeListQuerySchema,
  supplierTypeSchema,
  supplierTypeUpdateSchema,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { listOf } from '../../lib/list.js';
import { ok } from '../../lib/respond.js';
import { allow, assertCan, orgOf } from '../../plugins/auth.js';
import { toSupplierTypeDto, toSupplierTypeOption } from './dto.js';
import {
  deleteSupplierType,
  findSupplierType,
  insertSupplierType,
  listSupplierTypes,
  renameSupplierType,
  supplierTypesByName,
} from './repository.js';

const tags = ['supplierType'];

/**
 * Supplier types are one catalogue for the whole organisation: every web admin of it may read, add and
 * rename them; only organisation (and platform) admins may delete one, as the ability rules say.
 */
async function supplierTypeFor(request: FastifyRequest, db: Database | Tx, id: string, action: Action) {
  const row = await findSupplierType(db, orgOf(request), id, { forUpdate: action !== 'read' });
  if (!row) throw notFound('Supplier type');
  assertCan(request, action, 'SupplierType', { orgId: row.orgId });
  return row;
}

/** The organisation the request acts in, once the caller may `action` supplier types in it. */
function catalogueOf(request: FastifyRequest, action: Action): string {
  const orgId = orgOf(request);
  assertCan(request, action, 'SupplierType', { orgId });
  return orgId;
}

export default async function supplierTypeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  r.get(
    '/web-app-list',
    {
      schema: {
        tags,
        summary: "The organisation's supplier types, paged; each carries value and label",
        querystring: supplierTypeListQuerySchema,
        response: { 200: envelope(listData(supplierTypeSchema)) },
      },
      onRequest: allow('read', 'SupplierType'),
    },
    async (request) => {
      const { rows, total } = await listSupplierTypes(deps.db, catalogueOf(request, 'read'), request.query);
      return ok(listOf(rows.map(toSupplierTypeDto), total, request.query));
    },
  );

  r.get(
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
      ok((await supplierTypesByName(deps.db, catalogueOf(request, 'read'))).map(toSupplierTypeOption)),
  );

  r.post(
    '/create-new-one',
    {
      schema: {
        tags,
        summary: 'Add a supplier type (its name is unique in the organisation, ignoring case)',
        querystring: siteQuerySchema,
        body: supplierTypeInputSchema,
        response: { 200: envelope(supplierTypeSchema) },
      },
      onRequest: allow('create', 'SupplierType'),
    },
    async (request) => {
      const orgId = catalogueOf(request, 'create');
      const row = await deps.db.transaction((tx) => insertSupplierType(tx, orgId, request.body.name));
      return ok(toSupplierTypeDto(row), 'Supplier type created');
    },
  );

  r.put(
    '/update-one',
    {
      schema: {
        tags,
        summary: 'Rename a supplier type',
        querystring: siteQuerySchema,
        body: supplierTypeUpdateSchema,
        response: { 200: envelope(supplierTypeSchema) },
      },
      onRequest: allow('update', 'SupplierType'),
    },
    async (request) => {
      const row = await deps.db.transaction(async (tx) => {
        const current = await supplierTypeFor(request, tx, request.body._id, 'update');
        return renameSupplierType(tx, current, request.body.name, deps.clock.now());
      });
      return ok(toSupplierTypeDto(row), 'Supplier type updated');
    },
  );

  r.delete(
    '/delete-one/:id',
    {
      schema: {
        tags,
        summary: 'Delete a supplier type; suppliers that had it keep their other types',
        params: idParamSchema,
        querystring: siteQuerySchema,
        response: { 200: messageOnlySchema },
      },
      onRequest: allow('delete', 'SupplierType'),
    },
    async (request) => {
      await deps.db.transaction(async (tx) => {
        const row = await supplierTypeFor(request, tx, request.params.id, 'delete');
        await deleteSupplierType(tx, row.id, deps.clock.now());
      });
      return ok(null, 'Supplier type deleted');
    },
  );

  r.get(
    '/find-one/:id',
    {
      schema: {
        tags,
        summary: 'One supplier type',
        params: idParamSchema,
        querystring: siteQuerySchema,
        response: { 200: envelope(supplierTypeSchema) },
      },
      onRequest: allow('read', 'SupplierType'),
    },
    async (request) =>
      ok(toSupplierTypeDto(await supplierTypeFor(request, deps.db, request.params.id, 'read'))),
  );
}
