import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  ChecklistItemStatus,
  FollowUpCancelCause,
  LogType,
  RecordStatus,
  RepeatKind,
  SlotName,
} from '@console/shared-sdk/contract';
import { createdAt, instant, updatedAt } from '../../platform/db/columns.js';
import { files, orgRecord, siteRecord, sites, users } from '../../platform/db/schema.js';
import { departments } from '../people/index.js';

// Tasks: checklist templates (each organisation's, and the platform's library), task categories, master
// tasks with their schedules, and their occurrences, one per local date of the site (DOMAIN.md "Tasks").
// Checklists are copied, never referenced: a template edited later does not change a task made from it,
// and a master task edited later does not change an occurrence already made (what staff ticked stays
// what they saw).

/** What a follow-up task follows: the reading that made it, and the item to read again. */
export interface FollowUpRecord {
  kind: 'COOLING' | 'HOT_HOLD';
  /** The reading that made it (the cooling start, or the last hot-holding check). */
  readingId: string;
  /** The food item or probe to read again. */
  foodItemId: string;
  /** The item's name when the follow-up was made, for its alert's words (tasks read no equipment table). */
  itemName: string;
  /** When it falls due, an instant: cooling began + a stage's time, or the last check + the re-check interval. */
  dueAt: string;
  /**
   * The check whose reading takes it, which stage of how many it is, what that reading must meet (°C) and
   * the rule set it was made under. Absent on a follow-up made before rule sets: England's single stage.
   */
  checkKind?: string;
  stage?: number;
  stages?: number;
  limits?: { lowerLimit: number | null; upperLimit: number | null };
  jurisdiction?: string;
  /** Set when it was cancelled (its occurrence DELETED): why, in whose words, and when. */
  cancelled?: { cause: FollowUpCancelCause; reason: string; at: string; by: string };
}

/** One line of a checklist as a template or a master task defines it; `id` names it in occurrences. */
export interface ChecklistItemRecord {
  id: string;
  text: string;
  required: boolean;
  photoRequired: boolean;
}

/** A checklist line of one occurrence, with where it stands and who moved it there. */
export interface OccurrenceItemRecord extends ChecklistItemRecord {
  status: ChecklistItemStatus;
  /** ISO instant of the last change (the device's time for staff). */
  statusChangeOn: string | null;
  changedBy: string | null;
  comment: string | null;
}

