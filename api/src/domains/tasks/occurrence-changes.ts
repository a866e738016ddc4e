import { and, eq, getTableColumns, isNull, sql, type Placeholder, type WithSubquery } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ChecklistItemStatus, TaskRef } from '@console/shared-sdk/contract';
import type { Tx } from '../../platform/db/client.js';
import { organizations, sites } from '../../platform/db/schema.js';
import {
  individualTasks,
  masterTasks,
  taskCategories,
  taskComments,
  type FollowUpRecord,
  type OccurrenceItemRecord,
} from './schema.js';
import { badRequest, conflict, fieldError } from '../../platform/http/errors.js';
import {
  appendedEntry,
  appendHistorySql,
  canonicalJson,
  type AppendedEntry,
  type HistoryActor,
} from '../../platform/history/history.js';
import {
  completionProblems,
  occurrenceAnswerColumns,
  occurrenceDetailJoins,
  type OccurrenceAnswerParts,
  type OccurrenceRow,
} from './occurrence.js';
import { acceptDeviceTime, isBeforeReceipt } from '../../platform/device-time.js';
import { acknowledgeEventsQuery, type Acknowledgement } from '../../platform/events/raise.js';
import { claimInsert, type Claim, type ClaimValues } from '../../platform/http/client-writes.js';
import {
  namedValues,
  nextStatementName,
  placeholdersOf,
  preparable,
  PreparedQueries,
  type Bound,
} from '../../platform/db/prepared.js';
import { openLineFailure } from './deviations.js';

// The rules for moving an occurrence and its checklist (DOMAIN.md "Tasks"), shared by the console's admins
// and the staff's own calls. Callers load the occurrence for the change through their gate (loadForChange),
// or pass a row they loaded and locked themselves, and call these inside the same transaction.
//
// Times (DOMAIN.md "Time rules for records"): staff send the device's time of a change, which is kept as
// it is, so a completion synced an hour late still counts with its real time; the server's time of arrival
// is `syncedAt`. Every time passes the one device-time rule (platform/device-time.ts): not ahead of the
// server beyond the clock skew (a little ahead is taken as the server's time), not older than the sync
// window, and not before the occurrence opens or its master task was created. The console's admins record
// with the server's time: an earlier time they send is a correction entered after the fact, which needs a
// reason, is kept in the history and never counts on time (`enteredAfterTheFact`, see bucketOf).
//
// The record of who did what is never rewritten: a change to a completed occurrence needs a reason. Every
// change these functions make is kept in the occurrence's history (platform/history/history.ts, subject
// 'Task') with its state before and after, so the record-history check can tell a completion the console
// made from one written in the database directly: an occurrence with no history is one nobody has moved.
//
// Round trips: the staff's phones tick and complete all day, so an ordinary change costs four statements,
// begin and commit included. One read (loadForChange) locks the occurrence and its organisation's history
// chain and reads everything the change is judged by and its answer shows; one statement (writeChange, a
// data-modifying CTE) writes the new state, the history entry linked to the chain's end, the client id's
// claim and the acknowledgement of the task's alerts. Only what happens now and then costs more, when it
// happens: a failed line's corrective action (deviations.ts), a copy of a write already made.

export interface OccurrenceActor extends HistoryActor {
  id: string;
}

const statusWords: Record<ChecklistItemStatus, string> = {
  PENDING: 'pending',
  COMPLETED: 'done',
  FAILED: 'failed',
};

/**
 * What a history entry keeps of an occurrence's state: the record-history check compares an occurrence as
 * it reads now with this, as its last entry's `after` holds it (less the entry's `summary`).
 */
export const occurrenceSnapshot = (
  row: Pick<OccurrenceRow, 'status' | 'completedAt' | 'completedBy' | 'enteredAfterTheFact' | 'items'>,
) => ({
  status: row.status,
  completedAt: row.completedAt?.toISOString() ?? null,
  completedBy: row.completedBy,
  enteredAfterTheFact: row.enteredAfterTheFact,
  items: row.items.map((item) => ({
    id: item.id,
    status: item.status,
    statusChangeOn: item.statusChangeOn,
    changedBy: item.changedBy,
    comment: item.comment,
  })),
});

/** A history entry's snapshot of an occurrence: its state, and what the change was in words. */
export const occurrenceHistorySnapshot = (row: OccurrenceRow, summary: string) => ({
  summary,
  ...occurrenceSnapshot(row),
});

