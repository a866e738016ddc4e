import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatDay, ruleSetOf } from '@console/shared-sdk/contract';
import type { Database } from '../../platform/db/client.js';
import { organizations, sites } from '../../platform/db/schema.js';
import { raiseEvents } from '../../platform/events/raise.js';
import { openCorrectiveActions } from '../../platform/corrective-actions/open.js';
import { addDays, localDate } from '../sites/index.js';
import {
  individualTasks,
  masterTasks,
  missedDeviation,
  missedTaskTitle,
  pastDueOccurrences,
} from '../tasks/index.js';

// The scans that raise events from the passing of time (issue 24), every minute on the job queue; raising
// is idempotent by each event's dedupe key, so a scan run twice, or on two instances, raises each once.
// - TASK_OVERDUE: an occurrence still open (pending or reported) past its due time (`expireOn`, where the
//   scores start counting it missed), once per occurrence (`TASK_OVERDUE:<occurrence>`); a completion
//   acknowledges it (tasks' occurrence-changes.ts). A task missed is a deviation: the same finding opens its
//   TASK_MISSED corrective action, in the event's words, once per occurrence (tasks' deviations.ts).
// - CHECKS_MISSED: a site's opening checks (tasks due in the OPEN slot) or closing checks (CLOSE and
//   AFTER_CLOSE) not all done by the end of the site's day: its local date is over and the date's last task
//   has expired (a closing that runs past midnight); once per site, date and slot
//   (`CHECKS_MISSED:<site>:<date>:<slot>`).
// Their titles write times and dates as the site's locale does (a 12-hour clock at an American site).

export interface ScanDeps {
  db: Database;
  log: Pick<FastifyBaseLogger, 'debug' | 'error'>;
}

/** The days back the missed-checks scan reads (a site whose day ends after midnight included). */
const missedChecksDays = 2;

const liveSite = and(isNull(sites.deletedAt), isNull(organizations.deletedAt));

/** Each site's locale, from its rule set. */
async function siteLocales(db: Database, siteIds: readonly string[]): Promise<Map<string, string>> {
  if (siteIds.length === 0) return new Map();
  const rows = await db
    .select({ id: sites.id, jurisdiction: sites.jurisdiction })
    .from(sites)
    .where(inArray(sites.id, [...new Set(siteIds)]));
  return new Map(rows.map((row) => [row.id, ruleSetOf(row.jurisdiction).locale]));
}

/**
 * Raises TASK_OVERDUE for occurrences open past their due time, and opens each one's TASK_MISSED action;
 * answers how many events it raised.
 */
export async function scanOverdueTasks(deps: ScanDeps, now: Date): Promise<number> {
  const rows = await pastDueOccurrences(deps.db, now, {
    followUps: false,
    unraised: 'TASK_OVERDUE',
    unopened: 'TASK_MISSED',
  });
  if (rows.length === 0) return 0;
  const locales = await siteLocales(
    deps.db,
    rows.map((row) => row.siteId),
  );
  const events = rows.map((row) => ({
    orgId: row.orgId,
    siteId: row.siteId,
    kind: 'TASK_OVERDUE' as const,
    subject: 'Task',
    recordId: row.id,
    dedupeKey: `TASK_OVERDUE:${row.id}`,
    title: missedTaskTitle(row, locales.get(row.siteId)),
    details: { masterTaskId: row.masterTaskId, taskDate: row.taskDate, taskName: row.name },
    occurredAt: row.expireOn,
  }));
  const opened = await openCorrectiveActions(
    deps.db,
    rows.map((row, index) => missedDeviation(row, events[index]?.title ?? row.name)),
    now,
  );
  const raised = await raiseEvents(deps.db, events, now);
  if (raised > 0 || opened.length > 0) {
    deps.log.debug({ raised, opened: opened.length }, 'raised overdue task events, opened their actions');
  }
  return raised;
}

type ChecksSlot = 'OPENING' | 'CLOSING';
const slotWords: Record<ChecksSlot, string> = { OPENING: 'Opening checks', CLOSING: 'Closing checks' };

/** Raises CHECKS_MISSED for sites whose day ended with opening or closing checks not done. */
export async function scanMissedChecks(deps: ScanDeps, now: Date): Promise<number> {
  const slot = sql<ChecksSlot>`case when ${masterTasks.dueSlot} = 'OPEN' then 'OPENING' else 'CLOSING' end`;
  const notDone = sql`${individualTasks.status} <> 'COMPLETED'`;
  const rows = await deps.db
    .select({
      orgId: individualTasks.orgId,
      siteId: individualTasks.siteId,
      taskDate: individualTasks.taskDate,
      slot,
      siteName: sites.name,
      timeZoneId: sites.timeZoneId,
      jurisdiction: sites.jurisdiction,
      missed: sql<number>`count(*) filter (where ${notDone})`.mapWith(Number),
      total: sql<number>`count(*)`.mapWith(Number),
      firstMissed: sql<string>`(array_agg(${individualTasks.id} order by ${individualTasks.expireOn}, ${individualTasks.id}) filter (where ${notDone}))[1]`,
      dayEnd: sql<Date>`max(${individualTasks.expireOn})`.mapWith(individualTasks.expireOn),
    })
    .from(individualTasks)
    .innerJoin(masterTasks, eq(masterTasks.id, individualTasks.masterTaskId))
    .innerJoin(sites, eq(sites.id, individualTasks.siteId))
    .innerJoin(organizations, eq(organizations.id, sites.orgId))
    .where(
      and(
        inArray(masterTasks.dueSlot, ['OPEN', 'CLOSE', 'AFTER_CLOSE']),
        ne(individualTasks.status, 'DELETED'),
        sql`${individualTasks.taskDate} >= ${addDays(localDate('UTC', now), -missedChecksDays)}::date`,
        liveSite,
      ),
    )
    .groupBy(
      individualTasks.orgId,
      individualTasks.siteId,
      individualTasks.taskDate,
      slot,
      sites.name,
      sites.timeZoneId,
      sites.jurisdiction,
    )
    // The site's day is over when its last task of the date (of any kind) has expired.
    .having(
      and(
        sql`count(*) filter (where ${notDone}) > 0`,
        sql`(select max(d.expire_on) from ${individualTasks} d where d.site_id = ${individualTasks.siteId}
          and d.task_date = ${individualTasks.taskDate} and d.status <> 'DELETED') <= ${now.toISOString()}::timestamptz`,
      ),
    );
  // ... and its local date is over (a day whose tasks all expired early is not over before midnight).
  const over = rows.filter((row) => localDate(row.timeZoneId, now) > row.taskDate);
  const raised = await raiseEvents(
    deps.db,
    over.map((row) => {
      const day = formatDay(row.taskDate, 'weekdayDate', ruleSetOf(row.jurisdiction).locale);
      return {
        orgId: row.orgId,
        siteId: row.siteId,
        kind: 'CHECKS_MISSED' as const,
        subject: 'Task',
        recordId: row.firstMissed,
        dedupeKey: `CHECKS_MISSED:${row.siteId}:${row.taskDate}:${row.slot}`,
        title: `${slotWords[row.slot]} missed at ${row.siteName} on ${day} (${row.missed} of ${row.total} not done)`,
        details: { taskDate: row.taskDate, slot: row.slot, missed: row.missed, total: row.total },
        occurredAt: row.dayEnd,
      };
    }),
    now,
  );
  if (raised > 0) deps.log.debug({ raised }, 'raised missed checks events');
  return raised;
}
