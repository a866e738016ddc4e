import { z } from 'zod';
import { call, segment, standardResource, toFormData, type CallOptions } from '@console/shared-sdk';
import {
  individualTaskSchema,
  libraryTemplateSchema,
  masterTaskOptionSchema,
  masterTaskSchema,
  taskCategoryOptionSchema,
  taskCategorySchema,
  taskCommentSchema,
  taskListDataSchema,
  taskViewSchema,
  templateOptionSchema,
  templateSchema,
  type ChecklistItemStatusChange,
  type IndividualTask,
  type LibraryImport,
  type LibraryTemplate,
  type MasterTask,
  type MasterTaskInput,
  type MasterTaskOption,
  type MasterTaskUpdate,
  type TaskCategory,
  type TaskCategoryInput,
  type TaskCategoryOption,
  type TaskCategoryUpdate,
  type TaskComment,
  type TaskListData,
  type TaskRef,
  type TaskBucket,
  type TaskStatusChange,
  type TaskView,
  type Template,
  type TemplateInput,
  type TemplateOption,
  type TemplateUpdate,
} from '../contract/tasks.js';
import { siteDashboardSchema, type DashboardQuery, type SiteDashboard } from '../contract/dashboard.js';
import type { LogType, RecordStatus } from '../contract/enums.js';
import type { ListParams } from '../contract/common.js';

// The tasks domain (issue 10): /template-panel, /pre-defined-template, /task-category, /master-task,
// /individual-task and /comment-task, one function per call of spec section 7, each typed by the contract
// the API validates with.

const ignoredData = z.unknown().transform((): void => undefined);

/** The daily list's query as the console sends it. */
export type TaskDayParams = ListParams & {
  siteID: string;
  taskListDate: string;
  status?: RecordStatus | TaskBucket;
};

// ---- templates ------------------------------------------------------------------------------------------

export type TemplateFilters = { type?: LogType };

/** /template-panel: the organisation's checklist templates. */
export const templateApi = {
  ...standardResource<Template, TemplateInput, TemplateUpdate, TemplateFilters>(
    'template-panel',
    templateSchema,
  ),
  /** GET /simple-list: templates for pickers, by name. */
  simpleList: (options?: CallOptions): Promise<TemplateOption[]> =>
    call({ method: 'get', path: 'template-panel/simple-list', data: z.array(templateOptionSchema) }, options),
};

/** /pre-defined-template: the platform's template library. */
export const libraryApi = {
  list: (options?: CallOptions): Promise<LibraryTemplate[]> =>
    call(
      { method: 'get', path: 'pre-defined-template/simple-list', data: z.array(libraryTemplateSchema) },
      options,
    ),
  get: (id: string, options?: CallOptions): Promise<LibraryTemplate> =>
    call(
      { method: 'get', path: `pre-defined-template/find-one/${segment(id)}`, data: libraryTemplateSchema },
      options,
    ),
  /** POST /import-one: a copy in the caller's organisation (409 on `name` when the name is taken). */
  importOne: (input: LibraryImport, options?: CallOptions): Promise<Template> =>
    call(
      { method: 'post', path: 'pre-defined-template/import-one', json: input, data: templateSchema },
      options,
    ),
};

// ---- categories -----------------------------------------------------------------------------------------

export type TaskCategoryFilters = { siteID?: string };

/** /task-category: the organisation's task categories and the sites where they apply. */
export const taskCategoryApi = {
  ...standardResource<TaskCategory, TaskCategoryInput, TaskCategoryUpdate, TaskCategoryFilters>(
    'task-category',
    taskCategorySchema,
  ),
  simpleList: (siteID: string, options?: CallOptions): Promise<TaskCategoryOption[]> =>
    call(
      {
        method: 'get',
        path: 'task-category/simple-list',
        query: { siteID },
        data: z.array(taskCategoryOptionSchema),
      },
      options,
    ),
};

// ---- master tasks and their occurrences -----------------------------------------------------------------

