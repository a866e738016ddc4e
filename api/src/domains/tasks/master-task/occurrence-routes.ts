import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  taskListDataSchema,
  taskListQuerySchema,
  taskViewSchema,
  viewTaskQuerySchema,
} from '@console/shared-sdk/contract';
import { notFound } from '../../../platform/http/errors.js';
import { ok } from '../../../platform/http/respond.js';
import { siteListScope } from '../../../platform/http/site-scope.js';
import { allow } from '../../../platform/auth/guard.js';
import { readDayList } from '../day-list.js';
import { viewOccurrence } from '../calls.js';

// The occurrences' calls under /master-task (spec section 7): the daily list of a site and the view of one
// occurrence. A day's occurrences are made the first time the day is read, so a list is never missing a
// task that its schedule covers, past days included.

const tags = ['master-task'];

export function occurrenceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  r.get(
    '/web-app-list',
    {
      schema: {
        tags,
        summary:
          "One local day of a site's tasks (taskListDate), made on first read, with each bucket's count",
        description:
          '`status` is a record status (PENDING, COMPLETED, REPORTED, DELETED) or a dashboard bucket (UPCOMING, ' +
          'ON_TIME, LATE, INCOMPLETE); without it, every task of the day but the deleted ones. Sort by expireOn, ' +
          'name, status or _id (prefix - for descending). `timeZoneId` is the site’s.',
        querystring: taskListQuerySchema,
        response: { 200: envelope(taskListDataSchema) },
      },
      onRequest: allow('read', 'Task'),
    },
    async (request) => {
      const { query } = request;
      // The rules decide here; a caller they refuse is told 404 or 403 after a look at the site, and one
      // they allow learns from the list's own read whether the site is a live one of its organisation.
      const { orgId } = await siteListScope(request, 'Task', query.siteID);
      const data = await readDayList(deps.db, { orgId, siteId: query.siteID }, query, deps.clock.now());
      if (!data) throw notFound('Site');
      return ok(data);
    },
  );

  r.get(
    '/view-task',
    {
      schema: {
        tags,
        summary: 'One occurrence with its checklist, comments and photos, and its history',
        querystring: viewTaskQuerySchema,
        response: { 200: envelope(taskViewSchema) },
      },
      onRequest: allow('read', 'Task'),
    },
    async (request) => ok(await viewOccurrence(request, deps, request.query)),
  );
}
