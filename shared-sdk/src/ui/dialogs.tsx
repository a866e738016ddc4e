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
  type Theme,
} from '@console/shared-sdk/mui';
import { Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { filesApi } from '../api/files.js';
import type { AnyFieldDeclaration, FormContext, StoredFile } from './declarations.js';
import { FieldsLoading, LoadedFieldInput } from './lazy-fields.js';
import { chosenFilesAsStored, uploadChosenFiles } from './files.js';
import { errorsUnder, isUnder, useModalForm, type FieldErrors } from './use-modal-form.js';

/**
 * A dialog that is not full screen keeps 16 px from the edges of a phone (MUI's 32 px leaves a 390 px
 * screen a narrow column) and stays centred. Only below `sm`: above it the dialog keeps its `maxWidth`
 * (a style for `xs` in a responsive value would hold at every width, and stretch it across the screen).
 */
const paperOnPhones = {
  paper: {
    sx: (theme: Theme) => ({
      [theme.breakpoints.down('sm')]: { mx: 2, width: 'calc(100% - 32px)', maxWidth: 'calc(100% - 32px)' },
    }),
  },
} as const;

/**
 * A confirmation is as wide as its words and buttons need, between a phone's width and MUI's `xs` (444
 * px), rather than a fixed width whatever it says.
 */
const confirmPaper = {
  paper: {
    sx: (theme: Theme) => ({
      minWidth: 'min(320px, calc(100% - 32px))',
      [theme.breakpoints.down('sm')]: { mx: 2, maxWidth: 'calc(100% - 32px)' },
    }),
  },
} as const;

/**
 * A dialog's content that scrolls is a region a keyboard can reach and scroll (tab to it, then the arrow
 * keys), named by the dialog's title; while everything fits it is not a stop on the way to the buttons.
 * Whether it scrolls is measured as it opens and whenever its size changes (content loading, a window
 * resized).
 */
export function ScrollableContent({
  labelledBy,
  children,
  dividers,
}: {
  /** The id of the dialog's title. */
  labelledBy: string;
  children: ReactNode;
  dividers?: boolean;
}) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const scrolls = useScrolls(element);
  return (
    <DialogContent
      ref={setElement}
      dividers={dividers}
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-labelledby': labelledBy } : {})}
    >
      {children}
    </DialogContent>
  );
}

/** True while `element`'s content is taller than the element (it scrolls). */
function useScrolls(element: HTMLElement | null): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    if (!element) return;
    const measure = () => setScrolls(element.scrollHeight > element.clientHeight);
    measure();
    // The content's own size changes too (a section loading): watch the element and what is in it, and
    // what replaces it (lazily loaded fields take the place of their placeholders).
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    const observeContent = () => {
      observer?.observe(element);
      for (const child of Array.from(element.children)) observer?.observe(child);
    };
    observeContent();
    const replaced =
      typeof MutationObserver === 'undefined'
        ? null
        : new MutationObserver(() => {
            observeContent();
            measure();
          });
    replaced?.observe(element, { childList: true });
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      replaced?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [element]);
  return scrolls;
}

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
      slotProps={confirmPaper}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {message && (
        <ScrollableContent labelledBy={titleId}>
          <DialogContentText id={messageId}>{message}</DialogContentText>
        </ScrollableContent>
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

/** A photo as large as the screen allows, named by `title` (its alt text too); Escape or Close puts it away. */
export function PhotoDialog({ src, title, onClose }: { src: string; title: string; onClose(): void }) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Box
          component="img"
          src={src}
          alt={title}
          sx={{ display: 'block', width: '100%', maxHeight: '75vh', objectFit: 'contain' }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** What a shown-once dialog's copy button puts on the clipboard, its words, and what it says once it has. */
export interface CopyDeclaration {
  text: string;
  label: string;
  done: string;
}

/**
 * A secret the console shows this once (a sensor's device key, a tablet's enrolment code), with a button
 * that copies it: closing it is the last chance to read it, so its closing button says so (`doneLabel`).
 */
export function ShownOnceDialog({
  title,
  copy,
  doneLabel,
  onClose,
  children,
}: {
  title: string;
  copy: CopyDeclaration;
  doneLabel: string;
  onClose(): void;
  children: ReactNode;
}) {
  const titleId = useId();
  const [copied, setCopied] = useState(false);
  const copyNow = async () => {
    await navigator.clipboard.writeText(copy.text);
    setCopied(true);
  };
  const close = () => {
    setCopied(false);
    onClose();
  };
  return (
    <Dialog open onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth slotProps={paperOnPhones}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {children}
          {copied && <Typography role="status">{copy.done}</Typography>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copyNow()}>{copy.label}</Button>
        <Button variant="contained" onClick={close}>
          {doneLabel}
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

/**
 * Label and value pairs as a description list: on a phone each label above its value, unless
 * `sideBySide` (a card's short facts), where labels take at most 40% of the width.
 */
export function EntryList({
  entries,
  dense = false,
  sideBySide = false,
}: {
  entries: readonly ViewEntry[];
  dense?: boolean;
  sideBySide?: boolean;
}) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: sideBySide
          ? 'fit-content(40%) minmax(0, 1fr)'
          : { xs: '1fr', sm: 'minmax(8rem, max-content) 1fr' },
        alignItems: sideBySide ? 'center' : undefined,
        columnGap: sideBySide ? 1.5 : 2,
        rowGap: dense ? 0.5 : 1.5,
        m: 0,
        mt: sideBySide ? 0.5 : 0,
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
      <ScrollableContent labelledBy={titleId}>
        <EntryList entries={entries} />
      </ScrollableContent>
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
        <ScrollableContent labelledBy={titleId}>
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
        </ScrollableContent>
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
