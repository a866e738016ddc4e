import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@console/shared-sdk/mui';
import { occurrenceApi } from '@console/shared-sdk/tasks';
import { useSiteFormat } from '@console/shared-sdk/ui';
import { useId, useState } from 'react';
import type { TaskRow } from './task-rows';

// Deleting from the daily list (DOMAIN.md "Tasks"): one day's task, or that day's and every later one.
// Past records stay either way; the API refuses a day before the site's today.

type Scope = 'ONE' | 'FUTURE';

/** What each choice deletes, `day` being the task's day in words ("Mon, 30 Mar 2026"). */
const scopeWords = (day: string): Record<Scope, { label: string; explanation: string }> => ({
  ONE: {
    label: 'This occurrence only',
    explanation: `Only the task of ${day} is deleted. The other days are not changed.`,
  },
  FUTURE: {
    label: 'This and future occurrences',
    explanation:
      `The task is no longer made from ${day} on. Tasks of those days that nobody has started ` +
      'are deleted; ones already ticked, commented on or completed stay.',
  },
});

export interface DeleteTaskDialogProps {
  task: TaskRow;
  onDeleted(): void;
  onClose(): void;
}

export function DeleteTaskDialog({ task, onDeleted, onClose }: DeleteTaskDialogProps) {
  const titleId = useId();
  const choiceId = useId();
  const [scope, setScope] = useState<Scope>('ONE');
  const [busy, setBusy] = useState(false);
  const format = useSiteFormat();
  const words = scopeWords(format.day(task.taskDate, 'weekdayDate'));

  const remove = async () => {
    setBusy(true);
    try {
      await occurrenceApi.remove({ masterTaskID: task.masterTaskID, date: task.taskDate, scope });
      onDeleted();
    } catch {
      // The HTTP layer's pop-up says why; the dialog stays so the user can choose again or cancel.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      role="alertdialog"
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>Delete “{task.name}”?</DialogTitle>
      <DialogContent>
        <FormControl>
          <FormLabel id={choiceId}>What to delete</FormLabel>
          <RadioGroup
            aria-labelledby={choiceId}
            value={scope}
            onChange={(event) => setScope(event.target.value === 'FUTURE' ? 'FUTURE' : 'ONE')}
          >
            {(['ONE', 'FUTURE'] as const).map((value) => (
              <FormControlLabel
                key={value}
                value={value}
                control={<Radio />}
                label={words[value].label}
                disabled={busy}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <DialogContentText sx={{ mt: 1 }} aria-live="polite">
          {words[scope].explanation}
        </DialogContentText>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Past days’ records stay as they are.
        </Typography>
      </DialogContent>
      <DialogActions>
        {/* The safe answer comes first, so Enter right away backs out. */}
        <Button onClick={onClose} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={() => void remove()} disabled={busy}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