/** /master-task: what must be done on a site and when, and each day's occurrences. */
export const masterTaskApi = {
  get: (id: string, options?: CallOptions): Promise<MasterTask> =>
    call({ method: 'get', path: `master-task/find-one/${segment(id)}`, data: masterTaskSchema }, options),
  create: (input: MasterTaskInput, options?: CallOptions): Promise<MasterTask> =>
    call(
      { method: 'post', path: 'master-task/create-new-one', json: input, data: masterTaskSchema },
      options,
    ),
  update: (input: MasterTaskUpdate, options?: CallOptions): Promise<MasterTask> =>
    call({ method: 'put', path: 'master-task/update-one', json: input, data: masterTaskSchema }, options),
  simpleList: (siteID: string, options?: CallOptions): Promise<MasterTaskOption[]> =>
    call(
      {
        method: 'get',
        path: 'master-task/simple-list',
        query: { siteID },
        data: z.array(masterTaskOptionSchema),
      },
      options,
    ),
  /** DELETE /delete-one: from `date` on (FUTURE, the default), or that day's task only (ONE). */
  remove: (
    query: { masterTaskID: string; date: string; scope?: 'ONE' | 'FUTURE' },
    options?: CallOptions,
  ): Promise<void> =>
    call({ method: 'delete', path: 'master-task/delete-one', query, data: ignoredData }, options),
  /** GET /web-app-list: one local day of a site's tasks, with each bucket's count. */
  day: (query: TaskDayParams, options?: CallOptions): Promise<TaskListData> =>
    call({ method: 'get', path: 'master-task/web-app-list', query, data: taskListDataSchema }, options),
  /** GET /view-task: one occurrence with its checklist, comments, photos and history. */
  view: (ref: TaskRef, options?: CallOptions): Promise<TaskView> =>
    call({ method: 'get', path: 'master-task/view-task', query: ref, data: taskViewSchema }, options),
};

/** /individual-task: an admin moving an occurrence or one of its checklist lines. */
export const individualTaskApi = {
  changeItem: (change: ChecklistItemStatusChange, options?: CallOptions): Promise<IndividualTask> =>
    call(
      {
        method: 'put',
        path: 'individual-task/check-list-item-status-change',
        json: change,
        data: individualTaskSchema,
      },
      options,
    ),
  changeStatus: (change: TaskStatusChange, options?: CallOptions): Promise<IndividualTask> =>
    call(
      {
        method: 'put',
        path: 'individual-task/task-status-complete',
        json: change,
        data: individualTaskSchema,
      },
      options,
    ),
};

/** /comment-task: comments and photos on an occurrence. */
export const taskCommentApi = {
  list: (ref: TaskRef & { checkListID?: string }, options?: CallOptions): Promise<TaskComment[]> =>
    call(
      { method: 'get', path: 'comment-task/comments-listing', query: ref, data: z.array(taskCommentSchema) },
      options,
    ),
  /** A text comment, or one photo (`image`), on the task or one of its lines. */
  create: (
    input: TaskRef & { checkListID?: string; comment?: string; image?: File },
    options?: CallOptions,
  ): Promise<TaskComment> =>
    call(
      {
        method: 'post',
        path: 'comment-task/create-new-one',
        form: toFormData(input),
        data: taskCommentSchema,
      },
      options,
    ),
  remove: (id: string, options?: CallOptions): Promise<void> =>
    call(
      { method: 'delete', path: 'comment-task/remove-comments', json: { _id: id }, data: ignoredData },
      options,
    ),
};

/** /task-dashboard: where a site's tasks stand. */
export const taskDashboardApi = {
  /** GET /site: each bucket's count for a range of the site's local dates (default its week), and each day. */
  site: (query: DashboardQuery, options?: CallOptions): Promise<SiteDashboard> =>
    call({ method: 'get', path: 'task-dashboard/site', query, data: siteDashboardSchema }, options),
};
