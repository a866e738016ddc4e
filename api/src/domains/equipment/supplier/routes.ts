import type { FastifyInstance } from 'fastify';
import {
  supplierInputSchema,
  supplierListQuerySchema,
  supplierSchema,
  supplierUpdateSchema,
} from '@console/shared-sdk/contract';
import { onSites, resourceRoutes } from '../../../platform/http/resource-routes.js';
import { supplierDtos } from './dto.js';
import { insertSupplier, supplierRecords, updateSupplier } from './repository.js';

export default async function supplierRoutes(app: FastifyInstance) {
  resourceRoutes(app, {
    tenancy: onSites('Supplier'),
    tags: ['supplier'],
    what: 'Supplier',
    label: 'Supplier',
    summaries: {
      list: 'Suppliers of one site (siteID) or of every site the caller may see, paged',
      create: 'Add a supplier to a site (its name is unique on the site, ignoring case)',
      update: 'Update a supplier; its supplier types are replaced by supplierTypeIDs',
      delete: 'Delete a supplier (kept for the logs that name it)',
      findOne: 'One supplier with its supplier types',
    },
    schemas: {
      listQuery: supplierListQuerySchema,
      create: supplierInputSchema,
      update: supplierUpdateSchema,
      item: supplierSchema,
    },
    repository: {
      list: supplierRecords.list,
      find: supplierRecords.find,
      insert: insertSupplier,
      update: updateSupplier,
      remove: supplierRecords.softDelete,
    },
    toDtos: supplierDtos,
  });
}
