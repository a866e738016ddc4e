import { and, between, count, eq, ne } from 'drizzle-orm';
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
import { countDates } from '../schedule.js';
import { addDays, tradingDay, type SiteHours } from '../../sites/index.js';

// The site dashboard's numbers: the range's occurrences counted by local date and bucket in one grouped
// query, and each date's opening hours worked out from the site's timing (time-slots.ts), so a
// daylight-saving week shows the same local hours as any other (a closing time the clocks skip shows as
// the time they jump to, as time-slots.ts decides).

export interface DateRange {
  startDate: string;
  endDate: string;
}

/** Where one local date's tasks stand: how many are in each bucket. */
type BucketCount = { taskDate: string; bucket: TaskBucket; n: number };

export async function siteHoursOf(db: Database | Tx, siteId: string): Promise<SiteHours> {
  const [site] = await db
    .select({ timeZoneId: sites.timeZoneId, timing: sites.timing, slotWindows: sites.slotWindows })
    .from(sites)
    .where(eq(sites.id, siteId));
  if (!site) throw new Error(`site ${siteId} passed the gate but was not found`);
  return site;
}

/** The range the caller asked for, or the site's current week, Monday to Sunday in its zone. */
export function rangeOrCurrentWeek(asked: Partial<DateRange>, timeZoneId: string, now: Date): DateRange {
  if (asked.startDate !== undefined && asked.endDate !== undefined) {
    return { startDate: asked.startDate, endDate: asked.endDate };
  }
  const monday = DateTime.fromJSDate(now, { zone: timeZoneId }).startOf('week').toFormat('yyyy-MM-dd');
  return { startDate: monday, endDate: addDays(monday, 6) };
}

/** The site's live occurrences of the range counted per local date and bucket, at `now`. */
export async function bucketCounts(
  db: Database | Tx,
  siteId: string,
  range: DateRange,
  now: Date,
): Promise<BucketCount[]> {
  // Bucketed in a subquery so the grouping names its column: PostgreSQL does not see two copies of the
  // CASE expression as the same once each carries its own parameter for `now`.
  const bucketed = db
    .select({ taskDate: individualTasks.taskDate, bucket: bucketSql(now).as('bucket') })
    .from(individualTasks)
    .where(
      and(
        eq(individualTasks.siteId, siteId),
        between(individualTasks.taskDate, range.startDate, range.endDate),
        ne(individualTasks.status, 'DELETED'),
      ),
    )
    .as('bucketed');
  return db
    .select({ taskDate: bucketed.taskDate, bucket: bucketed.bucket, n: count() })
    .from(bucketed)
    .groupBy(bucketed.taskDate, bucketed.bucket);
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
