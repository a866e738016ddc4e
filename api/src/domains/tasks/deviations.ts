import { eq } from 'drizzle-orm';
import { formatInstant, type CorrectiveCheckType } from '@console/shared-sdk/contract';
import type { Tx } from '../../platform/db/client.js';
import { sites } from '../../platform/db/schema.js';
import type { HistoryActor } from '../../platform/history/history.js';
import { openCorrectiveAction, type OpenedDeviation } from '../../platform/corrective-actions/open.js';
import type { OccurrenceRow } from './occurrence.js';
import type { FollowUpRecord, OccurrenceItemRecord } from './schema.js';

// A task's deviations (HACCP principle 5): a checklist line set to FAILED, a follow-up check failed by its
// reading, and an occurrence that expired not done (a missed task or follow-up, found by the scans). Each
// opens one corrective action, about the occurrence (subject Task) and, for a line, that line: a line
// failed, unticked and failed again opens nothing new. A follow-up's actions are of its reading's log type
// (cooling, hot holding), so the standard actions offered are that check's.

/** The system, as a scan's findings name their author. */
export const consoleActor: HistoryActor = { id: null, name: 'Console' };

/** The log type whose standard actions a follow-up's deviation is offered. */
const followUpCheckTypes: Record<FollowUpRecord['kind'], CorrectiveCheckType> = {
  COOLING: 'COOKING_COOLING',
  HOT_HOLD: 'HOT_HOLD_DISPLAY',
};

/**
 * The deviation of a line of `row` set to FAILED at `at` by `actor`. A follow-up check's line is failed by
 * its reading: what that reading's corrective action says was done (`correctiveAction`) comes recorded.
 */
export function lineDeviation(
  row: Pick<OccurrenceRow, 'id' | 'orgId' | 'siteId' | 'masterTaskId' | 'taskDate'>,
  line: Pick<OccurrenceItemRecord, 'id' | 'text' | 'comment'>,
  master: { name: string; followUp: FollowUpRecord | null },
  siteName: string,
  change: { at: Date; actor: HistoryActor; correctiveAction?: string | null | undefined },
): OpenedDeviation {
  const { followUp } = master;
  const why = line.comment ? `: ${line.comment}` : '';
  return {
    orgId: row.orgId,
    siteId: row.siteId,
    kind: followUp ? 'FOLLOW_UP_FAILED' : 'CHECKLIST_LINE_FAILED',
    checkType: followUp ? followUpCheckTypes[followUp.kind] : 'TASK',
    source: { subject: 'Task', recordId: row.id, lineId: line.id },
    deviation: followUp
      ? `${master.name} at ${siteName} failed${why}`
      : `“${line.text}” failed on “${master.name}” at ${siteName}${why}`,
    details: {
      masterTaskId: row.masterTaskId,
      taskDate: row.taskDate,
      taskName: master.name,
      line: line.text,
      comment: line.comment,
    },
    occurredAt: change.at,
    actor: change.actor,
    recorded: change.correctiveAction ? { actionTaken: change.correctiveAction } : null,
  };
}

/** Opens the action of a line of `row` set to FAILED (lineDeviation), in the change's transaction. */
export async function openLineFailure(
  tx: Tx,
  row: OccurrenceRow,
  line: OccurrenceItemRecord,
  master: { name: string; followUp: FollowUpRecord | null },
  change: { at: Date; actor: HistoryActor; correctiveAction?: string | null | undefined },
  now: Date,
): Promise<void> {
  const [site] = await tx.select({ name: sites.name }).from(sites).where(eq(sites.id, row.siteId));
  await openCorrectiveAction(tx, lineDeviation(row, line, master, site?.name ?? '', change), now);
}

/** A task not done by its due time, in words: the overdue event's title and the missed task's deviation. */
export const missedTaskTitle = (
  row: { name: string; expireOn: Date; siteName: string; timeZoneId: string },
  locale: string | undefined,
) =>
  `“${row.name}” was due by ${formatInstant(row.expireOn, row.timeZoneId, 'time', locale)} at ${row.siteName} and is not done`;

/** An occurrence open past its due time, as the scans read it (past-due.ts). */
export interface MissedOccurrence {
  id: string;
  orgId: string;
  siteId: string;
  masterTaskId: string;
  taskDate: string;
  expireOn: Date;
  name: string;
  followUp: FollowUpRecord | null;
}

/**
 * The deviation of an occurrence that expired not done, in the words of the event its scan raises
 * (`title`): a task missed, or a follow-up check missed.
 */
export function missedDeviation(row: MissedOccurrence, title: string): OpenedDeviation {
  const { followUp } = row;
  return {
    orgId: row.orgId,
    siteId: row.siteId,
    kind: followUp ? 'FOLLOW_UP_MISSED' : 'TASK_MISSED',
    checkType: followUp ? followUpCheckTypes[followUp.kind] : 'TASK',
    source: { subject: 'Task', recordId: row.id },
    deviation: title,
    details: { masterTaskId: row.masterTaskId, taskDate: row.taskDate, taskName: row.name },
    occurredAt: row.expireOn,
    actor: consoleActor,
  };
}
