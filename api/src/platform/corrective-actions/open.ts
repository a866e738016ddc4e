import { and, eq, inArray, sql } from 'drizzle-orm';
import type {
  CorrectiveActionKind,
  CorrectiveCheckType,
  CorrectiveSourceSubject,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../db/client.js';
import { sites } from '../db/schema.js';
import { newId } from '../db/ids.js';
import { recordHistories, type HistoryActor, type HistoryEntryInput } from '../history/history.js';
import { correctiveActions } from './schema.js';

// Opening a corrective action: every domain that records a deviation (a failed reading, a failed checklist
// line, a missed task or follow-up, a sensor excursion, a near miss) calls openCorrectiveAction inside the
// transaction of that record, like raiseEvent. The dedupe key makes it idempotent, so a scan that finds the
// same missed task every minute on two instances opens one action. Each opening and each change is kept
// in the organisation's history chain under the subject 'CorrectiveAction'.

export type CorrectiveActionRow = typeof correctiveActions.$inferSelect;

/** The history's subject of an action. */
export const correctiveActionSubject = 'CorrectiveAction';

export interface OpenedDeviation {
  orgId: string;
  siteId: string;
  kind: CorrectiveActionKind;
  checkType: CorrectiveCheckType;
  source: { subject: CorrectiveSourceSubject; recordId: string; lineId?: string | null };
  /** Unique per happening; defaults to `<kind>:<record id>[:<line id>]`. */
  dedupeKey?: string;
  /** What went wrong, in words. */
  deviation: string;
  details?: Record<string, unknown>;
  occurredAt: Date;
  /** Who made the record that went wrong; the system for a scan's finding. */
  actor: HistoryActor;
  /**
   * What was done, when it came with the record (a person's failing reading carries its corrective action):
   * the action opens already recorded, by the record's maker.
   */
  recorded?: { actionTaken: string; foodDiscarded?: boolean; discardedQuantity?: string | null } | null;
}

/** The key that makes a deviation's action one per happening. */
export const deviationKey = (deviation: Pick<OpenedDeviation, 'kind' | 'source' | 'dedupeKey'>) =>
  deviation.dedupeKey ??
  [deviation.kind, deviation.source.recordId, deviation.source.lineId].filter(Boolean).join(':');

/** What the history keeps of an action at each change (the contract's correctiveActionSnapshotSchema). */
export const correctiveActionSnapshot = (row: CorrectiveActionRow) => ({
  state: row.state,
  actionTaken: row.actionTaken,
  foodDiscarded: row.foodDiscarded,
  discardedQuantity: row.discardedQuantity,
  recordedBy: row.recordedBy,
  verifiedBy: row.verifiedBy,
  verificationNote: row.verificationNote,
});

/** The history entry of an action's change. */
export const correctiveActionEntry = (
  row: CorrectiveActionRow,
  change: { action: 'create' | 'update'; before: CorrectiveActionRow | null; reason: string | null },
  actor: HistoryActor,
  at: Date,
): HistoryEntryInput => ({
  orgId: row.orgId,
  siteId: row.siteId,
  subject: correctiveActionSubject,
  recordId: row.id,
  action: change.action,
  before: change.before ? correctiveActionSnapshot(change.before) : null,
  after: correctiveActionSnapshot(row),
  reason: change.reason,
  actor,
  at,
});

/** The row a deviation opens at `now` (its due time the site's action hours on). */
export function actionValues(deviation: OpenedDeviation, now: Date) {
  const { recorded } = deviation;
  return {
    id: newId(),
    orgId: deviation.orgId,
    siteId: deviation.siteId,
    kind: deviation.kind,
    checkType: deviation.checkType,
    sourceSubject: deviation.source.subject,
    sourceId: deviation.source.recordId,
    lineId: deviation.source.lineId ?? null,
    dedupeKey: deviationKey(deviation),
    deviation: deviation.deviation,
    details: deviation.details ?? {},
    occurredAt: deviation.occurredAt,
    // The site's own action time, read in the same statement.
    dueAt: sql<Date>`${now.toISOString()}::timestamptz + make_interval(hours => (select ${sites.actionHours} from ${sites} where ${sites.id} = ${deviation.siteId}))`,
    state: recorded ? ('ACTION_RECORDED' as const) : ('OPEN' as const),
    actionTaken: recorded?.actionTaken ?? null,
    foodDiscarded: recorded ? (recorded.foodDiscarded ?? false) : null,
    discardedQuantity: recorded?.discardedQuantity ?? null,
    recordedBy: recorded ? deviation.actor.id : null,
    recordedAt: recorded ? now : null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Opens the deviation's action unless one with its key exists, and keeps the opening in the history.
 * Answers the new action, or null when it was already open.
 */
export async function openCorrectiveAction(
  tx: Tx,
  deviation: OpenedDeviation,
  now: Date,
): Promise<CorrectiveActionRow | null> {
  const [row] = await tx
    .insert(correctiveActions)
    .values(actionValues(deviation, now))
    .onConflictDoNothing({ target: correctiveActions.dedupeKey })
    .returning();
  if (!row) return null;
  await recordHistories(tx, row.orgId, [
    correctiveActionEntry(row, { action: 'create', before: null, reason: null }, deviation.actor, now),
  ]);
  return row;
}

/**
 * Opens the actions of a scan's findings whose keys are not taken yet, one transaction per organisation
 * (the history chain is the organisation's). Answers the actions it opened.
 */
export async function openCorrectiveActions(
  db: Database,
  deviations: readonly OpenedDeviation[],
  now: Date,
): Promise<CorrectiveActionRow[]> {
  if (deviations.length === 0) return [];
  const taken = new Set(
    (
      await db
        .select({ key: correctiveActions.dedupeKey })
        .from(correctiveActions)
        .where(inArray(correctiveActions.dedupeKey, deviations.map(deviationKey)))
    ).map((row) => row.key),
  );
  const byOrg = new Map<string, OpenedDeviation[]>();
  for (const deviation of deviations) {
    if (taken.has(deviationKey(deviation))) continue;
    byOrg.set(deviation.orgId, [...(byOrg.get(deviation.orgId) ?? []), deviation]);
  }
  const opened: CorrectiveActionRow[] = [];
  for (const [orgId, fresh] of byOrg) {
    const rows = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(correctiveActions)
        .values(fresh.map((deviation) => actionValues(deviation, now)))
        .onConflictDoNothing({ target: correctiveActions.dedupeKey })
        .returning();
      const actorOf = new Map(fresh.map((deviation) => [deviationKey(deviation), deviation.actor]));
      await recordHistories(
        tx,
        orgId,
        inserted.map((row) =>
          correctiveActionEntry(
            row,
            { action: 'create', before: null, reason: null },
            actorOf.get(row.dedupeKey) ?? { id: null, name: 'Console' },
            now,
          ),
        ),
      );
      return inserted;
    });
    opened.push(...rows);
  }
  return opened;
}

/**
 * Records what was done on a record's open action, from the record itself: a reading corrected to carry its
 * corrective action fills the action it opened. Does nothing when the action is not open (already recorded,
 * or none). Answers the changed action, or null.
 */
export async function recordActionOfSource(
  tx: Tx,
  source: { orgId: string; dedupeKey: string },
  recorded: { actionTaken: string; foodDiscarded?: boolean; discardedQuantity?: string | null },
  actor: HistoryActor,
  now: Date,
): Promise<CorrectiveActionRow | null> {
  const [before] = await tx
    .select()
    .from(correctiveActions)
    .where(and(eq(correctiveActions.orgId, source.orgId), eq(correctiveActions.dedupeKey, source.dedupeKey)))
    .for('update');
  if (!before || before.state !== 'OPEN') return null;
  const [row] = await tx
    .update(correctiveActions)
    .set({
      state: 'ACTION_RECORDED',
      actionTaken: recorded.actionTaken,
      foodDiscarded: recorded.foodDiscarded ?? false,
      discardedQuantity: recorded.discardedQuantity ?? null,
      recordedBy: actor.id,
      recordedAt: now,
      updatedAt: now,
    })
    .where(eq(correctiveActions.id, before.id))
    .returning();
  if (!row) return null;
  await recordHistories(tx, row.orgId, [
    correctiveActionEntry(row, { action: 'update', before, reason: null }, actor, now),
  ]);
  return row;
}
