import { and, asc, gt, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { historyEntries } from '../../platform/history/schema.js';
import { recordHistories } from '../../platform/history/history.js';
import { individualTasks } from './schema.js';
import { occurrenceHistorySnapshot } from './occurrence-changes.js';
import { markStartUpWorkDone, startUpWorkDone } from '../../platform/start-up/work.js';

// Until issue 23 an occurrence's ordinary changes (a tick, a completion) kept no history; only corrections
// did. The record check now compares every used occurrence with its last history entry, so one used before
// then would read as made outside the console. At start-up each such occurrence gets one entry recording it
// as it was found, marked as such: the check holds from then on, and says nothing about what happened to it
// before (docs/decisions.md, "History").
// On a large database that is minutes of writing, so the server does it in the background once it listens,
// a batch at a time under the start-up lock (instances starting together share the work), and remembers
// when it is done: every change since keeps its history, so no later start has anything to find.

/** Small enough that a batch holds an organisation's history chain for a moment, not for seconds. */
const batchSize = 1_000;
export const taskBaselineWork = 'task history baseline';
const actor = { id: null, name: 'Console upgrade' };
const reason = 'Kept as found when the console began keeping every task change in its history';

/** Occurrences someone has used (a completion, or a line moved) and that have no history entry at all. */
const usedWithoutHistory = and(
  or(
    sql`${individualTasks.status} not in ('PENDING', 'DELETED')`,
    sql`${individualTasks.completedAt} is not null`,
    sql`${individualTasks.items} @> '[{"status":"COMPLETED"}]'::jsonb`,
    sql`${individualTasks.items} @> '[{"status":"FAILED"}]'::jsonb`,
  ),
  sql`not exists (select 1 from ${historyEntries} where ${historyEntries.orgId} = ${individualTasks.orgId}
      and ${historyEntries.subject} = 'Task' and ${historyEntries.recordId} = ${individualTasks.id})`,
);

export interface BaselineOptions {
  /** Runs one batch under the start-up lock (the database's `exclusiveStartUp`). */
  exclusive?: <T>(work: () => Promise<T>) => Promise<T>;
  /** Told after each batch how many occurrences have their entry so far. */
  onProgress?: (written: number) => void;
  /** Asked before each batch: the server is shutting down, and the next start goes on from there. */
  stopping?: () => boolean;
}

/** Writes the baseline entries, unless a start did so before; answers how many occurrences got one. */
export async function recordTaskBaselines(
  db: Database,
  now: Date,
  { exclusive = (work) => work(), onProgress, stopping }: BaselineOptions = {},
): Promise<number> {
  if (await startUpWorkDone(db, taskBaselineWork)) return 0;
  let written = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    if (stopping?.()) return written;
    const batch = await exclusive(() => recordBatch(db, now, after));
    if (batch.length === 0) break;
    written += batch.length;
    after = batch.at(-1) ?? after;
    onProgress?.(written);
  }
  await markStartUpWorkDone(db, taskBaselineWork, now);
  return written;
}

/** One batch of occurrences after `after`, each given its entry; answers their ids. */
async function recordBatch(db: Database, now: Date, after: string): Promise<string[]> {
  const rows = await db
    .select()
    .from(individualTasks)
    .where(and(usedWithoutHistory, gt(individualTasks.id, after)))
    .orderBy(asc(individualTasks.id))
    .limit(batchSize);
  if (rows.length === 0) return [];
  const byOrg = new Map<string, typeof rows>();
  for (const row of rows) byOrg.set(row.orgId, [...(byOrg.get(row.orgId) ?? []), row]);
  await db.transaction(async (tx) => {
    for (const [orgId, occurrences] of byOrg) {
      await recordHistories(
        tx,
        orgId,
        occurrences.map((row) => ({
          orgId,
          siteId: row.siteId,
          subject: 'Task',
          recordId: row.id,
          action: 'update' as const,
          before: null,
          after: occurrenceHistorySnapshot(row, 'As found'),
          reason,
          actor,
          at: now,
        })),
      );
    }
  });
  return rows.map((row) => row.id);
}
