import { eq } from 'drizzle-orm';
import type { ChecklistItemStatus } from '@console/shared-sdk/contract';
import type { Tx } from '../../platform/db/client.js';
import { individualTasks, masterTasks, type OccurrenceItemRecord } from './schema.js';
import { badRequest, conflict, fieldError } from '../../platform/http/errors.js';
import { recordHistory, type HistoryActor } from '../../platform/history/history.js';
import { completionProblems, imagesOf, type OccurrenceRow } from './occurrence.js';

// The rules for moving an occurrence and its checklist (DOMAIN.md "Tasks"), shared by the console's admins
// and the staff's own calls. Callers load the row FOR UPDATE through the gate and call these inside the
// same transaction.
//
// Times: staff send the device's time of a change (`happenedAt`), which is kept as it is, so a completion
// synced an hour late still counts with its real time; the server's time of arrival is `syncedAt`. A
// device clock ahead of the server is taken as the server's time: nothing happens in the future.
//
// The record of who did what is never rewritten: a change to a completed occurrence needs a reason, and
// the occurrence's history (platform/history/history.ts, subject 'Task') keeps its state before and after.

export interface OccurrenceActor extends HistoryActor {
  id: string;
}

const statusWords: Record<ChecklistItemStatus, string> = {
  PENDING: 'pending',
  COMPLETED: 'done',
  FAILED: 'failed',
};

/** What a history entry keeps of an occurrence. */
const snapshot = (row: OccurrenceRow, summary: string) => ({
  summary,
  status: row.status,
  completedAt: row.completedAt?.toISOString() ?? null,
  completedBy: row.completedBy,
  items: row.items.map((item) => ({
    id: item.id,
    status: item.status,
    statusChangeOn: item.statusChangeOn,
    changedBy: item.changedBy,
    comment: item.comment,
  })),
});

const clampToNow = (at: Date | undefined, now: Date) => (at && at.getTime() < now.getTime() ? at : now);

function assertNotDeleted(row: OccurrenceRow) {
  if (row.status === 'DELETED') throw conflict('This task was deleted; it can no longer be changed');
}

function reasonFor(row: OccurrenceRow, reason: string | undefined): string | null {
  if (row.status !== 'COMPLETED') return null;
  if (!reason) throw fieldError('reason', 'Say why you are changing a task that was already completed');
  return reason;
}

async function photoRequiredOf(tx: Tx, row: OccurrenceRow): Promise<boolean> {
  const [master] = await tx
    .select({ photoRequired: masterTasks.photoRequired })
    .from(masterTasks)
    .where(eq(masterTasks.id, row.masterTaskId));
  return master?.photoRequired ?? false;
}

async function write(tx: Tx, row: OccurrenceRow, changes: Partial<OccurrenceRow>, now: Date) {
  const [updated] = await tx
    .update(individualTasks)
    .set({ ...changes, updatedAt: now })
    .where(eq(individualTasks.id, row.id))
    .returning();
  if (!updated) throw new Error(`occurrence ${row.id} vanished inside its transaction`);
  return updated;
}

async function keepHistory(
  tx: Tx,
  before: OccurrenceRow,
  after: OccurrenceRow,
  summary: string,
  reason: string | null,
  actor: OccurrenceActor,
  now: Date,
) {
  await recordHistory(tx, {
    orgId: before.orgId,
    siteId: before.siteId,
    subject: 'Task',
    recordId: before.id,
    action: 'update',
    before: snapshot(before, summary),
    after: snapshot(after, summary),
    reason,
    actor,
    at: now,
  });
}

export interface ItemChange {
  checkListID: string;
  status: ChecklistItemStatus;
  comment?: string | undefined;
  happenedAt?: Date | undefined;
  reason?: string | undefined;
}

/**
 * One checklist line to a new status. FAILED needs a comment (the contract checks it). When the last
 * required line of a pending occurrence is done and its photos are there, the occurrence completes at the
 * time of that change.
 */
export async function changeChecklistItem(
  tx: Tx,
  row: OccurrenceRow,
  change: ItemChange,
  actor: OccurrenceActor,
  now: Date,
): Promise<OccurrenceRow> {
  assertNotDeleted(row);
  const item = row.items.find((line) => line.id === change.checkListID);
  if (!item) throw fieldError('checkListID', 'This task has no such checklist item');
  const reason = reasonFor(row, change.reason);
  const happenedAt = clampToNow(change.happenedAt, now);
  const items: OccurrenceItemRecord[] = row.items.map((line) =>
    line.id === item.id
      ? {
          ...line,
          status: change.status,
          statusChangeOn: happenedAt.toISOString(),
          changedBy: actor.id,
          comment: change.comment ?? (change.status === 'FAILED' ? line.comment : null),
        }
      : line,
  );
  const changes: Partial<OccurrenceRow> = { items };
  if (row.status === 'PENDING' && items.every((line) => !line.required || line.status !== 'PENDING')) {
    const problems = completionProblems(items, await photoRequiredOf(tx, row), await imagesOf(tx, row.id));
    if (problems.length === 0) Object.assign(changes, completed(happenedAt, actor, now));
  }
  const updated = await write(tx, row, changes, now);
  if (reason !== null) {
    const summary = `"${item.text}" changed from ${statusWords[item.status]} to ${statusWords[change.status]}`;
    await keepHistory(tx, row, updated, summary, reason, actor, now);
  }
  return updated;
}

const completed = (happenedAt: Date, actor: OccurrenceActor, now: Date): Partial<OccurrenceRow> => ({
  status: 'COMPLETED',
  completedAt: happenedAt,
  completedBy: actor.id,
  syncedAt: now,
});

export interface StatusChange {
  status: 'COMPLETED' | 'REPORTED' | 'PENDING';
  happenedAt?: Date | undefined;
  reason?: string | undefined;
}

/**
 * Completes an occurrence (refused, naming what is missing, while a required line or photo is), reports a
 * problem with a pending one, or reopens one (a completed one only with a reason).
 */
export async function changeOccurrenceStatus(
  tx: Tx,
  row: OccurrenceRow,
  change: StatusChange,
  actor: OccurrenceActor,
  now: Date,
): Promise<OccurrenceRow> {
  assertNotDeleted(row);
  if (change.status === row.status) {
    const words = { COMPLETED: 'already completed', REPORTED: 'already reported', PENDING: 'not completed' };
    throw conflict(`This task is ${words[change.status]}`);
  }
  if (change.status === 'COMPLETED') {
    const problems = completionProblems(
      row.items,
      await photoRequiredOf(tx, row),
      await imagesOf(tx, row.id),
    );
    if (problems.length > 0) throw badRequest(`This task cannot be completed yet: ${problems.join('; ')}`);
    return write(tx, row, completed(clampToNow(change.happenedAt, now), actor, now), now);
  }
  if (change.status === 'REPORTED') {
    if (row.status !== 'PENDING') throw conflict('Only a task still to do can be reported');
    return write(tx, row, { status: 'REPORTED' }, now);
  }
  const reason = reasonFor(row, change.reason);
  const updated = await write(
    tx,
    row,
    { status: 'PENDING', completedAt: null, completedBy: null, syncedAt: null },
    now,
  );
  if (reason !== null) await keepHistory(tx, row, updated, 'Reopened after completion', reason, actor, now);
  return updated;
}
