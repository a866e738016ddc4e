import { Stack } from '@console/shared-sdk/mui';
import type { ReactNode } from 'react';
import type { TaskRow } from './task-rows';
import { EnteredAfterTheFactChip, SyncedLateChip } from './task-status';
import { siteTime, useTaskFormat } from './task-times';

// Who did what and when: the completion with both of its times (when it happened on the device, when it
// reached the server) and every change made after it, with its reason. Nothing here is ever rewritten.

/** When the task was done and by whom, and when that reached the server if it was much later. */
export function Completion({ task }: { task: TaskRow }): ReactNode {
  const format = useTaskFormat(task);
  if (!task.completedAt) return 'Not yet';
  const by = task.completedBy ? ` by ${task.completedBy.firstName} ${task.completedBy.lastName}` : '';
  return (
    <Stack
      direction="row"
      component="span"
      sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', height: '100%' }}
    >
      <span>
        <time dateTime={task.completedAt}>{siteTime(format, task.completedAt, task.taskDate)}</time>
        {by}
      </span>
      {task.syncedLate && <SyncedLateChip syncedAt={task.syncedAt} zone={task.timeZoneId} />}
      {task.enteredAfterTheFact && <EnteredAfterTheFactChip />}
    </Stack>
  );
}

/** When the completion reached the server: the device's time above is the one that counts. */
export function Received({ task }: { task: TaskRow }): ReactNode {
  const format = useTaskFormat(task);
  if (!task.syncedAt) return 'Not yet';
  return (
    <>
      <time dateTime={task.syncedAt}>{siteTime(format, task.syncedAt, task.taskDate)}</time>
      {task.syncedLate ? ', more than 30 minutes after it was done' : ''}
      {task.enteredAfterTheFact ? ', entered in the console after the fact' : ''}
    </>
  );
}
