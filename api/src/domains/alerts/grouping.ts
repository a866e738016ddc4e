import { and, asc, eq, gt, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import { defaultAlertGroupMinutes } from '@console/shared-sdk/contract';
import type { Tx } from '../../platform/db/client.js';
import { alertEvents } from '../../platform/events/schema.js';
import { notifications } from './schema.js';
import type { AlertEventRow, Recipient } from './recipients.js';

// Alerts that come together are told together (the grouping window, ALERT_GROUP_MINUTES). Two groupings,
// both decided when an event is fanned out and never changed afterwards:
//
// - The event's group (alert_events.group_id), which webhooks carry and e-mails follow: an event joins the
//   group of another event of its organisation, kind and site (or of the organisation's own, with no site)
//   that began a group (its group is its own id) and occurred less than the window before or after it; the
//   earliest such group when there are several. Otherwise it begins a group of its own. "After" too,
//   because events are dispatched in the order they were raised, and a scan may raise a later happening
//   first.
// - The person's group (notifications.group_id), which the bell shows as one line: a notification joins
//   the group of the person's earlier notification of the same kind that began a group less than the
//   window before it reached them: for a site admin one of the same site, for an organisation admin (an
//   escalation's included) one of any site. Otherwise it begins its own, whose id is its own.
//
// Several instances: dispatch batches are taken FOR UPDATE SKIP LOCKED, so two instances fan out different
// events at once, and neither sees what the other has not committed. Each batch therefore first takes a
// transaction-level advisory lock per organisation and kind it holds (in one order, so two batches never
// wait on each other in a circle), as does an escalation batch: two batches with events of one kind of one
// organisation take turns, and the second sees the first's groups. Only the group's id can then differ from
// a single dispatcher's (the younger batch may commit first, and its event begin the group). Without the
// lock a group could split in two, which would still tell every event once: every notification, e-mail and
// webhook delivery keeps its key per event and recipient whatever group it is in; only the grouping would
// be coarser.

/** The grouping window, in milliseconds. */
export const groupWindowMs = (minutes: number = defaultAlertGroupMinutes) => minutes * 60_000;

/** Makes batches with events of the same organisation and kind take turns (see above). */
export async function lockGroupsOf(
  tx: Tx,
  events: readonly Pick<AlertEventRow, 'orgId' | 'kind'>[],
): Promise<void> {
  const keys = [...new Set(events.map((event) => `alert-group:${event.orgId}:${event.kind}`))].sort();
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * The group `event` is in, stored on it: an existing group's id, or its own. An event already grouped keeps
 * its group.
 */
export async function groupEvent(tx: Tx, event: AlertEventRow, windowMs: number): Promise<string> {
  if (event.groupId !== null) return event.groupId;
  const at = event.occurredAt.getTime();
  const [group] =
    windowMs <= 0
      ? []
      : await tx
          .select({ id: alertEvents.id })
          .from(alertEvents)
          .where(
            and(
              eq(alertEvents.orgId, event.orgId),
              eq(alertEvents.kind, event.kind),
              event.siteId === null ? isNull(alertEvents.siteId) : eq(alertEvents.siteId, event.siteId),
              // An event that began a group.
              eq(alertEvents.groupId, alertEvents.id),
              ne(alertEvents.id, event.id),
              gt(alertEvents.occurredAt, new Date(at - windowMs)),
              lt(alertEvents.occurredAt, new Date(at + windowMs)),
            ),
          )
          .orderBy(asc(alertEvents.occurredAt), asc(alertEvents.id))
          .limit(1);
  const groupId = group?.id ?? event.id;
  await tx.update(alertEvents).set({ groupId }).where(eq(alertEvents.id, event.id));
  return groupId;
}

/**
 * The group each of `people` has for a new notification of `event` reaching them at `now`: the id of the
 * notification that began it, or undefined where it begins one of its own.
 */
export async function personGroupsOf(
  tx: Tx,
  event: Pick<AlertEventRow, 'kind' | 'siteId'>,
  people: readonly Pick<Recipient, 'id' | 'role'>[],
  now: Date,
  windowMs: number,
): Promise<Map<string, string>> {
  const groups = new Map<string, string>();
  if (people.length === 0 || windowMs <= 0) return groups;
  const begun = await tx
    .select({ id: notifications.id, userId: notifications.userId, siteId: notifications.siteId })
    .from(notifications)
    .where(
      and(
        inArray(
          notifications.userId,
          people.map((person) => person.id),
        ),
        eq(notifications.kind, event.kind),
        eq(notifications.groupId, notifications.id),
        gt(notifications.createdAt, new Date(now.getTime() - windowMs)),
        lte(notifications.createdAt, now),
      ),
    )
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
  for (const person of people) {
    const group = begun.find(
      (one) =>
        one.userId === person.id && (person.role === 'ORGANIZATION_ADMIN' || one.siteId === event.siteId),
    );
    if (group) groups.set(person.id, group.id);
  }
  return groups;
}
