import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  allSitesScoreListSchema,
  allSitesScoreQuerySchema,
  envelope,
  portfolioQuerySchema,
  portfolioSchema,
  scoreDefaultDays,
  siteScoreReportQuerySchema,
  siteScoreReportSchema,
} from '@console/shared-sdk/contract';
import { notFound } from '../../../platform/http/errors.js';
import { ok } from '../../../platform/http/respond.js';
import { allow, assertCan, authOf, orgOf } from '../../../platform/auth/guard.js';
import { countDates } from '../../tasks/index.js';
import { findSite } from '../../sites/index.js';
import { scoreSites, siteDayScores } from './repository.js';
import { portfolio } from './portfolio.js';
import { addDays, localDate } from '../../sites/index.js';

// The spec's two score calls (/site-panel/all-sites-score-list and /site-panel/site-report-scoreList):
// DOMAIN.md "Scores", counted by score-repository.ts. Beside them the portfolio (issue 25): each site's
// day, counted by portfolio.ts from the same day counts and the site dashboard's log counts.

const tags = ['site-panel'];

/** The range asked for, or the last `scoreDefaultDays` dates up to today in `timeZoneId`. */
function rangeOf(
  asked: { startDate?: string | undefined; endDate?: string | undefined },
  timeZoneId: string,
  now: Date,
) {
  if (asked.startDate !== undefined && asked.endDate !== undefined)
    return { startDate: asked.startDate, endDate: asked.endDate };
  const today = localDate(timeZoneId, now);
  return { startDate: addDays(today, 1 - scoreDefaultDays), endDate: today };
}

/** The sites a caller's scores and portfolio cover: all of the organisation's, or a site admin's own. */
function scoreScope(request: FastifyRequest) {
  const auth = authOf(request);
  const ownSitesOnly = auth.user.role === 'SITE_ADMIN' || auth.user.role === 'STAFF';
  return { orgId: orgOf(request), siteIds: ownSitesOnly ? auth.siteIds : null };
}

/** The scores' calls, served under /site-panel beside the sites' own. */
export default async function scoreRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  r.get(
    '/all-sites-score-list',
    {
      schema: {
        tags,
        summary:
          'Every site the caller may see (a site admin: its own) ranked by score over a range of local dates ' +
          `(both or neither; default the last ${scoreDefaultDays} days up to today, at most 366): ` +
          '100 × (on time + ½ × late) ÷ due, where due counts the occurrences of those dates that have expired, ' +
          'deleted ones left out. With each site’s counts, band (green ≥ 96, red ≤ 75), the score of the ' +
          'period of the same length just before and the change, and a trend of up to 12 points. Recomputed ' +
          'on every call: a late sync or a deletion shows at once. `areaID` narrows the ranking and its totals ' +
          'to one area’s sites (NONE: those in no area); `areas` compares the areas the caller’s sites are in, ' +
          'each scored from its sites’ counts together and ranked the same way, then the sites in no area',
        querystring: allSitesScoreQuerySchema,
        response: { 200: envelope(allSitesScoreListSchema) },
      },
      onRequest: allow('read', 'ScoreReport'),
    },
    async (request) => {
      const now = deps.clock.now();
      // Task dates are each site's own, and one range covers them all: without one, the range ends on
      // today's UTC date (a date not yet begun at a site has nothing due there; a site ahead of UTC sees
      // its today once UTC reaches it).
      const { startDate, endDate } = rangeOf(request.query, 'UTC', now);
      const days = countDates(startDate, endDate);
      const previousStartDate = addDays(startDate, -days);
      const { list, totals, areas } = await scoreSites(
        deps.db,
        scoreScope(request),
        { startDate, endDate, previousStartDate, areaID: request.query.areaID },
        now,
      );
      return ok({
        list,
        records: list.length,
        startDate,
        endDate,
        previousStartDate,
        previousEndDate: addDays(startDate, -1),
        totals,
        areas,
      });
    },
  );

  r.get(
    '/site-report-scoreList',
    {
      schema: {
        tags,
        summary:
          'One site’s score for each of its local dates between startDate and endDate (both or neither; ' +
          `default the last ${scoreDefaultDays} days up to the site’s today, at most 366), with the tasks not ` +
          'due yet of each date and the range’s totals',
        querystring: siteScoreReportQuerySchema,
        response: { 200: envelope(siteScoreReportSchema) },
      },
      onRequest: allow('read', 'ScoreReport'),
    },
    async (request) => {
      const site = await findSite(deps.db, orgOf(request), request.query.siteID);
      if (!site) throw notFound('Site');
      assertCan(request, 'read', 'Site', { _id: site.id, orgId: site.orgId });
      const now = deps.clock.now();
      const { startDate, endDate } = rangeOf(request.query, site.timeZoneId, now);
      const { list, totals } = await siteDayScores(deps.db, site, startDate, endDate, now);
      return ok({
        siteID: site.id,
        name: site.name,
        timeZoneId: site.timeZoneId,
        startDate,
        endDate,
        list,
        records: list.length,
        totals,
      });
    },
  );

  r.get(
    '/portfolio',
    {
      schema: {
        tags,
        summary:
          'A page of the sites the caller may see (a site admin: its own) with their day, each by its own ' +
          'local today: today’s tasks (due, done, late, overdue, upcoming; deleted ones left out), whether ' +
          'it is open now by its hours, today’s failed temperature readings, its sensors offline, corrective ' +
          'actions open and overdue, open near misses, documents (the site’s and the organisation’s) expiring ' +
          'within 30 days or expired, and the score of the site’s week, Monday to Sunday, so far',
        description:
          'Sorted server-side by any column (`sort=column`, `-column` descending); the default `-attention` ' +
          'puts most attention first (overdue tasks + failed readings + open near misses + expired documents ' +
          '+ overdue corrective actions + sensors offline), then most documents expiring. Ties end by name, ' +
          'then id, so pages are stable; sites without a score or without tasks today come last in either ' +
          'direction of `score` and `tasks` (the share done), and sites in no area last by `area`. Filters: ' +
          '`areaID` (an area’s id, or NONE), `band` (the week’s), `needsAttention`, and `search` on the ' +
          'site’s and its area’s name. `totals` add up every matching site; `areas` add up each area’s ' +
          'matching sites with every filter but the area applied, for the areas the caller’s sites are in, ' +
          'by name, then the sites in no area (none when no site of the caller’s is in an area). The same ' +
          'few statements however many sites',
        querystring: portfolioQuerySchema,
        response: { 200: envelope(portfolioSchema) },
      },
      onRequest: allow('read', 'Site'),
    },
    async (request) => ok(await portfolio(deps.db, scoreScope(request), request.query, deps.clock.now())),
  );
}
