import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  departmentDetailSchema,
  departmentInputSchema,
  departmentListQuerySchema,
  departmentOptionSchema,
  departmentSimpleList2Schema,
  departmentSimpleListQuerySchema,
  departmentUpdateSchema,
  envelope,
  siteQuerySchema,
} from '@console/shared-sdk/contract';
import { onSites, resourceRoutes } from '../../../platform/http/resource-routes.js';
import { ok } from '../../../platform/http/respond.js';
import { assertSiteAccess } from '../../../platform/http/site-scope.js';
import { allow, orgOf } from '../../../platform/auth/guard.js';
import { assertSitesAccess } from '../../../platform/auth/users/site-access.js';
import { departmentDtos, toDepartmentOption } from './dto.js';
import {
  deleteDepartment,
  departmentRecords,
  departmentsOfSites,
  insertDepartment,
  updateDepartment,
} from './repository.js';

// Departments of a site (the spec's /department-panel): kitchen, front of house, bar. Their people are
// managed on /staff-people; a department with members cannot be deleted or moved to another site.

const tags = ['department-panel'];
const subject = 'Department';

export default async function departmentPanelRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  resourceRoutes(app, {
    tenancy: onSites(subject),
    tags,
    what: 'Department',
    label: 'Department',
    summaries: {
      list: 'Departments of one site (siteID) or of every site the caller may see, with their members, paged',
      create: 'Add a department to a site (its name is unique on the site, ignoring case)',
      update: 'Rename or describe a department; a department with members cannot move to another site (409)',
      delete: 'Delete a department nobody sits in; with members, 409 says how many',
      findOne: 'One department with its members (live people who sit in it and work at its site)',
    },
    schemas: {
      listQuery: departmentListQuerySchema,
      create: departmentInputSchema,
      update: departmentUpdateSchema,
      item: departmentDetailSchema,
    },
    repository: {
      list: departmentRecords.list,
      find: departmentRecords.find,
      insert: insertDepartment,
      update: updateDepartment,
      remove: deleteDepartment,
    },
    toDtos: departmentDtos,
  });

  r.get(
    '/simple-list',
    {
      schema: {
        tags,
        summary: 'The departments of one site, by name (pickers)',
        querystring: departmentSimpleListQuerySchema,
        response: { 200: envelope(z.array(departmentOptionSchema)) },
      },
      onRequest: allow('read', subject),
    },
    async (request) => {
      const { siteID } = await assertSiteAccess(request, 'read', subject, request.query.siteID);
      const rows = await departmentsOfSites(deps.db, { orgId: orgOf(request), siteIds: [siteID] });
      return ok(rows.map(toDepartmentOption));
    },
  );

  r.post(
    '/simple-list2',
    {
      schema: {
        tags,
        summary: 'The departments of several sites (list: site ids), by name; each carries its siteID',
        description: 'Every site must be one the caller may read: another organisation’s is 404, else 403.',
        querystring: siteQuerySchema,
        body: departmentSimpleList2Schema,
        response: { 200: envelope(z.array(departmentOptionSchema)) },
      },
      onRequest: allow('read', subject),
    },
    async (request) => {
      const siteIds = request.body.list;
      await assertSitesAccess(request, 'read', subject, siteIds);
      if (siteIds.length === 0) return ok([]);
      const rows = await departmentsOfSites(deps.db, { orgId: orgOf(request), siteIds });
      return ok(rows.map(toDepartmentOption));
    },
  );
}
