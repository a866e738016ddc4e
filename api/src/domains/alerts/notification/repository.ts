import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  alertEventKindLabels,
  type Notification,
  type NotificationListQuery,
} from '@console/shared-sdk/contract';
import type { Database } from '../../../platform/db/client.js';
import { sites } from '../../../platform/db/schema.js';
import { alertEvents } from '../../../platform/events/schema.js';
import { notifications } from '../schema.js';
import { linkOf } from '../links.js';

// A person's notification centre: only ever their own rows (`user_id`), so another person's, or another
// organisation's, notification is not found.

const unreadOf = (userId: string) => and(eq(notifications.userId, userId), isNull(notifications.readAt));

export async function unreadCount(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ count: count() }).from(notifications).where(unreadOf(userId));
  return row?.count ?? 0;
}

export async function notificationPage(db: Database, userId: string, query: NotificationListQuery) {
  const mine = query.unread ? unreadOf(userId) : eq(notifications.userId, userId);
  const [rows, [total], unread] = await Promise.all([
    db
      .select({
        notification: notifications,
        event: alertEvents,
        siteName: sites.name,
        timeZoneId: sites.timeZoneId,
      })
      .from(notifications)
      .innerJoin(alertEvents, eq(alertEvents.id, notifications.eventId))
      .leftJoin(sites, eq(sites.id, alertEvents.siteId))
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(alertEvents.occurredAt), desc(notifications.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ count: count() }).from(notifications).where(mine),
    unreadCount(db, userId),
  ]);
  const list: Notification[] = rows.map(({ notification, event, siteName, timeZoneId }) => ({
    _id: notification.id,
    eventID: event.id,
    kind: event.kind,
    kindLabel: alertEventKindLabels[event.kind],
    title: event.title,
    siteID: event.siteId,
    siteName,
    timeZoneId,
    occurredAt: event.occurredAt.toISOString(),
    createdAt: notification.createdAt.toISOString(),
    readAt: notification.readAt?.toISOString() ?? null,
    escalated: notification.escalated,
    acknowledgedAt: event.acknowledgedAt?.toISOString() ?? null,
    link: linkOf(event),
  }));
  return { list, records: total?.count ?? 0, page: query.page, limit: query.limit, unreadCount: unread };
}

/**
 * Marks the caller's notifications read, and acknowledges their events: opening a notification is looking
 * at what it is about, which stops its escalation. Answers false when an id is not one of the caller's
 * (nothing is changed then).
 */
export async function markRead(
  db: Database,
  user: { id: string },
  ids: readonly string[],
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const own = await tx
      .select({ id: notifications.id, eventId: notifications.eventId })
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), inArray(notifications.id, [...ids])))
      .for('update');
    if (own.length !== new Set(ids).size) return false;
    await tx
      .update(notifications)
      .set({ readAt: now })
      .where(and(inArray(notifications.id, [...ids]), isNull(notifications.readAt)));
    const events = await tx
      .select({ id: alertEvents.id })
      .from(alertEvents)
      .where(
        and(
          inArray(
            alertEvents.id,
            own.map((row) => row.eventId),
          ),
          isNull(alertEvents.acknowledgedAt),
        ),
      );
    for (const event of events) {
      await tx
        .update(alertEvents)
        .set({ acknowledgedAt: now, acknowledgedBy: user.id })
        .where(and(eq(alertEvents.id, event.id), isNull(alertEvents.acknowledgedAt)));
    }
    return true;
  });
}

/** Marks every one of the caller's notifications read (it acknowledges nothing: nothing was opened). */
export async function markAllRead(db: Database, userId: string, now: Date): Promise<void> {
  await db.update(notifications).set({ readAt: now }).where(unreadOf(userId));
}
