import { z } from 'zod';
import { call, toFormData, type CallOptions } from '@console/shared-sdk';
import {
  individualTaskSchema,
  taskCommentSchema,
  taskListDataSchema,
  taskViewSchema,
  type ChecklistItemStatusChange,
  type FollowUpCancel,
  type IndividualTask,
  type TaskBucket,
  type TaskComment,
  type TaskListData,
  type TaskRef,
  type TaskStatusChange,
  type TaskView,
} from '../contract/task-occurrences.js';
import type { RecordStatus } from '../contract/enums.js';
import type { ListParams } from '../contract/common.js';

// The tasks domain's occurrences: a day's list, one task's view, its checklist, status and comments, and
// deleting from a date. Apart from the definitions' calls (./api.ts) so a screen that lists a day does not
// download those; ./api.ts re-exports all of it, and `masterTaskApi` includes `occurrenceApi`.

const ignoredData = z.unknown().transform((): void => undefined);

/** The daily list's query as the console sends it. */
export type TaskDayParams = ListParams & {
  siteID: string;
  taskListDate: string;
  status?: RecordStatus | TaskBucket;
};

/** /master-task's calls on occurrences. */
export const occurrenceApi = {
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
  /** A follow-up check still open cancelled with a reason (the food was thrown away). */
  cancelFollowUp: (cancel: FollowUpCancel, options?: CallOptions): Promise<IndividualTask> =>
    call(
      { method: 'put', path: 'individual-task/cancel-follow-up', json: cancel, data: individualTaskSchema },
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
