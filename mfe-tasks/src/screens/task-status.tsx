import { Chip, Stack, Tooltip, Typography } from '@console/shared-sdk/mui';
import { consoleIcons } from '@console/shared-sdk/icons';
import type { Option } from '@console/shared-sdk';
import { taskBucketLabels } from '@console/shared-sdk/contract';
import {
  followUpCancelCauseLabels,
  type FollowUpCancellation,
  type OccurrenceChecklistItem,
  type TaskBucket,
} from '@console/shared-sdk/tasks';
import { StatusChip, type TaskProgress } from '@console/shared-sdk/ui';
import { everyTask } from './task-rows';
import { siteDateTime, useTaskFormat } from './task-times';

// Where a task stands, in words with a colour and a shape each (never colour alone): the dashboard's four
// buckets (DOMAIN.md "Tasks"), a deleted task, a reported problem, a late sync and each checklist line.

const progressOf: Record<Exclude<TaskBucket, 'DELETED'>, TaskProgress> = {
  UPCOMING: 'upcoming',
  ON_TIME: 'completedOnTime',
  LATE: 'completedOverdue',
  INCOMPLETE: 'overdue',
};

/** The status tabs: every task of the day but the deleted ones, then each bucket. */
export const taskTabs: readonly Option[] = [
  { value: everyTask, label: 'All' },
  ...(['UPCOMING', 'ON_TIME', 'LATE', 'INCOMPLETE', 'DELETED'] as const).map((bucket) => ({
    value: bucket,
    label: taskBucketLabels[bucket],
  })),
];

/** The bucket in its dashboard colour and shape; a deleted task plain, with the delete shape. */
export function BucketChip({ bucket }: { bucket: TaskBucket }) {
  if (bucket === 'DELETED') {
    const Deleted = consoleIcons.delete;
    return (
      <Chip
        size="small"
        variant="outlined"
        icon={<Deleted fontSize="small" />}
        label={taskBucketLabels.DELETED}
      />
    );
  }
  return <StatusChip size="small" status={progressOf[bucket]} label={taskBucketLabels[bucket]} />;
}

/**
 * A cancelled follow-up check (its task DELETED): why, in the shared words, with the reason given on hover
 * and for screen readers.
 */
export function CancelledChip({ cancelled }: { cancelled: FollowUpCancellation }) {
  const Cancelled = consoleIcons.delete;
  const label = followUpCancelCauseLabels[cancelled.cause];
  return (
    <Tooltip title={cancelled.reason}>
      <Chip
        size="small"
        variant="outlined"
        icon={<Cancelled fontSize="small" />}
        label={label}
        aria-label={`${label}. Reason: ${cancelled.reason}`}
      />
    </Tooltip>
  );
}

/** Staff raised a problem with the task (status REPORTED). */
export function ReportedChip() {
  const Reported = consoleIcons.nearMiss;
  return (
    <Chip
      size="small"
      variant="outlined"
      color="warning"
      icon={<Reported fontSize="small" />}
      label="Problem reported"
    />
  );
}

/**
 * The completion reached the server more than 30 minutes after it happened on the device: it counts with
 * the device's time, and inspectors look for exactly this.
 */
export function SyncedLateChip({ syncedAt, zone }: { syncedAt: string | null; zone: string }) {
  const Late = consoleIcons.warning;
  const format = useTaskFormat({ timeZoneId: zone });
  const received = syncedAt ? `Received ${siteDateTime(format, syncedAt)}, ` : '';
  return (
    <Tooltip title={`${received}more than 30 minutes after it was done on the device`}>
      <Chip
        size="small"
        variant="outlined"
        icon={<Late fontSize="small" />}
        label="Synced late"
        tabIndex={0}
      />
    </Tooltip>
  );
}

/**
 * An admin recorded the completion in the console after the fact, with a reason the history keeps: its
 * time is the admin's word, so it never counts on time.
 */
export function EnteredAfterTheFactChip() {
  const Entered = consoleIcons.edit;
  return (
    <Tooltip title="Recorded in the console after it happened, with a reason kept in the task’s history; it counts as late">
      <Chip
        size="small"
        variant="outlined"
        icon={<Entered fontSize="small" />}
        label="Entered after the fact"
        tabIndex={0}
      />
    </Tooltip>
  );
}

/** "3/5" done, with the failed ones named; read out in full. */
export function ChecklistProgress({ items }: { items: readonly OccurrenceChecklistItem[] }) {
  if (items.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No checklist
      </Typography>
    );
  const done = items.filter((item) => item.status === 'COMPLETED').length;
  const failed = items.filter((item) => item.status === 'FAILED').length;
  const spoken = `${done} of ${items.length} checklist items done${failed > 0 ? `, ${failed} failed` : ''}`;
  return (
    <Stack
      direction="row"
      sx={{ gap: 0.5, alignItems: 'center', height: '100%' }}
      aria-label={spoken}
      role="img"
    >
      <Typography variant="body2" aria-hidden>
        {done}/{items.length}
      </Typography>
      {failed > 0 && (
        <Typography variant="body2" color="error" aria-hidden>
          · {failed} failed
        </Typography>
      )}
    </Stack>
  );
}
