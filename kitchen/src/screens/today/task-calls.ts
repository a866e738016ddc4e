import { toFormData } from '@console/shared-sdk';
import type {
  ChecklistItemStatus,
  IndividualTask,
  TaskComment,
  TaskRef,
  TaskView,
} from '@console/shared-sdk/contract';
import { kitchenApi } from '../../api/calls';
import type { LocalRecords } from '../../local/records';
import type { OutboxCall } from '../../sync/calls';
import { putTask } from '../../sync/refresh';
import { bucketOf, completionProblems, lineHasPhoto } from './task-rules';

// The outbox's calls for a task: tick or fail a line, comment or add a photo, complete. Each shows at once
// in the person's stored day and task view the way the server will record it (a last required line done
// completes the task there too), and the server's answer replaces that when it comes.

/** Who recorded it, as the task's lines and comments name people. */
export interface Recorder {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface CheckPayload extends TaskRef {
  checkListID: string;
  status: ChecklistItemStatus;
  comment?: string;
  by: Recorder;
}

export interface CommentPayload extends TaskRef {
  checkListID?: string;
  comment?: string;
  /** A photo from the camera, kept as it is until it is sent. */
  photo?: Blob;
  by: Recorder;
}

export interface CompletePayload extends TaskRef {
  by: Recorder;
}

const refOf = ({ masterTaskID, individualTaskID }: TaskRef): TaskRef => ({ masterTaskID, individualTaskID });

/** The task as the day or its view has it, changed by `change` in both. */
function changeTask(records: LocalRecords, taskId: string, change: (task: TaskView) => TaskView) {
  const view = records.views.get(taskId);
  const listed = records.day?.list.find((task) => task._id === taskId);
  const base: TaskView | null = view ?? (listed ? { ...listed, comments: [], history: [] } : null);
  if (!base) return;
  const changed = change(base);
  if (view) records.views.set(taskId, changed);
  if (records.day && listed) {
    const { comments: _comments, history: _history, ...task } = changed;
    records.day = {
      ...records.day,
      list: records.day.list.map((one) => (one._id === taskId ? { ...one, ...task } : one)),
    };
  }
}

/** The task completed by `by` at `at`, as the server records it. */
function completed(task: TaskView, by: Recorder, at: string): TaskView {
  const done = { ...task, status: 'COMPLETED' as const, completedAt: at, completedBy: by };
  return { ...done, bucket: bucketOf(done, Date.now()) };
}

/** The task as the person's records have it (its view, else the day's list). */
const taskIn = (records: LocalRecords, ref: TaskRef) =>
  records.views.get(ref.individualTaskID) ??
  records.day?.list.find((task) => task._id === ref.individualTaskID);

const taskName = (records: LocalRecords, ref: TaskRef) => taskIn(records, ref)?.name ?? '';

export const checkLine: OutboxCall<CheckPayload, IndividualTask> = {
  send: (payload, { identity, clientId, deviceTime }) =>
    kitchenApi.changeLine(
      {
        ...refOf(payload),
        checkListID: payload.checkListID,
        status: payload.status,
        ...(payload.comment ? { comment: payload.comment } : {}),
        changedAt: deviceTime,
        clientId,
      },
      identity,
    ),
  apply(records, payload, action) {
    changeTask(records, payload.individualTaskID, (task) => {
      const itemCheckList = task.itemCheckList.map((line) =>
        line._id === payload.checkListID
          ? {
              ...line,
              status: payload.status,
              statusChangeOn: action.deviceTime,
              changedBy: payload.by,
              comment: payload.comment ?? (payload.status === 'FAILED' ? line.comment : null),
            }
          : line,
      );
      const changed = { ...task, itemCheckList };
      // The server completes a pending task when its last required line is done and its photos are there.
      const allRequiredDone = itemCheckList.every((line) => !line.required || line.status !== 'PENDING');
      if (task.status === 'PENDING' && allRequiredDone && completionProblems(changed).length === 0) {
        return completed(changed, payload.by, action.deviceTime);
      }
      return changed;
    });
  },
  settle: (records, answer) => putTask(records, answer),
  taskOf: refOf,
  timeField: 'changedAt',
  describe: (payload, records) => {
    const task = taskIn(records, payload);
    const line = task?.itemCheckList.find((item) => item._id === payload.checkListID)?.text ?? '';
    return { key: 'taskCheck', values: { line, task: taskName(records, payload) } };
  },
};

export const comment: OutboxCall<CommentPayload, TaskComment> = {
  send: (payload, { identity, clientId }) =>
    kitchenApi.comment(
      toFormData({
        ...refOf(payload),
        ...(payload.checkListID ? { checkListID: payload.checkListID } : {}),
        ...(payload.comment ? { comment: payload.comment } : {}),
        clientId,
        ...(payload.photo ? { photo: payload.photo } : {}),
      }),
      identity,
    ),
  apply(records, payload, action) {
    changeTask(records, payload.individualTaskID, (task) => {
      if (task.comments.some((one) => one._id === action.clientId)) return task;
      const added: TaskComment = {
        // Until the server answers, the comment goes by its action's id.
        _id: action.clientId,
        ...refOf(payload),
        checkListID: payload.checkListID ?? null,
        type: payload.photo ? 'IMAGE' : 'TEXT',
        text: payload.comment ?? null,
        image: null,
        author: payload.by,
        createdAt: action.deviceTime,
      };
      return {
        ...task,
        comments: [...task.comments, added],
        commentCount: task.commentCount + (payload.photo ? 0 : 1),
        imageCount: task.imageCount + (payload.photo ? 1 : 0),
      };
    });
  },
  settle(records, answer, _payload, action) {
    const view = records.views.get(answer.individualTaskID);
    if (!view) return;
    const others = view.comments.filter((one) => one._id !== answer._id && one._id !== action.clientId);
    records.views.set(answer.individualTaskID, { ...view, comments: [...others, answer] });
  },
  taskOf: refOf,
  describe: (payload, records) => ({
    key: payload.photo ? 'taskPhoto' : 'taskComment',
    values: { task: taskName(records, payload) },
  }),
};

export const complete: OutboxCall<CompletePayload, IndividualTask> = {
  send: (payload, { identity, clientId, deviceTime }) =>
    kitchenApi.complete({ ...refOf(payload), completedAt: deviceTime, clientId }, identity),
  apply(records, payload, action) {
    changeTask(records, payload.individualTaskID, (task) =>
      task.status === 'COMPLETED' ? task : completed(task, payload.by, action.deviceTime),
    );
  },
  settle: (records, answer) => putTask(records, answer),
  taskOf: refOf,
  timeField: 'completedAt',
  describe: (payload, records) => ({ key: 'taskComplete', values: { task: taskName(records, payload) } }),
};

export { lineHasPhoto };
