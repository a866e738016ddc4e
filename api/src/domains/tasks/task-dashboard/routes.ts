import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dashboardMaxDays,
  dashboardQuerySchema,
  envelope,
  siteDashboardSchema,
} from '@console/shared-sdk/contract';
import { ok } from '../../../platform/http/respond.js';
import { siteAccess } from '../../../platform/http/site-scope.js';
import { allow } from '../../../platform/auth/guard.js';
import { ensureOccurrences } from '../occurrences.js';
import type { DashboardAttention } from '@console/shared-sdk/contract';
import { type CarriedCounts, dashboardReader, rangeOrCurrentWeek, siteDashboard } from './repository.js';

// The site dashboard (spec section 2, issue 10): the four buckets of DOMAIN.md and the weekly schedule of
// one site over a range of its local dates. The range's occurrences are made first, so a day nobody has
// opened yet still counts every task its schedules cover.

const tags = ['task-dashboard'];

export interface TaskDashboardOptions {
  /**
   * What the logs hold for the site, counted beside its tasks. The logs domain stands on this one (its
   * compliance logs use the checklist templates), so the app's wiring hands its count in.
   */
  attention: CarriedCounts<DashboardAttention>;
}

export default async function taskDashboardRoutes(app: FastifyInstance, { attention }: TaskDashboardOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const readDashboard = dashboardReader(attention);

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
      // Two statements when the range is made (the usual case): the gate with the site's hours, then the
      // counts; a range still to make is made and counted again.
      const { place: gate, hours } = await siteAccess(request, 'read', 'Task', request.query.siteID);
      const now = deps.clock.now();
      const range = rangeOrCurrentWeek(request.query, hours.timeZoneId, now);
      const place = { orgId: gate.orgId, siteId: gate.siteID, timeZoneId: hours.timeZoneId };
      const read = () => readDashboard(deps.db, place, range, now);
      let dashboard = await read();
      if (!dashboard.made) {
        const scope = { orgId: place.orgId, siteIds: [place.siteId] };
        if ((await ensureOccurrences(deps.db, scope, range.startDate, range.endDate, now)) > 0)
          dashboard = await read();
      }
      return ok(siteDashboard(hours, range, dashboard.counted, dashboard.attention));
    },
  );
}
