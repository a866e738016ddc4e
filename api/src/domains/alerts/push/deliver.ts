import { and, eq, exists, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import {
  pushKinds,
  type AlertEventKind,
  type PushKind,
  type PushPayload,
} from '@console/shared-sdk/contract';
import type { Clock } from '../../../platform/clock.js';
import type { AppConfig } from '../../../platform/config/config.js';
import type { Database, Tx } from '../../../platform/db/client.js';
import { sites, users } from '../../../platform/db/schema.js';
import { alertEvents } from '../../../platform/events/schema.js';
import { staffOfOccurrence } from '../../tasks/index.js';
import { pushDeliveries, pushSubscriptions } from '../schema.js';
import { sendOwed, type OwedKind, type OwedRun } from '../owed.js';
import type { AlertEventRow } from '../recipients.js';
import { postWebhook } from '../webhook/send.js';
import type { Resolve } from '../../../platform/http/outbound-addresses.js';
import { vapidKeysOf } from './keys.js';

// The staff's own alerts as system notifications (Web Push). When a task is overdue or a follow-up check
// falls due, the dispatch that fans the event out owes a push to each staff member whose task it is
// (tasks' whose-task.ts) and who has a live subscription, once per event and person however many
// instances run (push_deliveries' key), in its own transaction. Each owed push is then sent like an
// e-mail (owed.ts): claimed, encrypted for each of the person's browsers with web-push, and posted
// through the webhooks' checked sender, which connects only to a public address it checked. A push
// service that answers 404 or 410 has dropped the subscription: it is not used again. Admins hear of these
// events in the console; push is for the person at the task.

/** Attempts before a push is given up (FAILED). */
export const pushAttempts = 5;
/** A claim lapses after this: a push is worth retrying soon, and its send takes seconds at most. */
export const pushClaimStaleMs = 2 * 60_000;
/** How long a push service keeps a message for a device that is off: past an hour, it is old news. */
export const pushTtlSeconds = 60 * 60;
/** A push service has this long to answer. */
const pushTimeoutMs = 10_000;

const owedPushes: OwedKind<typeof pushDeliveries> = {
  table: pushDeliveries,
  what: 'push notifications',
  attempts: pushAttempts,
  claimStaleMs: pushClaimStaleMs,
  perRun: 500,
};

const isPushKind = (kind: AlertEventKind): kind is PushKind =>
  (pushKinds as readonly string[]).includes(kind);

/** A person's subscription that the push service has not dropped. */
const liveSubscriptionOf = (db: Database | Tx, userId: typeof users.id) =>
  db
    .select({ one: sql`1` })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), isNull(pushSubscriptions.goneAt)));

/**
 * Owes the event's push to the staff whose task it is and who have a live subscription, once per event
 * and person whoever queues it first. Other kinds of event are not pushed.
 */
export async function queueEventPushes(tx: Tx, event: AlertEventRow, now: Date): Promise<void> {
  if (!isPushKind(event.kind)) return;
  await tx
    .insert(pushDeliveries)
    .select(
      tx
        .select({
          id: sql`gen_random_uuid()`.as('id'),
          orgId: sql`${event.orgId}::uuid`.as('org_id'),
          eventId: sql`${event.id}::uuid`.as('event_id'),
          userId: users.id,
          status: sql`'PENDING'`.as('status'),
          attempts: sql`0`.as('attempts'),
          lastError: sql`null`.as('last_error'),
          createdAt: sql`${now.toISOString()}::timestamptz`.as('created_at'),
          sentAt: sql`null::timestamptz`.as('sent_at'),
        })
        .from(users)
        .where(
          and(
            inArray(users.id, staffOfOccurrence(tx, event.orgId, event.recordId)),
            exists(liveSubscriptionOf(tx, users.id)),
          ),
        ),
    )
    .onConflictDoNothing({ target: [pushDeliveries.eventId, pushDeliveries.userId] });
}

export interface PushDeps {
  db: Database;
  clock: Clock;
  config: Pick<AppConfig, 'publicUrl' | 'push'>;
  log: Pick<FastifyBaseLogger, 'debug' | 'error'>;
  /** Tests answer names without DNS. */
  resolve?: Resolve;
}

type DeliveryRow = typeof pushDeliveries.$inferSelect;

