import { and, between, eq, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DateTime } from 'luxon';
import {
  type DashboardAttention,
  type DashboardBuckets,
  type DashboardDay,
  type SiteDashboard,
  type TaskBucket,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { individualTasks } from '../schema.js';
import { sites } from '../../../platform/db/schema.js';
import { bucketSql } from '../occurrence.js';
import { madeSql } from '../occurrences.js';
import { countDates } from '../schedule.js';
import { addDays, tradingDay, type SiteHours } from '../../sites/index.js';

// The site dashboard's numbers: whether the range is made, its occurrences counted by local date and
// bucket and the logs' counts, in one statement, and each date's opening hours worked out from the site's
// timing (time-slots.ts), so a daylight-saving week shows the same local hours as any other (a closing time the clocks skip shows as
// the time they jump to, as time-slots.ts decides).

export interface DateRange {
  startDate: string;
  endDate: string;
}

/** Where one local date's tasks stand: how many are in each bucket. */
type BucketCount = { taskDate: string; bucket: TaskBucket; n: number };

/** The range the caller asked for, or the site's current week, Monday to Sunday in its zone. */
export function rangeOrCurrentWeek(asked: Partial<DateRange>, timeZoneId: string, now: Date): DateRange {
  if (asked.startDate !== undefined && asked.endDate !== undefined) {
    return { startDate: asked.startDate, endDate: asked.endDate };
  }
  const monday = DateTime.fromJSDate(now, { zone: timeZoneId }).startOf('week').toFormat('yyyy-MM-dd');
  return { startDate: monday, endDate: addDays(monday, 6) };
}

/** What one statement reads for the dashboard of a site whose gate has passed. */
export interface DashboardRead<Attention> {
  /** Whether the range's occurrences were all made when they were counted. */
  made: boolean;
  counted: BucketCount[];
  attention: Attention;
}

/**
 * One statement: whether the range is made, the site's live occurrences of the range counted per local
 * date and bucket at `now`, and `attention`, another domain's counts as one JSON value.
 */
export async function readDashboard<Attention>(
  db: Database | Tx,
  place: { orgId: string; siteId: string },
  range: DateRange,
  now: Date,
  attention: SQL<Attention>,
): Promise<DashboardRead<Attention>> {
  // Grouped by position: PostgreSQL does not see two copies of the bucket's CASE expression as the same
  // once each carries its own parameter for `now`. The site's row is named apart from `sites`, which the
  // made check joins in its own subquery.
  const site = alias(sites, 'dashboard_site');
  const [read] = await db
    .select({
      made: madeSql(db, { orgId: place.orgId, siteIds: [place.siteId] }, range.startDate, range.endDate),
      counted: sql<BucketCount[]>`(
      select coalesce(json_agg(json_build_object('taskDate', to_char(bucketed.task_date, 'YYYY-MM-DD'),
                                                 'bucket', bucketed.bucket, 'n', bucketed.n)), '[]')
      from (select ${individualTasks.taskDate} as task_date, ${bucketSql(now)} as bucket, count(*) as n
            from ${individualTasks}
            where ${and(
              eq(individualTasks.siteId, place.siteId),
              between(individualTasks.taskDate, range.startDate, range.endDate),
              ne(individualTasks.status, 'DELETED'),
            )}
            group by 1, 2) as bucketed)`,
      attention,
    })
    // The site's row is the statement's one row (the gate has found it live).
    .from(site)
    .where(eq(site.id, place.siteId));
  if (!read) throw new Error('the dashboard read returned no row');
  return read;
}

const noTasks = (): DashboardBuckets => ({ UPCOMING: 0, ON_TIME: 0, LATE: 0, INCOMPLETE: 0 });

/** The dashboard of the range: every date in order, open or closed, with its counts and the totals. */
export function siteDashboard(
  site: SiteHours,
  range: DateRange,
  counted: readonly BucketCount[],
  attention: DashboardAttention,
): SiteDashboard {
  const byDate = new Map<string, DashboardBuckets>();
  const buckets = noTasks();
  for (const { taskDate, bucket, n } of counted) {
    if (bucket === 'DELETED') continue;
    const day = byDate.get(taskDate) ?? noTasks();
    day[bucket] += n;
    byDate.set(taskDate, day);
    buckets[bucket] += n;
  }
  const days: DashboardDay[] = [];
  for (let i = 0; i < countDates(range.startDate, range.endDate); i += 1) {
    const date = addDays(range.startDate, i);
    const hours = tradingDay(site, date);
    const day = byDate.get(date) ?? noTasks();
    days.push({
      date,
      isOpen: hours !== undefined,
      openTime: hours?.opening.toFormat('HH:mm') ?? null,
      closeTime: hours?.closing.toFormat('HH:mm') ?? null,
      due: day.UPCOMING + day.ON_TIME + day.LATE + day.INCOMPLETE,
      onTime: day.ON_TIME,
      late: day.LATE,
      incomplete: day.INCOMPLETE,
      upcoming: day.UPCOMING,
    });
  }
  return { timeZoneId: site.timeZoneId, ...range, buckets, days, attention };
}
