import { and, asc, gt, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { historyEntries } from '../../platform/history/schema.js';
import { recordHistories } from '../../platform/history/history.js';
import { individualTasks } from './schema.js';
import { occurrenceHistorySnapshot } from './occurrence-changes.js';

// Until issue 23 an occurrence's ordinary changes (a tick, a completion) kept no history; only corrections
// did. The record check now compares every used occurrence with its last history entry, so one used before
// then would read as made outside the console. At start-up, under the start-up lock, each such occurrence
// gets one entry recording it as it was found, marked as such: the check holds from then on, and says
// nothing about what happened to it before (docs/decisions.md, "History").

const batchSize = 2_000;
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

/** Writes the baseline entries; answers how many occurrences got one. */
export async function recordTaskBaselines(db: Database, now: Date): Promise<number> {
  let written = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await db
      .select()
      .from(individualTasks)
      .where(and(usedWithoutHistory, gt(individualTasks.id, after)))
      .orderBy(asc(individualTasks.id))
      .limit(batchSize);
    if (rows.length === 0) return written;
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
    written += rows.length;
    after = rows[rows.length - 1]?.id ?? after;
  }
}
