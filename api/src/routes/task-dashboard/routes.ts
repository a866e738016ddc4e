import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dashboardMaxDays,
  dashboardQuerySchema,
  envelope,
  siteDashboardSchema,
} from '@console/shared-sdk/contract';
import { ok } from '../../lib/respond.js';
import { assertSiteAccess } from '../../lib/site-scope.js';
import { allow } from '../../plugins/auth.js';
import { ensureOccurrences } from '../../tasks/occurrences.js';
import {
  attentionCounts,
  bucketCounts,
  rangeOrCurrentWeek,
  siteDashboard,
  siteHoursOf,
} from './repository.js';

// The site dashboard (spec section 2, issue 10): the four buckets of DOMAIN.md and the weekly schedule of
// one site over a range of its local dates. The range's occurrences are made first, so a day nobody has
// opened yet still counts every task its schedules cover.

const tags = ['task-dashboard'];

export default async function taskDashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  r.get(
    '/site',
    {
      schema: {
        tags,
        summary: "A site's task buckets and weekly schedule over a range of its local dates",
        description:
          '`startDate` and `endDate` are the site’s local dates, both or neither, at most ' +
          `${dashboardMaxDays} days; without them, the site’s current week, Monday to Sunday. Buckets ` +
          '(deleted tasks never count): UPCOMING pending and not yet expired, ON_TIME completed by ' +
          '`expireOn`, LATE completed after it (by the real completion time), INCOMPLETE pending or ' +
          'reported once expired. `days` lists every date of the range with its local opening and ' +
          'closing time (null when closed) and its tasks split the same way; `due` is their sum. `attention` ' +
          'counts what the logs hold for the site: documents (its own and the organisation’s) expiring ' +
          'within 30 days or expired, failed temperature readings of the range, open near misses.',
        querystring: dashboardQuerySchema,
        response: { 200: envelope(siteDashboardSchema) },
      },
      onRequest: allow('read', 'Task'),
    },
    async (request) => {
      const { orgId, siteID } = await assertSiteAccess(request, 'read', 'Task', request.query.siteID);
      const now = deps.clock.now();
      const site = await siteHoursOf(deps.db, siteID);
      const range = rangeOrCurrentWeek(request.query, site.timeZoneId, now);
      await ensureOccurrences(deps.db, { orgId, siteIds: [siteID] }, range.startDate, range.endDate, now);
      const counted = await bucketCounts(deps.db, siteID, range, now);
      const place = { orgId, siteId: siteID, timeZoneId: site.timeZoneId };
      return ok(siteDashboard(site, range, counted, await attentionCounts(deps.db, place, range, now)));
    },
  );
}
