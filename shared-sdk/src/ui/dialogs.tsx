import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@console/shared-sdk/mui';
import { useId, useState, type ReactNode } from 'react';
import type { AnyFieldDeclaration, FormContext } from './declarations.js';
import { FieldInput } from './FieldInput.js';
import { errorsUnder, isUnder, useModalForm, type FieldErrors } from './use-modal-form.js';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message?: ReactNode;
  confirmLabel?: string;
  /** Runs the action; the dialog stays open (the HTTP layer shows why) when it throws. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** The delete confirmation every list has: says what will go, and waits for the answer. */
export function ConfirmDialog({
  open,
  title,
  message = 'This cannot be undone.',
  confirmLabel = 'Delete',
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // Shown by the HTTP layer's error pop-up; staying open lets the user retry or cancel.
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
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button onClick={() => void confirm()} color="error" variant="contained" loading={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export interface ViewEntry {
  label: string;
  value: ReactNode;
}

/** A value as text for the view modal and cards: '—' for nothing, labels of options, Yes/No. */
export function displayValue(value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value))
    return value.length === 0 ? '—' : value.map((item) => displayValue(item)).join(', ');
  if (typeof value === 'object') {
    const named = Reflect.get(value, 'label') ?? Reflect.get(value, 'name');
    if (typeof named === 'string') return named;
  }
  return JSON.stringify(value);
}

/** Label and value pairs as a description list. */
export function EntryList({ entries, dense = false }: { entries: readonly ViewEntry[]; dense?: boolean }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(8rem, max-content) 1fr' },
        columnGap: 2,
        rowGap: dense ? 0.5 : 1.5,
        m: 0,
      }}
    >
      {entries.map((entry) => (
        <Box key={entry.label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {entry.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {entry.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export interface ViewDialogProps {
  open: boolean;
  title: string;
  entries: readonly ViewEntry[];
  onClose: () => void;
  /** E.g. an Edit button. */
  actions?: ReactNode;
}

/** The view modal every list has. */
export function ViewDialog({ open, title, entries, onClose, actions }: ViewDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <EntryList entries={entries} />
      </DialogContent>
      <DialogActions>
        {actions}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

export interface FormDialogProps<Form extends object> {
  title: string;
  fields: readonly AnyFieldDeclaration[];
  initial: Form;
  validate: (values: Form) => FieldErrors;
  save: (values: Form) => Promise<void>;
  /** After a successful save; the dialog is closed by its owner. */
  onSaved: () => void;
  onClose: () => void;
  context: FormContext;
  /** Editing an existing record: `createOnly` fields are read-only. */
  editing: boolean;
  width?: 'xs' | 'sm' | 'md' | 'lg';
  submitLabel?: string;
}

/**
 * The create/edit modal: fields from declarations, messages under each field (client and server), a
 * progress indicator while saving. Mount it only while open, so every opening starts from `initial`.
 */
export function FormDialog<Form extends object>(props: FormDialogProps<Form>) {
  const { fields, context, editing } = props;
  const titleId = useId();
  const formId = useId();
  const form = useModalForm({
    initial: props.initial,
    validate: props.validate,
    save: props.save,
    onSaved: props.onSaved,
  });
  // Messages for paths no field shows (e.g. the site) still need to be seen.
  const unplaced = [
    ...new Set(
      Object.entries(form.errors)
        .filter(([path]) => !fields.some((field) => isUnder(path, field.name)))
        .map(([, message]) => message),
    ),
  ];
  return (
    <Dialog
      open
      onClose={form.submitting ? undefined : props.onClose}
      aria-labelledby={titleId}
      maxWidth={props.width ?? 'sm'}
      fullWidth
    >
      <form {...form.formProps}>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {(form.formError || unplaced.length > 0) && (
              <Alert severity="error">
                {[form.formError, ...unplaced].filter(Boolean).map((message) => (
                  <div key={message}>{message}</div>
                ))}
              </Alert>
            )}
            {fields.map((field) => (
              <FieldInput
                key={field.name}
                field={field}
                id={`${formId}-${field.name}`}
                value={Reflect.get(form.values, field.name)}
                onChange={(value) => form.setField(field.name, value)}
                onBlur={form.blur}
                error={form.errors[field.name]}
                errors={errorsUnder(form.errors, field.name)}
                disabled={form.submitting || (editing && field.createOnly === true)}
                context={context}
                values={form.values as Readonly<Record<string, unknown>>}
                setField={form.setField}
              />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={form.submitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={form.submitting}>
            {props.submitLabel ?? 'Save'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
