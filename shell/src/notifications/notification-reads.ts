import { invalidate, useRead, type ReadKey } from '@console/shared-sdk';
import type {
  Notification,
  NotificationFilters,
  NotificationGroup,
  NotificationGroupList,
  NotificationList,
} from '@console/shared-sdk/profile';

// The bell and the notifications page read through the SDK's one cache: the bell under the 'Notification'
// key, the page's list under the kit's key of its declaration (notificationsPageKey); a mark-read
// refreshes both. The calls come from the profile entry, loaded with the first read, so a page that never
// shows the bell does not download them.

export const notificationKey = (...rest: (string | number)[]): ReadKey => ['Notification', ...rest];

/** What the kit keys the notifications page's list by: its declaration's subject and name. */
export const notificationsPageKey: ReadKey = ['Profile', 'notification'];

const api = () => import('@console/shared-sdk/profile').then((entry) => entry.notificationApi);

/** Everything that shows notifications reads them again. */
export function refreshNotifications(): void {
  invalidate(notificationKey());
  invalidate(notificationsPageKey);
}

export const readNotifications = (
  query: { page?: number; limit?: number } & NotificationFilters,
  signal?: AbortSignal,
) => api().then((notificationApi) => notificationApi.list(query, { quiet: true, signal }));

export const readNotificationGroups = (query: { page?: number; limit?: number }, signal: AbortSignal) =>
  api().then((notificationApi) => notificationApi.groupList(query, { quiet: true, signal }));

/** Groups the bell shows. */
export const bellGroups = 8;

/**
 * The bell's read: the latest groups, most urgent first, with how many groups and notifications are
 * unread. The notifications page takes its unread count from the same read (one request for both).
 */
export const useLatestGroups = (enabled = true) =>
  useRead(enabled ? notificationKey('groups', bellGroups) : null, (signal) =>
    readNotificationGroups({ limit: bellGroups }, signal),
  );

/** Marks one read (opening it acknowledges its event), then refreshes what shows notifications. */
export async function openNotification(notification: Pick<Notification, '_id' | 'readAt'>): Promise<void> {
  if (notification.readAt === null) {
    await (await api()).markRead({ id: notification._id }, { quiet: true }).catch(() => undefined);
    refreshNotifications();
  }
}

/** Opens a group of one: its id is its one notification's. */
export const openGroupOfOne = (group: NotificationGroup) =>
  openNotification({ _id: group._id, readAt: group.unreadCount > 0 ? null : group.createdAt });

export async function markAllRead(): Promise<void> {
  await (await api()).markAllRead();
  refreshNotifications();
}

export type { Notification, NotificationFilters, NotificationGroup, NotificationGroupList, NotificationList };
