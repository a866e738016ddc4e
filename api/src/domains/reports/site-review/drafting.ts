import { and, asc, between, eq, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import {
  documentExpiryWarningDays,
  nearMissWorkflow,
  recurringProblemThreshold,
  type SiteReviewContents,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { correctiveActions } from '../../../platform/corrective-actions/schema.js';
import { alertEvents } from '../../../platform/events/schema.js';
import { foodItems, masterTypes, sensors, temperatureItems } from '../../equipment/index.js';
import { documents, logReference, nearMisses, temperatureReadings } from '../../logs/index.js';
import { addDays, localDate } from '../../sites/index.js';
import { bucketSql, individualTasks, masterTasks } from '../../tasks/index.js';
import { emptyTally, scoreFromTally, siteDayScores } from '../site-panel/repository.js';
import { periodBefore, type ReviewPeriod } from './periods.js';

// A review drafted from the records of its four weeks at its site ("Safer food, better business": the
// problems of the period, so the manager can see what keeps going wrong and what was changed). A draft is
// drafted again on every read, so what it shows is what the records say now; signing freezes one drafting.

/** The site a review is drafted for. */
export interface ReviewSite {
  id: string;
  orgId: string;
  timeZoneId: string;
}

/** The prefix of a corrective action's short reference (CA-3F9A1C), as the console shows it. */
const correctiveActionPrefix = 'CA';

/** The first instant of a local date at the site, and the first instant after another, as SQL. */
const startOfDay = (date: string, zone: string) => sql`(${date}::date::timestamp at time zone ${zone})`;
const endOfDay = (date: string, zone: string) => sql`((${date}::date + 1)::timestamp at time zone ${zone})`;

/** What failed or was missed, by what it happened to, with the local dates: a date counted once per failure. */
class Tally {
  private readonly entries = new Map<string, { name: string; dates: string[] }>();
  add(key: string, name: string, date: string) {
    const entry = this.entries.get(key) ?? { name, dates: [] };
    entry.dates.push(date);
    this.entries.set(key, entry);
  }
  /** Each one's failures and its dates (each once, in order), most failures first, then by name. */
  list() {
    return [...this.entries.values()]
      .map(({ name, dates }) => ({ name, failures: dates.length, dates: [...new Set(dates)].sort() }))
      .sort((a, b) => b.failures - a.failures || a.name.localeCompare(b.name, 'en'));
  }
}

/** Failed readings of the period, by the fridge's item, probe or food item they were taken of. */
async function equipmentFailures(db: Database | Tx, site: ReviewSite, period: ReviewPeriod) {
  const zone = site.timeZoneId;
  const failed = await db
    .select({
      temperatureItemId: temperatureReadings.temperatureItemId,
      foodItemId: temperatureReadings.foodItemId,
      date: sql<string>`to_char(${temperatureReadings.readAt} at time zone ${zone}, 'YYYY-MM-DD')`,
    })
    .from(temperatureReadings)
    .where(
      and(
        eq(temperatureReadings.siteId, site.id),
        isNull(temperatureReadings.deletedAt),
        eq(temperatureReadings.result, 'FAIL'),
        gte(temperatureReadings.readAt, startOfDay(period.start, zone)),
        lt(temperatureReadings.readAt, endOfDay(period.end, zone)),
      ),
    )
    .orderBy(asc(temperatureReadings.readAt));
  const itemIds = [...new Set(failed.flatMap((row) => row.temperatureItemId ?? []))];
  const foodItemIds = [...new Set(failed.flatMap((row) => row.foodItemId ?? []))];
  const names = new Map<string, string>();
  if (itemIds.length > 0) {
    const items = await db
      .select({ id: temperatureItems.id, name: temperatureItems.name, equipment: masterTypes.name })
      .from(temperatureItems)
      .innerJoin(masterTypes, eq(masterTypes.id, temperatureItems.masterTypeId))
      .where(inArray(temperatureItems.id, itemIds));
    // Named as the inspection pack names a fridge's item.
    for (const item of items) names.set(item.id, `${item.equipment}: ${item.name}`);
  }
  if (foodItemIds.length > 0) {
    const items = await db
      .select({ id: foodItems.id, name: foodItems.name })
      .from(foodItems)
      .where(inArray(foodItems.id, foodItemIds));
    for (const item of items) names.set(item.id, item.name);
  }
  const tally = new Tally();
  for (const row of failed) {
    const id = row.temperatureItemId ?? row.foodItemId;
    if (id) tally.add(id, names.get(id) ?? 'An item since removed', row.date);
  }
  return tally.list();
}

/**
 * The period's occurrences that went wrong, by master task: missed (expired and not done, as the
 * dashboard's red) or done with a failed checklist line. Read after the scores, which make the period's
 * occurrences, so a day nobody opened counts its tasks as missed.
 */
async function taskProblems(db: Database | Tx, site: ReviewSite, period: ReviewPeriod, now: Date) {
  const bucket = bucketSql(now);
  const failedLine = sql<boolean>`${individualTasks.items} @> '[{"status":"FAILED"}]'::jsonb`;
  const rows = await db
    .select({
      masterTaskId: individualTasks.masterTaskId,
      task: masterTasks.name,
      date: individualTasks.taskDate,
      missed: sql<boolean>`${bucket} = 'INCOMPLETE'`,
    })
    .from(individualTasks)
    .innerJoin(masterTasks, eq(masterTasks.id, individualTasks.masterTaskId))
    .where(
      and(
        eq(individualTasks.siteId, site.id),
        between(individualTasks.taskDate, period.start, period.end),
        ne(individualTasks.status, 'DELETED'),
        or(sql`${bucket} = 'INCOMPLETE'`, failedLine),
      ),
    )
    .orderBy(asc(individualTasks.taskDate));
  const failures = new Tally();
  const missed = new Tally();
  for (const row of rows) {
    failures.add(row.masterTaskId, row.task, row.date);
    if (row.missed) missed.add(row.masterTaskId, row.task, row.date);
  }
  return { failures: failures.list(), missed: missed.list() };
}

/** Corrective actions of the site not yet verified, whenever their deviation happened: oldest first. */
async function unresolvedActions(db: Database | Tx, site: ReviewSite) {
  const rows = await db
    .select({
      id: correctiveActions.id,
      deviation: correctiveActions.deviation,
      state: correctiveActions.state,
      occurredAt: correctiveActions.occurredAt,
    })
    .from(correctiveActions)
    .where(
      and(
        eq(correctiveActions.siteId, site.id),
        isNull(correctiveActions.deletedAt),
        inArray(correctiveActions.state, ['OPEN', 'ACTION_RECORDED']),
      ),
    )
    .orderBy(asc(correctiveActions.occurredAt), asc(correctiveActions.id));
  return rows.map((row) => ({
    _id: row.id,
    ref: logReference(correctiveActionPrefix, row.id),
    deviation: row.deviation,
    state: row.state,
    occurredAt: row.occurredAt.toISOString(),
  }));
}

/** Near misses that happened in the period, oldest first, with where each stands in words. */
async function periodNearMisses(db: Database | Tx, site: ReviewSite, period: ReviewPeriod) {
  const zone = site.timeZoneId;
  const rows = await db
    .select({
      id: nearMisses.id,
      title: nearMisses.title,
      occurredAt: nearMisses.occurredAt,
      status: nearMisses.status,
    })
    .from(nearMisses)
    .where(
      and(
        eq(nearMisses.siteId, site.id),
        isNull(nearMisses.deletedAt),
        gte(nearMisses.occurredAt, startOfDay(period.start, zone)),
        lt(nearMisses.occurredAt, endOfDay(period.end, zone)),
      ),
    )
    .orderBy(asc(nearMisses.occurredAt), asc(nearMisses.id));
  return rows.map((row) => ({
    _id: row.id,
    title: row.title,
    occurredAt: row.occurredAt.toISOString(),
    status: nearMissWorkflow.labels[row.status as keyof typeof nearMissWorkflow.labels] ?? row.status,
  }));
}

/**
 * The site's and the organisation's documents expired, or expiring within the warning days of the period's
 * end, soonest first. Expired is read on the period's last date, or today while it runs: a review says what
 * had lapsed in its four weeks, not what lapsed after.
 */
async function documentsDue(db: Database | Tx, site: ReviewSite, period: ReviewPeriod, now: Date) {
  const today = localDate(site.timeZoneId, now);
  const lookedOn = today < period.end ? today : period.end;
  const rows = await db
    .select({ id: documents.id, name: documents.name, expiresOn: documents.expiresOn })
    .from(documents)
    .where(
      and(
        eq(documents.orgId, site.orgId),
        or(eq(documents.siteId, site.id), isNull(documents.siteId)),
        isNull(documents.deletedAt),
        lte(documents.expiresOn, addDays(period.end, documentExpiryWarningDays)),
      ),
    )
    .orderBy(asc(documents.expiresOn), asc(documents.name), asc(documents.id));
  return rows.flatMap((row) =>
    row.expiresOn === null
      ? []
      : [{ _id: row.id, name: row.name, expiresOn: row.expiresOn, expired: row.expiresOn < lookedOn }],
  );
}

/** Sensors found offline in the period (their SENSOR_OFFLINE events), most often first. */
async function sensorsOffline(db: Database | Tx, site: ReviewSite, period: ReviewPeriod) {
  const zone = site.timeZoneId;
  const rows = await db
    .select({ sensorId: alertEvents.recordId, name: sensors.name })
    .from(alertEvents)
    .leftJoin(sensors, eq(sensors.id, alertEvents.recordId))
    .where(
      and(
        eq(alertEvents.orgId, site.orgId),
        eq(alertEvents.siteId, site.id),
        eq(alertEvents.kind, 'SENSOR_OFFLINE'),
        gte(alertEvents.occurredAt, startOfDay(period.start, zone)),
        lt(alertEvents.occurredAt, endOfDay(period.end, zone)),
      ),
    );
  const times = new Map<string, { name: string; times: number }>();
  for (const row of rows) {
    const known = times.get(row.sensorId) ?? { name: row.name ?? 'A sensor since removed', times: 0 };
    known.times += 1;
    times.set(row.sensorId, known);
  }
  return [...times.entries()]
    .map(([id, { name, times: count }]) => ({ _id: id, name, times: count }))
    .sort((a, b) => b.times - a.times || a.name.localeCompare(b.name, 'en'));
}

/**
 * The score of the period before, then of each week of the period, from the scores' own day counts (a week
 * not begun has nothing due: no score). Makes the occurrences of dates nobody opened, as the scores do.
 */
async function scoreTrend(db: Database | Tx, site: ReviewSite, period: ReviewPeriod, now: Date) {
  const before = periodBefore(period);
  const { list } = await siteDayScores(db, site, before.start, period.end, now);
  const spans = [
    before,
    ...[0, 1, 2, 3].map((week) => ({
      start: addDays(period.start, week * 7),
      end: addDays(period.start, week * 7 + 6),
    })),
  ];
  return spans.map(({ start, end }) => {
    const tally = emptyTally();
    for (const day of list) {
      if (day.date < start || day.date > end) continue;
      tally.onTime += day.onTime;
      tally.late += day.late;
      tally.missed += day.missed;
    }
    const { score, band } = scoreFromTally(tally);
    return { startDate: start, endDate: end, score, band };
  });
}

/** The review of `period` at `site` as the records say now. */
export async function draftContents(
  db: Database | Tx,
  site: ReviewSite,
  period: ReviewPeriod,
  now: Date,
): Promise<SiteReviewContents> {
  // The scores first: they make the occurrences the task problems are read from.
  const trend = await scoreTrend(db, site, period, now);
  const equipment = await equipmentFailures(db, site, period);
  const tasks = await taskProblems(db, site, period, now);
  const recurring = [
    ...equipment.map((entry) => ({ of: 'equipment' as const, ...entry })),
    ...tasks.failures.map((entry) => ({ of: 'task' as const, ...entry })),
  ]
    .filter((entry) => entry.failures >= recurringProblemThreshold)
    .sort((a, b) => b.failures - a.failures || a.name.localeCompare(b.name, 'en'));
  return {
    recurringProblems: recurring,
    missedChecks: tasks.missed.map(({ name, failures, dates }) => ({ task: name, missed: failures, dates })),
    unresolvedActions: await unresolvedActions(db, site),
    nearMisses: await periodNearMisses(db, site, period),
    documents: await documentsDue(db, site, period, now),
    sensorsOffline: await sensorsOffline(db, site, period),
    scoreTrend: trend,
  };
}
