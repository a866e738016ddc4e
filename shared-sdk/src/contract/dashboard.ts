import { z } from 'zod';
import { idSchema, localDateSchema, siteQuerySchema, wallTimeSchema } from './common.js';
import { checkLocalDateRange } from './date-range.js';

// The site dashboard (issue 10, spec section 2): for one site and a range of its local dates, how many of
// the range's tasks are in each bucket of DOMAIN.md, and the weekly schedule: each day's opening hours and
// where that day's tasks stand.

/** The longest range one dashboard call covers: two months of days. */
export const dashboardMaxDays = 62;

/**
 * GET /task-dashboard/site: `startDate` and `endDate` are the site's local dates, both or neither; left out,
 * the site's current week, Monday to Sunday.
 */
export const dashboardQuerySchema = z
  .object({
    siteID: idSchema,
    startDate: localDateSchema.optional(),
    endDate: localDateSchema.optional(),
  })
  .extend(siteQuerySchema.shape)
  .superRefine(checkLocalDateRange(dashboardMaxDays));
export type DashboardQuery = z.input<typeof dashboardQuerySchema>;

/** How many tasks are in each bucket; deleted tasks are never counted. */
export const dashboardBucketsSchema = z.object({
  /** Pending and not yet expired (grey). */
  UPCOMING: z.number().int(),
  /** Completed by `expireOn` (green). */
  ON_TIME: z.number().int(),
  /** Completed after `expireOn`, counted by when it really happened (amber). */
  LATE: z.number().int(),
  /** Pending or reported once expired (red). */
  INCOMPLETE: z.number().int(),
});
export type DashboardBuckets = z.infer<typeof dashboardBucketsSchema>;

/** One local date of the weekly schedule. */
export const dashboardDaySchema = z.object({
  date: localDateSchema,
  isOpen: z.boolean(),
  /** Local opening and closing time (closing may be after midnight); null on a closed day. */
  openTime: wallTimeSchema.nullable(),
  closeTime: wallTimeSchema.nullable(),
  /** The day's tasks (deleted ones left out): onTime + late + incomplete + upcoming. */
  due: z.number().int(),
  onTime: z.number().int(),
  late: z.number().int(),
  incomplete: z.number().int(),
  upcoming: z.number().int(),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

/**
 * What needs looking at on the site besides its tasks (issue 11); the dashboard links each to its log.
 * Documents count those of the site and of the whole organisation, against the site's local today.
 */
export const dashboardAttentionSchema = z.object({
  /** Expiring within 30 days, today included. */
  documentsExpiring: z.number().int(),
  /** Expiry date already passed. */
  documentsExpired: z.number().int(),
  /** Temperature readings of the range that failed their limits. */
  temperatureFailures: z.number().int(),
  /** Near misses reported or under investigation. */
  openNearMisses: z.number().int(),
  /** Corrective actions still open (nothing recorded yet); 0 from a server older than them. */
  actionsAwaitingAction: z.number().int().default(0),
  /** Corrective actions recorded and waiting for a site admin's verification. */
  actionsAwaitingVerification: z.number().int().default(0),
  /** Corrective actions still open past the site's action time. */
  actionsOverdue: z.number().int().default(0),
  /** Four-weekly reviews whose four weeks are over and which nobody has signed. */
  reviewsDue: z.number().int().default(0),
});
export type DashboardAttention = z.infer<typeof dashboardAttentionSchema>;

export const siteDashboardSchema = z.object({
  timeZoneId: z.string(),
  startDate: localDateSchema,
  endDate: localDateSchema,
  buckets: dashboardBucketsSchema,
  /** Every date of the range in order, closed days included. */
  days: z.array(dashboardDaySchema),
  attention: dashboardAttentionSchema,
});
export type SiteDashboard = z.infer<typeof siteDashboardSchema>;
