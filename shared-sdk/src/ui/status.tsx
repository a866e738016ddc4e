import { Chip, type SvgIcon, type ChipProps, amber, green, grey, red } from '@console/shared-sdk/mui';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ScheduleIcon from '@mui/icons-material/Schedule';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { taskBucketLabels } from '../contract/labels.js';

/** The dashboard's four task states (spec section 2), in the order the dashboard shows them. */
export const taskProgressStates = ['upcoming', 'completedOnTime', 'completedOverdue', 'overdue'] as const;
export type TaskProgress = (typeof taskProgressStates)[number];

export interface ProgressStyle {
  label: string;
  /** Fill colour. */
  color: string;
  /** Text on the fill, chosen for at least 4.5:1 contrast. */
  contrastText: string;
  /** Each state also has its own shape, so colour is never the only cue. */
  Icon: typeof SvgIcon;
}

/** Grey upcoming/in progress, green completed on time, amber completed overdue, red incomplete/overdue. */
export const dashboardColors = {
  upcoming: { label: taskBucketLabels.UPCOMING, color: grey[600], contrastText: '#fff', Icon: ScheduleIcon },
  completedOnTime: {
    label: taskBucketLabels.ON_TIME,
    color: green[800],
    contrastText: '#fff',
    Icon: CheckCircleIcon,
  },
  completedOverdue: {
    label: taskBucketLabels.LATE,
    color: amber[600],
    contrastText: 'rgba(0, 0, 0, 0.87)',
    Icon: WarningAmberIcon,
  },
  overdue: { label: taskBucketLabels.INCOMPLETE, color: red[800], contrastText: '#fff', Icon: CancelIcon },
} as const satisfies Record<TaskProgress, ProgressStyle>;

export interface StatusChipProps extends Omit<ChipProps, 'color' | 'icon' | 'label'> {
  status: TaskProgress;
  /** Default the state's own label. */
  label?: string;
}

/** A task state as a chip in its dashboard colour and shape. */
export function StatusChip({ status, label, sx, ...chip }: StatusChipProps) {
  const style = dashboardColors[status];
  const { Icon } = style;
  return (
    <Chip
      {...chip}
      label={label ?? style.label}
      icon={<Icon fontSize="small" />}
      sx={[
        { bgcolor: style.color, color: style.contrastText, '& .MuiChip-icon': { color: 'inherit' } },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
