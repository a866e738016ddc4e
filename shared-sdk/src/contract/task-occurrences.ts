import { z } from 'zod';
import {
  changeReasonSchema,
  idSchema,
  instantSchema,
  listData,
  listQuerySchema,
  localDateSchema,
  personSchema,
  siteQuerySchema,
  wallTimeSchema,
} from './common.js';
import { checklistItemStatusSchema, commentTypeSchema, recordStatusSchema, slotNameSchema } from './enums.js';
import { uploadedFileSchema } from './file.js';

// The tasks domain's occurrences (issue 10): one task on one local date of its site, with its checklist,
// comments, photos and history, as the daily list, the view and the staff's calls carry them. Apart from
// the definitions (templates, categories, master tasks: ./tasks.ts, which re-exports this file) so a
// screen that only lists a day does not download those.

const stamps = { createdAt: instantSchema, updatedAt: instantSchema };

/** Limits a form and the API agree on. */
export const taskLimits = {
  checklistItems: 100,
  checklistItemText: 300,
  comment: 2000,
} as const;

/** One line of a checklist as a template or a master task defines it. */
export const checklistItemDefinitionSchema = z.object({
  _id: idSchema,
  text: z.string(),
  required: z.boolean(),
  photoRequired: z.boolean(),
});
export type ChecklistItemDefinition = z.infer<typeof checklistItemDefinitionSchema>;

// ---- occurrences (individual tasks) ---------------------------------------------------------------------

/**
 * Where an occurrence stands for the dashboard (DOMAIN.md): UPCOMING (pending, not yet expired), ON_TIME
 * and LATE (completed by or after `expireOn`), INCOMPLETE (pending or reported once expired), DELETED.
 */
export const taskBuckets = ['UPCOMING', 'ON_TIME', 'LATE', 'INCOMPLETE', 'DELETED'] as const;
export const taskBucketSchema = z.enum(taskBuckets);
export type TaskBucket = z.infer<typeof taskBucketSchema>;

/** A checklist line of one occurrence, with where it stands. */
export const occurrenceChecklistItemSchema = checklistItemDefinitionSchema.extend({
  status: checklistItemStatusSchema,
  statusChangeOn: instantSchema.nullable(),
  changedBy: personSchema.nullable(),
  /** Why it failed (required for FAILED). */
  comment: z.string().nullable(),
});
export type OccurrenceChecklistItem = z.infer<typeof occurrenceChecklistItemSchema>;

/**
 * A follow-up check (issue 24, DOMAIN.md "Time rules for records"): a task a temperature reading made (a
 * cooling check 90 minutes after cooling began, a hot-holding re-check 2 hours after the last), which the
 * next reading of that food completes. It is not a scheduled task: it cannot be edited or deleted.
 */
export const followUpKinds = ['COOLING', 'HOT_HOLD'] as const;
export const followUpKindSchema = z.enum(followUpKinds);
export type FollowUpKind = z.infer<typeof followUpKindSchema>;
export const followUpKindLabels: Record<FollowUpKind, string> = {
  COOLING: 'Cooling check',
  HOT_HOLD: 'Hot-holding re-check',
};

/**
 * Why a follow-up check was cancelled (its task is DELETED and counts nowhere): an admin cancelled it (the
 * food was thrown away), the reading that started it was deleted, or corrected so that it starts none.
 */
export const followUpCancelCauses = ['ADMIN', 'READING_DELETED', 'READING_CORRECTED'] as const;
export const followUpCancelCauseSchema = z.enum(followUpCancelCauses);
export type FollowUpCancelCause = z.infer<typeof followUpCancelCauseSchema>;
export const followUpCancelCauseLabels: Record<FollowUpCancelCause, string> = {
  ADMIN: 'Cancelled',
  READING_DELETED: 'Cancelled: its reading was deleted',
  READING_CORRECTED: 'Cancelled: its reading was corrected',
};

export const followUpCancellationSchema = z.object({
  cause: followUpCancelCauseSchema,
  /** The reason given (the admin's, or the deletion's or correction's of the reading). */
  reason: z.string(),
  at: instantSchema,
});
export type FollowUpCancellation = z.infer<typeof followUpCancellationSchema>;

