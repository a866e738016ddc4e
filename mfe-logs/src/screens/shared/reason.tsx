import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@console/shared-sdk/mui';
import { useId, useState, type ReactNode } from 'react';
import { reasonLabel, reasonLength, reasonProblem } from './words';

// "Why?" for every change to a record staff made (issue 11: a reason is required when changing a record
// that staff made). The APIs take it as `reason`, 3 to 500 characters, and keep it in the record's history.

export interface ReasonFieldProps {
  value: string;
  onChange: (reason: string) => void;
  /** A message to show under it (the server's, or `reasonProblem`'s once the user tried to submit). */
  error?: string;
  disabled?: boolean;
  /** Default "Reason for the change". */
  label?: string;
  autoFocus?: boolean;
}

/** The reason as a controlled text area, for dialogs of a screen's own (delete, a workflow move). */
export function ReasonField({
  value,
  onChange,
  error,
  disabled,
  label = reasonLabel,
  autoFocus,
}: ReasonFieldProps) {
  const id = useId();
  return (
    <TextField
      id={id}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required
      multiline
      minRows={2}
      fullWidth
      disabled={disabled}
      autoFocus={autoFocus}
      error={error !== undefined}
      helperText={
        error ?? `Required, ${reasonLength.min} to ${reasonLength.max} characters. Kept in the history.`
      }
      slotProps={{ htmlInput: { maxLength: reasonLength.max } }}
    />
  );
}

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** What will happen, above the field. */
  message?: ReactNode;
  /** Default "Delete". */
  confirmLabel?: string;
  /** Red confirm button (default true: deleting is the usual use). */
  destructive?: boolean;
  /**
   * Runs the change with the trimmed reason. The dialog closes when it resolves; when it throws it stays
   * open (the HTTP layer has shown why), keeping what was typed.
   */
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
  /** Extra fields above the reason (e.g. an outcome). */
  children?: ReactNode;
}

/**
 * A confirmation that needs a reason: delete a reading, reopen a report. The button says what it does,
 * the reason is checked before anything is sent, and a progress indicator shows while it runs. Mount it
 * only while open (or key it) so each opening starts empty.
 */
export function ReasonDialog({
  open,
  title,
  message,
  confirmLabel = 'Delete',
  destructive = true,
  onConfirm,
  onClose,
  children,
}: ReasonDialogProps) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const problem = reasonProblem(reason);
  const submit = async () => {
    setTried(true);
    if (problem) return;
    setBusy(true);
    try {
      await onConfirm(reason.trim());
      onClose();
    } catch {
      // The HTTP layer's pop-up says why; staying open keeps the reason for another try.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <form
        noValidate
        aria-labelledby={titleId}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {message && <DialogContentText component="div">{message}</DialogContentText>}
            {children}
            <ReasonField
              value={reason}
              onChange={setReason}
              error={tried ? problem : undefined}
              disabled={busy}
              autoFocus
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color={destructive ? 'error' : 'primary'} loading={busy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
