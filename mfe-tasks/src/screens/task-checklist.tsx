import { Alert, Box, Button, Chip, Stack, TextField, Typography } from '@console/shared-sdk/mui';
import { consoleIcons } from '@console/shared-sdk/icons';
import { isApiError, type ChecklistItemStatus } from '@console/shared-sdk';
import { checklistItemStatusLabels } from '@console/shared-sdk/contract';
import {
  checklistItemStatusChangeSchema,
  individualTaskApi,
  taskLimits,
  type OccurrenceChecklistItem,
} from '@console/shared-sdk/tasks';
import { useId, useState, type FormEvent } from 'react';
import { refOf, type TaskRow } from './task-rows';
import { siteTime, useTaskFormat } from './task-times';

// The view's checklist: each line with where it stands, who moved it and when, and buttons to move it.
// A failed line needs to say what failed, and any change to a completed task needs a reason, which the
// task's history keeps (api/src/domains/tasks/occurrence-changes.ts); both are asked for under the line.
// A line that needs a photo is done or failed only once its photo is there: the API refuses it otherwise,
// and the view says so before sending, and where to add it.

const statusWords: Record<ChecklistItemStatus, string> = {
  COMPLETED: 'done',
  FAILED: 'failed',
  PENDING: 'to do',
};

/** How many photos were added about `item`, or null while the task's comments are not loaded. */
function linePhotos(task: TaskRow, item: OccurrenceChecklistItem): number | null {
  if (!task.comments) return null;
  return task.comments.filter((comment) => comment.type === 'IMAGE' && comment.checkListID === item._id)
    .length;
}

/** Why `item` cannot move to `status` yet, or undefined: a line that needs a photo, done or failed without one. */
function missingPhoto(task: TaskRow, item: OccurrenceChecklistItem, status: ChecklistItemStatus) {
  if (status === 'PENDING' || !item.photoRequired || linePhotos(task, item) !== 0) return undefined;
  return `"${item.text}" needs a photo: add it under Comments and photos before marking the line ${statusWords[status]}.`;
}

const moveLabels: Record<ChecklistItemStatus, string> = {
  COMPLETED: 'Mark done',
  FAILED: 'Mark failed',
  PENDING: 'Mark to do',
};

interface Draft {
  itemID: string;
  status: ChecklistItemStatus;
  comment: string;
  reason: string;
  /** Asked for even on an open task when the server said it was completed meanwhile. */
  needsReason: boolean;
  errors: Partial<Record<'comment' | 'reason' | 'form', string>>;
}

export interface TaskChecklistProps {
  task: TaskRow;
  /** Whether the signed-in user may change this task. */
  mayChange: boolean;
  /** After a change was saved: the view and the list show it. */
  onChanged(): void;
}

export function TaskChecklist({ task, mayChange, onChanged }: TaskChecklistProps) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const completed = task.status === 'COMPLETED';
  const changeable = mayChange && task.status !== 'DELETED';

  const save = async (change: Omit<Draft, 'errors'>) => {
    const item = task.itemCheckList.find((line) => line._id === change.itemID);
    const noPhoto = item && missingPhoto(task, item, change.status);
    if (noPhoto) {
      setDraft({ ...change, errors: { form: noPhoto } });
      return;
    }
    const body = {
      ...refOf(task),
      checkListID: change.itemID,
      status: change.status,
      ...(change.status === 'FAILED' ? { comment: change.comment.trim() } : {}),
      ...(change.reason.trim() ? { reason: change.reason.trim() } : {}),
    };
    // The contract's own check, so the message is the one the server would give.
    const checked = checklistItemStatusChangeSchema.safeParse(body);
    if (!checked.success) {
      const comment = checked.error.issues.find((issue) => issue.path[0] === 'comment')?.message;
      setDraft({
        ...change,
        errors: { comment, form: comment ? undefined : checked.error.issues[0]?.message },
      });
      return;
    }
    setBusy(true);
    try {
      await individualTaskApi.changeItem(body, { quietFor: [400] });
      setDraft(null);
      onChanged();
    } catch (error) {
      // Anything but a 400 is in the HTTP layer's pop-up already.
      if (!isApiError(error) || error.status !== 400) return;
      const { comment, reason } = error.fieldErrors;
      setDraft({
        ...change,
        needsReason: change.needsReason || reason !== undefined,
        errors: {
          comment: comment?.[0],
          reason: reason?.[0],
          form: comment || reason ? undefined : error.message,
        },
      });
    } finally {
      setBusy(false);
    }
  };

  const move = (item: OccurrenceChecklistItem, status: ChecklistItemStatus) => {
    const change = { itemID: item._id, status, comment: '', reason: '', needsReason: false };
    if (status === 'FAILED' || completed) setDraft({ ...change, errors: {} });
    else void save(change);
  };

  if (task.itemCheckList.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        This task has no checklist: it is completed as a whole.
      </Typography>
    );

  return (
    <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-busy={busy}>
      {task.itemCheckList.map((item) => (
        <Box component="li" key={item._id} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1.5 }}>
          <ChecklistLine task={task} item={item} />
          {changeable && draft?.itemID !== item._id && (
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 1 }}>
              {(['COMPLETED', 'FAILED', 'PENDING'] as const)
                .filter((status) => status !== item.status)
                .map((status) => (
                  <Button
                    key={status}
                    size="small"
                    variant="outlined"
                    color={status === 'FAILED' ? 'error' : 'primary'}
                    disabled={busy}
                    aria-label={`${moveLabels[status]}: ${item.text}`}
                    onClick={() => move(item, status)}
                  >
                    {moveLabels[status]}
                  </Button>
                ))}
            </Stack>
          )}
          {draft?.itemID === item._id && (
            <ChangeForm
              item={item}
              draft={draft}
              askReason={completed || draft.needsReason}
              busy={busy}
              onChange={setDraft}
              onSave={() => void save(draft)}
              onCancel={() => setDraft(null)}
            />
          )}
        </Box>
      ))}
    </Stack>
  );
}

