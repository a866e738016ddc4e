import { and, asc, eq, inArray, isNull, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
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
//
// A kind may hold rows back until they are due (a group's later e-mails, until its window ends), and send
// some rows together (those e-mails, as one). Rows that go together are claimed together, under a
// transaction-level advisory lock of theirs taken without waiting: a run that picks one of them while
// another run holds that lock leaves them to it (ending its own transaction at once, so the other run's
// claim, which waits for the rows, goes on), and picks another row; so two runs never split what goes
// together, and never wait on each other in a circle.

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
  /** True of the rows that may go at `now`; left out, every pending row may. */
  due?: (now: Date) => SQL;
  /**
   * The rows that go with `row`, as one (`where`, `row` included), and the name of their lock; undefined
   * (or left out): it goes alone.
   */
  together?: (row: Table['$inferSelect']) => { where: SQL; lock: string } | undefined;
}

export interface OwedRun {
  sent: number;
  failed: number;
}

type Claimed<Table extends OwedTable> = Table['$inferSelect'] & OwedRow;

/** Claims the oldest claimable row of `kind`: pending, due, and not claimed or its claim stale. */
export async function claimOwed<Table extends OwedTable>(
  db: Database,
  kind: OwedKind<Table>,
  now: Date,
): Promise<Claimed<Table> | undefined> {
  const passed = new Set<string>();
  for (;;) {
    const claim = await claimOwedTogether(db, kind, now, passed);
    if (claim.kind !== 'busy') return claim.rows[0];
    passed.add(claim.id);
  }
}

type Claim<Table extends OwedTable> =
  | { kind: 'claimed'; rows: Claimed<Table>[] }
  /** The oldest claimable row goes with rows another run is claiming: left to it. */
  | { kind: 'busy'; id: string };

/**
 * Claims the oldest claimable row of `kind` (but those in `passed`), and the claimable rows that go with
 * it, oldest first; no rows when none is left.
 */
async function claimOwedTogether<Table extends OwedTable>(
  db: Database,
  kind: OwedKind<Table>,
  now: Date,
  passed: ReadonlySet<string>,
): Promise<Claim<Table>> {
  const { table } = kind;
  return db.transaction(async (tx) => {
    const claimable = and(
      eq(table.status, 'PENDING'),
      or(isNull(table.sentAt), lt(table.sentAt, new Date(now.getTime() - kind.claimStaleMs))),
      kind.due?.(now),
    );
    // drizzle cannot relate a generic table's columns to its update type; every OwedTable has these.
    const claim = (which: SQL | undefined) =>
      tx
        .update(table as PgTable)
        .set({ sentAt: now, attempts: sql`${table.attempts} + 1` } as Partial<PgTable['$inferInsert']>)
        // Checked again, so a run that read the same rows (the embedded PGlite has no row locks between
        // sessions) claims nothing.
        .where(and(which, claimable))
        .returning() as unknown as Promise<Claimed<Table>[]>;
    const [next] = (await tx
      .select()
      .from(table as PgTable)
      .where(and(claimable, passed.size > 0 ? notInArray(table.id, [...passed]) : undefined))
      .orderBy(asc(table.createdAt), asc(table.id))
      .limit(1)
      .for('update', { skipLocked: true })) as Table['$inferSelect'][];
    if (!next) return { kind: 'claimed', rows: [] };
    const along = kind.together?.(next);
    if (!along) return { kind: 'claimed', rows: await claim(eq(table.id, next.id)) };
    const lock = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtextextended(${along.lock}, 0)) as "locked"`,
    )) as { rows: { locked: boolean }[] };
    if (!lock.rows[0]?.locked) return { kind: 'busy', id: String(next.id) };
    const rows = await claim(along.where);
    return {
      kind: 'claimed',
      rows: rows.sort(
        (a, b) =>
          (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime() ||
          String(a.id).localeCompare(String(b.id)),
      ),
    };
  });
}

/**
 * Sends what `kind` owes: one claimed row (with those that go with it) at a time, until none is left or the
 * run's share is done. `send` is given the row and those that go with it, answers whether it sent anything
 * (false: nothing to send any more, which settles them) and throws when the attempt failed.
 */
export async function sendOwed<Table extends OwedTable>(
  deps: { db: Database; log: Pick<FastifyBaseLogger, 'debug' | 'error'> },
  kind: OwedKind<Table>,
  now: () => Date,
  send: (row: Claimed<Table>, along: Claimed<Table>[]) => Promise<boolean>,
): Promise<OwedRun> {
  const { table } = kind;
  const run: OwedRun = { sent: 0, failed: 0 };
  // Rows claimed together share their claim's time.
  const settle = (rows: readonly OwedRow[], values: Record<string, unknown>) =>
    deps.db
      .update(table as PgTable)
      .set(values as Partial<PgTable['$inferInsert']>)
      .where(
        and(
          inArray(
            table.id,
            rows.map((row) => row.id),
          ),
          eq(table.sentAt, rows[0]?.sentAt ?? now()),
        ),
      );
  // Rows left to another run this time.
  const passed = new Set<string>();
  for (let count = 0; count < kind.perRun; count += 1) {
    const claim = await claimOwedTogether(deps.db, kind, now(), passed);
    if (claim.kind === 'busy') {
      passed.add(claim.id);
      continue;
    }
    const claimed = claim.rows;
    if (claimed.length === 0) break;
    // A row whose last attempt was claimed and never finished (the instance died): given up, not sent again.
    const spent = claimed.filter((row) => row.attempts > kind.attempts);
    if (spent.length > 0) {
      await settle(spent, { status: 'FAILED' });
      run.failed += spent.length;
    }
    const [row, ...along] = claimed.filter((one) => one.attempts <= kind.attempts);
    if (!row) continue;
    const rows = [row, ...along];
    try {
      const sent = await send(row, along);
      await settle(rows, {
        status: 'SENT',
        sentAt: now(),
        lastError: sent ? null : 'Nothing to send any more',
      });
      if (sent) run.sent += 1;
    } catch (err) {
      const last = rows.filter((one) => one.attempts >= kind.attempts);
      const again = rows.filter((one) => one.attempts < kind.attempts);
      const lastError = err instanceof Error ? err.message : String(err);
      // A failed attempt keeps its claim's time: the next attempt comes once the claim is stale.
      if (last.length > 0) await settle(last, { status: 'FAILED', lastError });
      if (again.length > 0) await settle(again, { status: 'PENDING', lastError });
      run.failed += last.length;
      deps.log.error({ err, deliveryId: row.id, attempt: row.attempts }, `sending ${kind.what} failed`);
    }
  }
  if (run.sent > 0) deps.log.debug(run, `sent ${kind.what}`);
  return run;
}
