import { z } from 'zod';
import { idList, idSchema, instantSchema, listData, listDefaults } from './common.js';
import { alertEventKindSchema } from './alerts.js';

// The console's notification centre (issue 24, the shell's bell): the events that reached the signed-in
// person, newest first, each linking to its record. `/api/v1/notification`, in the spec's naming style.

export const notificationSchema = z.object({
  _id: idSchema,
  eventID: idSchema,
  /** The kind of event; screens show it through alertEventKindLabels. */
  kind: alertEventKindSchema,
  /** The kind in words (alertEventKindLabels), so a screen needs no copy of the labels. */
  kindLabel: z.string(),
  /** The event in words ("Walk-in fridge read 9.4 °C (limit 8 °C) at Brighton"). */
  title: z.string(),
  siteID: idSchema.nullable(),
  /** Null for an event of the whole organisation (a document of its own). */
  siteName: z.string().nullable(),
  /** Its site's zone, which its times are written in (null with the site); its title's times are too. */
  timeZoneId: z.string().nullable(),
  occurredAt: instantSchema,
  /** When it reached this person. */
  createdAt: instantSchema,
  readAt: instantSchema.nullable(),
  /** It reached this person because nobody acknowledged it in the site's escalation time. */
  escalated: z.boolean(),
  /** When someone opened it or acted on it (a corrective action, a completion). */
  acknowledgedAt: instantSchema.nullable(),
  /** The console path of its record (e.g. `/dashboard/temperatureLog?view=<id>`). */
  link: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'Page starts at 1').default(listDefaults.page),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'Limit must be at least 1')
    .max(listDefaults.maxLimit, `Limit must be at most ${listDefaults.maxLimit}`)
    .default(listDefaults.limit),
  /** Only the unread ones. */
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;

/** The page of notifications, with how many of all of them are unread (the bell's badge). */
export const notificationListSchema = listData(notificationSchema).extend({
  unreadCount: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** PATCH /mark-read: one notification (`id`) or several (`ids`), the caller's own. */
export const notificationMarkReadSchema = z
  .object({ id: idSchema.optional(), ids: idList(100).optional() })
  .refine((value) => value.id !== undefined || (value.ids !== undefined && value.ids.length > 0), {
    message: 'Send the id of a notification, or ids',
  });
export type NotificationMarkRead = z.infer<typeof notificationMarkReadSchema>;

/** What a mark-read answers: how many are still unread. */
export const notificationUnreadSchema = z.object({ unreadCount: z.number().int().min(0) });
export type NotificationUnread = z.infer<typeof notificationUnreadSchema>;
