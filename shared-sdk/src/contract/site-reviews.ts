import { z } from 'zod';
import {
  idSchema,
  instantSchema,
  localDateSchema,
  optionalText,
  siteScopedListQuerySchema,
} from './common.js';
import { loggedPersonSchema, sortWithDefault } from './compliance-logs.js';
import { correctiveActionStateSchema } from './corrective-actions.js';
import { scoreBandSchema } from './scores.js';

// The four-weekly review ("Safer food, better business": a manager reviews the problems every four weeks
// and signs). Every four weeks, per site, the review is drafted from the records; a site admin or above adds
// notes and changes and signs it with their password typed again. A signed review never changes, and is only
// followed by a later one. Until it is signed, a review whose four weeks are over is a reminder in the bell
// and on the dashboard.

/** Days in a review's period. */
export const reviewPeriodDays = 28;
/**
 * The Monday the periods are counted from: every site's periods are the same local dates, so an
 * organisation's reviews line up across its sites.
 */
export const reviewPeriodEpoch = '2024-01-01';
/** Failures of one piece of equipment or one task that make a recurring problem. */
export const recurringProblemThreshold = 3;

export const siteReviewStates = ['DRAFT', 'SIGNED'] as const;
export const siteReviewStateSchema = z.enum(siteReviewStates);
export type SiteReviewState = z.infer<typeof siteReviewStateSchema>;
export const siteReviewStateLabels: Record<SiteReviewState, string> = { DRAFT: 'Draft', SIGNED: 'Signed' };

/** What the review finds in the records of its period, as drafted (and frozen when signed). */
export const siteReviewContentsSchema = z.object({
  /** The same equipment or task failing three or more times, with the local dates. */
  recurringProblems: z.array(
    z.object({
      /** 'equipment' (a fridge, a probe, a food item) or 'task'. */
      of: z.enum(['equipment', 'task']),
      name: z.string(),
      failures: z.number().int(),
      dates: z.array(localDateSchema),
    }),
  ),
  /** Checks missed, by task, with the local dates. */
  missedChecks: z.array(
    z.object({ task: z.string(), missed: z.number().int(), dates: z.array(localDateSchema) }),
  ),
  /** Corrective actions still open or not verified (whenever their deviation happened). */
  unresolvedActions: z.array(
    z.object({
      _id: idSchema,
      ref: z.string(),
      deviation: z.string(),
      state: correctiveActionStateSchema,
      occurredAt: instantSchema,
    }),
  ),
  nearMisses: z.array(
    z.object({ _id: idSchema, title: z.string(), occurredAt: instantSchema, status: z.string() }),
  ),
  /** Documents expired, or expiring within 30 days of the period's end. */
  documents: z.array(
    z.object({ _id: idSchema, name: z.string(), expiresOn: localDateSchema, expired: z.boolean() }),
  ),
  /** Sensors that went offline in the period, and how many times. */
  sensorsOffline: z.array(z.object({ _id: idSchema, name: z.string(), times: z.number().int() })),
  /** The score of each week of the period, and of the period before, oldest first. */
  scoreTrend: z.array(
    z.object({
      startDate: localDateSchema,
      endDate: localDateSchema,
      score: z.number().nullable(),
      band: scoreBandSchema.nullable(),
    }),
  ),
});
export type SiteReviewContents = z.infer<typeof siteReviewContentsSchema>;

export const siteReviewSchema = z.object({
  _id: idSchema,
  orgId: idSchema,
  siteID: idSchema,
  siteName: z.string(),
  timeZoneId: z.string(),
  /** The period's first and last local dates (28 days). */
  periodStart: localDateSchema,
  periodEnd: localDateSchema,
  state: siteReviewStateSchema,
  /** A draft's is drafted afresh from the records on every read; a signed one's is what was signed. */
  contents: siteReviewContentsSchema,
  /** The manager's notes on what the records show. */
  notes: z.string(),
  /** What was changed because of it ("new door seal ordered", "moved the delivery check to 7:00"). */
  changes: z.string(),
  signedBy: loggedPersonSchema.nullable(),
  signedAt: instantSchema.nullable(),
  /** Its period is over and it is not signed: a reminder. */
  due: z.boolean(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type SiteReview = z.infer<typeof siteReviewSchema>;

export const siteReviewSortColumns = ['_id', 'periodStart', 'state', 'signedAt'] as const;
/** GET /siteReview/web-app-list: a site's reviews (or every site's the caller may see), latest period first. */
export const siteReviewListQuerySchema = siteScopedListQuerySchema(siteReviewSortColumns).extend({
  state: siteReviewStateSchema.optional(),
  sort: sortWithDefault(siteReviewSortColumns, '-periodStart'),
});

/** GET /siteReview/current: the review of the period running today at the site (made as a draft if need be). */
export const siteReviewCurrentQuerySchema = z.object({ siteID: idSchema, orgId: idSchema.optional() });

/** PUT /siteReview/update-one: a draft's notes and changes. A signed review is 409. */
export const siteReviewUpdateSchema = z.object({
  _id: idSchema,
  notes: optionalText(5000),
  changes: optionalText(5000),
});
export type SiteReviewUpdate = z.input<typeof siteReviewUpdateSchema>;

/**
 * PUT /siteReview/sign: a site admin or above signs the draft with their password typed again (and may send
 * the last notes and changes with it). Its contents are frozen as drafted at that moment. Signed again: 409.
 */
export const siteReviewSignSchema = siteReviewUpdateSchema.extend({
  password: z.string({ message: 'Type your password to sign' }).min(1, 'Type your password to sign').max(128),
});
export type SiteReviewSign = z.input<typeof siteReviewSignSchema>;
