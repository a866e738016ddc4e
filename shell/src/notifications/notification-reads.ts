import { invalidate, type ReadKey } from '@console/shared-sdk';
import type { Notification, NotificationList } from '@console/shared-sdk/profile';

// The bell and the notifications page read through the SDK's one cache, under the 'Notification' key: a
// mark-read refreshes both. The calls come from the profile entry, loaded with the first read, so a page
// that never shows the bell does not download them.

export const notificationKey = (...rest: (string | number)[]): ReadKey => ['Notification', ...rest];

const api = () => import('@console/shared-sdk/profile').then((entry) => entry.notificationApi);

export const readNotifications = (query: { page?: number; limit?: number }, signal: AbortSignal) =>
  api().then((notificationApi) => notificationApi.list(query, { quiet: true, signal }));

/** Marks one read (opening it acknowledges its event), then refreshes what shows notifications. */
export async function openNotification(notification: Notification): Promise<void> {
  if (notification.readAt === null) {
    await (await api()).markRead({ id: notification._id }, { quiet: true }).catch(() => undefined);
    invalidate(notificationKey());
  }
}

export async function markAllRead(): Promise<void> {
  await (await api()).markAllRead();
  invalidate(notificationKey());
}

export type { Notification, NotificationList };
