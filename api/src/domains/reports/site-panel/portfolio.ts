import { and, between, count, inArray, ne, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Portfolio, PortfolioSite, PortfolioTasks, TaskBucket } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { attentionBySite } from '../../logs/index.js';
import { addDays, localDate, toSiteOption } from '../../sites/index.js';
import { bucketSql, ensureOccurrences, individualTasks } from '../../tasks/index.js';
import { liveSitesOf, scoreFromTally, tallies, type ScoreTally } from './repository.js';

// The portfolio (issue 25): each site the caller may see with its day. However many sites there are, it
// costs the same few statements: the sites, making any missing occurrences of their weeks, today's tasks
// by bucket, the week's day counts (the scores' own tallies), and the logs' counts (the site dashboard's,
// for every site at once). Each site's figures are of its own local today and week.

/** Where a site stands in time: its today and its week, Monday to Sunday, in its own zone. */
interface SiteDay {
  today: string;
  weekStart: string;
  weekEnd: string;
}

function siteDayOf(timeZoneId: string, now: Date): SiteDay {
  const weekStart = DateTime.fromJSDate(now, { zone: timeZoneId }).startOf('week').toFormat('yyyy-MM-dd');
  return { today: localDate(timeZoneId, now), weekStart, weekEnd: addDays(weekStart, 6) };
}

const earliest = (dates: readonly string[]) => dates.reduce((a, b) => (b < a ? b : a));
const latest = (dates: readonly string[]) => dates.reduce((a, b) => (b > a ? b : a));

/** Today's occurrences of each site by bucket, in one grouped statement over the span of the sites' todays. */
async function todaysBuckets(
  db: Database | Tx,
  days: ReadonlyMap<string, SiteDay>,
  now: Date,
): Promise<Map<string, PortfolioTasks>> {
  const todays = [...days.values()].map((day) => day.today);
  // Bucketed in a subquery so the grouping names its column (see the site dashboard's bucketCounts).
  const bucketed = db
    .select({
      siteId: individualTasks.siteId,
      taskDate: individualTasks.taskDate,
      bucket: bucketSql(now).as('bucket'),
    })
    .from(individualTasks)
    .where(
      and(
        inArray(individualTasks.siteId, [...days.keys()]),
        between(individualTasks.taskDate, earliest(todays), latest(todays)),
        ne(individualTasks.status, 'DELETED'),
      ),
    )
    .as('bucketed');
  const rows: { siteId: string; taskDate: string; bucket: TaskBucket; n: number }[] = await db
    .select({ siteId: bucketed.siteId, taskDate: bucketed.taskDate, bucket: bucketed.bucket, n: count() })
    .from(bucketed)
    .groupBy(bucketed.siteId, bucketed.taskDate, bucketed.bucket);
  const bySite = new Map<string, PortfolioTasks>();
  for (const { siteId, taskDate, bucket, n } of rows) {
    // Sites in zones a day apart share the span: each keeps only its own today.
    if (days.get(siteId)?.today !== taskDate || bucket === 'DELETED') continue;
    const tasks = bySite.get(siteId) ?? { due: 0, done: 0, late: 0, overdue: 0, upcoming: 0 };
    tasks.due += n;
    if (bucket === 'ON_TIME' || bucket === 'LATE') tasks.done += n;
    if (bucket === 'LATE') tasks.late += n;
    if (bucket === 'INCOMPLETE') tasks.overdue += n;
    if (bucket === 'UPCOMING') tasks.upcoming += n;
    bySite.set(siteId, tasks);
  }
  return bySite;
}

/** Each site's tally of its own week, from the scores' day counts over the span of every site's week. */
async function weekTallies(
  db: Database | Tx,
  days: ReadonlyMap<string, SiteDay>,
  now: Date,
): Promise<Map<string, ScoreTally>> {
  const weeks = [...days.values()];
  const rows = await tallies(
    db,
    [...days.keys()],
    earliest(weeks.map((day) => day.weekStart)),
    latest(weeks.map((day) => day.weekEnd)),
    now,
    (taskDate) => sql<string>`to_char(${taskDate}, 'YYYY-MM-DD')`,
  );
  const bySite = new Map<string, ScoreTally>();
  for (const { siteId, group, tally } of rows) {
    const day = days.get(siteId);
    const date = String(group);
    if (!day || date < day.weekStart || date > day.weekEnd) continue;
    const sum = bySite.get(siteId) ?? { onTime: 0, late: 0, missed: 0, upcoming: 0 };
    sum.onTime += tally.onTime;
    sum.late += tally.late;
    sum.missed += tally.missed;
    sum.upcoming += tally.upcoming;
    bySite.set(siteId, sum);
  }
  return bySite;
}

/**
 * Every live site of `scope` (all of the organisation's when `siteIds` is null) with its day at `now`,
 * most attention first: overdue tasks, failed readings, open near misses and expired documents, added up;
 * then the most documents about to expire; then by name.
 */
export async function portfolio(
  db: Database | Tx,
  scope: { orgId: string; siteIds: readonly string[] | null },
  now: Date,
): Promise<Portfolio> {
  const siteRows = await liveSitesOf(db, scope);
  if (siteRows.length === 0) return { list: [], records: 0 };

  const located = siteRows.map((row) => ({ row, day: siteDayOf(row.timeZoneId, now) }));
  const days = new Map(located.map(({ row, day }) => [row.id, day]));
  const weeks = [...days.values()];
  // A week nobody has opened yet (no list read, the background job behind) still counts every task.
  await ensureOccurrences(
    db,
    { orgId: scope.orgId, siteIds: [...days.keys()] },
    earliest(weeks.map((day) => day.weekStart)),
    latest(weeks.map((day) => day.weekEnd)),
    now,
  );
  const tasks = await todaysBuckets(db, days, now);
  const week = await weekTallies(db, days, now);
  const attention = await attentionBySite(
    db,
    scope.orgId,
    located.map(({ row, day }) => ({
      siteId: row.id,
      timeZoneId: row.timeZoneId,
      startDate: day.today,
      endDate: day.today,
    })),
    now,
  );

  const list: PortfolioSite[] = located.map(({ row, day }) => {
    const today = tasks.get(row.id) ?? { due: 0, done: 0, late: 0, overdue: 0, upcoming: 0 };
    const logs = attention.get(row.id) ?? {
      documentsExpiring: 0,
      documentsExpired: 0,
      temperatureFailures: 0,
      openNearMisses: 0,
      actionsAwaitingAction: 0,
      actionsAwaitingVerification: 0,
      actionsOverdue: 0,
      reviewsDue: 0,
    };
    const { score, band, due, onTime, late, missed } = scoreFromTally(
      week.get(row.id) ?? { onTime: 0, late: 0, missed: 0, upcoming: 0 },
    );
    const option = toSiteOption(row);
    return {
      siteID: row.id,
      name: row.name,
      location: option.location,
      timeZoneId: row.timeZoneId,
      locale: option.locale,
      temperatureUnit: option.temperatureUnit,
      timing: row.timing,
      date: day.today,
      tasks: today,
      ...logs,
      week: { startDate: day.weekStart, endDate: day.weekEnd, due, onTime, late, missed, score, band },
      attention:
        today.overdue +
        logs.temperatureFailures +
        logs.openNearMisses +
        logs.documentsExpired +
        logs.actionsOverdue,
    };
  });
  list.sort(
    (a, b) =>
      b.attention - a.attention ||
      b.documentsExpiring - a.documentsExpiring ||
      a.name.localeCompare(b.name, 'en'),
  );
  return { list, records: list.length };
}
