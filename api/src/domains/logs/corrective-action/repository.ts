import { and, asc, eq, getTableColumns, inArray, not, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  correctiveActionDefaultDays,
  correctiveCheckTypes,
  defaultStandardActions,
  type CorrectiveAction,
  type CorrectiveActionCounts,
  type CorrectiveActionListQuery,
  type CorrectiveActionState,
  type CorrectiveCheckType,
  type CorrectiveSourceSubject,
  type StandardActionList,
  type correctiveActionRecordSchema,
  type standardActionUpdateSchema,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { sites, users } from '../../../platform/db/schema.js';
import { correctiveActions, standardActions } from '../../../platform/corrective-actions/schema.js';
import {
  correctiveActionEntry,
  type CorrectiveActionRow,
} from '../../../platform/corrective-actions/open.js';
import { acknowledgeEventsOf } from '../../../platform/events/raise.js';
import {
  isNoChange,
  recordHistories,
  recordHistory,
  type HistoryActor,
} from '../../../platform/history/history.js';
import { conflict, forbidden } from '../../../platform/http/errors.js';
import { inOrderOf, joinedPage } from '../../../platform/http/joined-page.js';
import { offsetOf, orderBy } from '../../../platform/http/list.js';
import { searchWhere } from '../../../platform/http/records.js';
import { recordsOf, type RecordScope } from '../../../platform/http/repository.js';
import { individualTasks } from '../../tasks/index.js';
import { localDateRangeWhere, logReferenceSql } from '../log-records.js';
import { complianceLogs, nearMisses, temperatureReadings } from '../schema.js';
import { correctiveActionPrefix, stateWords, toCorrectiveActionDto, type ActionSource } from './dto.js';

// Corrective actions as the console and the kitchen app read and change them: the list, one record's
// actions, the counts, and the three moves (record what was done, verify it, reopen it), each kept in the
// organisation's history chain with correctiveActionEntry. Actions are opened by the deviations themselves
// (platform/corrective-actions/open.ts), never here, and never deleted.

/** The workflow's order, so sorting by state reads awaiting action, then verification, then verified. */
const stateOrder = sql`case ${correctiveActions.state} when 'OPEN' then 0 when 'ACTION_RECORDED' then 1 else 2 end`;

const listDeclaration = {
  sort: {
    _id: correctiveActions.id,
    occurredAt: correctiveActions.occurredAt,
    dueAt: correctiveActions.dueAt,
    state: stateOrder,
    kind: correctiveActions.kind,
    recordedAt: correctiveActions.recordedAt,
    verifiedAt: correctiveActions.verifiedAt,
    updatedAt: correctiveActions.updatedAt,
  },
  search: [correctiveActions.deviation, logReferenceSql(correctiveActionPrefix, correctiveActions.id)],
  filters: (query: CorrectiveActionListQuery) => [
    query.state === undefined ? undefined : eq(correctiveActions.state, query.state),
    query.kind === undefined ? undefined : eq(correctiveActions.kind, query.kind),
    query.checkType === undefined ? undefined : eq(correctiveActions.checkType, query.checkType),
  ],
};

export const correctiveActionRecords = recordsOf<typeof correctiveActions, CorrectiveActionListQuery>({
  table: correctiveActions,
  placedOn: 'site',
  ...listDeclaration,
});

/**
 * An action still open past its due time: overdue (the list, the counts and the dashboards' attention).
 * `now` may be a prepared statement's placeholder (the site dashboard's).
 */
export const overdueWhere = (now: Date | Placeholder) =>
  sql`(${correctiveActions.state} = 'OPEN' and ${correctiveActions.dueAt} <= ${now instanceof Date ? now.toISOString() : now}::timestamptz)`;

const recorder = alias(users, 'recorder');
const verifier = alias(users, 'verifier');

function selectSources<Extra extends Record<string, SQL>>(db: Database | Tx, extra: Extra) {
  return db
    .select({
      action: getTableColumns(correctiveActions),
      site: { name: sites.name, timeZoneId: sites.timeZoneId },
      recorder: { firstName: recorder.firstName, lastName: recorder.lastName },
      verifier: { firstName: verifier.firstName, lastName: verifier.lastName },
      ...extra,
    })
    .from(correctiveActions)
    .innerJoin(sites, eq(sites.id, correctiveActions.siteId))
    .leftJoin(recorder, eq(recorder.id, correctiveActions.recordedBy))
    .leftJoin(verifier, eq(verifier.id, correctiveActions.verifiedBy));
}

const joinedFrom = sql`${correctiveActions} inner join ${sites} on ${eq(sites.id, correctiveActions.siteId)}`;

const unsettled = (query: CorrectiveActionListQuery) =>
  query.overdue === true || query.state === 'OPEN' || query.state === 'ACTION_RECORDED';

/**
 * One page of the actions in `scope` matching the list's filters, and the total, from one statement. The
 * date range is of each action's own site's local dates of when its deviation happened.
 */
export async function correctiveActionPage(
  db: Database | Tx,
  scope: RecordScope,
  query: CorrectiveActionListQuery,
  now: Date,
): Promise<{ list: CorrectiveAction[]; total: number }> {
  const where = and(
    correctiveActionRecords.scopeWhere(db, scope),
    // What still needs doing (awaiting action or verification, overdue) is listed whenever its deviation
    // happened, as the dashboards count it, unless a range is asked for: an action left open for months
    // still needs doing.
    unsettled(query) && query.startDate === undefined
      ? undefined
      : localDateRangeWhere(
          correctiveActions.occurredAt,
          sites.timeZoneId,
          query,
          now,
          correctiveActionDefaultDays,
        ),
    searchWhere(query.search, listDeclaration.search),
    ...listDeclaration.filters(query),
    query.overdue === undefined ? undefined : query.overdue ? overdueWhere(now) : not(overdueWhere(now)),
  );
  const { rows, total } = await joinedPage(db, { from: joinedFrom, where }, query, (count) =>
    selectSources(db, { total: count })
      .where(where)
      .orderBy(...orderBy(query, listDeclaration.sort, correctiveActions.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
  );
  return { list: rows.map((row) => toCorrectiveActionDto(row, now)), total };
}

/** Loaded actions as the API answers them, in the order given. */
export async function correctiveActionDtos(
  db: Database | Tx,
  rows: readonly CorrectiveActionRow[],
  now: Date,
): Promise<CorrectiveAction[]> {
  if (rows.length === 0) return [];
  const found: ActionSource[] = await selectSources(db, {}).where(
    inArray(
      correctiveActions.id,
      rows.map((row) => row.id),
    ),
  );
  return inOrderOf(rows, found, (one) => one.action.id).map((source) => toCorrectiveActionDto(source, now));
}

/** The tables of the records a deviation can be about, by their subject. */
const sourceTables: Record<
  CorrectiveSourceSubject,
  { table: PgTable; id: PgColumn; orgId: PgColumn; siteId: PgColumn; what: string }
> = {
  TemperatureLog: { ...placeOf(temperatureReadings), what: 'Temperature log' },
  ComplianceLog: { ...placeOf(complianceLogs), what: 'Compliance log' },
  NearMiss: { ...placeOf(nearMisses), what: 'Near miss' },
  Task: { ...placeOf(individualTasks), what: 'Task' },
};

function placeOf(table: PgTable & { id: PgColumn; orgId: PgColumn; siteId: PgColumn }) {
  return { table, id: table.id, orgId: table.orgId, siteId: table.siteId };
}

/** What a record's actions are asked of: the record's words, for its 404. */
export const sourceWhat = (subject: CorrectiveSourceSubject) => sourceTables[subject].what;

/**
 * Where a deviation's record is, when it is a record of the organisation (deleted ones included: their
 * actions are kept); undefined for another organisation's or none.
 */
export async function sourcePlace(
  db: Database | Tx,
  orgId: string,
  subject: CorrectiveSourceSubject,
  recordId: string,
): Promise<{ orgId: string; siteId: string } | undefined> {
  const source = sourceTables[subject];
  const [row] = await db
    .select({ siteId: sql<string>`${source.siteId}` })
    .from(source.table)
    .where(and(eq(source.id, recordId), eq(source.orgId, orgId)));
  return row ? { orgId, siteId: row.siteId } : undefined;
}

/** The actions a record opened, oldest first, in `scope`. */
export async function actionsOfRecord(
  db: Database | Tx,
  scope: RecordScope,
  source: { subject: CorrectiveSourceSubject; recordId: string },
  now: Date,
): Promise<CorrectiveAction[]> {
  const rows = await selectSources(db, {})
    .where(
      and(
        correctiveActionRecords.scopeWhere(db, scope),
        eq(correctiveActions.sourceSubject, source.subject),
        eq(correctiveActions.sourceId, source.recordId),
      ),
    )
    .orderBy(asc(correctiveActions.occurredAt), asc(correctiveActions.createdAt), asc(correctiveActions.id));
  return rows.map((row) => toCorrectiveActionDto(row, now));
}

/** The actions in `scope` awaiting action, awaiting verification, and overdue, whenever they happened. */
export async function actionCounts(
  db: Database | Tx,
  scope: RecordScope,
  now: Date,
): Promise<CorrectiveActionCounts> {
  const [row] = await db
    .select({
      awaitingAction: sql<number>`count(*) filter (where ${correctiveActions.state} = 'OPEN')`.mapWith(
        Number,
      ),
      awaitingVerification:
        sql<number>`count(*) filter (where ${correctiveActions.state} = 'ACTION_RECORDED')`.mapWith(Number),
      overdue: sql<number>`count(*) filter (where ${overdueWhere(now)})`.mapWith(Number),
    })
    .from(correctiveActions)
    .where(correctiveActionRecords.scopeWhere(db, scope));
  return row ?? { awaitingAction: 0, awaitingVerification: 0, overdue: 0 };
}

// ---- the moves ---------------------------------------------------------------------------------------------

/** Writes `change` on the action and keeps it in the history. */
async function changeAction(
  tx: Tx,
  before: CorrectiveActionRow,
  change: PgUpdateSetSource<typeof correctiveActions>,
  reason: string | null,
  actor: HistoryActor,
  now: Date,
): Promise<CorrectiveActionRow> {
  const [row] = await tx
    .update(correctiveActions)
    .set({ ...change, updatedAt: now })
    .where(eq(correctiveActions.id, before.id))
    .returning();
  if (!row) throw new Error(`corrective action ${before.id} was loaded but not updated`);
  await recordHistories(tx, row.orgId, [
    correctiveActionEntry(row, { action: 'update', before, reason }, actor, now),
  ]);
  return row;
}

/** Why an action in this state takes no action now: it has one (reopen it for another). */
const alreadyRecorded = (state: CorrectiveActionState) =>
  state === 'VERIFIED'
    ? 'This corrective action is verified: reopen it, with a reason, to record another action'
    : `This corrective action already has its action recorded and is ${stateWords(state)}: reopen it, ` +
      'with a reason, to record another';

export type RecordedAction = z.output<typeof correctiveActionRecordSchema>;

/**
 * What was done about an open action (staff on the kitchen app, or an admin): it awaits verification from
 * now on, and its own overdue alert is acknowledged, since someone acted on it. 409 unless it is open.
 */
export async function recordAction(
  tx: Tx,
  current: CorrectiveActionRow,
  recorded: Omit<RecordedAction, '_id'>,
  actor: HistoryActor & { id: string },
  now: Date,
): Promise<CorrectiveActionRow> {
  if (current.state !== 'OPEN') throw conflict(alreadyRecorded(current.state));
  const row = await changeAction(
    tx,
    current,
    {
      state: 'ACTION_RECORDED',
      actionTaken: recorded.actionTaken,
      foodDiscarded: recorded.foodDiscarded,
      // A quantity without discarded food says nothing the record should keep.
      discardedQuantity: recorded.foodDiscarded ? (recorded.discardedQuantity ?? null) : null,
      recordedBy: actor.id,
      recordedAt: now,
    },
    null,
    actor,
    now,
  );
  await acknowledgeEventsOf(tx, row.orgId, row.id, actor.id, now);
  return row;
}

/** The message of the refusal a recorder gets: HACCP's verification is someone else's look at the action. */
export const ownActionRefused = 'You recorded this action: someone else must verify it';

/**
 * Whether `userId` may verify the action now: 409 unless it awaits verification, 403 for the person who
 * recorded it. Checked before the password is, and again under the row's lock.
 */
export function assertVerifiable(action: CorrectiveActionRow, userId: string) {
  if (action.state === 'OPEN') {
    throw conflict(
      `This corrective action is ${stateWords('OPEN')}: what was done must be recorded before it is verified`,
    );
  }
  if (action.state === 'VERIFIED') throw conflict('This corrective action is already verified');
  if (action.recordedBy === userId) throw forbidden(ownActionRefused);
}

/**
 * Verifies a recorded action: who and when, and the note. Every open alert about the action and about the
 * record that went wrong (its failed reading, its overdue task) is acknowledged: the deviation is dealt
 * with and checked.
 */
export async function verifyAction(
  tx: Tx,
  current: CorrectiveActionRow,
  note: string | null,
  actor: HistoryActor & { id: string },
  now: Date,
): Promise<CorrectiveActionRow> {
  assertVerifiable(current, actor.id);
  const row = await changeAction(
    tx,
    current,
    { state: 'VERIFIED', verifiedBy: actor.id, verifiedAt: now, verificationNote: note },
    null,
    actor,
    now,
  );
  await acknowledgeEventsOf(tx, row.orgId, row.id, actor.id, now);
  await acknowledgeEventsOf(tx, row.orgId, row.sourceId, actor.id, now);
  return row;
}

/**
 * Back to awaiting action, with a reason: what was recorded and its verification leave the row (the
 * history keeps both), and it is due again the site's action hours from now. 409 when it is open already.
 */
export async function reopenAction(
  tx: Tx,
  current: CorrectiveActionRow,
  reason: string,
  actor: HistoryActor,
  now: Date,
): Promise<CorrectiveActionRow> {
  if (current.state === 'OPEN') {
    throw conflict(`This corrective action is already open (${stateWords('OPEN')})`);
  }
  return changeAction(
    tx,
    current,
    {
      state: 'OPEN',
      actionTaken: null,
      foodDiscarded: null,
      discardedQuantity: null,
      recordedBy: null,
      recordedAt: null,
      verifiedBy: null,
      verifiedAt: null,
      verificationNote: null,
      reopenCount: current.reopenCount + 1,
      reopenReason: reason,
      reopenedAt: now,
      dueAt: sql<Date>`${now.toISOString()}::timestamptz + make_interval(hours => (select ${sites.actionHours} from ${sites} where ${sites.id} = ${current.siteId}))`,
    },
    reason,
    actor,
    now,
  );
}

// ---- standard actions --------------------------------------------------------------------------------------

/** The history's subject of an organisation's standard actions. */
export const standardActionSubject = 'StandardAction';

/** Every check type's standard actions of the organisation (or `only` one's): its own, or the defaults. */
export async function standardActionLists(
  db: Database | Tx,
  orgId: string,
  only?: CorrectiveCheckType,
): Promise<StandardActionList[]> {
  const rows = await db
    .select({ checkType: standardActions.checkType, actions: standardActions.actions })
    .from(standardActions)
    .where(and(eq(standardActions.orgId, orgId), only ? eq(standardActions.checkType, only) : undefined));
  const own = new Map(rows.map((row) => [row.checkType, row.actions]));
  return correctiveCheckTypes
    .filter((checkType) => only === undefined || checkType === only)
    .map((checkType) => {
      const actions = own.get(checkType);
      return actions
        ? { checkType, actions, isDefault: false }
        : { checkType, actions: [...defaultStandardActions[checkType]], isDefault: true };
    });
}

export type StandardActionsSent = z.output<typeof standardActionUpdateSchema>;

/**
 * Replaces one check type's standard actions for the organisation. The history keeps the list before and
 * after under the organisation's id (a list has no id of its own), with the check type in the snapshot.
 */
export async function setStandardActions(
  tx: Tx,
  orgId: string,
  sent: StandardActionsSent,
  actor: HistoryActor,
  now: Date,
): Promise<StandardActionList> {
  const [before] = await standardActionLists(tx, orgId, sent.checkType);
  await tx
    .insert(standardActions)
    .values({ orgId, checkType: sent.checkType, actions: sent.actions, updatedAt: now, updatedBy: actor.id })
    .onConflictDoUpdate({
      target: [standardActions.orgId, standardActions.checkType],
      set: { actions: sent.actions, updatedAt: now, updatedBy: actor.id },
    });
  const after: StandardActionList = { checkType: sent.checkType, actions: sent.actions, isDefault: false };
  const entry = {
    orgId,
    siteId: null,
    subject: standardActionSubject,
    recordId: orgId,
    action: before?.isDefault ? ('create' as const) : ('update' as const),
    before: before && !before.isDefault ? before : null,
    after,
    reason: null,
    actor,
    at: now,
  };
  if (!isNoChange(entry)) await recordHistory(tx, entry);
  return after;
}