/**
 * When a change says it happened. Staff's calls send the device's time (`device`, required). The console's
 * may send one (`console`): left out, or within the clock skew of the server's, it is the server's time;
 * earlier, it is a correction entered after the fact. `field` is the body field a refusal names.
 */
export interface ChangeTime {
  source: 'device' | 'console';
  at?: Date | undefined;
  field: 'completedAt' | 'changedAt';
  /** config.syncWindowHours: how old a time may be when it reaches the server. */
  syncWindowHours: number;
}

/** The time a change is recorded at, and whether it was entered after the fact (a console correction). */
interface AcceptedTime {
  at: Date;
  afterTheFact: boolean;
}

function assertNotDeleted(row: OccurrenceRow) {
  if (row.status === 'DELETED') throw conflict('This task was deleted; it can no longer be changed');
}

const masterColumns = {
  name: masterTasks.name,
  photoRequired: masterTasks.photoRequired,
  createdAt: masterTasks.createdAt,
  followUp: masterTasks.followUp,
};

/**
 * A follow-up check (follow-ups/) is done by the reading it asks for, which judges it by its temperature
 * and time: ticking its line or completing it by hand would say it passed without one. Reporting a problem
 * with it, or reopening it, stays open to people.
 */
function assertDoneByReading(master: { followUp: FollowUpRecord | null }, byReading: boolean | undefined) {
  if (master.followUp !== null && !byReading) {
    throw conflict(
      `This follow-up check is done by recording a temperature reading of ${master.followUp.itemName} in the ` +
        'temperature log: the reading completes it',
    );
  }
}

/** What a change of an occurrence is judged by: its master task's rules and the photos it has. */
export interface OccurrenceRules {
  master: { name: string; photoRequired: boolean; createdAt: Date; followUp: FollowUpRecord | null };
  images: { checklistItemId: string | null }[];
}

/** The columns of `OccurrenceRules`, for a query reading master_tasks beside occurrence `occurrenceId`. */
const rulesColumns = (occurrenceId: string | typeof individualTasks.id) => ({
  master: masterColumns,
  images: sql<OccurrenceRules['images']>`(
    select coalesce(json_agg(json_build_object('checklistItemId', ${taskComments.checklistItemId})), '[]')
    from ${taskComments}
    where ${and(
      eq(taskComments.individualTaskId, occurrenceId),
      eq(taskComments.type, 'IMAGE'),
      isNull(taskComments.deletedAt),
    )})`,
});

/**
 * An occurrence ready to change: its row, locked, what the change is judged by, and its organisation's
 * history chain locked by this transaction, so that the change's own statement appends its entry
 * (appendHistorySql). `claim`: the staff's client id, claimed in that statement too.
 */
export interface OccurrenceForChange {
  row: OccurrenceRow;
  rules: OccurrenceRules;
  claim?: Claim | undefined;
}

/** An occurrence read by loadForChange: ready to change, and what its answer shows besides its row. */
export interface LoadedOccurrence extends OccurrenceForChange {
  answer: OccurrenceAnswerParts;
}

/** What loadForChange reads by: the occurrence, its organisation and the person about to change it. */
interface LoadTerms {
  orgId: string;
  individualTaskId: string;
  masterTaskId: string;
  actorId: string;
}

/** loadForChange's statement, with its terms as they are or as placeholders. */
function loadStatement(tx: Tx, terms: Bound<LoadTerms>) {
  // The occurrence's own site, apart from `sites`, which the answer's columns join as its master task's.
  const occurrenceSite = alias(sites, 'occurrence_site');
  return tx
    .select({
      row: getTableColumns(individualTasks),
      ...rulesColumns(individualTasks.id),
      ...occurrenceAnswerColumns([terms.actorId]),
    })
    .from(individualTasks)
    .innerJoin(
      occurrenceSite,
      and(eq(occurrenceSite.id, individualTasks.siteId), isNull(occurrenceSite.deletedAt)),
    )
    .innerJoin(organizations, eq(organizations.id, individualTasks.orgId))
    .innerJoin(masterTasks, eq(masterTasks.id, individualTasks.masterTaskId))
    .innerJoin(sites, occurrenceDetailJoins.site)
    .leftJoin(taskCategories, occurrenceDetailJoins.category)
    .where(
      and(
        eq(individualTasks.id, terms.individualTaskId),
        eq(individualTasks.masterTaskId, terms.masterTaskId),
        eq(individualTasks.orgId, terms.orgId),
      ),
    )
    .for('no key update', { of: [individualTasks, organizations] });
}