export const taskFollowUpSchema = z.object({
  kind: followUpKindSchema,
  /** The reading that made it, and the probe or food item to read again. */
  readingID: idSchema,
  foodItemID: idSchema,
  /** When it falls due (its `expireOn`). */
  dueAt: instantSchema,
  /**
   * The check whose reading completes it (a cooling stage's, say "COOLED_TO_70F"), and which stage of how
   * many it is: American cooling has two, each its own follow-up.
   */
  checkKind: z.string().optional(),
  stage: z.number().int().min(1).optional(),
  stages: z.number().int().min(1).optional(),
  /** Set once it was cancelled; null (the API always says) while it stands. */
  cancelled: followUpCancellationSchema.nullable().optional(),
});
export type TaskFollowUp = z.infer<typeof taskFollowUpSchema>;

export const individualTaskSchema = z.object({
  _id: idSchema,
  orgId: idSchema,
  masterTaskID: idSchema,
  siteID: idSchema,
  name: z.string(),
  description: z.string(),
  category: z.object({ _id: idSchema, name: z.string() }).nullable(),
  assignees: z.array(personSchema),
  /** The departments it is given to (anyone in them may do it), by name. */
  departments: z.array(z.object({ _id: idSchema, name: z.string() })),
  /** The site's local date it belongs to. */
  taskDate: localDateSchema,
  opensAt: instantSchema,
  expireOn: instantSchema,
  dueSlot: slotNameSchema.nullable(),
  dueTime: wallTimeSchema.nullable(),
  status: recordStatusSchema,
  bucket: taskBucketSchema,
  photoRequired: z.boolean(),
  itemCheckList: z.array(occurrenceChecklistItemSchema),
  /** When it was really completed (the device's time), and by whom. */
  completedAt: instantSchema.nullable(),
  completedBy: personSchema.nullable(),
  /** When the completion reached the server, and whether that was more than 30 minutes later. */
  syncedAt: instantSchema.nullable(),
  syncedLate: z.boolean(),
  /**
   * Whether the completion was entered in the console after the fact (an admin's correction with a
   * reason, kept in the history): its `completedAt` is what the admin said, and it never counts on time.
   */
  enteredAfterTheFact: z.boolean(),
  commentCount: z.number().int(),
  imageCount: z.number().int(),
  timeZoneId: z.string(),
  /** A follow-up check made by a reading; null (the API always says) for a scheduled task. */
  followUp: taskFollowUpSchema.nullable().optional(),
  ...stamps,
});
export type IndividualTask = z.infer<typeof individualTaskSchema>;

export const taskListSortColumns = ['_id', 'name', 'expireOn', 'status'] as const;
export type TaskListSortColumn = (typeof taskListSortColumns)[number];

/**
 * GET /master-task/web-app-list: one local day of a site's occurrences (made on first read). `status` is a
 * record status or a dashboard bucket; without it, every occurrence but the deleted ones.
 */
export const taskListQuerySchema = listQuerySchema(taskListSortColumns)
  .extend({
    siteID: idSchema,
    taskListDate: localDateSchema,
    status: z.union([recordStatusSchema, taskBucketSchema]).optional(),
  })
  .extend(siteQuerySchema.shape);
export type TaskListQuery = z.input<typeof taskListQuerySchema>;

/** The day's page, the site's zone, and how many of the day's occurrences (search applied) are in each bucket. */
export const taskListDataSchema = listData(individualTaskSchema).extend({
  timeZoneId: z.string(),
  counts: z.object({
    ALL: z.number().int(),
    UPCOMING: z.number().int(),
    ON_TIME: z.number().int(),
    LATE: z.number().int(),
    INCOMPLETE: z.number().int(),
    DELETED: z.number().int(),
  }),
});
export type TaskListData = z.infer<typeof taskListDataSchema>;

// ---- comments -------------------------------------------------------------------------------------------

export const taskCommentSchema = z.object({
  _id: idSchema,
  masterTaskID: idSchema,
  individualTaskID: idSchema,
  checkListID: idSchema.nullable(),
  type: commentTypeSchema,
  text: z.string().nullable(),
  image: uploadedFileSchema.nullable(),
  author: personSchema,
  createdAt: instantSchema,
});
export type TaskComment = z.infer<typeof taskCommentSchema>;

