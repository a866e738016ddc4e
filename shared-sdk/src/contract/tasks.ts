import { z } from 'zod';
import {
  idList,
  idSchema,
  instantSchema,
  listQuerySchema,
  localDateSchema,
  optionalText,
  personSchema,
  requiredText,
  siteQuerySchema,
  siteScopedListQuerySchema,
  wallTimeSchema,
} from './common.js';
import { logTypeSchema, repeatKindSchema, slotNameSchema } from './enums.js';
import { checklistItemDefinitionSchema, taskLimits } from './task-occurrences.js';

// The tasks domain (issue 10): checklist templates and the platform's template library, task categories,
// master tasks (what must be done, where, by whom and when) and, re-exported from ./task-occurrences.ts,
// their occurrences, one per local date of the site, with checklists, comments and photos (DOMAIN.md
// "Tasks" and "Sites and time").

const stamps = { createdAt: instantSchema, updatedAt: instantSchema };

export * from './task-occurrences.js';

// ---- checklist templates --------------------------------------------------------------------------------

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
  /**
   * The site it belongs to (made by that site's admin), whose admins may change it; null: the
   * organisation's, which only organisation admins change. Every admin of the organisation uses it.
   */
  ownerSiteID: idSchema.nullable(),
  ...stamps,
});
export type Template = z.infer<typeof templateSchema>;

export const templateInputSchema = z.object({
  name: requiredText('Template name', 150),
  description: optionalText(1000).default(''),
  type: logTypeSchema.nullish(),
  checkListItems: checklistInput.min(1, 'Add at least one checklist item'),
  /**
   * A site admin's new template belongs to this site (one it administers); without it, to its only site.
   * An organisation admin's belongs to the organisation, whatever this says.
   */
  siteID: idSchema.optional(),
});
export type TemplateInput = z.input<typeof templateInputSchema>;
/** An edit never moves a template to another owner. */
export const templateUpdateSchema = templateInputSchema.omit({ siteID: true }).extend({ _id: idSchema });
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
  /** The site a site admin's copy belongs to, as on create-new-one. */
  siteID: idSchema.optional(),
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
