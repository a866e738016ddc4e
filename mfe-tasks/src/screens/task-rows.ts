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
import type { CountParams, FilterValue } from '@console/shared-sdk/ui';

// The daily list's data as the kit's declaration needs it: rows keyed by both of an occurrence's ids, and
// the status tabs' counts taken from the same answer as the rows (web-app-list returns both).

/**
 * The status tab that shows every task of the day but the deleted ones. The API has no such status (it is
 * what it lists without one), so the list leaves it off the request; its count is the API's `counts.ALL`.
 */
export const everyTask = 'ALL';
export type TaskTab = TaskBucket | typeof everyTask;

/** The list's own query params: `taskListDate` and `status` are the API's names, so a link can use them. */
export type TaskFilters = { siteID?: string; taskListDate?: string; status?: TaskTab };

/**
 * One occurrence as the list and the view show it. `_id` holds both of its ids (see taskKey), because
 * view-task needs both and a `?view=` link must open it on its own.
 */
export type TaskRow = Omit<IndividualTask, '_id'> & {
  _id: string;
  individualTaskID: string;
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

export const refOf = (row: Pick<TaskRow, 'masterTaskID' | 'individualTaskID'>): TaskRef => ({
  masterTaskID: row.masterTaskID,
  individualTaskID: row.individualTaskID,
});

function toTaskRow<Task extends IndividualTask>(task: Task): TaskRow & Omit<Task, '_id'> {
  return {
    ...task,
    _id: taskKey({ masterTaskID: task.masterTaskID, individualTaskID: task._id }),
    individualTaskID: task._id,
  };
}

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

/** The counts are for the day, the site and the search; not for the status, the page or the sort. */
const countsKey = (params: { siteID?: unknown; taskListDate?: unknown; search?: string }) =>
  JSON.stringify([params.siteID, params.taskListDate, params.search ?? '']);

const text = (value: FilterValue) => (typeof value === 'string' ? value : undefined);

/** What the list last answered: the site, day and search it was for, and the day's counts. */
export interface ShownDay {
  siteID: string;
  taskListDate: string;
  search: string;
  counts: DayCounts;
}

interface CountsWaiter {
  key: string;
  /** Only answers to requests sent after this one was asked for count: earlier ones may predate a change. */
  after: number;
  /** Whether a request for its day went out since, whose answer it can take. */
  asked: boolean;
  resolve(counts: DayCounts): void;
  reject(error: unknown): void;
}

/**
 * The daily list for the kit: `list` and `get` for the declaration's api, and `counts` for its status
 * tabs. The tabs ask for counts in the same render as the list asks for rows (both follow the same query),
 * so `counts` waits for the list's answer instead of asking the server for the day a second time. When no
 * list request follows (nothing but the tabs changed), it asks on its own.
 */
export function dailyTaskSource(load: LoadDay = occurrenceApi.day) {
  let sent = 0;
  let waiting: CountsWaiter[] = [];
  let shown: ShownDay | null = null;
  const listeners = new Set<() => void>();

  const answerWaiting = (key: string, request: number, answer: (waiter: CountsWaiter) => void) => {
    const answered = waiting.filter((waiter) => waiter.key === key && waiter.after < request);
    waiting = waiting.filter((waiter) => !answered.includes(waiter));
    answered.forEach(answer);
  };

  const ask = (params: DayParams, options: CallOptions): Promise<TaskListData> => {
    const request = ++sent;
    const key = countsKey(params);
    for (const waiter of waiting) if (waiter.key === key) waiter.asked = true;
    let answer: Promise<TaskListData>;
    try {
      answer = load(dayQuery(params), options);
    } catch (error) {
      answer = Promise.reject(error);
    }
    answer.then(
      (data) => answerWaiting(key, request, (waiter) => waiter.resolve(data.counts)),
      (error: unknown) => {
        // A cancelled request was replaced by a newer one, whose answer the waiting counts take.
        if (!options.signal?.aborted) answerWaiting(key, request, (waiter) => waiter.reject(error));
      },
    );
    return answer;
  };

  return {
    async list(params: DayParams, options: CallOptions = {}): Promise<ListData<TaskRow>> {
      const data = await ask(params, options);
      shown = {
        siteID: params.siteID ?? '',
        taskListDate: params.taskListDate ?? '',
        search: params.search ?? '',
        counts: data.counts,
      };
      for (const listener of listeners) listener();
      return { list: data.list.map(toTaskRow), records: data.records, page: data.page, limit: data.limit };
    },

    async get(key: string, options: CallOptions = {}): Promise<TaskRow> {
      const ref = taskRefOf(key);
      if (!ref) throw new ApiError({ status: 404, message: 'Task not found', code: 'NOT_FOUND' });
      return toTaskRow(await occurrenceApi.view(ref, options));
    },

    counts(params: CountParams, signal: AbortSignal): Promise<Partial<Record<TaskTab, number>>> {
      return new Promise<DayCounts>((resolve, reject) => {
        const waiter: CountsWaiter = { key: countsKey(params), after: sent, asked: false, resolve, reject };
        waiting.push(waiter);
        signal.addEventListener('abort', () => {
          waiting = waiting.filter((other) => other !== waiter);
          reject(signal.reason);
        });
        setTimeout(() => {
          if (waiting.includes(waiter) && !waiter.asked)
            ask(
              {
                siteID: text(params.siteID),
                taskListDate: text(params.taskListDate),
                search: params.search,
                page: 1,
                limit: 1,
              },
              { signal },
            ).catch(() => undefined);
        }, 0);
      });
    },

    /** The day the list last showed (for what to say when it is empty). */
    shownDay: (): ShownDay | null => shown,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
