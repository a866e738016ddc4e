import { z } from 'zod';
import { idList, idSchema, instantSchema, listData, listDefaults } from './common.js';
import { alertEventKindSchema, alertSeveritySchema } from './alerts.js';

// The console's notification centre (issue 24, the shell's bell): the events that reached the signed-in
// person, newest first, each linking to its record. `/api/v1/notification`, in the spec's naming style.
//
// Notifications of one kind that reach a person within the grouping window (ALERT_GROUP_MINUTES, 5 by
// default) are a group: a site admin's of one site, an organisation admin's of any site. The bell lists
// groups (`group-list`), most urgent first; the page lists notifications, filtered by group among others.
// Each notification is still read, and its event acknowledged, on its own.

export const notificationSchema = z.object({
  _id: idSchema,
  eventID: idSchema,
  /** The person's group it is in: the id of the group's first notification. */
  groupID: idSchema,
  /** The kind of event; screens show it through alertEventKindLabels. */
  kind: alertEventKindSchema,
  /** How urgent its kind is (alertEventSeverities). */
  severity: alertSeveritySchema,
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

const pageQuery = {
  page: z.coerce.number().int().min(1, 'Page starts at 1').default(listDefaults.page),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'Limit must be at least 1')
    .max(listDefaults.maxLimit, `Limit must be at most ${listDefaults.maxLimit}`)
    .default(listDefaults.limit),
};

/**
 * The filters narrow the caller's own notifications: an id of a site, area or group that none of them is
 * at or in (another organisation's included) matches nothing.
 */
export const notificationListQuerySchema = z.object({
  ...pageQuery,
  /** true: only the unread ones; false: only the read ones; left out: all. */
  unread: z
    .enum(['true', 'false'], { message: 'Must be true or false' })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  /** Only those of one site. */
  siteID: idSchema.optional(),
  /** Only those of the sites in one area. */
  areaID: idSchema.optional(),
  /** Only those of one kind. */
  kind: alertEventKindSchema.optional(),
  /** Only those of one group (a group's `_id` in the group list). */
  groupID: idSchema.optional(),
});
export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;

/** The page of notifications, with how many of all the person's notifications are unread. */
export const notificationListSchema = listData(notificationSchema).extend({
  unreadCount: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

// ---- groups ---------------------------------------------------------------------------------------------

/** How many site names a group carries: the rest are counted. */
export const notificationGroupSiteNames = 3;

/** A group of the person's notifications, as the bell shows it. */
export const notificationGroupSchema = z.object({
  /** The id of its first notification: a group of one is that notification (mark it read by this id). */
  _id: idSchema,
  kind: alertEventKindSchema,
  kindLabel: z.string(),
  severity: alertSeveritySchema,
  /** The severity in words (alertSeverityLabels). */
  severityLabel: z.string(),
  /** Its notifications. */
  count: z.number().int().min(1),
  /** Those not read yet. */
  unreadCount: z.number().int().min(0),
  /** Where they are: how many sites, the first few by name, and whether some are the organisation's own. */
  sites: z.object({
    count: z.number().int().min(0),
    names: z.array(z.string()),
    wholeOrganisation: z.boolean(),
  }),
  /** The site, when they are all at one (its zone writes its time), else null. */
  siteID: idSchema.nullable(),
  timeZoneId: z.string().nullable(),
  /** When its newest event happened. */
  occurredAt: instantSchema,
  /** When its newest notification reached the person. */
  createdAt: instantSchema,
  /** Some of them reached the person because nobody acknowledged them in the site's escalation time. */
  escalated: z.boolean(),
  /** The group in words (alertGroupTitle): one notification keeps its event's title. */
  title: z.string(),
  /**
   * Where it opens: one notification's record, or the notifications page showing the group
   * (`/dashboard/notifications?groupID=<_id>`).
   */
  link: z.string(),
});
export type NotificationGroup = z.infer<typeof notificationGroupSchema>;

/** GET /group-list: paged. */
export const notificationGroupListQuerySchema = z.object(pageQuery);
export type NotificationGroupListQuery = z.output<typeof notificationGroupListQuerySchema>;

/**
 * A page of groups, most urgent first (alertSeverities), then those with unread notifications, then the
 * newest; with how many groups have unread notifications (the bell's badge) and how many notifications
 * are unread.
 */
export const notificationGroupListSchema = listData(notificationGroupSchema).extend({
  unreadGroupCount: z.number().int().min(0),
  unreadCount: z.number().int().min(0),
});
export type NotificationGroupList = z.infer<typeof notificationGroupListSchema>;

/** The notifications page showing one group. */
export const notificationGroupLink = (groupID: string) =>
  `/dashboard/notifications?groupID=${encodeURIComponent(groupID)}`;

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
