import {
  Alert,
  Box,
  Button,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@console/shared-sdk/mui';
import { consoleIcons } from '@console/shared-sdk/icons';
import { fileUrl, isApiError, maxUploadBytes, uploadContentTypes, useSession } from '@console/shared-sdk';
import { taskCommentApi, taskLimits, type TaskComment } from '@console/shared-sdk/tasks';
import { ConfirmDialog, formatSize, isAccepted, PhotoDialog } from '@console/shared-sdk/ui';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { refOf, type TaskRow } from './task-rows';
import { siteDateTime, useTaskFormat } from './task-times';

// The view's comments and photos: read them (a photo opens large), add a comment or a photo about the task
// or one of its lines, and remove one. The API decides who may remove (the author, or an admin of the
// site) and refuses while the task is completed: its comments are then part of its record.

const photoTypes = uploadContentTypes.filter((type) => type.startsWith('image/'));
const wholeTask = '';

/** Why a chosen file cannot be sent as a task photo, or null when it can. */
export function photoProblem(file: File): string | null {
  if (!isAccepted(file, photoTypes))
    return `${file.name} is not a photo: choose a JPEG, PNG, WebP or GIF image.`;
  if (file.size > maxUploadBytes)
    return `${file.name} is larger than ${formatSize(maxUploadBytes)}, the most a photo may be.`;
  return null;
}

const authorName = (comment: TaskComment) => `${comment.author.firstName} ${comment.author.lastName}`;

export interface TaskCommentsProps {
  task: TaskRow;
  mayComment: boolean;
  /** May remove other people's comments (an admin of the site); anyone may remove their own. */
  mayRemoveOthers: boolean;
  onChanged(): void;
}

export function TaskComments({ task, mayComment, mayRemoveOthers, onChanged }: TaskCommentsProps) {
  const me = useSession((s) => s.userData?.userID);
  const format = useTaskFormat(task);
  const [enlarged, setEnlarged] = useState<TaskComment | null>(null);
  const [removing, setRemoving] = useState<TaskComment | null>(null);
  const comments = task.comments ?? [];
  const lineText = (id: string | null) =>
    id === null ? null : (task.itemCheckList.find((item) => item._id === id)?.text ?? null);
  // A completed task's comments are part of its record until it is reopened (the API says the same).
  const removable = (comment: TaskComment) =>
    task.status !== 'COMPLETED' &&
    task.status !== 'DELETED' &&
    (comment.author._id === me || mayRemoveOthers);

  return (
    <Stack spacing={2}>
      {comments.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No comments or photos yet.
        </Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {comments.map((comment) => (
            <Stack
              component="li"
              key={comment._id}
              direction="row"
              sx={{ gap: 1.5, alignItems: 'flex-start' }}
            >
              <Stack sx={{ flex: 1, minWidth: 0 }} spacing={0.5}>
                <Typography variant="body2" color="text.secondary">
                  {authorName(comment)},{' '}
                  <time dateTime={comment.createdAt}>{siteDateTime(format, comment.createdAt)}</time>
                  {lineText(comment.checkListID) && <> · about “{lineText(comment.checkListID)}”</>}
                </Typography>
                {comment.image ? (
                  <Button
                    onClick={() => setEnlarged(comment)}
                    aria-label={`Show the photo by ${authorName(comment)} larger`}
                    sx={{ alignSelf: 'flex-start', p: 0, minWidth: 0, overflow: 'hidden' }}
                  >
                    <Box
                      component="img"
                      src={fileUrl(comment.image.location)}
                      alt=""
                      sx={{ width: 120, height: 90, objectFit: 'cover', display: 'block' }}
                    />
                  </Button>
                ) : (
                  <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {comment.text}
                  </Typography>
                )}
              </Stack>
              {removable(comment) && <RemoveButton comment={comment} onRemove={() => setRemoving(comment)} />}
            </Stack>
          ))}
        </Stack>
      )}
      {task.status === 'COMPLETED' && comments.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          The task is completed, so its comments are part of its record: reopen it to remove one.
        </Typography>
      )}
      {mayComment && task.status !== 'DELETED' && <AddComment task={task} onAdded={onChanged} />}
      {enlarged?.image && (
        <PhotoDialog
          src={fileUrl(enlarged.image.location)}
          title={`Photo by ${authorName(enlarged)}, ${siteDateTime(format, enlarged.createdAt)}`}
          onClose={() => setEnlarged(null)}
        />
      )}
      {removing && (
        <ConfirmDialog
          open
          title={removing.type === 'IMAGE' ? 'Remove this photo?' : 'Remove this comment?'}
          message="It is removed from the task for everyone."
          confirmLabel="Remove"
          onConfirm={async () => {
            await taskCommentApi.remove(removing._id);
            onChanged();
          }}
          onClose={() => setRemoving(null)}
        />
      )}
    </Stack>
  );
}