/** The platform's library of checklist templates: every organisation may import a copy. */
export const libraryTemplates = pgTable('library_templates', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  type: text('type').$type<LogType>(),
  items: jsonb('items').$type<ChecklistItemRecord[]>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** An organisation's checklist template; its name is unique in the organisation among live ones. */
export const checklistTemplates = pgTable(
  'checklist_templates',
  {
    ...orgRecord(),
    /**
     * The site whose admin made it, which that site's admins may change; null for the organisation's own,
     * which only organisation admins change (docs/decisions.md).
     */
    ownerSiteId: uuid('owner_site_id').references(() => sites.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type').$type<LogType>(),
    items: jsonb('items').$type<ChecklistItemRecord[]>().notNull(),
    libraryTemplateId: uuid('library_template_id').references(() => libraryTemplates.id),
  },
  (t) => [
    uniqueIndex('checklist_templates_org_name_live_key')
      .on(t.orgId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** A task category of the organisation, applying on some of its sites. */
export const taskCategories = pgTable(
  'task_categories',
  {
    ...orgRecord(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [
    uniqueIndex('task_categories_org_name_live_key')
      .on(t.orgId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** The spec's category `siteID` list. */
export const taskCategorySites = pgTable(
  'task_category_sites',
  {
    categoryId: uuid('category_id')
      .notNull()
      .references(() => taskCategories.id),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.siteId] }),
    index('task_category_sites_site_idx').on(t.siteId),
  ],
);

/**
 * What must be done on a site and when. The category's `masterTaskID` list is the master tasks that name
 * it here, so the two can never disagree.
 */
export const masterTasks = pgTable(
  'master_tasks',
  {
    ...siteRecord(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    categoryId: uuid('category_id').references(() => taskCategories.id),
    templateId: uuid('template_id').references(() => checklistTemplates.id),
    items: jsonb('items').$type<ChecklistItemRecord[]>().notNull(),
    photoRequired: boolean('photo_required').notNull().default(false),
    repeat: text('repeat').$type<RepeatKind>().notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    /** WEEKLY: day keys 0 (Sunday) to 6. */
    weekdays: jsonb('weekdays').$type<number[]>().notNull().default([]),
    dayOfMonth: integer('day_of_month'),
    dueSlot: text('due_slot').$type<SlotName>(),
    /** HH:mm, local. */
    dueTime: text('due_time'),
    /** Deleted from this local date on: no occurrence is made on it or after it. */
    stoppedFrom: date('stopped_from', { mode: 'string' }),
    /**
     * Every date from the start date to this one has been made (or found closed): reading those dates again
     * needs no check. Null until a making covers the start date; moved back when the schedule or the site's
     * hours change (domains/tasks/occurrences.ts).
     */
    madeThrough: date('made_through', { mode: 'string' }),
    /**
     * A follow-up check (issue 24, DOMAIN.md "Time rules for records"): a one-off task made by a reading (a
     * cooling start, a hot hold) rather than by an admin, kept out of the scheduled tasks' list. Null for
     * every scheduled task.
     */
    followUp: jsonb('follow_up').$type<FollowUpRecord>(),
  },
  (t) => [
    index('master_tasks_org_site_idx').on(t.orgId, t.siteId),
    index('master_tasks_category_idx').on(t.categoryId),
    check('master_tasks_due_check', sql`(${t.dueSlot} is null) <> (${t.dueTime} is null)`),
  ],
);

export const masterTaskDepartments = pgTable(
  'master_task_departments',
  {
    masterTaskId: uuid('master_task_id')
      .notNull()
      .references(() => masterTasks.id),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id),
  },
  (t) => [
    primaryKey({ columns: [t.masterTaskId, t.departmentId] }),
    index('master_task_departments_department_idx').on(t.departmentId),
  ],
);

/** Who is assigned a master task (get-tasks-for-assign and bulk-assign read and write it). */
export const masterTaskAssignees = pgTable(
  'master_task_assignees',
  {
    masterTaskId: uuid('master_task_id')
      .notNull()
      .references(() => masterTasks.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.masterTaskId, t.userId] }),
    index('master_task_assignees_user_idx').on(t.userId),
  ],
);

/**
 * One occurrence of a master task on one local date of its site. The unique key makes a second one for the
 * same date impossible: occurrences are made with insert-if-absent, by whichever request or background
 * run gets there first. Its checklist is copied from the master task when it is made.
 */
export const individualTasks = pgTable(
  'individual_tasks',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id').notNull(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id),
    masterTaskId: uuid('master_task_id')
      .notNull()
      .references(() => masterTasks.id),
    taskDate: date('task_date', { mode: 'string' }).notNull(),
    opensAt: instant('opens_at').notNull(),
    expireOn: instant('expire_on').notNull(),
    status: text('status').$type<RecordStatus>().notNull().default('PENDING'),
    items: jsonb('items').$type<OccurrenceItemRecord[]>().notNull(),
    /** When it was really completed (the device's time for staff). */
    completedAt: instant('completed_at'),
    completedBy: uuid('completed_by').references(() => users.id),
    /** When the completion reached the server. */
    syncedAt: instant('synced_at'),
    /**
     * An admin recorded the completion after the fact, at a time of their saying (a correction with a
     * reason, kept in the history): it never counts on time (docs/decisions.md, "Tasks").
     */
    enteredAfterTheFact: boolean('entered_after_the_fact').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('individual_tasks_master_date_key').on(t.masterTaskId, t.taskDate),
    index('individual_tasks_site_date_idx').on(t.siteId, t.taskDate),
    index('individual_tasks_site_expire_idx').on(t.siteId, t.expireOn),
  ],
);

/**
 * Each site's occurrences of a local date counted by outcome, for the scores: written by statement triggers
 * on individual_tasks (drizzle/0010), in the same transaction as every change, as signed changes (one row
 * per statement and day; a change is a minus for the row as it was and a plus for it as it is now), so
 * writers only ever insert here and never wait for one another. The background job folds a day's rows into
 * one (domains/tasks/site-day-tallies.ts); a day's counts are the sums of its rows.
 */
export const siteDayTallies = pgTable(
  'site_day_tallies',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id),
    taskDate: date('task_date', { mode: 'string' }).notNull(),
    /** Completed by their expiry. */
    onTime: integer('on_time').notNull(),
    /** Completed after it. */
    late: integer('late').notNull(),
    /** Neither completed nor deleted: missed once they expire. */
    open: integer('open').notNull(),
    /** The latest expiry among the day's live occurrences (never lowered): until then, count the rows. */
    lastExpireOn: instant('last_expire_on'),
  },
  (t) => [index('site_day_tallies_site_date_idx').on(t.siteId, t.taskDate)],
);

/** A comment on an occurrence, or a photo (TEXT or IMAGE), optionally about one checklist line. */
export const taskComments = pgTable(
  'task_comments',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id').notNull(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id),
    individualTaskId: uuid('individual_task_id')
      .notNull()
      .references(() => individualTasks.id),
    checklistItemId: uuid('checklist_item_id'),
    type: text('type').$type<'TEXT' | 'IMAGE'>().notNull(),
    text: text('text'),
    fileId: uuid('file_id').references(() => files.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    index('task_comments_task_idx').on(t.individualTaskId),
    check(
      'task_comments_kind_check',
      sql`(${t.type} = 'TEXT' and ${t.text} is not null) or (${t.type} = 'IMAGE' and ${t.fileId} is not null)`,
    ),
  ],
);
