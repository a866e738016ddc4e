import { z } from 'zod';
import {
  idSchema,
  listData,
  listQuerySchema,
  localDateSchema,
  siteLocationSchema,
  siteQuerySchema,
} from './common.js';
import { areaFilterSchema } from './areas.js';
import { scoreBandSchema, scoreSchema } from './scores.js';
import { timingSchema } from './site.js';
import { temperatureUnits } from './units.js';

// The portfolio (issue 25): every site the caller may see with its day, in one call, so an organisation
// admin of fifty sites sees at a glance where to look. Each site's figures are of its own local today (and
// its own week, Monday to Sunday, for the score), so a site in New York and one in London are each read
// by their own clock.

/**
 * The columns the overview sorts by, server-side. `attention` is what needs looking at now (the default,
 * descending); `tasks` is the share of today's tasks done; `documents` is expired plus expiring.
 */
export const portfolioSortColumns = [
  'attention',
  'name',
  'area',
  'tasks',
  'overdue',
  'temperatureFailures',
  'sensorsOffline',
  'actionsOpen',
  'openNearMisses',
  'documents',
  'score',
] as const;
export type PortfolioSortColumn = (typeof portfolioSortColumns)[number];

/** `NONE` asks for the sites in no area. */
export const portfolioAreaFilterSchema = areaFilterSchema;

/**
 * GET /site-panel/portfolio: the overview's page of sites, sorted server-side (default `-attention`, most
 * attention first, then most documents expiring, then by name), filtered by area, band and "needs
 * attention", searched by name (and area name), paged. An old client that sends nothing gets the first
 * page of ten, most attention first.
 */
export const portfolioQuerySchema = listQuerySchema(portfolioSortColumns, { defaultSort: '-attention' })
  .extend({
    areaID: portfolioAreaFilterSchema.optional(),
    band: scoreBandSchema.optional(),
    /** Only the sites with something needing attention now (attention above 0). */
    needsAttention: z.stringbool().optional(),
  })
  .extend(siteQuerySchema.shape);
/** What a client sends: the sort as `column` or `-column`, the rest as the query string's words. */
export interface PortfolioQuery {
  search?: string;
  sort?: `${'' | '-'}${PortfolioSortColumn}`;
  page?: number;
  limit?: number;
  areaID?: string;
  band?: z.infer<typeof scoreBandSchema>;
  needsAttention?: boolean;
  orgId?: string;
}
export type PortfolioQueryParsed = z.output<typeof portfolioQuerySchema>;

/** Today's tasks of a site, deleted ones left out: due = done + overdue + upcoming. */
export const portfolioTasksSchema = z.object({
  due: z.number().int().min(0),
  /** Completed, on time or late. */
  done: z.number().int().min(0),
  /** Of those done, completed after they were due. */
  late: z.number().int().min(0),
  /** Expired and not completed. */
  overdue: z.number().int().min(0),
  /** Not completed and not yet due. */
  upcoming: z.number().int().min(0),
});
export type PortfolioTasks = z.infer<typeof portfolioTasksSchema>;

/** The site's score over its current week, Monday to Sunday: only what has expired so far counts. */
export const portfolioWeekSchema = scoreSchema.extend({
  startDate: localDateSchema,
  endDate: localDateSchema,
});

export const portfolioSiteSchema = z.object({
  siteID: idSchema,
  name: z.string(),
  location: siteLocationSchema,
  timeZoneId: z.string(),
  /** How the site writes dates, times and numbers (its rule set's: en-GB, en-US). */
  locale: z.string(),
  /** The unit the site shows temperatures in. */
  temperatureUnit: z.enum(temperatureUnits),
  /** The site's opening hours, so a screen can say whether it is open now. */
  timing: timingSchema,
  /** Whether it is open now by its hours, in its own zone (false from older servers). */
  openNow: z.boolean().default(false),
  /** The area (region, brand) it is in, if any. */
  area: z.object({ _id: idSchema, name: z.string() }).nullable().default(null),
  /** The site's local today, which every count of the day is of. */
  date: localDateSchema,
  tasks: portfolioTasksSchema,
  /** Temperature readings of today that failed their limits. */
  temperatureFailures: z.number().int().min(0),
  /** Near misses reported or under investigation. */
  openNearMisses: z.number().int().min(0),
  /** Documents (the site's and the organisation's) expiring within 30 days, today included. */
  documentsExpiring: z.number().int().min(0),
  /** Documents whose expiry date has passed. */
  documentsExpired: z.number().int().min(0),
  /** Corrective actions still open, recorded and awaiting verification, and open past due (0 from older servers). */
  actionsAwaitingAction: z.number().int().min(0).default(0),
  actionsAwaitingVerification: z.number().int().min(0).default(0),
  actionsOverdue: z.number().int().min(0).default(0),
  /** Four-weekly reviews whose four weeks are over, unsigned. */
  reviewsDue: z.number().int().min(0).default(0),
  /** Corrective actions not yet verified: awaiting action plus awaiting verification. */
  actionsOpen: z.number().int().min(0).default(0),
  /** The site's live sensors reported offline now. */
  sensorsOffline: z.number().int().min(0).default(0),
  week: portfolioWeekSchema,
  /**
   * What needs looking at now, the list's order: overdue tasks + failed readings + open near misses +
   * expired documents + overdue corrective actions + sensors offline.
   */
  attention: z.number().int().min(0),
});
export type PortfolioSite = z.infer<typeof portfolioSiteSchema>;

/**
 * The figures of a group of sites added up: every site matching the query's filters but the area (all of
 * them, or those of one area). `score` is of the group's week tallies together, not an average of scores.
 */
export const portfolioTotalsSchema = z.object({
  sites: z.number().int().min(0),
  /** Of them, how many need attention now. */
  sitesNeedingAttention: z.number().int().min(0),
  openNow: z.number().int().min(0),
  tasks: portfolioTasksSchema,
  temperatureFailures: z.number().int().min(0),
  sensorsOffline: z.number().int().min(0),
  actionsOpen: z.number().int().min(0),
  actionsOverdue: z.number().int().min(0),
  openNearMisses: z.number().int().min(0),
  documentsExpiring: z.number().int().min(0),
  documentsExpired: z.number().int().min(0),
  week: scoreSchema,
  attention: z.number().int().min(0),
});
export type PortfolioTotals = z.infer<typeof portfolioTotalsSchema>;

/** An area's totals; `area` null for the sites in no area. */
export const portfolioAreaTotalsSchema = portfolioTotalsSchema.extend({
  area: z.object({ _id: idSchema, name: z.string() }).nullable(),
});
export type PortfolioAreaTotals = z.infer<typeof portfolioAreaTotalsSchema>;

export const portfolioSchema = listData(portfolioSiteSchema).extend({
  /** Every matching site's figures added up (the area filter applied). */
  totals: portfolioTotalsSchema,
  /**
   * Each area's totals over the sites matching every filter but the area, by area name, the sites in no
   * area last (left out when there are none); empty when the organisation has no areas.
   */
  areas: z.array(portfolioAreaTotalsSchema),
});
export type Portfolio = z.infer<typeof portfolioSchema>;
