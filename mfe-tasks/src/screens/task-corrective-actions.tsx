import { Chip, Link, Skeleton, Stack, Typography } from '@console/shared-sdk/mui';
import { Link as RouterLink } from '@console/shared-sdk/router';
import { useRead } from '@console/shared-sdk';
import {
  correctiveActionApi,
  correctiveActionKindLabels,
  correctiveActionStateLabels,
  type CorrectiveAction,
  type CorrectiveActionState,
} from '@console/shared-sdk/logs';
import { ErrorState, LtrText } from '@console/shared-sdk/ui';
import type { TaskRow } from './task-rows';
import { siteDateTime, useTaskFormat } from './task-times';

// The view's corrective actions: what went wrong with this occurrence (a failed checklist line, the task
// missed), where each action stands, what was done about it and who verified it. They are recorded and
// verified on the actions screen (mfe-logs), which each opens by its route, so this remote imports nothing
// of that one. A download of its own, with the view's other sections, not with the list.

const stateColors: Record<CorrectiveActionState, 'warning' | 'info' | 'success'> = {
  OPEN: 'warning',
  ACTION_RECORDED: 'info',
  VERIFIED: 'success',
};

function StateChips({ action }: { action: CorrectiveAction }) {
  return (
    <Stack direction="row" component="span" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      <Chip
        size="small"
        variant="outlined"
        color={stateColors[action.state]}
        label={correctiveActionStateLabels[action.state]}
      />
      {action.overdue && <Chip size="small" color="error" label="Overdue" />}
    </Stack>
  );
}

/** What went wrong: the kind, the checklist line it was about, and the API's words for the deviation. */
function Deviation({ action, task }: { action: CorrectiveAction; task: TaskRow }) {
  const line = action.source.lineID
    ? task.itemCheckList.find((item) => item._id === action.source.lineID)
    : undefined;
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {correctiveActionKindLabels[action.kind]}
        {line ? `: “${line.text}”` : ''}
      </Typography>
      <Typography variant="body2">{action.deviation}</Typography>
    </>
  );
}

function WhatWasDone({ action, task }: { action: CorrectiveAction; task: TaskRow }) {
  const format = useTaskFormat(task);
  if (action.actionTaken === null) {
    return (
      <Typography variant="body2" color={action.overdue ? 'error' : 'text.secondary'}>
        Nothing recorded yet; due by <time dateTime={action.dueAt}>{siteDateTime(format, action.dueAt)}</time>
        .
      </Typography>
    );
  }
  const discarded = action.foodDiscarded
    ? ` Food discarded${action.discardedQuantity ? `: ${action.discardedQuantity}` : ''}.`
    : '';
  return (
    <>
      <Typography variant="body2">
        Done: {action.actionTaken}
        {discarded}
      </Typography>
      {action.recordedBy && action.recordedAt && (
        <Typography variant="body2" color="text.secondary">
          Recorded by {action.recordedBy.name},{' '}
          <time dateTime={action.recordedAt}>{siteDateTime(format, action.recordedAt)}</time>
        </Typography>
      )}
    </>
  );
}

function Verification({ action, task }: { action: CorrectiveAction; task: TaskRow }) {
  const format = useTaskFormat(task);
  if (!action.verifiedBy || !action.verifiedAt) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      Verified by {action.verifiedBy.name},{' '}
      <time dateTime={action.verifiedAt}>{siteDateTime(format, action.verifiedAt)}</time>
      {action.verificationNote ? `: “${action.verificationNote}”` : ''}
    </Typography>
  );
}

export function TaskCorrectiveActions({ task }: { task: TaskRow }) {
  // A line marked failed in the view opens an action on the server, and so does the task falling overdue:
  // the key follows what opens one, so the section reads again when the view's task changes so.
  const opens = {
    updatedAt: task.updatedAt,
    status: task.status,
    bucket: task.bucket,
    lines: task.itemCheckList.map((item) => item.status),
  };
  const { data, error, reload } = useRead(['CorrectiveAction', 'record', 'Task', task._id, opens], (signal) =>
    correctiveActionApi.ofRecord('Task', task._id, { quiet: true, signal }),
  );
  if (data === undefined && error !== null)
    return <ErrorState message="The corrective actions could not be loaded." onRetry={reload} />;
  if (data === undefined)
    return <Skeleton variant="rounded" height={72} role="progressbar" aria-label="Loading the section" />;
  if (data.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        None: nothing about this task has gone wrong.
      </Typography>
    );
  return (
    <Stack component="ul" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {data.map((action) => (
        <Stack component="li" key={action._id} spacing={0.5} aria-label={`Corrective action ${action.ref}`}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Link
              component={RouterLink}
              to={`/dashboard/correctiveAction?view=${encodeURIComponent(action._id)}`}
            >
              View <LtrText>{action.ref}</LtrText>
            </Link>
            <StateChips action={action} />
          </Stack>
          <Deviation action={action} task={task} />
          <WhatWasDone action={action} task={task} />
          <Verification action={action} task={task} />
        </Stack>
      ))}
    </Stack>
  );
}
