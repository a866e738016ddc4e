import { z } from 'zod';
import {
  idList,
  idSchema,
  instantSchema,
  listData,
  listQuerySchema,
  localDateSchema,
  optionalText,
  personSchema,
  requiredText,
  siteQuerySchema,
  siteScopedListQuerySchema,
  wallTimeSchema,
} from './common.js';
import {
  checklistItemStatusSchema,
  commentTypeSchema,
  logTypeSchema,
  recordStatusSchema,
  slotNameSchema,
} from './enums.js';
import { uploadedFileSchema } from './file.js';
import { repeatKindSchema } from './task-assignment.js';

// The tasks domain (issue 10): checklist templates and the platform's template library, task categories,
// master tasks (what must be done, where, by whom and when) and their occurrences, one per local date of
// the site, with checklists, comments and photos (DOMAIN.md "Tasks" and "Sites and time").

const stamps = { createdAt: instantSchema, updatedAt: instantSchema };

/** Limits a form and the API agree on. */
export const taskLimits = {
  checklistItems: 100,
  checklistItemText: 300,
  comment: 2000,
} as const;

// ---- checklist templates --------------------------------------------------------------------------------

/** One line of a checklist as a template or a master task defines it. */
export const checklistItemDefinitionSchema = z.object({
  _id: idSchema,
  text: z.string(),
  required: z.boolean(),
  photoRequired: z.boolean(),
});
export type ChecklistItemDefinition = z.infer<typeof checklistItemDefinitionSchema>;

/** A checklist line in a form: `_id` keeps an existing line's identity when a list is edited. */
export const checklistItemInputSchema = z.object({
  _id: idSchema.optional(),
  text: requiredText('Checklist item', taskLimits.checklistItemText),
  required: z.boolean().default(true),
  photoRequired: z.boolean().default(false),
});
export type ChecklistItemInput = z.input<typeof checklistItemInputSchema>;

const checklistInput = z
  .array(checklistItemInputSchema)
  .max(taskLimits.checklistItems, `At most ${taskLimits.checklistItems} checklist items`);

export const templateSchema = z.object({
  _id: idSchema,
  orgId: idSchema,
  name: z.string(),
  description: z.string(),
  /** One of the spec's ten log types, when the checklist is one of those checks. */
  type: logTypeSchema.nullable(),
  checkListItems: z.array(checklistItemDefinitionSchema),
  /** The library template it was imported from, if any. */
  libraryTemplateID: idSchema.nullable(),
  ...stamps,
});
export type Template = z.infer<typeof templateSchema>;

export const templateInputSchema = z.object({
  name: requiredText('Template name', 150),
  description: optionalText(1000).default(''),
  type: logTypeSchema.nullish(),
  checkListItems: checklistInput.min(1, 'Add at least one checklist item'),
});
export type TemplateInput = z.input<typeof templateInputSchema>;
export const templateUpdateSchema = templateInputSchema.extend({ _id: idSchema });
export type TemplateUpdate = z.input<typeof templateUpdateSchema>;

export const templateSortColumns = ['_id', 'name', 'type', 'createdAt', 'updatedAt'] as const;
export type TemplateSortColumn = (typeof templateSortColumns)[number];
export const templateListQuerySchema = listQuerySchema(templateSortColumns)
  .extend({ type: logTypeSchema.optional() })
  .extend(siteQuerySchema.shape);

/** A template in a picker (the master task form copies its items). */
export const templateOptionSchema = z.object({
  _id: idSchema,
  value: idSchema,
  label: z.string(),
  name: z.string(),
  type: logTypeSchema.nullable(),
  itemCount: z.number().int(),
});
export type TemplateOption = z.infer<typeof templateOptionSchema>;

// ---- the template library (/pre-defined-template) -------------------------------------------------------

/** A template of the platform's library: every organisation may import a copy. */
export const libraryTemplateSchema = z.object({
  _id: idSchema,
  name: z.string(),
  description: z.string(),
  type: logTypeSchema.nullable(),
  checkListItems: z.array(checklistItemDefinitionSchema),
  /** Whether the caller's organisation already holds a copy of it. */
  imported: z.boolean(),
});
export type LibraryTemplate = z.infer<typeof libraryTemplateSchema>;

