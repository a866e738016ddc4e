import { ApiError, type CallOptions, type ListData, type ListParams } from '@console/shared-sdk';
import {
  occurrenceApi,
  type IndividualTask,
  type TaskBucket,
  type TaskComment,
  type TaskHistoryEntry,
  type TaskListData,
  type TaskRef,
} from '@console/shared-sdk/tasks';

// The daily list's data as the kit's declaration needs it: rows known by both of an occurrence's ids, and
// the status tabs' counts in the same answer as the rows (web-app-list returns both).

/**
 * The status tab that shows every task of the day but the deleted ones. The API has no such status (it is
 * what it lists without one), so the list leaves it off the request; its count is the API's `counts.ALL`.
 */
export const everyTask = 'ALL';
export type TaskTab = TaskBucket | typeof everyTask;

/** The list's own query params: `taskListDate` and `status` are the API's names, so a link can use them. */
export type TaskFilters = { siteID?: string; taskListDate?: string; status?: TaskTab };

/** One occurrence as the list and the view show it (`_id` is the occurrence's own). */
export type TaskRow = IndividualTask & {
  /** Only in the view (view-task). */
  comments?: TaskComment[];
  history?: TaskHistoryEntry[];
};

// Ids are UUIDs (hex and hyphens), so a dot cannot be part of one; it is also left as it is in a URL.
const keySeparator = '.';

/** An occurrence's key: `masterTaskID.individualTaskID`. */
export const taskKey = (ref: TaskRef): string => `${ref.masterTaskID}${keySeparator}${ref.individualTaskID}`;

/** The ids a key holds, or null for a key this screen did not make (an edited link). */
export function taskRefOf(key: string): TaskRef | null {
  const parts = key.split(keySeparator);
  const [masterTaskID, individualTaskID] = parts;
  if (parts.length !== 2 || !masterTaskID || !individualTaskID) return null;
  return { masterTaskID, individualTaskID };
}

export const refOf = (row: Pick<TaskRow, 'masterTaskID' | '_id'>): TaskRef => ({
  masterTaskID: row.masterTaskID,
  individualTaskID: row._id,
});

/**
 * The key a task goes by in the list and the URL (the declaration's `getRowId`): both of its ids, because
 * view-task needs both and a `?view=` link must open it on its own.
 */
export const taskRowId = (row: Pick<TaskRow, 'masterTaskID' | '_id'>): string => taskKey(refOf(row));

export type DayCounts = TaskListData['counts'];
type DayQuery = Parameters<typeof occurrenceApi.day>[0];
type LoadDay = (query: DayQuery, options?: CallOptions) => Promise<TaskListData>;

type DayParams = ListParams & TaskFilters;

/** The request for a day: the kit always sends the site (site-scoped) and the day (a day filter). */
function dayQuery({ siteID, taskListDate, status, ...list }: DayParams): DayQuery {
  if (siteID === undefined || taskListDate === undefined)
    throw new Error('The daily task list needs a site and a day');
  return { ...list, siteID, taskListDate, ...(status && status !== everyTask ? { status } : {}) };
}

/** What the list last answered: the site, day and search it was for, and the day's counts. */
export interface ShownDay {
  siteID: string;
  taskListDate: string;
  search: string;
  counts: DayCounts;
}

/**
 * The daily list for the kit: `list` and `get` for the declaration's api. The day's answer carries the
 * status tabs' counts beside its rows (web-app-list returns both), so the tabs need no call of their own.
 */
export function dailyTaskSource(load: LoadDay = occurrenceApi.day) {
  let shown: ShownDay | null = null;
  const listeners = new Set<() => void>();

  return {
    async list(
      params: DayParams,
      options: CallOptions = {},
    ): Promise<ListData<TaskRow> & { counts: DayCounts }> {
      const data = await load(dayQuery(params), options);
      shown = {
        siteID: params.siteID ?? '',
        taskListDate: params.taskListDate ?? '',
        search: params.search ?? '',
        counts: data.counts,
      };
      for (const listener of listeners) listener();
      return {
        list: data.list,
        records: data.records,
        page: data.page,
        limit: data.limit,
        counts: data.counts,
      };
    },

    async get(key: string, options: CallOptions = {}): Promise<TaskRow> {
      const ref = taskRefOf(key);
      if (!ref) throw new ApiError({ status: 404, message: 'Task not found', code: 'NOT_FOUND' });
      return occurrenceApi.view(ref, options);
    },

    /** The day the list last showed (for what to say when it is empty). */
    shownDay: (): ShownDay | null => shown,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