function RemoveButton({ comment, onRemove }: { comment: TaskComment; onRemove(): void }) {
  const Remove = consoleIcons.delete;
  const what = comment.type === 'IMAGE' ? 'photo' : 'comment';
  const label = `Remove the ${what} by ${authorName(comment)}`;
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onRemove}>
        <Remove fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** A comment or a photo, about the whole task or one of its lines (a line that needs a photo). */
function AddComment({ task, onAdded }: { task: TaskRow; onAdded(): void }) {
  const id = useId();
  const [about, setAbout] = useState(wholeTask);
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | undefined>();
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [sending, setSending] = useState<'comment' | 'photo' | null>(null);
  const PhotoIcon = consoleIcons.images;
  const target = { ...refOf(task), ...(about === wholeTask ? {} : { checkListID: about }) };

  const addText = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setTextError('Write a comment first');
      return;
    }
    setSending('comment');
    try {
      await taskCommentApi.create({ ...target, comment: text.trim() }, { quietFor: [400] });
      setText('');
      setTextError(undefined);
      onAdded();
    } catch (error) {
      if (isApiError(error) && error.status === 400)
        setTextError(error.fieldErrors.comment?.[0] ?? error.message);
    } finally {
      setSending(null);
    }
  };

  const addPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    // The same file chosen again after a refusal is a new choice.
    input.value = '';
    if (!file) return;
    const problem = photoProblem(file);
    setPhotoError(problem);
    if (problem) return;
    setSending('photo');
    try {
      await taskCommentApi.create({ ...target, image: file });
      onAdded();
    } catch {
      // The HTTP layer's pop-up says why (a file the server found not to be an image, a full store).
    } finally {
      setSending(null);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={addText} aria-label="Add a comment or a photo">
      <Stack spacing={1.5}>
        {task.itemCheckList.length > 0 && (
          <TextField
            select
            size="small"
            id={`${id}-about`}
            label="About"
            value={about}
            onChange={(event) => setAbout(event.target.value)}
            sx={{ maxWidth: 360 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value={wholeTask}>The whole task</MenuItem>
            {task.itemCheckList.map((item) => (
              <MenuItem key={item._id} value={item._id}>
                {item.text}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          id={`${id}-comment`}
          label="Comment"
          multiline
          minRows={2}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setTextError(undefined);
          }}
          error={textError !== undefined}
          helperText={textError}
          slotProps={{ htmlInput: { maxLength: taskLimits.comment } }}
        />
        {photoError && <Alert severity="error">{photoError}</Alert>}
        {sending && (
          <Typography role="status" variant="body2" color="text.secondary">
            {sending === 'photo' ? 'Uploading the photo…' : 'Adding the comment…'}
          </Typography>
        )}
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <Button component="label" disabled={sending !== null} startIcon={<PhotoIcon />}>
            Add photo
            <input
              type="file"
              hidden
              accept={photoTypes.join(',')}
              onChange={(event) => void addPhoto(event)}
            />
          </Button>
          <Button type="submit" variant="contained" disabled={sending !== null}>
            Add comment
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
