import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  siteQuerySchema,
  taskCategoryInputSchema,
  taskCategoryListQuerySchema,
  taskCategoryOptionSchema,
  taskCategorySchema,
  taskCategorySimpleList2Schema,
  taskCategorySimpleListQuerySchema,
  taskCategoryUpdateSchema,
} from '@console/shared-sdk/contract';
import { catalogueOf, resourceRoutes } from '../../../platform/http/resource-routes.js';
import { ok } from '../../../platform/http/respond.js';
import { assertSiteAccess } from '../../../platform/http/site-scope.js';
import { allow } from '../../../platform/auth/guard.js';
import { assertSitesAccess } from '../../../platform/auth/users/site-access.js';
import { siteSubject, subject, taskCategoryTenancy, visibleTaskSites } from './access.js';
import { taskCategoryDtos, taskCategoryOptions } from './dto.js';
import {
  categoriesOnSites,
  deleteTaskCategory,
  insertTaskCategory,
  findTaskCategory,
  listTaskCategories,
  updateTaskCategory,
} from './repository.js';

// Task categories (the spec's /task-category, "same as department"): an organisation's categories, each
// applying on some of its sites and holding master tasks of those sites. The gates are in access.ts.

const tags = ['task-category'];

export default async function taskCategoryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  resourceRoutes(app, {
    tenancy: taskCategoryTenancy,
    tags,
    what: 'Task category',
    label: 'Task category',
    summaries: {
      list: 'Task categories that apply on one site (siteID) or, without it, every category (a site admin: those of its sites), paged',
      create:
        'Add a task category on some sites (its name is unique in the organisation, ignoring case); the listed master tasks join it',
      update:
        'Rename a category and replace its sites and master tasks; master tasks no longer listed leave it. ' +
        'A site admin changes only a category all of whose sites it administers (403 otherwise)',
      delete:
        'Delete a category (its name is free again); its master tasks stay, without a category. A site admin ' +
        'deletes only a category all of whose sites it administers (403 otherwise)',
      findOne:
        'One task category with its sites and master tasks (a site admin sees the names and tasks of its own sites only)',
    },
    schemas: {
      listQuery: taskCategoryListQuerySchema,
      create: taskCategoryInputSchema,
      update: taskCategoryUpdateSchema,
      item: taskCategorySchema,
    },
    repository: {
      list: listTaskCategories,
      find: findTaskCategory,
      insert: insertTaskCategory,
      update: updateTaskCategory,
      remove: deleteTaskCategory,
    },
    view: async (request) => visibleTaskSites(request),
    toDtos: taskCategoryDtos,
  });

  r.get(
    '/simple-list',
    {
      schema: {
        tags,
        summary: 'The task categories that apply on one site, by name (the master task form)',
        querystring: taskCategorySimpleListQuerySchema,
        response: { 200: envelope(z.array(taskCategoryOptionSchema)) },
      },
      onRequest: allow('read', subject),
    },
    async (request) => {
      const orgId = catalogueOf(request, subject, 'read');
      const { siteID } = await assertSiteAccess(request, 'read', siteSubject, request.query.siteID);
      return ok(await taskCategoryOptions(deps.db, await categoriesOnSites(deps.db, orgId, [siteID])));
    },
  );

  r.post(
    '/simple-list2',
    {
      schema: {
        tags,
        summary: 'The task categories that apply on any of several sites (list: site ids), by name',
        description: 'Every site must be one the caller may read: another organisation’s is 404, else 403.',
        querystring: siteQuerySchema,
        body: taskCategorySimpleList2Schema,
        response: { 200: envelope(z.array(taskCategoryOptionSchema)) },
      },
      onRequest: allow('read', subject),
    },
    async (request) => {
      const orgId = catalogueOf(request, subject, 'read');
      const siteIds = request.body.list;
      await assertSitesAccess(request, 'read', siteSubject, siteIds);
      if (siteIds.length === 0) return ok([]);
      return ok(await taskCategoryOptions(deps.db, await categoriesOnSites(deps.db, orgId, siteIds)));
    },
  );
}
