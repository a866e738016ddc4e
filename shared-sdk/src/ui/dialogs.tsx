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
  useMediaQuery,
  useTheme,
} from '@console/shared-sdk/mui';
import { Suspense, useId, useState, type ReactNode } from 'react';
import { filesApi } from '../api/files.js';
import type { AnyFieldDeclaration, FormContext, StoredFile } from './declarations.js';
import { FieldsLoading, LoadedFieldInput } from './lazy-fields.js';
import { chosenFilesAsStored, uploadChosenFiles } from './files.js';
import { errorsUnder, isUnder, useModalForm, type FieldErrors } from './use-modal-form.js';

/**
 * A dialog that is not full screen keeps 16 px from the edges of a phone (MUI's 32 px leaves a 390 px
 * screen a narrow column) and stays centred.
 */
const paperOnPhones = {
  paper: {
    sx: {
      mx: { xs: 2, sm: 4 },
      width: { xs: 'calc(100% - 32px)', sm: 'calc(100% - 64px)' },
      maxWidth: { xs: 'calc(100% - 32px)' },
    },
  },
} as const;

/**
 * The form between a dialog's frame and its parts keeps the frame's column layout, so a long form scrolls
 * its fields while the title and the buttons stay in view (on a phone's full screen too).
 */
const formInDialog = { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 } as const;

/** Buttons wrap onto a second line on narrow screens instead of pushing the dialog wider. */
const wrappingActions = { flexWrap: 'wrap', rowGap: 1 } as const;

/** What can take focus in a form, in document order; hidden and disabled parts are skipped. */
const focusableField = [
  'input:not([type="hidden"]):not([disabled]):not([tabindex="-1"])',
  'textarea:not([disabled])',
  'select:not([disabled])',
  'button:not([disabled])',
  '[tabindex="0"]:not([aria-disabled="true"])',
].join(', ');

/**
 * A ref that puts the focus on the first field or button inside as a dialog opens. It runs as the content
 * attaches, before MUI's focus trap would focus the dialog's frame (which it leaves alone when the focus
 * is already inside).
 */
const focusFirstField = (content: HTMLElement | null) => {
  content?.querySelector<HTMLElement>(focusableField)?.focus();
};

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message?: ReactNode;
  confirmLabel?: string;
  /** The button that backs out (default "Cancel"). */
  cancelLabel?: string;
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
  cancelLabel = 'Cancel',
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
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
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={message ? messageId : undefined}
      maxWidth="xs"
      fullWidth
      slotProps={paperOnPhones}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {message && (
        <DialogContent>
          <DialogContentText id={messageId}>{message}</DialogContentText>
        </DialogContent>
      )}
      {/* Opens on the safe answer: Enter or Space right away backs out. */}
      <DialogActions ref={focusFirstField} sx={wrappingActions}>
        <Button onClick={onClose} disabled={busy}>
          {cancelLabel}
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
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      slotProps={paperOnPhones}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <EntryList entries={entries} />
      </DialogContent>
      <DialogActions sx={wrappingActions}>
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
  /**
   * Stores one chosen file of a file field before `save` runs (default: the API's upload route). `save`
   * and `validate` then see stored files only.
   */
  uploadFile?: (file: File) => Promise<StoredFile>;
}

const uploadThroughApi = (file: File) => filesApi.upload(file, file.name);

/**
 * The create/edit modal: fields from declarations, messages under each field (client and server), a
 * progress indicator while saving. It opens with the caret in the first field, asks before throwing away
 * changes (Escape, Cancel, a click beside it), and fills a phone's screen. Chosen files are uploaded
 * before `save`. Mount it only while open, so every opening starts from `initial`.
 */
export function FormDialog<Form extends object>(props: FormDialogProps<Form>) {
  const { fields, context, editing } = props;
  const uploadFile = props.uploadFile ?? uploadThroughApi;
  const titleId = useId();
  const formId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [askingToDiscard, setAskingToDiscard] = useState(false);
  const form = useModalForm({
    initial: props.initial,
    validate: (values) => props.validate(chosenFilesAsStored(values, fields)),
    save: async (values) => {
      const stored = await uploadChosenFiles(values, fields, uploadFile);
      // Kept in the form, so trying again after the server refused the record does not upload twice.
      for (const field of fields) {
        const value: unknown = Reflect.get(stored, field.name);
        if (value !== Reflect.get(values, field.name)) form.setField(field.name, value);
      }
      await props.save(stored);
    },
    onSaved: props.onSaved,
  });
  const close = () => {
    if (form.submitting) return;
    if (form.dirty) setAskingToDiscard(true);
    else props.onClose();
  };
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
      onClose={close}
      aria-labelledby={titleId}
      maxWidth={props.width ?? 'sm'}
      fullWidth
      fullScreen={phone}
    >
      <form {...form.formProps} aria-labelledby={titleId} style={formInDialog}>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>
          <Suspense fallback={<FieldsLoading count={fields.length} />}>
            <Stack ref={focusFirstField} spacing={2} sx={{ pt: 1, minWidth: 0 }}>
              {(form.formError || unplaced.length > 0) && (
                <Alert severity="error">
                  {[form.formError, ...unplaced].filter(Boolean).map((message) => (
                    <div key={message}>{message}</div>
                  ))}
                </Alert>
              )}
              {fields.map((field) => (
                <LoadedFieldInput
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
                  values={form.values}
                  setField={form.setField}
                />
              ))}
            </Stack>
          </Suspense>
        </DialogContent>
        <DialogActions sx={wrappingActions}>
          <Button onClick={close} disabled={form.submitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={form.submitting}>
            {props.submitLabel ?? 'Save'}
          </Button>
        </DialogActions>
      </form>
      <ConfirmDialog
        open={askingToDiscard}
        title="Discard changes?"
        message="What you entered in this form will be lost."
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        onConfirm={async () => props.onClose()}
        onClose={() => setAskingToDiscard(false)}
      />
    </Dialog>
  );
}
