import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  recordCheckDefaultDays,
  recordCheckQuerySchema,
  recordCheckSchema,
} from '@console/shared-sdk/contract';
import { checkRecords } from './record-check.js';
import { ok } from '../../../platform/http/respond.js';
import { siteAccess } from '../../../platform/http/site-scope.js';
import { allow } from '../../../platform/auth/guard.js';
import { addDays, localDate } from '../../sites/index.js';

const tags = ['record-history'];

/** The record-history check (issue 11): whether a site's records were changed outside the application. */
export default async function recordHistoryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  r.get(
    '/check',
    {
      schema: {
        tags,
        summary:
          'Checks the organisation’s chain of history entries and compares every temperature reading, ' +
          'compliance log, near miss and corrective action of the site’s range (local dates, both or ' +
          'neither; default the last ' +
          `${recordCheckDefaultDays} days, at most 366), and every live document of the site and the ` +
          'organisation, and every task occurrence of the range, with the last history entry each has: a ' +
          'record changed, made or deleted in the database directly is listed with what differs (an occurrence ' +
          'nobody has used has no history, and is not counted). Reads every record of the range: seconds for ' +
          'a busy site',
        querystring: recordCheckQuerySchema,
        response: { 200: envelope(recordCheckSchema) },
      },
      onRequest: allow('read', 'TemperatureLog'),
    },
    async (request) => {
      const { siteID, startDate, endDate } = request.query;
      const { place, timeZoneId } = await siteAccess(request, 'read', 'TemperatureLog', siteID);
      const now = deps.clock.now();
      const today = localDate(timeZoneId, now);
      const range =
        startDate !== undefined && endDate !== undefined
          ? { startDate, endDate }
          : { startDate: addDays(today, 1 - recordCheckDefaultDays), endDate: today };
      const check = await checkRecords(
        deps.db,
        { orgId: place.orgId, site: { id: siteID, timeZoneId }, ...range },
        now,
      );
      return ok(check);
    },
  );
}
