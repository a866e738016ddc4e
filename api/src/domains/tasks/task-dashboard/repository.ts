import { and, between, eq, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
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
import { nextStatementName, preparable, PreparedQueries } from '../../../platform/db/prepared.js';
import { individualTasks } from '../schema.js';
import { sites } from '../../../platform/db/schema.js';
import { bucketSql } from '../occurrence.js';
import { madeSql } from '../occurrences.js';
import { countDates } from '../schedule.js';
import { addDays, tradingDay, type SiteHours } from '../../sites/index.js';

// The site dashboard's numbers: whether the range is made, its occurrences counted by local date and
// bucket and the logs' counts, in one statement prepared once per database, and each date's opening hours worked out from the site's
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

/** A value the statement is read with, or a prepared statement's placeholder for it. */
type Given<T> = T | Placeholder;

/**
 * The site and range another domain's counts are read for: the range as the instants those counts take,
 * since a prepared statement's placeholders for local dates could not be turned into them.
 */
export interface CountedPlace {
  orgId: Given<string>;
  siteId: Given<string>;
  timeZoneId: Given<string>;
  fromAt: Given<string>;
  untilAt: Given<string>;
}

/**
 * Another domain's counts the dashboard's statement carries as one JSON value: the SQL of a site's counts,
 * from values or placeholders, and the instants a range of the site's local dates is counted between.
 */
export interface CarriedCounts<Attention> {
  json(place: CountedPlace, now: Given<Date>): SQL<Attention>;
  instants(range: DateRange, timeZoneId: string): { fromAt: string; untilAt: string };
}

/** The site, range and moment the dashboard is read for: values, or the placeholders of those names. */
type DashboardInputs = CountedPlace & { startDate: Given<string>; endDate: Given<string>; now: Given<Date> };

/** The statement of `readDashboard`, prepared once per database and run with each request's values. */
interface PreparedDashboard<Attention> {
  execute(values: Record<string, unknown>): Promise<DashboardRead<Attention>[]>;
}

/**
 * One statement: whether the range is made, the site's live occurrences of the range counted per local
 * date and bucket at `now`, and `attention`'s counts as one JSON value.
 */
function dashboardStatement<Attention>(
  db: Database | Tx,
  attention: CarriedCounts<Attention>,
  given: DashboardInputs,
) {
  // Grouped by position: PostgreSQL does not see two copies of the bucket's CASE expression as the same
  // once each carries its own parameter for `now`. The site's row is named apart from `sites`, which the
  // made check joins in its own subquery.
  const site = alias(sites, 'dashboard_site');
  return (
    db
      .select({
        made: madeSql(db, { orgId: given.orgId, siteIds: [given.siteId] }, given.startDate, given.endDate),
        counted: sql<BucketCount[]>`(
      select coalesce(json_agg(json_build_object('taskDate', to_char(bucketed.task_date, 'YYYY-MM-DD'),
                                                 'bucket', bucketed.bucket, 'n', bucketed.n)), '[]')
      from (select ${individualTasks.taskDate} as task_date, ${bucketSql(given.now)} as bucket, count(*) as n
            from ${individualTasks}
            where ${and(
              eq(individualTasks.siteId, given.siteId),
              between(individualTasks.taskDate, given.startDate, given.endDate),
              ne(individualTasks.status, 'DELETED'),
            )}
            group by 1, 2) as bucketed)`,
        attention: attention.json(given, given.now),
      })
      // The site's row is the statement's one row (the gate has found it live).
      .from(site)
      .where(eq(site.id, given.siteId))
  );
}

/**
 * The dashboard's read with `attention`'s counts: outside a transaction its statement is prepared once per
 * database (one shape: a site, a range, a moment) and each call sends only its values, so neither drizzle
 * builds nor PostgreSQL plans it again.
 */
export function dashboardReader<Attention>(attention: CarriedCounts<Attention>) {
  const statements = new PreparedQueries<PreparedDashboard<Attention>>();
  const placeholders: DashboardInputs = {
    orgId: sql.placeholder('orgId'),
    siteId: sql.placeholder('siteId'),
    timeZoneId: sql.placeholder('timeZoneId'),
    fromAt: sql.placeholder('fromAt'),
    untilAt: sql.placeholder('untilAt'),
    startDate: sql.placeholder('startDate'),
    endDate: sql.placeholder('endDate'),
    now: sql.placeholder('now'),
  };
  return async function readDashboard(
    db: Database | Tx,
    place: { orgId: string; siteId: string; timeZoneId: string },
    range: DateRange,
    now: Date,
  ): Promise<DashboardRead<Attention>> {
    const values = { ...place, ...range, ...attention.instants(range, place.timeZoneId) };
    const [read] = preparable(db)
      ? await statements
          .get(db, 'site', () =>
            dashboardStatement(db, attention, placeholders).prepare(nextStatementName('site_dashboard')),
          )
          .execute({ ...values, now: now.toISOString() })
      : await dashboardStatement(db, attention, { ...values, now });
    if (!read) throw new Error('the dashboard read returned no row');
    return read;
  };
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