/** POST /pre-defined-template/import-one: a copy into the caller's organisation, renamed if `name` is sent. */
export const libraryImportSchema = z.object({
  _id: idSchema,
  name: requiredText('Template name', 150).optional(),
});
export type LibraryImport = z.input<typeof libraryImportSchema>;

// ---- task categories ------------------------------------------------------------------------------------

export const taskCategorySchema = z.object({
  _id: idSchema,
  orgId: idSchema,
  name: z.string(),
  description: z.string(),
  /** The sites where the category applies. */
  siteID: z.array(idSchema),
  sites: z.array(z.object({ _id: idSchema, name: z.string() })),
  /** Its master tasks (live ones, on those sites). */
  masterTaskID: z.array(idSchema),
  masterTasks: z.array(z.object({ _id: idSchema, name: z.string(), siteID: idSchema })),
  ...stamps,
});
export type TaskCategory = z.infer<typeof taskCategorySchema>;

export const taskCategoryInputSchema = z.object({
  name: requiredText('Category name', 100),
  description: optionalText(500).default(''),
  siteID: idList(500).pipe(z.array(idSchema).min(1, 'Choose at least one site')),
  masterTaskID: idList(1000).default([]),
});
export type TaskCategoryInput = z.input<typeof taskCategoryInputSchema>;
export const taskCategoryUpdateSchema = taskCategoryInputSchema.extend({ _id: idSchema });
export type TaskCategoryUpdate = z.input<typeof taskCategoryUpdateSchema>;

export const taskCategorySortColumns = ['_id', 'name', 'createdAt', 'updatedAt'] as const;
export type TaskCategorySortColumn = (typeof taskCategorySortColumns)[number];
export const taskCategoryListQuerySchema = siteScopedListQuerySchema(taskCategorySortColumns);

export const taskCategoryOptionSchema = z.object({
  _id: idSchema,
  value: idSchema,
  label: z.string(),
  name: z.string(),
  siteID: z.array(idSchema),
});
export type TaskCategoryOption = z.infer<typeof taskCategoryOptionSchema>;

/** GET /task-category/simple-list: the categories that apply to one site. */
export const taskCategorySimpleListQuerySchema = z.object({ siteID: idSchema }).extend(siteQuerySchema.shape);
/** POST /task-category/simple-list2: the categories that apply to any of several sites. */
export const taskCategorySimpleList2Schema = z.object({ list: idList(200) });

// ---- schedules ------------------------------------------------------------------------------------------

/**
 * When a master task happens, in the site's local dates and times. ONCE happens on `startDate`; DAILY every
 * day from `startDate`; WEEKLY on `weekdays` (0 Sunday to 6 Saturday); MONTHLY on `dayOfMonth` (a month
 * without that day uses its last day). `endDate`, when set, is the last date it may happen on. It is due
 * at the end of one of the site's time slots (`dueSlot`) or at a local time (`dueTime`).
 */
export const scheduleShape = z.object({
  repeat: repeatKindSchema,
  startDate: localDateSchema,
  endDate: localDateSchema.nullish(),
  weekdays: z.array(z.number().int().min(0).max(6)).max(7).default([]),
  dayOfMonth: z.number().int().min(1, 'Between 1 and 31').max(31, 'Between 1 and 31').nullish(),
  dueSlot: slotNameSchema.nullish(),
  dueTime: wallTimeSchema.nullish(),
});

export const scheduleSchema = scheduleShape
  .transform((schedule) => ({
    ...schedule,
    endDate: schedule.repeat === 'ONCE' ? null : (schedule.endDate ?? null),
    weekdays: schedule.repeat === 'WEEKLY' ? [...new Set(schedule.weekdays)].sort() : [],
    dayOfMonth: schedule.repeat === 'MONTHLY' ? (schedule.dayOfMonth ?? null) : null,
    dueSlot: schedule.dueSlot ?? null,
    dueTime: schedule.dueSlot ? null : (schedule.dueTime ?? null),
  }))
  .superRefine((schedule, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (schedule.repeat === 'WEEKLY' && schedule.weekdays.length === 0)
      issue('weekdays', 'Choose at least one day');
    if (schedule.repeat === 'MONTHLY' && schedule.dayOfMonth === null)
      issue('dayOfMonth', 'Choose a day of the month');
    if (schedule.endDate !== null && schedule.endDate < schedule.startDate)
      issue('endDate', 'Must be on or after the start date');
    if (schedule.dueSlot === null && schedule.dueTime === null) issue('dueSlot', 'Choose when it is due');
  });
