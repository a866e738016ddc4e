import { type z } from 'zod';
import {
  notificationListSchema,
  type notificationMarkReadSchema,
  notificationUnreadSchema,
  type NotificationList,
  type NotificationUnread,
} from '../contract/notifications.js';
import { call, type CallOptions } from '@console/shared-sdk';

/** /notification: the signed-in person's notification centre (the shell's bell). */
export const notificationApi = {
  /** GET /web-app-list: newest first, paged, with the unread count. */
  list: (
    query: { page?: number; limit?: number; unread?: boolean } = {},
    options?: CallOptions,
  ): Promise<NotificationList> =>
    call(
      {
        method: 'get',
        path: 'notification/web-app-list',
        query: {
          page: query.page,
          limit: query.limit,
          ...(query.unread ? { unread: 'true' } : {}),
        },
        data: notificationListSchema,
      },
      options,
    ),

  /** PATCH /mark-read: one or several of the caller's own; answers how many are still unread. */
  markRead: (
    input: z.input<typeof notificationMarkReadSchema>,
    options?: CallOptions,
  ): Promise<NotificationUnread> =>
    call(
      { method: 'patch', path: 'notification/mark-read', json: input, data: notificationUnreadSchema },
      options,
    ),

  /** PATCH /mark-all-read. */
  markAllRead: (options?: CallOptions): Promise<NotificationUnread> =>
    call(
      { method: 'patch', path: 'notification/mark-all-read', json: {}, data: notificationUnreadSchema },
      options,
    ),
};
