import { randomUUID } from 'node:crypto';
import { and, asc, inArray, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../platform/config/config.js';
import type { Database, Tx } from '../../platform/db/client.js';
import { alertEvents } from '../../platform/events/schema.js';
import { notifications } from './schema.js';
import { queueEventEmails } from './email.js';
import {
  adminsOf,
  hearsOf,
  immediateKinds,
  wantsEmail,
  wantsInConsole,
  type AlertEventRow,
  type Recipient,
} from './recipients.js';
import { enqueueWebhookDeliveries } from './webhook/index.js';
import { queueEventPushes } from './push/deliver.js';
import { groupEvent, groupWindowMs, lockGroupsOf, personGroupsOf } from './grouping.js';

// Fanning out new events (issue 24): each undispatched event, oldest first, is taken FOR UPDATE SKIP
// LOCKED, so two instances (or two runs) never take the same one; in that same transaction every person
// who hears of it gets their notification and their e-mail (at once, or a line of the daily digest, which
// needs no row here: digest.ts reads the events), the staff whose task it is their push, the
// organisation's webhooks their deliveries, and the event is marked dispatched. The inserts have keys per
// event, person and channel with on conflict do nothing, so even a fan-out run twice tells each person
// once. Before it is told, an event is put in its group, and each notification in its person's group
// (grouping.ts).

export interface DispatchDeps {
  db: Database;
  log: Pick<FastifyBaseLogger, 'debug' | 'error'>;
  /** The grouping window; left out, the default one. */
  config?: Pick<AppConfig, 'alertGroupMinutes'>;
}

/** Events taken per transaction. */
const batchSize = 50;

/**
 * Puts the event in the bell of each of `people` whose settings ask for it, once per event and person, each
 * in their group of notifications (grouping.ts). An escalation marks an existing notification escalated
 * and unread again, in the group it is in.
 */
export async function notifyInConsole(
  tx: Tx,
  event: AlertEventRow,
  people: readonly Recipient[],
  now: Date,
  { escalated, windowMs }: { escalated: boolean; windowMs: number },
): Promise<void> {
  const inConsole = people.filter((person) => wantsInConsole(person, event.kind));
  if (inConsole.length === 0) return;
  const groups = await personGroupsOf(tx, event, inConsole, now, windowMs);
  const insert = tx.insert(notifications).values(
    inConsole.map((person) => {
      const id = randomUUID();
      return {
        id,
        orgId: event.orgId,
        eventId: event.id,
        userId: person.id,
        escalated,
        kind: event.kind,
        siteId: event.siteId,
        groupId: groups.get(person.id) ?? id,
        createdAt: now,
      };
    }),
  );
  const target = [notifications.eventId, notifications.userId];
  await (escalated
    ? insert.onConflictDoUpdate({ target, set: { escalated: true, readAt: null } })
    : insert.onConflictDoNothing({ target }));
}

/** Tells one event (in its group) to the people who hear of it, on their channels; answers how many were told. */
async function fanOut(
  tx: Tx,
  event: AlertEventRow,
  people: readonly Recipient[],
  now: Date,
  windowMs: number,
) {
  const told = people.filter((person) => hearsOf(person, event));
  await notifyInConsole(tx, event, told, now, { escalated: false, windowMs });
  const mailed = immediateKinds.has(event.kind)
    ? told.filter((person) => wantsEmail(person, event.kind))
    : [];
  await queueEventEmails(tx, event, mailed, now, { groupId: event.groupId });
  // Staff are not among `people` (the admins): a push goes to those whose task the event is about.
  await queueEventPushes(tx, event, now);
  await enqueueWebhookDeliveries(tx, event, now);
  return told.length;
}

/**
 * Takes up to a batch of undispatched events in `tx` and fans them out, each in its group of the last
 * `groupMinutes`; answers how many it took (all dispatched, by this run or a concurrent one).
 */
export async function dispatchBatch(tx: Tx, now: Date, groupMinutes?: number): Promise<number> {
  const events = await tx
    .select()
    .from(alertEvents)
    // Only what exists at `now`: the demo dispatches its past events one moment at a time, in order.
    .where(and(isNull(alertEvents.dispatchedAt), lte(alertEvents.createdAt, now)))
    .orderBy(asc(alertEvents.createdAt), asc(alertEvents.id))
    .limit(batchSize)
    .for('update', { skipLocked: true });
  if (events.length === 0) return 0;
  // Claimed by the update (only what is still undispatched), so a run that read the same rows (on an
  // engine without row locks between sessions, the embedded PGlite) fans out none of them again.
  const claimed = new Set(
    (
      await tx
        .update(alertEvents)
        .set({ dispatchedAt: now })
        .where(
          and(
            inArray(
              alertEvents.id,
              events.map((event) => event.id),
            ),
            isNull(alertEvents.dispatchedAt),
          ),
        )
        .returning({ id: alertEvents.id })
    ).map((row) => row.id),
  );
  const mine = events.filter((event) => claimed.has(event.id));
  const people = await adminsOf(tx, [...new Set(mine.map((event) => event.orgId))]);
  const windowMs = groupWindowMs(groupMinutes);
  await lockGroupsOf(tx, mine);
  for (const event of mine) {
    const groupId = await groupEvent(tx, event, windowMs);
    await fanOut(tx, { ...event, groupId }, people, now, windowMs);
  }
  return events.length;
}

/** Dispatches every undispatched event; answers how many events it dispatched. */
export async function dispatchEvents(deps: DispatchDeps, now: Date): Promise<number> {
  let dispatched = 0;
  for (;;) {
    const taken = await deps.db.transaction((tx) => dispatchBatch(tx, now, deps.config?.alertGroupMinutes));
    dispatched += taken;
    if (taken < batchSize) break;
  }
  if (dispatched > 0) deps.log.debug({ dispatched }, 'dispatched alert events');
  return dispatched;
}