export type Schedule = z.output<typeof scheduleSchema>;
export type ScheduleInput = z.input<typeof scheduleSchema>;

// ---- master tasks ---------------------------------------------------------------------------------------

export const masterTaskSchema = z.object({
  _id: idSchema,
  orgId: idSchema,
  siteID: idSchema,
  name: z.string(),
  description: z.string(),
  categoryID: idSchema.nullable(),
  category: z.object({ _id: idSchema, name: z.string() }).nullable(),
  departmentID: z.array(idSchema),
  departments: z.array(z.object({ _id: idSchema, name: z.string() })),
  assigneeIDs: z.array(idSchema),
  assignees: z.array(personSchema),
  checkListItems: z.array(checklistItemDefinitionSchema),
  /** A photo must be attached before the task can be completed. */
  photoRequired: z.boolean(),
  templateID: idSchema.nullable(),
  schedule: z.object({
    repeat: repeatKindSchema,
    startDate: localDateSchema,
    endDate: localDateSchema.nullable(),
    weekdays: z.array(z.number().int()),
    dayOfMonth: z.number().int().nullable(),
    dueSlot: slotNameSchema.nullable(),
    dueTime: wallTimeSchema.nullable(),
  }),
  /** The first local date it no longer happens on, once deleted from a date on. */
  stoppedFrom: localDateSchema.nullable(),
  timeZoneId: z.string(),
  ...stamps,
});
export type MasterTask = z.infer<typeof masterTaskSchema>;

export const masterTaskInputSchema = z.object({
  siteID: idSchema,
  name: requiredText('Task name', 150),
  description: optionalText(2000).default(''),
  categoryID: idSchema.nullish(),
  departmentID: idList(100).default([]),
  assigneeIDs: idList(500).default([]),
  /** Copied into the task: later edits of the template do not change it. */
  templateID: idSchema.nullish(),
  checkListItems: checklistInput.default([]),
  photoRequired: z.boolean().default(false),
  schedule: scheduleSchema,
});
export type MasterTaskInput = z.input<typeof masterTaskInputSchema>;
export const masterTaskUpdateSchema = masterTaskInputSchema.extend({
  _id: idSchema,
  siteID: idSchema.optional(),
});
export type MasterTaskUpdate = z.input<typeof masterTaskUpdateSchema>;

export const masterTaskOptionSchema = z.object({
  _id: idSchema,
  value: idSchema,
  label: z.string(),
  name: z.string(),
  siteID: idSchema,
});
export type MasterTaskOption = z.infer<typeof masterTaskOptionSchema>;

/** GET /master-task/simple-list: a site's live master tasks, by name (categories pick from it). */
export const masterTaskSimpleListQuerySchema = z
  .object({ siteID: idSchema.optional() })
  .extend(siteQuerySchema.shape);

/**
 * DELETE /master-task/delete-one: `date` is the site's local date the admin deleted from. FUTURE (the
 * default) stops the task from that date on; ONE deletes only that day's occurrence.
 */
export const masterTaskDeleteScopes = ['ONE', 'FUTURE'] as const;
export const masterTaskDeleteQuerySchema = z
  .object({
    masterTaskID: idSchema,
    date: localDateSchema,
    scope: z.enum(masterTaskDeleteScopes, { message: 'Must be ONE or FUTURE' }).default('FUTURE'),
  })
  .extend(siteQuerySchema.shape);
export type MasterTaskDeleteQuery = z.input<typeof masterTaskDeleteQuerySchema>;

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
  commentCount: z.number().int(),
  imageCount: z.number().int(),
  timeZoneId: z.string(),
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
 * happens when it reaches the server. The spec's console also sends its list state (sort, page, ...): extra
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
 * required once it was completed).
 */
export const taskStatusChangeSchema = taskRefSchema.extend({
  status: z.enum(['COMPLETED', 'REPORTED', 'PENDING']).default('COMPLETED'),
  completedAt: instantSchema.optional(),
  reason: changeReason,
});
export type TaskStatusChange = z.input<typeof taskStatusChangeSchema>;

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
