import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  idParamSchema,
  listData,
  messageOnlySchema,
  siteQuerySchema,
  supplierInputSchema,
  supplierListQuerySchema,
  supplierSchema,
  supplierUpdateSchema,
} from '@console/shared-sdk/contract';
import { suppliers } from '../../db/schema.js';
import { listOf } from '../../lib/list.js';
import { ok } from '../../lib/respond.js';
import { assertRecordAccess, assertSiteAccess, listScope, siteAfterUpdate } from '../../lib/site-scope.js';
import { allow, orgOf } from '../../plugins/auth.js';
import { supplierDto, supplierDtos } from './dto.js';
import {
  findSupplier,
  insertSupplier,
  listSuppliers,
  softDeleteSupplier,
  updateSupplier,
} from './repository.js';

const tags = ['supplier'];

export default async function supplierRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  r.get(
    '/web-app-list',
    {
      schema: {
        tags,
        summary: 'Suppliers of one site (siteID) or of every site the caller may see, paged',
        querystring: supplierListQuerySchema,
        response: { 200: envelope(listData(supplierSchema)) },
      },
      onRequest: allow('read', 'Supplier'),
    },
    async (request) => {
      const scope = await listScope(request, 'Supplier', suppliers, request.query.siteID);
      const { rows, total } = await listSuppliers(deps.db, scope, request.query);
      return ok(listOf(await supplierDtos(deps.db, rows), total, request.query));
    },
  );

  r.post(
    '/create-new-one',
    {
      schema: {
        tags,
        summary: 'Add a supplier to a site (its name is unique on the site, ignoring case)',
        querystring: siteQuerySchema,
        body: supplierInputSchema,
        response: { 200: envelope(supplierSchema) },
      },
      onRequest: allow('create', 'Supplier'),
    },
    async (request) => {
      const { siteID, ...fields } = request.body;
      const supplier = await deps.db.transaction(async (tx) => {
        const place = await assertSiteAccess(request, 'create', 'Supplier', siteID, tx);
        return supplierDto(tx, await insertSupplier(tx, place, fields));
      });
      return ok(supplier, 'Supplier created');
    },
  );

  r.put(
    '/update-one',
    {
      schema: {
        tags,
        summary: 'Update a supplier; its supplier types are replaced by supplierTypeIDs',
        querystring: siteQuerySchema,
        body: supplierUpdateSchema,
        response: { 200: envelope(supplierSchema) },
      },
      onRequest: allow('update', 'Supplier'),
    },
    async (request) => {
      const { _id, siteID, ...fields } = request.body;
      const supplier = await deps.db.transaction(async (tx) => {
        const found = await findSupplier(tx, orgOf(request), _id, { forUpdate: true });
        const current = assertRecordAccess(request, 'update', 'Supplier', 'Supplier', found);
        const siteId = await siteAfterUpdate(request, 'Supplier', current, siteID, tx);
        return supplierDto(tx, await updateSupplier(tx, current, siteId, fields, deps.clock.now()));
      });
      return ok(supplier, 'Supplier updated');
    },
  );

  r.delete(
    '/delete-one/:id',
    {
      schema: {
        tags,
        summary: 'Delete a supplier (kept for the logs that name it)',
        params: idParamSchema,
        querystring: siteQuerySchema,
        response: { 200: messageOnlySchema },
      },
      onRequest: allow('delete', 'Supplier'),
    },
    async (request) => {
      await deps.db.transaction(async (tx) => {
        const found = await findSupplier(tx, orgOf(request), request.params.id, { forUpdate: true });
        const supplier = assertRecordAccess(request, 'delete', 'Supplier', 'Supplier', found);
        await softDeleteSupplier(tx, supplier.id, deps.clock.now());
      });
      return ok(null, 'Supplier deleted');
    },
  );

  r.get(
    '/find-one/:id',
    {
      schema: {
        tags,
        summary: 'One supplier with its supplier types',
        params: idParamSchema,
        querystring: siteQuerySchema,
        response: { 200: envelope(supplierSchema) },
      },
      onRequest: allow('read', 'Supplier'),
    },
    async (request) => {
      const found = await findSupplier(deps.db, orgOf(request), request.params.id);
      return ok(
        await supplierDto(deps.db, assertRecordAccess(request, 'read', 'Supplier', 'Supplier', found)),
      );
    },
  );
}
