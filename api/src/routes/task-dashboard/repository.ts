import { and, between, count, eq, ne, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  type DashboardAttention,
  type DashboardBuckets,
  type DashboardDay,
  type SiteDashboard,
  type TaskBucket,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../db/client.js';
import { documents, individualTasks, nearMisses, sites, temperatureReadings } from '../../db/schema.js';
import { bucketSql } from '../../tasks/occurrence.js';
import { countDates } from '../../tasks/schedule.js';
import { documentExpiryWhere } from '../document/repository.js';
import { addDays, tradingDay, type SiteHours } from '../site-panel/time-slots.js';

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

/**
 * The logs' counts the dashboard shows beside the tasks, in one statement: documents by the documents'
 * own expiry rule (the site's local today), failed readings over the range's local days, near misses
 * still open.
 */
export async function attentionCounts(
  db: Database | Tx,
  place: { orgId: string; siteId: string; timeZoneId: string },
  range: DateRange,
  now: Date,
): Promise<DashboardAttention> {
  const from = DateTime.fromISO(range.startDate, { zone: place.timeZoneId }).toJSDate();
  const until = DateTime.fromISO(addDays(range.endDate, 1), { zone: place.timeZoneId }).toJSDate();
  const liveDocuments = sql`${documents.orgId} = ${place.orgId} and ${documents.deletedAt} is null
    and (${documents.siteId} = ${place.siteId} or ${documents.siteId} is null)`;
  const [row] = await db
    .select({
      documentsExpiring: sql<number>`(select count(*) from ${documents} where ${liveDocuments}
        and ${documentExpiryWhere(now, place.timeZoneId, 'EXPIRING')})`.mapWith(Number),
      documentsExpired: sql<number>`(select count(*) from ${documents} where ${liveDocuments}
        and ${documentExpiryWhere(now, place.timeZoneId, 'EXPIRED')})`.mapWith(Number),
      temperatureFailures: sql<number>`(select count(*) from ${temperatureReadings}
        where ${temperatureReadings.siteId} = ${place.siteId} and ${temperatureReadings.deletedAt} is null
          and ${temperatureReadings.readAt} >= ${from.toISOString()}
          and ${temperatureReadings.readAt} < ${until.toISOString()}
          and ${temperatureReadings.result} = 'FAIL')`.mapWith(Number),
      openNearMisses: sql<number>`(select count(*) from ${nearMisses}
        where ${nearMisses.siteId} = ${place.siteId} and ${nearMisses.deletedAt} is null
          and ${nearMisses.status} in ('REPORTED', 'PENDING'))`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  if (!row) throw new Error('the attention counts returned no row');
  return row;
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