const loadStatements = new PreparedQueries<ReturnType<ReturnType<typeof loadStatement>['prepare']>>();

/**
 * The occurrence `ref` names in the organisation, on a live site, ready to change, in one statement: the
 * row and its organisation (whose row lock serialises the history chain) locked FOR NO KEY UPDATE, its
 * master task's rules and photos, and what its answer shows, with `actorId` among the people it names.
 * Undefined when there is none; whether the caller may change it is for the caller's gate. Prepared once
 * per connection where the transaction allows it (transactionOnConnection).
 */
export async function loadForChange(
  tx: Tx,
  orgId: string,
  ref: TaskRef,
  actorId: string,
): Promise<LoadedOccurrence | undefined> {
  const terms: LoadTerms = {
    orgId,
    individualTaskId: ref.individualTaskID,
    masterTaskId: ref.masterTaskID,
    actorId,
  };
  const [found] = preparable(tx)
    ? await loadStatements
        .get(tx, 'load', () =>
          loadStatement(tx, placeholdersOf(terms, '')).prepare(nextStatementName('task_load_for_change')),
        )
        .execute({ ...terms })
    : await loadStatement(tx, terms);
  if (!found) return undefined;
  const { row, master, images, ...answer } = found;
  return { row, rules: { master, images }, answer };
}

/**
 * An occurrence loaded by other means (a follow-up's reading) made ready to change, in one statement: its
 * rules read and its organisation's history chain locked. One ready already is as it is.
 */
async function readyToChange(
  tx: Tx,
  target: OccurrenceRow | OccurrenceForChange,
): Promise<OccurrenceForChange> {
  if ('rules' in target) return target;
  const [found] = await tx
    .select(rulesColumns(target.id))
    .from(masterTasks)
    .innerJoin(organizations, eq(organizations.id, target.orgId))
    .where(eq(masterTasks.id, target.masterTaskId))
    .for('no key update', { of: organizations });
  if (!found) throw new Error(`occurrence ${target.id} has no master task`);
  return { row: target, rules: found };
}

/**
 * The time a change of `row` happened, checked by the device-time rule. The task must have opened and
 * existed by then: its master task's creation is when it existed (an occurrence's own row is made lazily,
 * by whichever read or job run comes first, so its creation says nothing about the task). Without a time
 * the change happens now, which must pass the same bounds: nothing is done before its task opens.
 */
function acceptedTime(row: OccurrenceRow, masterCreatedAt: Date, time: ChangeTime, now: Date): AcceptedTime {
  const at = acceptDeviceTime(time.at ?? now, {
    field: time.field,
    label: time.field === 'completedAt' ? 'The completion time' : 'The time of the change',
    receivedAt: now,
    syncWindowHours: time.syncWindowHours,
    notBefore: [
      { at: row.opensAt, what: 'this task opens' },
      { at: masterCreatedAt, what: 'this task was created' },
    ],
  });
  return { at, afterTheFact: time.source === 'console' && isBeforeReceipt(at, now) };
}

/**
 * The reason a change needs, or null: a change to a completed task, or a correction entered after the
 * fact, is kept in the history with its reason (400 on `reason` without one).
 */
function reasonFor(row: OccurrenceRow, reason: string | undefined, time?: AcceptedTime): string | null {
  if (time?.afterTheFact) {
    if (!reason)
      throw fieldError(
        'reason',
        'Say why you are recording this after the fact: a time in the past is a correction, kept in the history',
      );
    return reason;
  }
  if (row.status !== 'COMPLETED') return null;
  if (!reason) throw fieldError('reason', 'Say why you are changing a task that was already completed');
  return reason;
}

const afterTheFactWords = (time: AcceptedTime) =>
  time.afterTheFact ? `, entered after the fact for ${time.at.toISOString()}` : '';

/** What a change writes besides the row: its words and reason for the history, and what it does to alerts. */
interface ChangeRecord {
  summary: string;
  reason: string | null;
  /**
   * Acknowledge the task's open alerts (overdue, missed checks), so they are never escalated: a completion
   * or a cancellation acts on them, and so does a new time. Left out: when the change completes or cancels.
   */
  acknowledge?: boolean;
}

/** What writeChange's statement writes, each value as it is or as a placeholder. */
interface ChangeParts {
  id: string | Placeholder;
  /** The row's new values by column, each as its driver value (rowValues). */
  set: Record<string, unknown>;
  claim: Bound<ClaimValues> | undefined;
  history: Bound<AppendedEntry>;
  acknowledgement: Bound<Acknowledgement> | undefined;
}

