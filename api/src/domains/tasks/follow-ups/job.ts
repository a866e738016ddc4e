import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/client.js';
import { dispatchJobName, raiseEvent } from '../../../platform/events/raise.js';
import type { JobDefinition, JobSender } from '../../../platform/jobs/queue.js';
import { openCorrectiveAction } from '../../../platform/corrective-actions/open.js';
import { missedDeviation } from '../deviations.js';
import { pastDueOccurrences } from '../past-due.js';
import { checkOfFollowUp, clockWords, followUpKindWords } from './rules.js';

// A follow-up not taken in time is an alert (issue 24): every minute, each follow-up occurrence still open
// past its due time raises FOLLOW_UP_DUE once (its dedupe key names the occurrence), for the site's admins.
// Taking it later completes the occurrence, which acknowledges the event (occurrence-changes.ts), so it is
// not escalated. It is a deviation too: it opens its FOLLOW_UP_MISSED corrective action in the same
// transaction, in the event's words (deviations.ts). Raising and opening are idempotent, so two instances'
// runs, or a run beside the queue's, raise and open each once.

export interface FollowUpJobOptions {
  db: Database;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'debug' | 'error'>;
  /** Nudges the alerts' dispatch when something was raised (else it goes within its own minute). */
  jobs?: JobSender;
}

/** The job's name on the queue (platform/jobs/queue.ts). */
export const followUpDueJobName = 'tasks.follow-ups-due';

const dedupeKeyOf = (occurrenceId: string) => `FOLLOW_UP_DUE:${occurrenceId}`;

/** Raises FOLLOW_UP_DUE for every follow-up open past its due time at `now`; answers how many it raised. */
export async function raiseDueFollowUps({ db, log }: Pick<FollowUpJobOptions, 'db' | 'log'>, now: Date) {
  const rows = await pastDueOccurrences(db, now, {
    followUps: true,
    unraised: 'FOLLOW_UP_DUE',
    unopened: 'FOLLOW_UP_MISSED',
  });
  if (rows.length === 0) return 0;
  const raised = await db.transaction(async (tx) => {
    let count = 0;
    for (const row of rows) {
      if (!row.followUp) continue;
      const { kind, itemName, foodItemId } = row.followUp;
      // On the site's clock as its rules write it: "was due by 5:10 PM" at an American site.
      const due = clockWords(row.expireOn, row.timeZoneId, checkOfFollowUp(row.followUp).jurisdiction);
      const title = `${followUpKindWords[kind]} of ${itemName} was due by ${due} at ${row.siteName} and has not been taken`;
      await openCorrectiveAction(tx, missedDeviation(row, title), now);
      const id = await raiseEvent(
        tx,
        {
          orgId: row.orgId,
          siteId: row.siteId,
          kind: 'FOLLOW_UP_DUE',
          subject: 'Task',
          recordId: row.id,
          dedupeKey: dedupeKeyOf(row.id),
          title,
          // The bell opens the task of that day (domains/alerts/links.ts).
          details: {
            taskDate: row.taskDate,
            masterTaskId: row.masterTaskId,
            taskName: row.name,
            followUpKind: kind,
            foodItemId,
          },
          occurredAt: row.expireOn,
        },
        now,
      );
      if (id !== null) count += 1;
    }
    return count;
  });
  if (raised > 0) log.debug({ raised }, 'raised follow-up due events');
  return raised;
}

/**
 * The follow-ups' work on the job queue: a sweep every minute (a missed check is told within the minute
 * after its due time). The lead wires it in server.ts beside the other domains' jobs.
 */
export function followUpJobs(options: FollowUpJobOptions): JobDefinition[] {
  return [
    {
      name: followUpDueJobName,
      kind: 'sweep',
      cron: '* * * * *',
      run: async () => {
        const raised = await raiseDueFollowUps(options, options.clock.now());
        if (raised > 0) await options.jobs?.send(dispatchJobName);
      },
    },
  ];
}
