import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  alertEventKindLabels,
  alertEventSeverities,
  alertGroupTitle,
  alertSeverities,
  alertSeverityLabels,
  notificationGroupLink,
  notificationGroupSiteNames,
  type AlertEventKind,
  type Notification,
  type NotificationGroup,
  type NotificationGroupListQuery,
  type NotificationListQuery,
} from '@console/shared-sdk/contract';
import type { Database } from '../../../platform/db/client.js';
import { sites } from '../../../platform/db/schema.js';
import { alertEvents } from '../../../platform/events/schema.js';
import { notifications } from '../schema.js';
import { linkOf } from '../links.js';

// A person's notification centre: only ever their own rows (`user_id`), so another person's, or another
// organisation's, notification is not found, and a filter naming another organisation's site, area or
// group matches nothing.

const unreadOf = (userId: string) => and(eq(notifications.userId, userId), isNull(notifications.readAt));

export async function unreadCount(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ count: count() }).from(notifications).where(unreadOf(userId));
  return row?.count ?? 0;
}

/** The caller's notifications the query's filters keep. */
function filtersOf(userId: string, query: NotificationListQuery): SQL | undefined {
  return and(
    eq(notifications.userId, userId),
    query.unread === undefined
      ? undefined
      : query.unread
        ? isNull(notifications.readAt)
        : isNotNull(notifications.readAt),
    query.siteID === undefined ? undefined : eq(notifications.siteId, query.siteID),
    query.areaID === undefined
      ? undefined
      : inArray(
          notifications.siteId,
          sql`(select ${sites.id} from ${sites} where ${sites.areaId} = ${query.areaID})`,
        ),
    query.kind === undefined ? undefined : eq(notifications.kind, query.kind),
    query.groupID === undefined ? undefined : eq(notifications.groupId, query.groupID),
  );
}

export async function notificationPage(db: Database, userId: string, query: NotificationListQuery) {
  const mine = filtersOf(userId, query);
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
    groupID: notification.groupId,
    kind: event.kind,
    severity: alertEventSeverities[event.kind],
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

// ---- groups ---------------------------------------------------------------------------------------------

/** A kind's place in the order of urgency (alertSeverities): 0 for the most urgent. */
const severityRank = sql<number>`case ${notifications.kind} ${sql.join(
  Object.entries(alertEventSeverities).map(
    ([kind, severity]) => sql`when ${kind} then ${sql.raw(String(alertSeverities.indexOf(severity)))}`,
  ),
  sql` `,
)} else ${sql.raw(String(alertSeverities.length))} end`;

/**
 * The caller's groups of notifications, a page of them: the most urgent kinds first, then those with
 * unread notifications, then the newest; with how many groups have unread notifications.
 */
export async function notificationGroupPage(db: Database, userId: string, query: NotificationGroupListQuery) {
  const mine = eq(notifications.userId, userId);
  const [groups, [total], [unreadGroups], unread] = await Promise.all([
    db
      .select({
        groupId: notifications.groupId,
        kind: notifications.kind,
        count: count(),
        unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
        escalated: sql<boolean>`bool_or(${notifications.escalated})`.mapWith(Boolean),
        createdAt: sql<Date>`max(${notifications.createdAt})`.mapWith(notifications.createdAt),
        occurredAt: sql<Date>`max(${alertEvents.occurredAt})`.mapWith(alertEvents.occurredAt),
      })
      .from(notifications)
      .innerJoin(alertEvents, eq(alertEvents.id, notifications.eventId))
      .where(mine)
      .groupBy(notifications.groupId, notifications.kind)
      .orderBy(
        asc(sql`min(${severityRank})`),
        desc(sql`count(*) filter (where ${notifications.readAt} is null) > 0`),
        desc(sql`max(${notifications.createdAt})`),
        desc(notifications.groupId),
      )
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ count: sql<number>`count(distinct ${notifications.groupId})`.mapWith(Number) })
      .from(notifications)
      .where(mine),
    db
      .select({ count: sql<number>`count(distinct ${notifications.groupId})`.mapWith(Number) })
      .from(notifications)
      .where(unreadOf(userId)),
    unreadCount(db, userId),
  ]);
  const ids = groups.map((group) => group.groupId);
  // Where each group's notifications are, and the one event of each group of one.
  const [places, singles] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .selectDistinct({
            groupId: notifications.groupId,
            siteId: notifications.siteId,
            name: sites.name,
            timeZoneId: sites.timeZoneId,
          })
          .from(notifications)
          .leftJoin(sites, eq(sites.id, notifications.siteId))
          .where(and(mine, inArray(notifications.groupId, ids)))
          .orderBy(notifications.groupId, sites.name, notifications.siteId),
    groups.some((group) => group.count === 1)
      ? db
          .select({ groupId: notifications.groupId, event: alertEvents })
          .from(notifications)
          .innerJoin(alertEvents, eq(alertEvents.id, notifications.eventId))
          .where(
            and(
              mine,
              inArray(
                notifications.groupId,
                groups.filter((group) => group.count === 1).map((group) => group.groupId),
              ),
            ),
          )
      : [],
  ]);
  const list: NotificationGroup[] = groups.map((group) => {
    const kind: AlertEventKind = group.kind;
    const at = places.filter((place) => place.groupId === group.groupId);
    const named = at.flatMap((place) => (place.siteId !== null && place.name !== null ? [place] : []));
    const single = singles.find((one) => one.groupId === group.groupId)?.event;
    const oneSite = named.length === 1 && at.length === 1 ? named[0] : undefined;
    const place = {
      siteCount: named.length,
      siteName: named[0]?.name ?? null,
      wholeOrganisation: at.some((one) => one.siteId === null),
    };
    return {
      _id: group.groupId,
      kind,
      kindLabel: alertEventKindLabels[kind],
      severity: alertEventSeverities[kind],
      severityLabel: alertSeverityLabels[alertEventSeverities[kind]],
      count: group.count,
      unreadCount: group.unread,
      sites: {
        count: named.length,
        names: named.slice(0, notificationGroupSiteNames).map((one) => one.name ?? ''),
        wholeOrganisation: place.wholeOrganisation,
      },
      siteID: oneSite?.siteId ?? null,
      timeZoneId: oneSite?.timeZoneId ?? null,
      occurredAt: group.occurredAt.toISOString(),
      createdAt: group.createdAt.toISOString(),
      escalated: group.escalated,
      title: alertGroupTitle({ kind, count: group.count, title: single?.title ?? '', ...place }),
      link: single ? linkOf(single) : notificationGroupLink(group.groupId),
    };
  });
  return {
    list,
    records: total?.count ?? 0,
    page: query.page,
    limit: query.limit,
    unreadGroupCount: unreadGroups?.count ?? 0,
    unreadCount: unread,
  };
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