const occurrenceColumns = getTableColumns(individualTasks);

/** The row's new values as the database takes them (a date as an ISO time, the checklist as JSON). */
function rowValues(changes: Partial<OccurrenceRow>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    const column = occurrenceColumns[key as keyof typeof occurrenceColumns];
    values[key] = value === null ? null : column.mapToDriverValue(value);
  }
  return values;
}

/**
 * writeChange's statement: a data-modifying CTE whose parts see one snapshot and not each other's writes,
 * only what each returns, so every part is conditioned on the one before it returning a row.
 */
function changeStatement(tx: Tx, parts: ChangeParts) {
  const claimed = parts.claim ? tx.$with('claimed', {}).as(claimInsert(tx, parts.claim).getSQL()) : undefined;
  const history = tx
    .$with('history', {})
    .as(appendHistorySql(parts.history, claimed ? sql`exists (select 1 from ${claimed})` : undefined));
  const written = sql`exists (select 1 from ${history})`;
  const steps: WithSubquery[] = [...(claimed ? [claimed] : []), history];
  if (parts.acknowledgement) {
    const acknowledge = acknowledgeEventsQuery(tx, parts.acknowledgement, written);
    steps.push(tx.$with('acknowledged', {}).as(acknowledge.getSQL()));
  }
  // Each column set from its value as the database takes it: a placeholder is filled as it is given.
  const set = Object.fromEntries(Object.entries(parts.set).map(([key, value]) => [key, sql`${value}`]));
  return tx
    .with(...steps)
    .update(individualTasks)
    .set(set)
    .where(and(eq(individualTasks.id, parts.id), written))
    .returning();
}

const changeStatements = new PreparedQueries<ReturnType<ReturnType<typeof changeStatement>['prepare']>>();

/**
 * Writes a change of an occurrence in one statement: the row's new state, its history entry (the state
 * before and after) linked to the chain's end, the client id's claim when there is one, and the
 * acknowledgement of its alerts when the change acts on them. Each part is written only when the claim is,
 * so a copy of a staff write writes nothing (and `taken` answers it). Answers the row as written. Prepared
 * once per connection and shape (the columns it sets, a claim or not, alerts or not) where the
 * transaction allows it (transactionOnConnection).
 */
async function writeChange(
  tx: Tx,
  { row, claim }: OccurrenceForChange,
  changes: Partial<OccurrenceRow>,
  record: ChangeRecord,
  actor: OccurrenceActor,
  now: Date,
): Promise<OccurrenceRow> {
  const after: OccurrenceRow = { ...row, ...changes, updatedAt: now };
  const actsOnAlerts =
    record.acknowledge ??
    ((after.status === 'COMPLETED' || after.status === 'DELETED') && row.status !== after.status);
  const set = rowValues({ ...changes, updatedAt: now });
  const claimValues = claim?.values(row.id);
  const history = appendedEntry({
    orgId: row.orgId,
    siteId: row.siteId,
    subject: 'Task',
    recordId: row.id,
    action: 'update',
    before: occurrenceHistorySnapshot(row, record.summary),
    after: occurrenceHistorySnapshot(after, record.summary),
    reason: record.reason,
    actor,
    at: now,
  });
  const acknowledgement: Acknowledgement | undefined = actsOnAlerts
    ? { orgId: row.orgId, recordId: row.id, by: actor.id, at: now.toISOString() }
    : undefined;
  let updated: OccurrenceRow | undefined;
  if (preparable(tx)) {
    const shape = `${Object.keys(set).join(',')} ${claimValues ? 'claim' : ''} ${acknowledgement ? 'ack' : ''}`;
    const statement = changeStatements.get(tx, shape, () =>
      changeStatement(tx, {
        id: sql.placeholder('id'),
        set: placeholdersOf(set, 'set_'),
        claim: claimValues && placeholdersOf(claimValues, 'claim_'),
        history: placeholdersOf(history, 'history_'),
        acknowledgement: acknowledgement && placeholdersOf(acknowledgement, 'ack_'),
      }).prepare(nextStatementName('task_change')),
    );
    [updated] = await statement.execute({
      id: row.id,
      ...namedValues(set, 'set_'),
      ...(claimValues && namedValues(claimValues, 'claim_')),
      ...namedValues(history, 'history_'),
      ...(acknowledgement && namedValues(acknowledgement, 'ack_')),
    });
  } else {
    [updated] = await changeStatement(tx, { id: row.id, set, claim: claimValues, history, acknowledgement });
  }
  if (!updated) {
    // Nothing written: the claim found the client id taken (a copy of a write made before).
    if (claim && claimValues) return claim.taken(tx);
    throw new Error(`occurrence ${row.id} vanished inside its transaction`);
  }
  // The entry recorded the state worked out before the write: it must be the state written.
  if (canonicalJson(occurrenceSnapshot(updated)) !== canonicalJson(occurrenceSnapshot(after))) {
    throw new Error(`occurrence ${row.id} was written otherwise than its history entry says`);
  }
  return updated;
}

