import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/client.js';
import type { EmailDeliveryStatus } from './schema.js';

// Sending what the alerts owe people, one row at a time (an e-mail, a system notification): each PENDING
// row is claimed in a committed update before it goes (`sent_at` set on a PENDING row is "being sent since
// then"), so no other run takes it while the claim is fresh, with any number of instances and after a
// kill -9. A claim with no result after the kind's `claimStaleMs` (the instance died mid-send, or the send
// failed) is taken again, and so tried once more, never twice at once. Each claim counts an attempt; after
// the kind's `attempts` the row is FAILED.

/** The columns a table of owed deliveries has (email_deliveries, push_deliveries). */
export type OwedTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  lastError: PgColumn;
  createdAt: PgColumn;
  sentAt: PgColumn;
};

/** A row of such a table, as far as sending it goes. */
export interface OwedRow {
  id: string;
  status: EmailDeliveryStatus;
  attempts: number;
  sentAt: Date | null;
}

export interface OwedKind<Table extends OwedTable> {
  table: Table;
  /** Says what is sent, in the log ("alert e-mails"). */
  what: string;
  /** Attempts before a row is given up (FAILED). */
  attempts: number;
  /** How long a claim holds: a claim older than this with no result is retried (the next attempt). */
  claimStaleMs: number;
  /** Rows sent by one run at most; the next run goes on. */
  perRun: number;
}

export interface OwedRun {
  sent: number;
  failed: number;
}

/** Claims the oldest claimable row of `kind`: pending, and not claimed or its claim stale. */
export async function claimOwed<Table extends OwedTable>(
  db: Database,
  kind: OwedKind<Table>,
  now: Date,
): Promise<(Table['$inferSelect'] & OwedRow) | undefined> {
  const { table } = kind;
  return db.transaction(async (tx) => {
    const claimable = and(
      eq(table.status, 'PENDING'),
      or(isNull(table.sentAt), lt(table.sentAt, new Date(now.getTime() - kind.claimStaleMs))),
    );
    const [next] = await tx
      .select({ id: table.id })
      .from(table as PgTable)
      .where(claimable)
      .orderBy(asc(table.createdAt), asc(table.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!next) return undefined;
    // drizzle cannot relate a generic table's columns to its update type; every OwedTable has these.
    const [claimed] = await tx
      .update(table as PgTable)
      .set({ sentAt: now, attempts: sql`${table.attempts} + 1` } as Partial<PgTable['$inferInsert']>)
      // Checked again, so a run that read the same row (the embedded PGlite has no row locks between
      // sessions) claims nothing.
      .where(and(eq(table.id, next.id), claimable))
      .returning();
    return claimed as (Table['$inferSelect'] & OwedRow) | undefined;
  });
}

/**
 * Sends what `kind` owes: one claimed row at a time, until none is left or the run's share is done.
 * `send` answers whether it sent anything (false: nothing to send any more, which settles the row) and
 * throws when the attempt failed.
 */
export async function sendOwed<Table extends OwedTable>(
  deps: { db: Database; log: Pick<FastifyBaseLogger, 'debug' | 'error'> },
  kind: OwedKind<Table>,
  now: () => Date,
  send: (row: Table['$inferSelect'] & OwedRow) => Promise<boolean>,
): Promise<OwedRun> {
  const { table } = kind;
  const run: OwedRun = { sent: 0, failed: 0 };
  const settle = (row: OwedRow, values: Record<string, unknown>) =>
    deps.db
      .update(table as PgTable)
      .set(values as Partial<PgTable['$inferInsert']>)
      .where(and(eq(table.id, row.id), eq(table.sentAt, row.sentAt ?? now())));
  for (let count = 0; count < kind.perRun; count += 1) {
    const row = await claimOwed(deps.db, kind, now());
    if (!row) break;
    if (row.attempts > kind.attempts) {
      // Its last attempt was claimed and never finished (the instance died): given up, not sent again.
      await settle(row, { status: 'FAILED' });
      run.failed += 1;
      continue;
    }
    try {
      const sent = await send(row);
      await settle(row, {
        status: 'SENT',
        sentAt: now(),
        lastError: sent ? null : 'Nothing to send any more',
      });
      if (sent) run.sent += 1;
    } catch (err) {
      const last = row.attempts >= kind.attempts;
      // A failed attempt keeps its claim's time: the next attempt comes once the claim is stale.
      await settle(row, {
        status: last ? 'FAILED' : 'PENDING',
        lastError: err instanceof Error ? err.message : String(err),
      });
      if (last) run.failed += 1;
      deps.log.error({ err, deliveryId: row.id, attempt: row.attempts }, `sending ${kind.what} failed`);
    }
  }
  if (run.sent > 0) deps.log.debug(run, `sent ${kind.what}`);
  return run;
}
