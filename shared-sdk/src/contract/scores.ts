import { z } from 'zod';
import { areaFilterSchema, areaRefSchema } from './areas.js';
import { idSchema, localDateSchema, siteLocationSchema, siteQuerySchema } from './common.js';
import { checkLocalDateRange, localDateRangeShape } from './date-range.js';

// Site scores (issue 12, DOMAIN.md "Scores"): how well a site did its tasks over a range of its local
// dates. A site's score is 100 × (onTime + 0.5 × late) / due, where `due` counts the range's occurrences
// (by the local date they belong to) that have expired, deleted ones left out. Scores are recomputed from
// the occurrences on every read, so a late sync, an edit after completion or a deletion shows at once.

/** The longest range a score call covers: a year and a day, so a leap year fits. */
export const scoreMaxDays = 366;
/** Days a score call covers when no range is given: the last 30 local dates up to each site's today. */
export const scoreDefaultDays = 30;

export const scoreBands = ['GREEN', 'AMBER', 'RED'] as const;
export const scoreBandSchema = z.enum(scoreBands);
export type ScoreBand = z.infer<typeof scoreBandSchema>;

export const scoreBandLabels: Record<ScoreBand, string> = {
  GREEN: 'Good',
  AMBER: 'Needs attention',
  RED: 'Poor',
};

/** Where the bands start: green from 96, red up to 75, amber between (DOMAIN.md: 76 to 95 in whole points). */
export const scoreBandEdges = { green: 96, red: 75 } as const;

export interface ScoreCounts {
  /** Expired occurrences of the range, deleted ones left out. */
  due: number;
  /** Completed by `expireOn` (the device's completion time). */
  onTime: number;
  /** Completed after `expireOn`. */
  late: number;
}

/** The score of the counts, unrounded; null when nothing was due (no score, not zero). */
export function scoreOf({ due, onTime, late }: ScoreCounts): number | null {
  if (due === 0) return null;
  return (100 * (onTime + 0.5 * late)) / due;
}

/** The band of a score, by its unrounded value: 95.5 is amber, 75.5 amber, 75 red. */
export function bandOf(score: number | null): ScoreBand | null {
  if (score === null) return null;
  if (score >= scoreBandEdges.green) return 'GREEN';
  if (score <= scoreBandEdges.red) return 'RED';
  return 'AMBER';
}

/** A score as the API answers it: the counts, the score to one decimal place, and its band. */
export const scoreSchema = z.object({
  due: z.number().int().min(0),
  onTime: z.number().int().min(0),
  late: z.number().int().min(0),
  /** due − onTime − late: expired and never completed. */
  missed: z.number().int().min(0),
  /** 0–100 to one decimal place; null when nothing was due. */
  score: z.number().min(0).max(100).nullable(),
  band: scoreBandSchema.nullable(),
});
export type Score = z.infer<typeof scoreSchema>;

/** The range every score call takes: local dates of each site, both or neither (then the last 30 days). */
const rangeQuery = z.object({ ...localDateRangeShape, ...siteQuerySchema.shape });

// ---- all sites ----------------------------------------------------------------------------------------------

/**
 * GET /site-panel/all-sites-score-list: every site the caller may see, ranked over the range; `areaID`
 * narrows the ranking and its totals to one area's sites (NONE: those in no area).
 */
export const allSitesScoreQuerySchema = rangeQuery
  .extend({ areaID: areaFilterSchema.optional() })
  .superRefine(checkLocalDateRange(scoreMaxDays));
export type AllSitesScoreQuery = z.input<typeof allSitesScoreQuerySchema>;

/** The most points a site's trend has: the range cut into this many equal spans (fewer for short ranges). */
export const scoreTrendPoints = 12;

export const scoreTrendPointSchema = z.object({
  startDate: localDateSchema,
  endDate: localDateSchema,
  score: z.number().min(0).max(100).nullable(),
});
export type ScoreTrendPoint = z.infer<typeof scoreTrendPointSchema>;

export const siteScoreSchema = scoreSchema.extend({
  siteID: idSchema,
  name: z.string(),
  location: siteLocationSchema,
  timeZoneId: z.string(),
  /** 1 is best; sites with the same score share a rank (1, 2, 2, 4); sites with nothing due come last, unranked. */
  rank: z.number().int().min(1).nullable(),
  /** The score over the period of the same length just before the range. */
  previousScore: z.number().min(0).max(100).nullable(),
  /** score − previousScore, to one decimal place; null when either is null. */
  change: z.number().nullable(),
  /** The range's scores over time, oldest first (see `scoreTrendPoints`). */
  trend: z.array(scoreTrendPointSchema),
});
export type SiteScore = z.infer<typeof siteScoreSchema>;

/**
 * An area's score over the range: its sites' counts together (not an average of their scores), beside the
 * period before and over time, as a site's is. `area` null is the sites in no area.
 */
export const areaScoreSchema = scoreSchema.extend({
  area: areaRefSchema.nullable(),
  /** How many of the caller's sites are in it. */
  sites: z.number().int().min(0),
  /** Among the areas, as a site's among the sites; the sites in no area are not ranked. */
  rank: z.number().int().min(1).nullable(),
  previousScore: z.number().min(0).max(100).nullable(),
  change: z.number().nullable(),
  trend: z.array(scoreTrendPointSchema),
});
export type AreaScore = z.infer<typeof areaScoreSchema>;

export const allSitesScoreListSchema = z.object({
  /** Ranked: best first, ties by site name, unscored sites last. */
  list: z.array(siteScoreSchema),
  records: z.number().int().min(0),
  startDate: localDateSchema,
  endDate: localDateSchema,
  previousStartDate: localDateSchema,
  previousEndDate: localDateSchema,
  /** Every listed site's counts added up. */
  totals: scoreSchema,
  /**
   * The areas compared: each area the caller's sites are in, ranked as the sites are (whatever `areaID`
   * says), then the sites in no area; empty when none of the caller's sites is in an area (and from older
   * servers).
   */
  areas: z.array(areaScoreSchema).default([]),
});
export type AllSitesScoreList = z.infer<typeof allSitesScoreListSchema>;

// ---- one site, per day --------------------------------------------------------------------------------------

/** GET /site-panel/site-report-scoreList: one site's score for each of its local dates in the range. */
export const siteScoreReportQuerySchema = rangeQuery
  .extend({ siteID: idSchema })
  .superRefine(checkLocalDateRange(scoreMaxDays));
export type SiteScoreReportQuery = z.input<typeof siteScoreReportQuerySchema>;

export const dayScoreSchema = scoreSchema.extend({
  date: localDateSchema,
  /** Occurrences of the day not yet expired (today's, tomorrow's): not due yet, so not in the score. */
  upcoming: z.number().int().min(0),
});
export type DayScore = z.infer<typeof dayScoreSchema>;

export const siteScoreReportSchema = z.object({
  siteID: idSchema,
  name: z.string(),
  timeZoneId: z.string(),
  startDate: localDateSchema,
  endDate: localDateSchema,
  /** Every date of the range in order, days with nothing due included (their score null). */
  list: z.array(dayScoreSchema),
  records: z.number().int().min(0),
  totals: scoreSchema,
});
export type SiteScoreReport = z.infer<typeof siteScoreReportSchema>;
