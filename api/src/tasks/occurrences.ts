import { and, eq, gte, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client.js';
import {
  individualTasks,
  masterTasks,
  organizations,
  sites,
  type OccurrenceItemRecord,
} from '../db/schema.js';
import { newId } from '../lib/ids.js';
import type { SiteHours } from '../routes/site-panel/time-slots.js';
import { countDates, occurrenceWindow, scheduledDates } from './schedule.js';

/**
 * Occurrences (individual tasks) are made, never edited, here: every date a live master task's schedule
 * covers gets one, whether a request reads the date first or the background job (occurrence-job.ts) makes
 * it ahead of time. The unique key (master_task_id, task_date) with insert-if-absent decides who made it.
 */

/** The widest range one call may make: a year of reports with room to spare; wider is the caller's bug. */
export const maxOccurrenceRangeDays = 400;

/** Rows per insert: 11 parameters a row stays far below PostgreSQL's 65,535 per statement. */
const insertBatchSize = 1000;

/** Which master tasks to make occurrences of: a field left out does not narrow, an empty list matches none. */
export interface OccurrenceScope {
  orgId?: string;
  siteIds?: readonly string[];
  masterTaskIds?: readonly string[];
}

/**
 * Makes every missing occurrence of the live master tasks on live sites in `scope` for the local dates in
 * [from, to] their schedules cover, and returns how many it made. Dates already made are skipped before
 * anything is worked out, so reading a made day writes nothing. Calls racing on the same dates are safe:
 * the unique key keeps one row per date and the others insert nothing. Rows are inserted in one order
 * (master task, then date), so two transactions making overlapping dates wait for each other instead of
 * deadlocking.
 */
export async function ensureOccurrences(
  db: Database | Tx,
  scope: OccurrenceScope,
  from: string,
  to: string,
  now: Date,
): Promise<number> {
  const days = countDates(from, to);
  if (days > maxOccurrenceRangeDays) {
    throw new RangeError(`Occurrences are made for at most ${maxOccurrenceRangeDays} days, not ${days}`);
  }
  if (days === 0 || scope.siteIds?.length === 0 || scope.masterTaskIds?.length === 0) return 0;

  const tasks = await db
    .select({
      id: masterTasks.id,
      orgId: masterTasks.orgId,
      siteId: masterTasks.siteId,
      items: masterTasks.items,
      repeat: masterTasks.repeat,
      startDate: masterTasks.startDate,
      endDate: masterTasks.endDate,
      weekdays: masterTasks.weekdays,
      dayOfMonth: masterTasks.dayOfMonth,
      dueSlot: masterTasks.dueSlot,
      dueTime: masterTasks.dueTime,
      stoppedFrom: masterTasks.stoppedFrom,
      timeZoneId: sites.timeZoneId,
      timing: sites.timing,
      slotWindows: sites.slotWindows,
      // What already exists is not worked out again: a day that is read again costs this query alone.
      madeDates: sql<string[]>`(
        select coalesce(array_agg(to_char(${individualTasks.taskDate}, 'YYYY-MM-DD')), '{}')
        from ${individualTasks}
        where ${individualTasks.masterTaskId} = ${masterTasks.id}
          and ${individualTasks.taskDate} between ${from} and ${to})`,
    })
    .from(masterTasks)
    .innerJoin(sites, eq(sites.id, masterTasks.siteId))
    .innerJoin(organizations, eq(organizations.id, masterTasks.orgId))
    .where(
      and(
        isNull(masterTasks.deletedAt),
        isNull(sites.deletedAt),
        isNull(organizations.deletedAt),
        scope.orgId ? eq(masterTasks.orgId, scope.orgId) : undefined,
        scope.siteIds ? inArray(masterTasks.siteId, [...scope.siteIds]) : undefined,
        scope.masterTaskIds ? inArray(masterTasks.id, [...scope.masterTaskIds]) : undefined,
        lte(masterTasks.startDate, to),
        or(isNull(masterTasks.endDate), gte(masterTasks.endDate, from)),
        or(isNull(masterTasks.stoppedFrom), gt(masterTasks.stoppedFrom, from)),
      ),
    )
    .orderBy(masterTasks.id);

  // One SiteHours per site, so occurrenceWindow works out a site's slots once per date for all its tasks.
  const hoursBySite = new Map<string, SiteHours>();
  const rows: (typeof individualTasks.$inferInsert)[] = [];
  for (const task of tasks) {
    let site = hoursBySite.get(task.siteId);
    if (!site) {
      site = { timeZoneId: task.timeZoneId, timing: task.timing, slotWindows: task.slotWindows };
      hoursBySite.set(task.siteId, site);
    }
    const items: OccurrenceItemRecord[] = task.items.map((item) => ({
      ...item,
      status: 'PENDING',
      statusChangeOn: null,
      changedBy: null,
      comment: null,
    }));
    const alreadyMade = new Set(task.madeDates);
    for (const taskDate of scheduledDates(task, from, to)) {
      if (alreadyMade.has(taskDate)) continue;
      const window = occurrenceWindow(site, task, taskDate);
      if (!window) continue;
      rows.push({
        id: newId(),
        orgId: task.orgId,
        siteId: task.siteId,
        masterTaskId: task.id,
        taskDate,
        opensAt: window.opensAt,
        expireOn: window.expireOn,
        status: 'PENDING',
        items,
        createdAt: now,
        updatedAt: now,
      });
    }
  }

  let made = 0;
  for (let start = 0; start < rows.length; start += insertBatchSize) {
    const inserted = await db
      .insert(individualTasks)
      .values(rows.slice(start, start + insertBatchSize))
      .onConflictDoNothing({ target: [individualTasks.masterTaskId, individualTasks.taskDate] })
      .returning({ id: individualTasks.id });
    made += inserted.length;
  }
  return made;
}
