import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AlertEventKind } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../db/client.js';
import { alertEvents } from './schema.js';
import type { Bound } from '../db/prepared.js';

// Raising an event (issue 24): a domain calls raiseEvent in the transaction of the change it follows, and
// the alerts domain's dispatch job fans it out. The dedupe key makes raising idempotent, so a scan that
// runs every minute on every instance raises each overdue task once.

/** The job that fans out new events; a route that raised one nudges it (deps.jobs.send). */
export const dispatchJobName = 'alerts.dispatch';

export interface RaisedEvent {
  orgId: string;
  siteId: string | null;
  kind: AlertEventKind;
  /** The ability subject of the record (e.g. 'TemperatureLog') and its id. */
  subject: string;
  recordId: string;
  /** Unique per happening; defaults to `<kind>:<record id>`. */
  dedupeKey?: string;
  title: string;
  details?: Record<string, unknown>;
  occurredAt: Date;
}

/** Records the event unless one with its key exists; answers the new event's id, or null. */
export async function raiseEvent(db: Database | Tx, event: RaisedEvent, now: Date): Promise<string | null> {
  const [row] = await db
    .insert(alertEvents)
    .values({
      id: randomUUID(),
      orgId: event.orgId,
      siteId: event.siteId,
      kind: event.kind,
      subject: event.subject,
      recordId: event.recordId,
      dedupeKey: event.dedupeKey ?? `${event.kind}:${event.recordId}`,
      title: event.title,
      details: event.details ?? {},
      occurredAt: event.occurredAt,
      createdAt: now,
    })
    .onConflictDoNothing({ target: alertEvents.dedupeKey })
    .returning({ id: alertEvents.id });
  return row?.id ?? null;
}

/**
 * Raises the events whose dedupe key is not taken yet, in one transaction, for a scan that finds the same
 * happenings minute after minute: the keys already raised are read first, so a run with nothing new writes
 * nothing. Answers how many it raised.
 */
export async function raiseEvents(
  db: Database,
  events: readonly (RaisedEvent & { dedupeKey: string })[],
  now: Date,
): Promise<number> {
  if (events.length === 0) return 0;
  const taken = new Set(
    (
      await db
        .select({ key: alertEvents.dedupeKey })
        .from(alertEvents)
        .where(
          inArray(
            alertEvents.dedupeKey,
            events.map((event) => event.dedupeKey),
          ),
        )
    ).map((row) => row.key),
  );
  const fresh = events.filter((event) => !taken.has(event.dedupeKey));
  if (fresh.length === 0) return 0;
  return db.transaction(async (tx) => {
    let raised = 0;
    for (const event of fresh) if (await raiseEvent(tx, event, now)) raised += 1;
    return raised;
  });
}

/**
 * Marks the open events about a record acknowledged: someone acted on it (a corrective action on a failed
 * reading, a completion of an overdue task). An acknowledged event is not escalated.
 */
export async function acknowledgeEventsOf(
  db: Database | Tx,
  orgId: string,
  recordId: string,
  by: string,
  now: Date,
): Promise<void> {
  await acknowledgeEventsQuery(db, { orgId, recordId, by, at: now.toISOString() });
}

/** Whose open events an acknowledgement marks, by whom and when (an ISO time). */
export interface Acknowledgement {
  orgId: string;
  recordId: string;
  by: string;
  at: string;
}

/**
 * acknowledgeEventsOf's update, not run: for a write that makes it part of a statement of its own (a
 * data-modifying CTE), only `when` that holds. Its values may be placeholders, for a statement prepared once.
 */
export function acknowledgeEventsQuery(
  db: Database | Tx,
  acknowledgement: Bound<Acknowledgement>,
  when?: SQL,
) {
  return db
    .update(alertEvents)
    .set({
      acknowledgedAt: sql`${acknowledgement.at}::timestamptz`,
      acknowledgedBy: sql`${acknowledgement.by}::uuid`,
    })
    .where(
      and(
        eq(alertEvents.orgId, acknowledgement.orgId),
        eq(alertEvents.recordId, acknowledgement.recordId),
        isNull(alertEvents.acknowledgedAt),
        when,
      ),
    );
}