/** GET /master-task/view-task and the staff's view: one occurrence by its ids. */
export const taskRefSchema = z.object({ masterTaskID: idSchema, individualTaskID: idSchema });
export type TaskRef = z.infer<typeof taskRefSchema>;
export const viewTaskQuerySchema = taskRefSchema.extend(siteQuerySchema.shape);

/** A change of the record after it was completed needs a reason, which the task's history keeps. */
const changeReason = z.string().trim().max(500, 'Too long').optional();

/**
 * PUT /individual-task/check-list-item-status-change: one checklist line to PENDING, COMPLETED or FAILED
 * (FAILED needs a comment). Staff send `changedAt`, the device's time of the change; an admin's change
 * happens when it reaches the server, and an earlier `changedAt` from the console is a correction entered
 * after the fact, which needs `reason`. The spec's console also sends its list state (sort, page, ...): extra
 * keys are ignored.
 */
export const checklistItemStatusChangeSchema = taskRefSchema
  .extend({
    checkListID: idSchema,
    status: checklistItemStatusSchema,
    comment: z.string().trim().max(taskLimits.comment, 'Too long').optional(),
    changedAt: instantSchema.optional(),
    reason: changeReason,
  })
  .superRefine((change, context) => {
    if (change.status === 'FAILED' && !change.comment)
      context.addIssue({ code: 'custom', path: ['comment'], message: 'Say what failed' });
  });
export type ChecklistItemStatusChange = z.input<typeof checklistItemStatusChangeSchema>;

/**
 * PUT /individual-task/task-status-complete: complete the occurrence (refused while a required line or a
 * required photo is missing), or with `status` REPORTED raise a problem, or PENDING reopen it (a reason is
 * required once it was completed). A completion happens at the server's time; an earlier `completedAt` is a
 * correction entered after the fact: it needs `reason` and never counts on time.
 */
export const taskStatusChangeSchema = taskRefSchema.extend({
  status: z.enum(['COMPLETED', 'REPORTED', 'PENDING']).default('COMPLETED'),
  completedAt: instantSchema.optional(),
  reason: changeReason,
});
export type TaskStatusChange = z.input<typeof taskStatusChangeSchema>;

/**
 * PUT /individual-task/cancel-follow-up: an admin cancels a follow-up check that is still open (the food
 * was thrown away), with a reason the task's history keeps. It then raises nothing and counts nowhere.
 */
export const followUpCancelSchema = taskRefSchema.extend({ reason: changeReasonSchema });
export type FollowUpCancel = z.input<typeof followUpCancelSchema>;

/** GET /comment-task/comments-listing: an occurrence's comments, or one checklist line's. */
export const commentsListingQuerySchema = taskRefSchema
  .extend({ checkListID: idSchema.optional() })
  .extend(siteQuerySchema.shape);

/**
 * POST /comment-task/create-new-one (form data): `comment` text, or an image file (JPEG, PNG, WebP, GIF), on
 * an occurrence or one of its checklist lines.
 */
export const commentCreateFieldsSchema = taskRefSchema.extend({
  checkListID: idSchema.optional(),
  comment: z.string().trim().max(taskLimits.comment, 'Too long').optional(),
});
export type CommentCreateFields = z.input<typeof commentCreateFieldsSchema>;

/** DELETE /comment-task/remove-comments: the spec sends a body. */
export const removeCommentSchema = z.object({ _id: idSchema });

/** A change in an occurrence's history: who, when, what and why. */
export const taskHistoryEntrySchema = z.object({
  _id: idSchema,
  at: instantSchema,
  actorName: z.string(),
  action: z.enum(['create', 'update', 'delete']),
  summary: z.string(),
  reason: z.string().nullable(),
});
export type TaskHistoryEntry = z.infer<typeof taskHistoryEntrySchema>;

/** GET /master-task/view-task: the occurrence with its comments, images and history. */
export const taskViewSchema = individualTaskSchema.extend({
  comments: z.array(taskCommentSchema),
  history: z.array(taskHistoryEntrySchema),
});
export type TaskView = z.infer<typeof taskViewSchema>;

/** The staff's own day: GET /task-new-version/my-tasks?date= (the site's local date; today when left out). */
export const myTasksQuerySchema = z.object({
  date: localDateSchema.optional(),
  siteID: idSchema.optional(),
});
