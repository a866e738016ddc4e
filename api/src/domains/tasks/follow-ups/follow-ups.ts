import { and, asc, eq, getTableColumns, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.js';
import { sites } from '../../../platform/db/schema.js';
import { newId } from '../../../platform/db/ids.js';
import { personsByIds } from '../../../platform/auth/users/repository.js';
import { localDate } from '../../sites/index.js';
import type { OccurrenceRow } from '../occurrence.js';
import type { FollowUpCancelCause } from '@console/shared-sdk/contract';
import { conflict } from '../../../platform/http/errors.js';
import {
  cancelOccurrence,
  changeChecklistItem,
  changeOccurrenceStatus,
  retimeOccurrence,
  type OccurrenceActor,
} from '../occurrence-changes.js';
import { individualTasks, masterTasks, type FollowUpRecord } from '../schema.js';
import {
  checkOfFollowUp,
  effectOf,
  followUpDescription,
  followUpLine,
  followUpName,
  verdictOf,
  wallTime,
  type FollowUpKind,
  type FollowUpReading,
  type StartedCheck,
} from './rules.js';

// Follow-up checks (issue 24, DOMAIN.md "Time rules for records") as tasks. A reading that starts one makes
// a one-off master task (repeat ONCE, `follow_up` set) and its single occurrence at once, in the reading's
// transaction. The occurrence is written here rather than by occurrences.ts, because its window is the
// rule's, not a schedule's: it opens when cooling began (or at the last hot-holding check) and expires at
// its due time, to the second, so the scores' on-time test (completed by `expireOn`) is the rule's own. Its
// master task is marked made through its date, and the unique key (master task, date) keeps any making
// from adding another. Being an ordinary occurrence, it shows in the day's tasks and the dashboard and
// counts in the scores.
//
// The reading that takes a follow-up completes it through the tasks' own change code
// (occurrence-changes.ts) with the reader as its actor and the reading's time as the change's: its history
// is kept, its alerts are acknowledged, and it counts late when read after its due time. A check failed
// by its reading (too warm, too late) opens its corrective action there (FOLLOW_UP_FAILED, deviations.ts);
// one never taken opens FOLLOW_UP_MISSED when the job finds it past due (job.ts).

export interface FollowUpOptions {
  /** config.syncWindowHours: the device-time rule the completion passes, as the reading did. */
  syncWindowHours: number;
}

/** What a reading did to follow-ups, for the caller's tests and logs. */
export interface FollowUpOutcome {
  /** The occurrence it completed, and whether the check passed. */
  took?: { occurrenceId: string; masterTaskId: string; passed: boolean };
  /** The follow-ups it started: one, or each stage of a cooling that has several. */
  started?: { occurrenceId: string; masterTaskId: string; dueAt: Date }[];
}

/** The follow-up kind of a master task, as SQL on master_tasks.follow_up. */
const kindIs = (kind: FollowUpKind) => sql`${masterTasks.followUp}->>'kind' = ${kind}`;
const itemIs = (foodItemId: string) => sql`${masterTasks.followUp}->>'foodItemId' = ${foodItemId}`;
/**
 * The follow-ups a reading of `checkKind` takes. One made before rule sets names no check: it is England's
 * single stage, taken by its cooled or hot-holding reading.
 */
const takenBy = (kind: FollowUpKind, checkKind: string) =>
  sql`coalesce(${masterTasks.followUp}->>'checkKind', ${kind === 'COOLING' ? 'COOLED' : 'HOT_HOLD'}) = ${checkKind}`;

/** The follow-ups a reading started, as SQL on master_tasks.follow_up. */
const startedBy = (readingId: string) => sql`${masterTasks.followUp}->>'readingId' = ${readingId}`;

/**
 * The open (pending or reported) follow-up occurrences of the organisation that match `where`, earliest
 * due first, locked for the change.
 */
function openFollowUps(tx: Tx, orgId: string, where: SQL | undefined) {
  return tx
    .select({ occurrence: getTableColumns(individualTasks), followUp: masterTasks.followUp })
    .from(individualTasks)
    .innerJoin(masterTasks, eq(masterTasks.id, individualTasks.masterTaskId))
    .where(
      and(
        eq(masterTasks.orgId, orgId),
        isNull(masterTasks.deletedAt),
        inArray(individualTasks.status, ['PENDING', 'REPORTED']),
        where,
      ),
    )
    .orderBy(asc(individualTasks.expireOn), asc(individualTasks.opensAt), asc(individualTasks.id))
    .for('update', { of: individualTasks });
}

/** The zone of the reading's site, which a follow-up's words and date are in. */
async function timeZoneOf(tx: Tx, reading: Pick<FollowUpReading, 'id' | 'siteId'>): Promise<string> {
  const [site] = await tx
    .select({ timeZoneId: sites.timeZoneId })
    .from(sites)
    .where(eq(sites.id, reading.siteId));
  if (!site) throw new Error(`reading ${reading.id} is on no site`);
  return site.timeZoneId;
}

async function actorOf(tx: Tx, userId: string): Promise<OccurrenceActor> {
  const person = (await personsByIds(tx, [userId])).get(userId);
  return { id: userId, name: person ? `${person.firstName} ${person.lastName}`.trim() : '' };
}

/**
 * Completes the earliest open follow-up of `kind` of the reading's item that had opened by the reading:
 * its line done when the reading passed by the due time, else failed with why in words. Either way the
 * occurrence is completed at the reading's time (late when after its due time).
 */
async function take(
  tx: Tx,
  reading: FollowUpReading & { foodItemId: string },
  takes: { kind: FollowUpKind; checkKind: string },
  readBy: string,
  timeZoneId: string,
  now: Date,
  options: FollowUpOptions,
): Promise<FollowUpOutcome['took']> {
  const open = await openFollowUps(
    tx,
    reading.orgId,
    and(
      eq(masterTasks.siteId, reading.siteId),
      kindIs(takes.kind),
      takenBy(takes.kind, takes.checkKind),
      itemIs(reading.foodItemId),
    ),
  );
  const found = open.find(({ occurrence }) => occurrence.opensAt.getTime() <= reading.readAt.getTime());
  const line = found?.occurrence.items[0];
  if (!found || !line) return undefined;
  const row: OccurrenceRow = found.occurrence;
  const check = found.followUp ? { kind: takes.kind, ...checkOfFollowUp(found.followUp) } : null;
  if (!check) return undefined;
  const verdict = verdictOf(check, reading, row.expireOn, timeZoneId);
  const actor = await actorOf(tx, readBy);
  const time = { source: 'device' as const, at: reading.readAt, field: 'changedAt' as const, ...options };
  const changed = await changeChecklistItem(
    tx,
    row,
    {
      checkListID: line.id,
      status: verdict.passed ? 'COMPLETED' : 'FAILED',
      comment: verdict.passed ? undefined : verdict.comment,
      time,
      byReading: true,
      // A failed check's corrective action opens recorded with the reading's, when it carries one.
      correctiveAction: verdict.passed ? null : (reading.correctiveAction ?? null),
    },
    actor,
    now,
  );
  // A reported follow-up (staff said something was wrong) is still taken by its reading: only a pending
  // one completes with its last line, so a reported one is completed here.
  if (changed.status === 'REPORTED') {
    await changeOccurrenceStatus(tx, changed, { status: 'COMPLETED', time, byReading: true }, actor, now);
  }
  return { occurrenceId: row.id, masterTaskId: row.masterTaskId, passed: verdict.passed };
}

/** What a follow-up's window decides of its master task: its words, its one date and when it existed. */
function timingOf(starts: StartedCheck, itemName: string, timeZoneId: string) {
  const { startAt, dueAt } = starts;
  return {
    taskDate: localDate(timeZoneId, dueAt),
    name: followUpName(starts, itemName, startAt, timeZoneId),
    description: followUpDescription(starts, itemName, dueAt, timeZoneId),
    dueTime: wallTime(dueAt, timeZoneId),
    // The task exists from the moment it times: the reading that takes it may have been read (on a phone
    // offline) before this one reached the server, and a change is refused before its task existed.
    createdAt: startAt,
  };
}

/**
 * Makes the follow-up a reading starts: its master task and its one occurrence, opening at `startAt` and
 * expiring at `dueAt`. A hot-holding reading older than the item's open re-check starts nothing: a later
 * reading already set when the food is next due (readings of an offline phone may arrive out of order).
 */
async function start(
  tx: Tx,
  reading: FollowUpReading & { foodItemId: string },
  starts: StartedCheck,
  timeZoneId: string,
  now: Date,
): Promise<{ occurrenceId: string; masterTaskId: string; dueAt: Date } | undefined> {
  if (starts.kind === 'HOT_HOLD') {
    const later = await tx
      .select({ id: individualTasks.id })
      .from(individualTasks)
      .innerJoin(masterTasks, eq(masterTasks.id, individualTasks.masterTaskId))
      .where(
        and(
          eq(masterTasks.orgId, reading.orgId),
          eq(masterTasks.siteId, reading.siteId),
          isNull(masterTasks.deletedAt),
          kindIs('HOT_HOLD'),
          itemIs(reading.foodItemId),
          inArray(individualTasks.status, ['PENDING', 'REPORTED']),
          gte(individualTasks.opensAt, starts.startAt),
        ),
      )
      .limit(1);
    if (later.length > 0) return undefined;
  }
  const { kind, startAt, dueAt } = starts;
  const timing = timingOf(starts, reading.itemName, timeZoneId);
  const { taskDate } = timing;
  const followUp: FollowUpRecord = {
    kind,
    readingId: reading.id,
    foodItemId: reading.foodItemId,
    itemName: reading.itemName,
    dueAt: dueAt.toISOString(),
    checkKind: starts.checkKind,
    stage: starts.stage,
    stages: starts.stages,
    limits: starts.limits,
    jurisdiction: starts.jurisdiction,
  };
  const items = [{ id: newId(), text: followUpLine(starts), required: true, photoRequired: false }];
  const masterTaskId = newId();
  await tx.insert(masterTasks).values({
    id: masterTaskId,
    orgId: reading.orgId,
    siteId: reading.siteId,
    name: timing.name,
    description: timing.description,
    items,
    repeat: 'ONCE',
    startDate: taskDate,
    endDate: taskDate,
    dueTime: timing.dueTime,
    // Its only date is made here, now: no making looks at it again.
    madeThrough: taskDate,
    followUp,
    createdAt: timing.createdAt,
    updatedAt: now,
  });
  const occurrenceId = newId();
  await tx.insert(individualTasks).values({
    id: occurrenceId,
    orgId: reading.orgId,
    siteId: reading.siteId,
    masterTaskId,
    taskDate,
    opensAt: startAt,
    expireOn: dueAt,
    status: 'PENDING',
    items: items.map((item) => ({
      ...item,
      status: 'PENDING' as const,
      statusChangeOn: null,
      changedBy: null,
      comment: null,
    })),
    createdAt: now,
    updatedAt: now,
  });
  return { occurrenceId, masterTaskId, dueAt };
}

/**
 * What a recorded reading does to follow-ups, in its transaction, by its rule set: a passing cooked-core
 * reading starts a cooling check for each stage of cooling (England's one, due 90 minutes after cooling
 * began; America's two, due at 2 and 6 hours); a stage's cooled reading takes the item's open check of
 * that stage; a hot-holding reading takes the item's open re-check and, unless the hold ended, starts the
 * next one. Any other reading does nothing. `readBy` is the person who read it: the completion's actor.
 */
export async function followUpsOnReading(
  tx: Tx,
  reading: FollowUpReading,
  readBy: string,
  now: Date,
  options: FollowUpOptions,
): Promise<FollowUpOutcome> {
  const effect = effectOf(reading);
  const { foodItemId } = reading;
  if (foodItemId === null || (!effect.takes && !effect.starts)) return {};
  const timeZoneId = await timeZoneOf(tx, reading);
  const ofItem = { ...reading, foodItemId };
  const outcome: FollowUpOutcome = {};
  if (effect.takes) {
    const took = await take(tx, ofItem, effect.takes, readBy, timeZoneId, now, options);
    if (took) outcome.took = took;
  }
  const started = [];
  for (const check of effect.starts ?? []) {
    const one = await start(tx, ofItem, check, timeZoneId, now);
    if (one) started.push(one);
  }
  if (started.length > 0) outcome.started = started;
  return outcome;
}

// ---- cancelling and re-timing ----------------------------------------------------------------------------
//
// A follow-up stands on the reading that started it. Deleting that reading cancels the check (the food it
// timed is not on record any more); correcting it re-times the check, or cancels it when the reading no
// longer starts one (a cooked core corrected to a failing temperature, a hot hold corrected to ended). An
// admin may cancel one too (the food was thrown away). Only an open check moves: a completed one is a
// record of what was done. A cancelled one's occurrence is DELETED, so it raises nothing and counts nowhere
// (the buckets, the scores' tallies, the portfolio and the inspection pack all leave deleted tasks out);
// its master task keeps why, which the task's list and view show. Each change goes through the tasks' own
// change code (occurrence-changes.ts), so the task's history keeps it with its reason.

/** The cancellation in the task's history, by cause. */
const cancelSummaries: Record<FollowUpCancelCause, string> = {
  ADMIN: 'Follow-up check cancelled',
  READING_DELETED: 'Follow-up check cancelled: the reading that started it was deleted',
  READING_CORRECTED: 'Follow-up check cancelled: the reading that started it was corrected and starts none',
};

/** A reading removed or corrected, as the logs domain tells it: which, who changed it and why. */
export interface ReadingChange {
  readingId: string;
  orgId: string;
  by: string;
  reason: string;
}

async function cancel(
  tx: Tx,
  row: OccurrenceRow,
  followUp: FollowUpRecord,
  { cause, reason }: { cause: FollowUpCancelCause; reason: string },
  actor: OccurrenceActor,
  now: Date,
): Promise<OccurrenceRow> {
  const cancelled = await cancelOccurrence(tx, row, { summary: cancelSummaries[cause], reason }, actor, now);
  await tx
    .update(masterTasks)
    .set({
      followUp: { ...followUp, cancelled: { cause, reason, at: now.toISOString(), by: actor.id } },
      updatedAt: now,
    })
    .where(eq(masterTasks.id, row.masterTaskId));
  return cancelled;
}

/**
 * An admin's cancellation of an open follow-up check (the food was thrown away). A scheduled task is not
 * cancelled but deleted from its master task (409).
 */
export async function cancelFollowUp(
  tx: Tx,
  row: OccurrenceRow,
  reason: string,
  actor: OccurrenceActor,
  now: Date,
): Promise<OccurrenceRow> {
  const [master] = await tx
    .select({ followUp: masterTasks.followUp })
    .from(masterTasks)
    .where(eq(masterTasks.id, row.masterTaskId));
  if (!master?.followUp) {
    throw conflict(
      'Only a follow-up check is cancelled: delete a scheduled task from the day’s list instead',
    );
  }
  return cancel(tx, row, master.followUp, { cause: 'ADMIN', reason }, actor, now);
}

/** A deleted reading's open follow-up, cancelled with the deletion's reason. */
export async function followUpsOnReadingDeleted(tx: Tx, change: ReadingChange, now: Date): Promise<number> {
  const open = await openFollowUps(tx, change.orgId, startedBy(change.readingId));
  if (open.length === 0) return 0;
  const actor = await actorOf(tx, change.by);
  for (const { occurrence, followUp } of open) {
    if (followUp) await cancel(tx, occurrence, followUp, { cause: 'READING_DELETED', ...change }, actor, now);
  }
  return open.length;
}

/** What a correction did to the follow-up its reading started. */
export type CorrectionOutcome = 'unchanged' | 'cancelled' | 'retimed' | 'started';

/**
 * A corrected reading and its follow-up: cancelled when the reading no longer starts one, re-timed when it
 * starts it at another time, started when it now starts one it never had (a cooked core corrected to a
 * passing temperature). `reading` is the reading as corrected.
 */
export async function followUpsOnReadingCorrected(
  tx: Tx,
  reading: FollowUpReading,
  change: Pick<ReadingChange, 'by' | 'reason'>,
  now: Date,
): Promise<CorrectionOutcome> {
  const { starts = [] } = effectOf(reading);
  const open = await openFollowUps(tx, reading.orgId, startedBy(reading.id));
  if (open.length === 0) {
    if (starts.length === 0 || reading.foodItemId === null) return 'unchanged';
    // Only a reading that never started a check starts one now: a completed or cancelled one stands.
    const [made] = await tx
      .select({ id: masterTasks.id })
      .from(masterTasks)
      .where(and(eq(masterTasks.orgId, reading.orgId), startedBy(reading.id)))
      .limit(1);
    if (made) return 'unchanged';
    const zone = await timeZoneOf(tx, reading);
    let started = false;
    for (const check of starts) {
      if (await start(tx, { ...reading, foodItemId: reading.foodItemId }, check, zone, now)) started = true;
    }
    return started ? 'started' : 'unchanged';
  }
  const actor = await actorOf(tx, change.by);
  const zone = await timeZoneOf(tx, reading);
  let outcome: CorrectionOutcome = 'unchanged';
  // Each open check (each stage of a cooling) is matched with the one the corrected reading starts.
  for (const { occurrence, followUp } of open) {
    if (!followUp) continue;
    const { checkKind } = checkOfFollowUp(followUp);
    const check = starts.find((one) => one.kind === followUp.kind && one.checkKind === checkKind);
    if (!check) {
      await cancel(
        tx,
        occurrence,
        followUp,
        { cause: 'READING_CORRECTED', reason: change.reason },
        actor,
        now,
      );
      outcome = 'cancelled';
      continue;
    }
    if (
      check.dueAt.getTime() === occurrence.expireOn.getTime() &&
      check.startAt.getTime() === occurrence.opensAt.getTime()
    ) {
      continue;
    }
    const timing = timingOf(check, followUp.itemName, zone);
    await retimeOccurrence(
      tx,
      occurrence,
      {
        opensAt: check.startAt,
        expireOn: check.dueAt,
        taskDate: timing.taskDate,
        summary:
          `Re-timed by a correction of its reading: due by ${timing.dueTime}, ` +
          `was ${wallTime(occurrence.expireOn, zone)}`,
        reason: change.reason,
      },
      actor,
      now,
    );
    await tx
      .update(masterTasks)
      .set({
        name: timing.name,
        description: timing.description,
        dueTime: timing.dueTime,
        startDate: timing.taskDate,
        endDate: timing.taskDate,
        madeThrough: timing.taskDate,
        createdAt: timing.createdAt,
        followUp: { ...followUp, dueAt: check.dueAt.toISOString() },
        updatedAt: now,
      })
      .where(eq(masterTasks.id, occurrence.masterTaskId));
    if (outcome === 'unchanged') outcome = 'retimed';
  }
  return outcome;
}

/** Whether a master task is a follow-up (made by a reading, not by an admin): its calls refuse it. */
export const isFollowUp = (row: { followUp: FollowUpRecord | null }) => row.followUp !== null;
