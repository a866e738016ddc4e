import { type z } from 'zod';
import type { AlertEventKind } from '../contract/alerts.js';
import {
  notificationGroupListSchema,
  notificationListSchema,
  type notificationMarkReadSchema,
  notificationUnreadSchema,
  type NotificationGroupList,
  type NotificationList,
  type NotificationUnread,
} from '../contract/notifications.js';
import { call, type CallOptions } from '@console/shared-sdk';

/** What the notifications page filters by (GET /web-app-list). */
export interface NotificationFilters {
  /** true: only the unread ones; false: only the read ones; left out: all. */
  unread?: boolean;
  siteID?: string;
  areaID?: string;
  kind?: AlertEventKind;
  /** A group of the group list (its `_id`). */
  groupID?: string;
}

/** /notification: the signed-in person's notification centre (the shell's bell). */
export const notificationApi = {
  /** GET /web-app-list: newest first, paged and filtered, with the unread count. */
  list: (
    query: { page?: number; limit?: number } & NotificationFilters = {},
    options?: CallOptions,
  ): Promise<NotificationList> =>
    call(
      {
        method: 'get',
        path: 'notification/web-app-list',
        query: {
          page: query.page,
          limit: query.limit,
          ...(query.unread === undefined ? {} : { unread: String(query.unread) }),
          siteID: query.siteID,
          areaID: query.areaID,
          kind: query.kind,
          groupID: query.groupID,
        },
        data: notificationListSchema,
      },
      options,
    ),

  /**
   * GET /group-list: the notifications in groups, most urgent first, paged, with how many groups have
   * unread ones (the bell's badge).
   */
  groupList: (
    query: { page?: number; limit?: number } = {},
    options?: CallOptions,
  ): Promise<NotificationGroupList> =>
    call(
      {
        method: 'get',
        path: 'notification/group-list',
        query: { page: query.page, limit: query.limit },
        data: notificationGroupListSchema,
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