/**
 * A line that needs a photo is settled (done or failed) only once its photo is there: ticked without one,
 * the list read "8/8" while completion was refused for the missing photo (completionProblems). 400 on
 * `checkListID`; the console checks the same before it sends (mfe-tasks' task-checklist.tsx).
 */
function assertLinePhoto(
  item: OccurrenceItemRecord,
  status: ChecklistItemStatus,
  images: readonly { checklistItemId: string | null }[],
) {
  if (status === 'PENDING' || !item.photoRequired) return;
  if (images.some((image) => image.checklistItemId === item.id)) return;
  throw fieldError(
    'checkListID',
    `"${item.text}" needs a photo: add it before marking the line ${statusWords[status]}`,
  );
}

export interface ItemChange {
  checkListID: string;
  status: ChecklistItemStatus;
  comment?: string | undefined;
  time: ChangeTime;
  reason?: string | undefined;
  /** The change is a reading's taking a follow-up check (follow-ups/): only it may tick such a line. */
  byReading?: boolean;
  /** What the reading that fails a follow-up check says was done about it: its action's record. */
  correctiveAction?: string | null;
}

/** The occurrence a change is asked of, loaded for it (loadForChange) or by other means (a follow-up's). */
export type ChangeTarget = OccurrenceRow | OccurrenceForChange;

const rowOf = (target: ChangeTarget): OccurrenceRow => ('rules' in target ? target.row : target);

/**
 * One checklist line to a new status. FAILED needs a comment (the contract checks it) and opens the line's
 * corrective action, once per line; a line that needs a photo is done or failed only with its photo there
 * (assertLinePhoto). When the last required line of a pending occurrence is done and its photos are there,
 * the occurrence completes at the time of that change (entered after the fact when the change was).
 */
export async function changeChecklistItem(
  tx: Tx,
  target: ChangeTarget,
  change: ItemChange,
  actor: OccurrenceActor,
  now: Date,
): Promise<OccurrenceRow> {
  const row = rowOf(target);
  assertNotDeleted(row);
  const item = row.items.find((line) => line.id === change.checkListID);
  if (!item) throw fieldError('checkListID', 'This task has no such checklist item');
  const ready = await readyToChange(tx, target);
  const { master, images } = ready.rules;
  assertDoneByReading(master, change.byReading);
  assertLinePhoto(item, change.status, images);
  const time = acceptedTime(row, master.createdAt, change.time, now);
  const reason = reasonFor(row, change.reason, time);
  const items: OccurrenceItemRecord[] = row.items.map((line) =>
    line.id === item.id
      ? {
          ...line,
          status: change.status,
          statusChangeOn: time.at.toISOString(),
          changedBy: actor.id,
          comment: change.comment ?? (change.status === 'FAILED' ? line.comment : null),
        }
      : line,
  );
  const changes: Partial<OccurrenceRow> = { items };
  if (row.status === 'PENDING' && items.every((line) => !line.required || line.status !== 'PENDING')) {
    const problems = completionProblems(items, master.photoRequired, images);
    if (problems.length === 0) Object.assign(changes, completed(time, actor, now));
  }
  const summary =
    `"${item.text}" changed from ${statusWords[item.status]} to ${statusWords[change.status]}` +
    (changes.status === 'COMPLETED' ? ', completing the task' : '') +
    afterTheFactWords(time);
  const updated = await writeChange(tx, ready, changes, { summary, reason }, actor, now);
  // A failed line is a deviation: its corrective action opens with it (deviations.ts), in statements of
  // its own that only a failure costs.
  const failed = change.status === 'FAILED' && updated.items.find((line) => line.id === item.id);
  if (failed) {
    const correctiveAction = change.correctiveAction;
    await openLineFailure(tx, updated, failed, master, { at: time.at, actor, correctiveAction }, now);
  }
  return updated;
}

