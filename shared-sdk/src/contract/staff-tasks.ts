import { z } from 'zod';
import { clientIdSchema, idSchema, isoDateTimeSchema, localDateSchema, siteQuerySchema } from './common.js';
import {
  checklistItemStatusChangeSchema,
  commentCreateFieldsSchema,
  individualTaskSchema,
  myTasksQuerySchema,
  taskRefSchema,
} from './tasks.js';

// The staff member's own task calls (/task-new-version, issue 10), made by the mobile app with the token of
// mobile-app-login. They are the only way the console's task data comes in, so every time a device sends is
// the time the thing happened on the device, kept as it is: an app that was offline syncs later and its
// work still counts when it was done, within the bounds of device-time.ts.

/**
 * A time the device sends: when the change happened there, an ISO 8601 instant with its offset. Required,
 * so an app that forgets it is told at once instead of having its work stamped with the time it synced.
 */
const deviceTime = (field: string, event: string) =>
  isoDateTimeSchema({
    error: (issue) =>
      issue.input === undefined
        ? `Send ${field}, the time of ${event} on the device`
        : 'Must be an ISO 8601 date and time with its offset, e.g. 2025-06-10T09:41:00+01:00',
  }).describe(
    `The time of ${event} on the device, ISO 8601 with its offset, kept as the time it happened ` +
      '(up to 2 minutes ahead of the server is taken as the server time; further ahead, older than the ' +
      'sync window, or before the task opens or was created, it is refused)',
  );

/**
 * GET /task-new-version/my-tasks: one local day of the caller's tasks. `date` is a local date of each site
 * (left out, each site's own today); `siteID` narrows to one of the caller's sites.
 */
export const staffDayQuerySchema = myTasksQuerySchema
  .extend({
    date: myTasksQuerySchema.shape.date.describe(
      "The local date (YYYY-MM-DD) of the sites; left out, each site's today in its own time zone",
    ),
    siteID: myTasksQuerySchema.shape.siteID.describe(
      'Only this site (one the caller works at); left out, every site the caller works at',
    ),
  })
  .extend(siteQuerySchema.shape);
export type StaffDayQuery = z.input<typeof staffDayQuerySchema>;

/** GET /task-new-version/today: my-tasks on each site's today. */
export const staffTodayQuerySchema = staffDayQuerySchema.omit({ date: true });
export type StaffTodayQuery = z.input<typeof staffTodayQuerySchema>;

/** A site of the caller's day: its time zone, and the local date the day's list shows for it. */
export const staffDaySiteSchema = z.object({
  siteID: idSchema,
  name: z.string(),
  /** IANA zone of the site: the app shows `expireOn` and other instants of its tasks in it. */
  timeZoneId: z.string(),
  /** The site's local date the list holds (`date`, or that site's today). */
  date: localDateSchema,
});
export type StaffDaySite = z.infer<typeof staffDaySiteSchema>;

/**
 * The caller's tasks of one local day, every site together, by `expireOn` (soonest due first): the
 * occurrences of master tasks assigned to the caller, to one of the caller's departments, or to nobody
 * (then anyone on the site may do them). Deleted ones are left out. Each task carries its site's
 * `timeZoneId` too; `sites` lists every site the day covers, with its zone and date, tasks or not.
 */
export const staffDaySchema = z.object({
  list: z.array(individualTaskSchema),
  records: z.number().int(),
  sites: z.array(staffDaySiteSchema),
});
export type StaffDay = z.infer<typeof staffDaySchema>;

/**
 * PUT /task-new-version/check-list-item-status-change: as the console's call, but `changedAt` (the device's
 * time of the change) is required and kept as the line's `statusChangeOn`.
 */
export const staffChecklistItemChangeSchema = checklistItemStatusChangeSchema.safeExtend({
  changedAt: deviceTime('changedAt', 'the change'),
  clientId: clientIdSchema.optional(),
});
export type StaffChecklistItemChange = z.input<typeof staffChecklistItemChangeSchema>;

/**
 * PUT /task-new-version/complete: `completedAt` (the device's time of completion) is required and kept;
 * the server's time of arrival is `syncedAt`, and more than 30 minutes between them flags `syncedLate`.
 */
export const staffCompletionSchema = taskRefSchema.extend({
  completedAt: deviceTime('completedAt', 'completion'),
  clientId: clientIdSchema.optional(),
});
export type StaffCompletion = z.input<typeof staffCompletionSchema>;

/**
 * POST /task-new-version/comment's text fields (a multipart form): the console's comment fields, and the
 * action's `clientId` so that a comment or photo sent again is not added twice.
 */
export const staffCommentFieldsSchema = commentCreateFieldsSchema.extend({
  clientId: clientIdSchema.optional(),
});
export type StaffCommentFields = z.input<typeof staffCommentFieldsSchema>;
