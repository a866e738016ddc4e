import { consoleIcons } from '@console/shared-sdk/icons';
import { correctiveActionStateLabels, type CorrectiveActionState } from '@console/shared-sdk/logs';
import { Chip } from '@console/shared-sdk/mui';

// Where a corrective action stands, as the actions screen and each log record's view show it: its state in
// words with a shape as well as a colour, and the "Overdue" mark of one still open past its due time.

/** The actions screen with one action open in its view. */
export const correctiveActionPath = (id: string) =>
  `/dashboard/correctiveAction?view=${encodeURIComponent(id)}`;

const stateLooks = {
  OPEN: { color: 'warning', variant: 'outlined', icon: consoleIcons.warning },
  ACTION_RECORDED: { color: 'info', variant: 'outlined', icon: consoleIcons.history },
  VERIFIED: { color: 'success', variant: 'filled', icon: consoleIcons.complete },
} as const;

/** "Awaiting action", "Awaiting verification", "Verified". */
export function CorrectiveActionStateChip({ state }: { state: CorrectiveActionState }) {
  const look = stateLooks[state];
  const Icon = look.icon;
  return (
    <Chip
      size="small"
      color={look.color}
      variant={look.variant}
      icon={<Icon fontSize="small" />}
      label={correctiveActionStateLabels[state]}
    />
  );
}

/** An action still open past the time the site allows for acting on a deviation. */
export function OverdueChip() {
  const Late = consoleIcons.warning;
  return <Chip size="small" color="error" icon={<Late fontSize="small" />} label="Overdue" />;
}
