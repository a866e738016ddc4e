import { z } from 'zod';
import { idSchema, localDateSchema, siteLocationSchema, siteQuerySchema } from './common.js';
import { scoreSchema } from './scores.js';
import { timingSchema } from './site.js';
import { temperatureUnits } from './units.js';

// The portfolio (issue 25): every site the caller may see with its day, in one call, so an organisation
// admin of fifty sites sees at a glance where to look. Each site's figures are of its own local today (and
// its own week, Monday to Sunday, for the score), so a site in New York and one in London are each read
// by their own clock.

/** GET /site-panel/portfolio: nothing to ask but a platform admin's organisation. */
export const portfolioQuerySchema = z.object({ ...siteQuerySchema.shape });
export type PortfolioQuery = z.input<typeof portfolioQuerySchema>;

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
  week: portfolioWeekSchema,
  /**
   * What needs looking at now, the list's order: overdue tasks + failed readings + open near misses +
   * expired documents + overdue corrective actions.
   */
  attention: z.number().int().min(0),
});
export type PortfolioSite = z.infer<typeof portfolioSiteSchema>;

export const portfolioSchema = z.object({
  /** Most attention first; then most documents expiring, then by name. */
  list: z.array(portfolioSiteSchema),
  records: z.number().int().min(0),
});
export type Portfolio = z.infer<typeof portfolioSchema>;
