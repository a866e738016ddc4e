import { Stack, Typography } from '@console/shared-sdk/mui';
import type { TaskHistoryEntry } from '@console/shared-sdk/tasks';
import type { TaskRow } from './task-rows';
import { siteDateTime, useTaskFormat } from './task-times';

// The task's record of changes after completion, in the view: who changed what, when and why. A download
// of its own, with the view's other sections, not with the list.

const actionWords: Record<TaskHistoryEntry['action'], string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
};

export function TaskHistory({ task }: { task: TaskRow }) {
  const format = useTaskFormat(task);
  const entries = task.history ?? [];
  if (entries.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No changes after completion.
      </Typography>
    );
  return (
    <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {entries.map((entry) => (
        <Stack component="li" key={entry._id} spacing={0.25}>
          <Typography variant="body2" color="text.secondary">
            <time dateTime={entry.at}>{siteDateTime(format, entry.at)}</time>, {entry.actorName}
          </Typography>
          <Typography variant="body2">{entry.summary || actionWords[entry.action]}</Typography>
          {entry.reason && <Typography variant="body2">Why: {entry.reason}</Typography>}
        </Stack>
      ))}
    </Stack>
  );
}