/** Where the kitchen app shows an occurrence, in the same names as the API's (TaskRef). */
const taskUrl = (publicUrl: string, masterTaskId: unknown, occurrenceId: string) => {
  const query = new URLSearchParams({ individualTaskID: occurrenceId });
  if (typeof masterTaskId === 'string') query.set('masterTaskID', masterTaskId);
  return `${publicUrl}/kitchen/?${query.toString()}`;
};

/** The push a delivery owes, as data, and the person's browsers; undefined when there is nothing to send. */
async function pushOf(deps: PushDeps, delivery: DeliveryRow) {
  const [found] = await deps.db
    .select({ event: alertEvents, siteID: sites.id, siteName: sites.name, timeZoneId: sites.timeZoneId })
    .from(alertEvents)
    .innerJoin(sites, eq(sites.id, alertEvents.siteId))
    .where(eq(alertEvents.id, delivery.eventId));
  // Acknowledged: the task was done (or its check taken) since; a notification now would be wrong.
  if (!found || found.event.acknowledgedAt !== null || !isPushKind(found.event.kind)) return undefined;
  const { event } = found;
  const subscriptions = await deps.db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      updatedAt: pushSubscriptions.updatedAt,
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(
      and(
        eq(pushSubscriptions.userId, delivery.userId),
        eq(pushSubscriptions.orgId, event.orgId),
        isNull(pushSubscriptions.goneAt),
        eq(users.status, 'ACTIVE'),
        isNull(users.deletedAt),
      ),
    );
  if (subscriptions.length === 0) return undefined;
  // The only words sent are names: a follow-up's carries the time it counts from, already written on the
  // site's clock in its locale when the follow-up was made ("cooling began 2:00 PM"), as its e-mail's title
  // is. The due time goes as data, which the app writes in the site's locale.
  const taskName = event.details.taskName;
  const payload: PushPayload = {
    kind: found.event.kind,
    eventId: event.id,
    siteID: found.siteID,
    siteName: found.siteName,
    taskName: typeof taskName === 'string' ? taskName : event.title,
    dueAt: event.occurredAt.toISOString(),
    timeZoneId: found.timeZoneId,
    url: taskUrl(deps.config.publicUrl, event.details.masterTaskId, event.recordId),
  };
  return { payload, subscriptions };
}

/**
 * Sends a delivery's push to each of the person's browsers: true when one took it, false when there was
 * nothing to send (no browser left, the event acknowledged); throws when a push service failed, so the
 * delivery is tried again (a browser that took it already shows one notification per event, its tag).
 */
async function sendPush(deps: PushDeps, delivery: DeliveryRow): Promise<boolean> {
  const push = await pushOf(deps, delivery);
  if (!push) return false;
  const keys = await vapidKeysOf(deps);
  const body = JSON.stringify(push.payload);
  const failures: string[] = [];
  let sent = false;
  for (const subscription of push.subscriptions) {
    const request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      body,
      {
        vapidDetails: { subject: deps.config.push.subject, ...keys },
        TTL: pushTtlSeconds,
        urgency: 'high',
        // One message per event waits at the push service: a retry replaces one not yet delivered.
        topic: push.payload.eventId.replace(/-/g, ''),
        contentEncoding: 'aes128gcm',
      },
    );
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    const outcome = await postWebhook(request.endpoint, request.body, headers, {
      allowPrivate: deps.config.push.allowPrivateEndpoints,
      timeoutMs: pushTimeoutMs,
      ...(deps.resolve ? { resolve: deps.resolve } : {}),
    });
    if (outcome.delivered) {
      sent = true;
    } else if (outcome.statusCode === 404 || outcome.statusCode === 410) {
      // Dropped by the push service (the app was removed, the browser's data cleared); unless the browser
      // subscribed again meanwhile, it is not used again.
      await deps.db
        .update(pushSubscriptions)
        .set({ goneAt: deps.clock.now() })
        .where(
          and(
            eq(pushSubscriptions.id, subscription.id),
            eq(pushSubscriptions.updatedAt, subscription.updatedAt),
          ),
        );
    } else {
      failures.push(outcome.error ?? `HTTP ${outcome.statusCode ?? '?'}`);
    }
  }
  if (failures.length > 0) throw new Error(`A push service failed: ${failures.join('; ')}`);
  return sent;
}

/** Sends the pushes owed: one claimed delivery at a time, until none is left or the run's share is done. */
export function sendPendingPushes(deps: PushDeps, now: () => Date): Promise<OwedRun> {
  return sendOwed(deps, owedPushes, now, (delivery) => sendPush(deps, delivery));
}