/** The line's text, what it needs, where it stands and who put it there. */
function ChecklistLine({ task, item }: { task: TaskRow; item: OccurrenceChecklistItem }) {
  const format = useTaskFormat(task);
  const photos = linePhotos(task, item) ?? 0;
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <ItemStatusChip status={item.status} />
        <Typography sx={{ flex: 1, minWidth: 160 }}>{item.text}</Typography>
        {item.required && <Chip size="small" variant="outlined" label="Required" />}
        {item.photoRequired && (
          <Chip
            size="small"
            variant="outlined"
            color={photos > 0 ? 'success' : 'default'}
            label={photos > 0 ? 'Photo added' : 'Photo needed'}
          />
        )}
      </Stack>
      {item.statusChangeOn && item.status !== 'PENDING' && (
        <Typography variant="body2" color="text.secondary">
          {checklistItemStatusLabels[item.status]}
          {item.changedBy ? ` by ${item.changedBy.firstName} ${item.changedBy.lastName}` : ''},{' '}
          <time dateTime={item.statusChangeOn}>{siteTime(format, item.statusChangeOn, task.taskDate)}</time>
        </Typography>
      )}
      {item.status === 'FAILED' && item.comment && (
        <Typography variant="body2">What failed: {item.comment}</Typography>
      )}
    </Stack>
  );
}

interface ChangeFormProps {
  item: OccurrenceChecklistItem;
  draft: Draft;
  askReason: boolean;
  busy: boolean;
  onChange(draft: Draft): void;
  onSave(): void;
  onCancel(): void;
}

/** What a change needs before it can be saved: what failed, and why a completed task is changed. */
function ChangeForm({ item, draft, askReason, busy, onChange, onSave, onCancel }: ChangeFormProps) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={`${moveLabels[draft.status]}: ${item.text}`}
      sx={{ mt: 1, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}
    >
      <Stack spacing={1.5}>
        {draft.status === 'FAILED' && (
          <TextField
            id={`${id}-comment`}
            label="What failed?"
            required
            multiline
            minRows={2}
            autoFocus
            value={draft.comment}
            onChange={(event) => onChange({ ...draft, comment: event.target.value })}
            error={draft.errors.comment !== undefined}
            helperText={draft.errors.comment ?? 'Kept with the line, for whoever checks the record'}
            slotProps={{ htmlInput: { maxLength: taskLimits.comment } }}
          />
        )}
        {askReason && (
          <TextField
            id={`${id}-reason`}
            label="Why change a completed task?"
            required
            autoFocus={draft.status !== 'FAILED'}
            value={draft.reason}
            onChange={(event) => onChange({ ...draft, reason: event.target.value })}
            error={draft.errors.reason !== undefined}
            helperText={draft.errors.reason ?? 'The task’s history keeps the old value and this reason'}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        )}
        {draft.errors.form && <Alert severity="error">{draft.errors.form}</Alert>}
        <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {moveLabels[draft.status]}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

export interface ReopenTaskProps {
  task: TaskRow;
  onChanged(): void;
}

/** A completed task back to "to do": the completion stays in its history with the reason. */
export function ReopenTask({ task, onChanged }: ReopenTaskProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const reopen = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await individualTaskApi.changeStatus(
        { ...refOf(task), status: 'PENDING', reason: reason.trim() || undefined },
        { quietFor: [400] },
      );
      setOpen(false);
      onChanged();
    } catch (failure) {
      if (isApiError(failure) && failure.status === 400)
        setError(failure.fieldErrors.reason?.[0] ?? failure.message);
    } finally {
      setBusy(false);
    }
  };

  if (!open)
    return (
      <Button size="small" onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }}>
        Reopen task
      </Button>
    );
  return (
    <Box component="form" noValidate onSubmit={reopen} aria-label="Reopen task">
      <Stack spacing={1.5}>
        <TextField
          label="Why reopen a completed task?"
          required
          autoFocus
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={error !== undefined}
          helperText={error ?? 'The task’s history keeps its completion and this reason'}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Reopen task
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/** A checklist line's status: done with a tick, failed with a warning, to do plain. */
export function ItemStatusChip({ status }: { status: ChecklistItemStatus }) {
  if (status === 'PENDING')
    return <Chip size="small" variant="outlined" label={checklistItemStatusLabels.PENDING} />;
  const Icon = status === 'COMPLETED' ? consoleIcons.complete : consoleIcons.warning;
  return (
    <Chip
      size="small"
      color={status === 'COMPLETED' ? 'success' : 'error'}
      icon={<Icon fontSize="small" />}
      label={checklistItemStatusLabels[status]}
    />
  );
}
