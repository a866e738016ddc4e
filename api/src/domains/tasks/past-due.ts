import { and, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { AlertEventKind, CorrectiveActionKind } from '@console/shared-sdk/contract';
import type { Database } from '../../platform/db/client.js';
import { organizations, sites } from '../../platform/db/schema.js';
import { alertEvents } from '../../platform/events/schema.js';
import { correctiveActions } from '../../platform/corrective-actions/schema.js';
import { individualTasks, masterTasks } from './schema.js';

// The occurrences still open (pending or reported) past their due time (`expire_on`, where the scores start
// counting them missed) on live sites, that have no `<kind>:<occurrence>` event yet or no
// `<action kind>:<occurrence>` corrective action: the overdue tasks' scan (alerts) and the missed
// follow-ups' (follow-ups/job.ts) read the same rows, follow-ups apart. Each raises the event and opens the
// action (deviations.ts) that is missing, so an occurrence whose action did not open with its event (a
// crash between the two) is found again.

/** How far back the scans look: an occurrence past due for longer was someone else's news. */
const lookBackMs = 24 * 60 * 60_000;
/** Rows read by one scan at most; the next minute's scan goes on. */
const perScan = 500;

export function pastDueOccurrences(
  db: Database,
  now: Date,
  {
    followUps,
    unraised,
    unopened,
  }: { followUps: boolean; unraised: AlertEventKind; unopened: CorrectiveActionKind },
) {
  // One order for every run: two runs at once (two instances) open and raise in the same order, so the
  // later waits for the earlier's keys instead of deadlocking with it.
  return db
    .select({
      id: individualTasks.id,
      orgId: individualTasks.orgId,
      siteId: individualTasks.siteId,
      masterTaskId: individualTasks.masterTaskId,
      taskDate: individualTasks.taskDate,
      expireOn: individualTasks.expireOn,
      name: masterTasks.name,
      followUp: masterTasks.followUp,
      siteName: sites.name,
      timeZoneId: sites.timeZoneId,
    })
    .from(individualTasks)
    .innerJoin(masterTasks, eq(masterTasks.id, individualTasks.masterTaskId))
    .innerJoin(sites, eq(sites.id, individualTasks.siteId))
    .innerJoin(organizations, eq(organizations.id, sites.orgId))
    .where(
      and(
        followUps ? isNotNull(masterTasks.followUp) : isNull(masterTasks.followUp),
        inArray(individualTasks.status, ['PENDING', 'REPORTED']),
        lte(individualTasks.expireOn, now),
        gt(individualTasks.expireOn, new Date(now.getTime() - lookBackMs)),
        isNull(sites.deletedAt),
        isNull(organizations.deletedAt),
        or(
          sql`not exists (select 1 from ${alertEvents}
          where ${alertEvents.dedupeKey} = ${`${unraised}:`} || ${individualTasks.id})`,
          sql`not exists (select 1 from ${correctiveActions}
          where ${correctiveActions.dedupeKey} = ${`${unopened}:`} || ${individualTasks.id})`,
        ),
      ),
    )
    .orderBy(individualTasks.id)
    .limit(perScan);
}
