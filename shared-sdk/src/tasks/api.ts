import { z } from 'zod';
import { call, segment, standardResource, type CallOptions } from '@console/shared-sdk';
import { occurrenceApi } from './occurrence-api.js';
import {
  libraryTemplateSchema,
  masterTaskOptionSchema,
  masterTaskSchema,
  taskCategoryOptionSchema,
  taskCategorySchema,
  templateOptionSchema,
  templateSchema,
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
  type Template,
  type TemplateInput,
  type TemplateOption,
  type TemplateUpdate,
} from '../contract/tasks.js';
import type { LogType } from '../contract/enums.js';

// The tasks domain (issue 10): /template-panel, /pre-defined-template, /task-category, /master-task,
// /individual-task and /comment-task, one function per call of spec section 7, each typed by the contract
// the API validates with. The occurrences' calls live in ./occurrence-api.ts and the site dashboard's in
// ./dashboard-api.ts, both re-exported here.

export * from './occurrence-api.js';
export * from './dashboard-api.js';

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

// ---- master tasks -----------------------------------------------------------------------------------------

/**
 * /master-task: what must be done on a site and when, and (`occurrenceApi`, from ./occurrence-api.ts) each
 * day's occurrences.
 */
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
  ...occurrenceApi,
};
