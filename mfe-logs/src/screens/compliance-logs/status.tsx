import { backFilledAfterMinutes, type LogStatus, type LogWorkflow } from '@console/shared-sdk/logs';
import type { Option } from '@console/shared-sdk';
import { consoleIcons } from '@console/shared-sdk/icons';
import { complianceResultLabels } from '@console/shared-sdk/contract';
import { alpha, Chip, Tooltip, type Theme } from '@console/shared-sdk/mui';
import { useRecordFormat, type RecordSite } from '../shared/site-writing';

// What the compliance-log and near-miss lists show of where a record stands, each state in words with a
// shape as well as a colour: its status in the workflow, a failed result, a late sync.

/** The status control's choices: staying where it is, then each move the workflow allows from there. */
export function statusChoices(workflow: LogWorkflow, current: LogStatus): Option[] {
  return [
    { value: current, label: `${workflow.labels[current]} (no change)` },
    ...workflow.moves[current].map((next) => ({ value: next, label: workflow.labels[next] })),
  ];
}

const statusLooks = {
  REPORTED: { color: 'warning', variant: 'outlined', icon: consoleIcons.nearMiss },
  PENDING: { color: 'info', variant: 'outlined', icon: consoleIcons.history },
  COMPLETED: { color: 'success', variant: 'filled', icon: consoleIcons.complete },
} as const;

/** A record's place in its workflow ("Awaiting review", "Under investigation", "Closed"). */
export function LogStatusChip({ workflow, status }: { workflow: LogWorkflow; status: LogStatus }) {
  const look = statusLooks[status];
  const Icon = look.icon;
  return (
    <Chip
      size="small"
      color={look.color}
      variant={look.variant}
      icon={<Icon fontSize="small" />}
      label={workflow.labels[status]}
    />
  );
}

/** Pass, or failed with how many answers failed: the failure is what a reviewer looks for first. */
export function ResultChip({ result, failedCount }: { result: 'PASS' | 'FAIL'; failedCount: number }) {
  if (result === 'PASS') {
    const Passed = consoleIcons.complete;
    return (
      <Chip
        size="small"
        color="success"
        variant="outlined"
        icon={<Passed fontSize="small" />}
        label={complianceResultLabels.PASS}
      />
    );
  }
  const Failed = consoleIcons.warning;
  return (
    <Chip
      size="small"
      color="error"
      icon={<Failed fontSize="small" />}
      label={`${complianceResultLabels.FAIL}: ${failedCount} ${failedCount === 1 ? 'answer' : 'answers'}`}
    />
  );
}

/**
 * The record reached the server long after it was made on the device (made offline, or typed in later
 * from paper): it counts with the device's time, and inspectors look for exactly this.
 */
export function BackFilledChip({ record }: { record: RecordSite & { receivedAt: string } }) {
  const Late = consoleIcons.history;
  const format = useRecordFormat(record);
  return (
    <Tooltip
      title={`Received ${format.instant(record.receivedAt)}, more than ${backFilledAfterMinutes} minutes after it was made on the device`}
    >
      <Chip
        size="small"
        variant="outlined"
        icon={<Late fontSize="small" />}
        label="Back-filled"
        tabIndex={0}
      />
    </Tooltip>
  );
}

/** Grid props that make failed rows stand out (with the result chip, so not by colour alone). */
export const failedRowsStandOut = (isFailed: (row: object) => boolean) => ({
  getRowClassName: ({ row }: { row: object }) => (isFailed(row) ? 'log-row-failed' : ''),
  sx: {
    '& .log-row-failed': { bgcolor: (theme: Theme) => alpha(theme.palette.error.main, 0.08) },
    '& .log-row-failed:hover': { bgcolor: (theme: Theme) => alpha(theme.palette.error.main, 0.14) },
  },
});
