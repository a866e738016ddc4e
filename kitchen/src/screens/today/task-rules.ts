import type { IndividualTask, TaskBucket, TaskView } from '@console/shared-sdk/contract';

// The task rules the server applies, as the app needs them before the server has answered: what still
// stands between a task and its completion, and where a task stands for the day (its bucket).

/** Whether the line has its photo among the task's comments (sent, or waiting to be). */
export const lineHasPhoto = (task: Pick<TaskView, 'comments'>, lineId: string) =>
  task.comments.some((one) => one.type === 'IMAGE' && one.checkListID === lineId);

export type CompletionProblem =
  | { kind: 'lineNotDone'; line: string }
  | { kind: 'linePhotoMissing'; line: string }
  | { kind: 'taskPhotoMissing' };

/** What still stands between the task and its completion (the server's completionProblems). */
export function completionProblems(task: TaskView): CompletionProblem[] {
  const problems: CompletionProblem[] = [];
  for (const line of task.itemCheckList) {
    if (line.required && line.status === 'PENDING') problems.push({ kind: 'lineNotDone', line: line.text });
    if (line.photoRequired && !lineHasPhoto(task, line._id))
      problems.push({ kind: 'linePhotoMissing', line: line.text });
  }
  if (task.photoRequired && !task.comments.some((one) => one.type === 'IMAGE'))
    problems.push({ kind: 'taskPhotoMissing' });
  return problems;
}

/** Where a task stands at `now` (the dashboard's buckets): done on time or late, overdue, or still to do. */
export function bucketOf(
  task: Pick<IndividualTask, 'status' | 'expireOn' | 'completedAt'>,
  now: number,
): TaskBucket {
  if (task.status === 'DELETED') return 'DELETED';
  if (task.status === 'COMPLETED') {
    const at = task.completedAt ? new Date(task.completedAt).getTime() : now;
    return at <= new Date(task.expireOn).getTime() ? 'ON_TIME' : 'LATE';
  }
  return now > new Date(task.expireOn).getTime() ? 'INCOMPLETE' : 'UPCOMING';
}