const completed = (time: AcceptedTime, actor: OccurrenceActor, now: Date): Partial<OccurrenceRow> => ({
  status: 'COMPLETED',
  completedAt: time.at,
  completedBy: actor.id,
  syncedAt: now,
  enteredAfterTheFact: time.afterTheFact,
});

export interface StatusChange {
  status: 'COMPLETED' | 'REPORTED' | 'PENDING';
  /** When a completion happened; only a completion reads it. */
  time: ChangeTime;
  reason?: string | undefined;
  /** A completion by a reading's taking a follow-up check (follow-ups/): only it may complete one. */
  byReading?: boolean;
}

/**
 * Completes an occurrence (refused, naming what is missing, while a required line or photo is), reports a
 * problem with a pending one, or reopens one (a completed one only with a reason). Each is kept in the
 * history; a completion the console enters after the fact needs a reason.
 */
export async function changeOccurrenceStatus(
  tx: Tx,
  target: ChangeTarget,
  change: StatusChange,
  actor: OccurrenceActor,
  now: Date,
): Promise<OccurrenceRow> {
  const row = rowOf(target);
  assertNotDeleted(row);
  if (change.status === row.status) {
    const words = { COMPLETED: 'already completed', REPORTED: 'already reported', PENDING: 'not completed' };
    throw conflict(`This task is ${words[change.status]}`);
  }
  if (change.status === 'COMPLETED') {
    const ready = await readyToChange(tx, target);
    const { master, images } = ready.rules;
    assertDoneByReading(master, change.byReading);
    const time = acceptedTime(row, master.createdAt, change.time, now);
    const reason = time.afterTheFact ? reasonFor(row, change.reason, time) : null;
    const problems = completionProblems(row.items, master.photoRequired, images);
    if (problems.length > 0) throw badRequest(`This task cannot be completed yet: ${problems.join('; ')}`);
    const summary = `Completed${afterTheFactWords(time)}`;
    return writeChange(tx, ready, completed(time, actor, now), { summary, reason }, actor, now);
  }
  if (change.status === 'REPORTED') {
    if (row.status !== 'PENDING') throw conflict('Only a task still to do can be reported');
    const ready = await readyToChange(tx, target);
    return writeChange(
      tx,
      ready,
      { status: 'REPORTED' },
      { summary: 'Problem reported', reason: null },
      actor,
      now,
    );
  }
  const reason = reasonFor(row, change.reason);
  const ready = await readyToChange(tx, target);
  const summary = row.status === 'COMPLETED' ? 'Reopened after completion' : 'Reopened';
  return writeChange(
    tx,
    ready,
    { status: 'PENDING', completedAt: null, completedBy: null, syncedAt: null, enteredAfterTheFact: false },
    { summary, reason },
    actor,
    now,
  );
}

/**
 * Cancels an occurrence still open (pending or reported): it becomes DELETED, which raises and counts
 * nothing, and its history keeps `summary` and the reason. A completed one is a record of what was done and
 * stays (409). Follow-up checks are cancelled this way (follow-ups/), by an admin or by their reading.
 */
export async function cancelOccurrence(
  tx: Tx,
  row: OccurrenceRow,
  change: { summary: string; reason: string },
  actor: OccurrenceActor,
  now: Date,
): Promise<OccurrenceRow> {
  if (row.status === 'DELETED') throw conflict('This task was already cancelled or deleted');
  if (row.status === 'COMPLETED') {
    throw conflict('This task was completed: what was done stays on record, and it cannot be cancelled');
  }
  const ready = await readyToChange(tx, row);
  return writeChange(tx, ready, { status: 'DELETED' }, change, actor, now);
}

/**
 * Moves an occurrence still open to a new window (a follow-up check whose reading's times were corrected),
 * with `summary` and the reason in its history. Its alerts so far were about the old time: acknowledged.
 */
export async function retimeOccurrence(
  tx: Tx,
  row: OccurrenceRow,
  change: { opensAt: Date; expireOn: Date; taskDate: string; summary: string; reason: string },
  actor: OccurrenceActor,
  now: Date,
): Promise<OccurrenceRow> {
  assertNotDeleted(row);
  const { opensAt, expireOn, taskDate, summary, reason } = change;
  const ready = await readyToChange(tx, row);
  return writeChange(
    tx,
    ready,
    { opensAt, expireOn, taskDate },
    { summary, reason, acknowledge: true },
    actor,
    now,
  );
}
