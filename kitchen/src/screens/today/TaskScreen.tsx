import { useEffect, useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import UndoIcon from '@mui/icons-material/Undo';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '@console/shared-sdk';
import { Link, useParams } from '@console/shared-sdk/router';
import type { OccurrenceChecklistItem, TaskRef, TaskView } from '@console/shared-sdk/contract';
import { useSiteWriting } from '../../app/site-writing';
import { useCurrentPerson, useKitchen } from '../../app/store';
import { countdown, dayTimeIn, timeIn } from '../../i18n/format';
import type { StoredPerson } from '../../local/db';
import { record } from '../../sync/record';
import { refreshTask } from '../../sync/refresh';
import type { Recorder } from './task-calls';
import { completionProblems, lineHasPhoto } from './task-rules';
import { useNow, usePersonRecords } from './use-records';
import { CameraButton } from '../../ui/CameraButton';
import { Field } from '../../ui/Field';

const recorderOf = (person: StoredPerson): Recorder => ({
  _id: person.userID,
  firstName: person.firstName,
  lastName: person.lastName,
  email: person.userData.email,
});

/** Photos waiting in the outbox for this task, shown from the device. */
function usePendingPhotos(personId: string, taskId: string) {
  const outbox = useKitchen((state) => state.outbox);
  const photos = useMemo(
    () =>
      outbox.flatMap((action) => {
        const payload = action.payload;
        if (action.personId !== personId || action.call !== 'task.comment') return [];
        if (
          !payload ||
          typeof payload !== 'object' ||
          !('photo' in payload) ||
          !(payload.photo instanceof Blob)
        )
          return [];
        if (!('individualTaskID' in payload) || payload.individualTaskID !== taskId) return [];
        const line =
          'checkListID' in payload && typeof payload.checkListID === 'string' ? payload.checkListID : null;
        return [{ id: action.clientId, line, photo: payload.photo }];
      }),
    [outbox, personId, taskId],
  );
  const urls = useMemo(
    () =>
      new Map(
        typeof URL.createObjectURL === 'function'
          ? photos.map((one) => [one.id, URL.createObjectURL(one.photo)])
          : [],
      ),
    [photos],
  );
  useEffect(
    () => () => {
      for (const url of urls.values()) URL.revokeObjectURL(url);
    },
    [urls],
  );
  return photos.map((one) => ({ ...one, url: urls.get(one.id) ?? null }));
}

function Line({
  line,
  task,
  person,
  locked,
}: {
  line: OccurrenceChecklistItem;
  task: TaskView;
  person: StoredPerson;
  locked: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { dateLocale } = useSiteWriting()(task.siteID);
  const id = useId();
  const [failing, setFailing] = useState(false);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const ref: TaskRef = { masterTaskID: task.masterTaskID, individualTaskID: task._id };
  const by = recorderOf(person);
  const needsPhoto = line.photoRequired && !lineHasPhoto(task, line._id);

  const change = (status: OccurrenceChecklistItem['status'], comment?: string) =>
    record(
      'task.check',
      { ...ref, checkListID: line._id, status, ...(comment ? { comment } : {}), by },
      person.userID,
    );

  async function saveFail() {
    if (!note.trim()) {
      setNoteError(t('task.failNoteRequired'));
      return;
    }
    await change('FAILED', note.trim());
    setFailing(false);
    setNote('');
    setNoteError(null);
  }

  return (
    <Box component="li" sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography id={`${id}-text`} sx={{ fontWeight: 600, flex: 1, minWidth: 200 }}>
            {line.text}
          </Typography>
          {line.required && <Chip label={t('task.required')} size="small" variant="outlined" />}
          {line.status !== 'PENDING' && (
            <Chip
              label={t(`labels.checklistItemStatus.${line.status}`)}
              color={line.status === 'COMPLETED' ? 'success' : 'error'}
            />
          )}
        </Stack>
        {line.status !== 'PENDING' && line.changedBy && line.statusChangeOn && (
          <Typography variant="body2" color="text.secondary">
            {t('task.changedBy', {
              status: t(`labels.checklistItemStatus.${line.status}`),
              name: `${line.changedBy.firstName} ${line.changedBy.lastName}`,
              time: timeIn(line.statusChangeOn, task.timeZoneId, i18n.language, dateLocale),
            })}
          </Typography>
        )}
        {line.status === 'FAILED' && line.comment && <Typography>{line.comment}</Typography>}
        {line.photoRequired && (
          <Typography color={needsPhoto ? 'warning.main' : 'success.main'}>
            {needsPhoto ? t('task.photoNeeded') : t('task.photoTaken')}
          </Typography>
        )}
        {!locked && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {line.status === 'PENDING' ? (
              <>
                <Button
                  variant="contained"
                  color="success"
                  startIcon={<CheckIcon />}
                  disabled={needsPhoto}
                  aria-label={t('task.tickNamed', { line: line.text })}
                  onClick={() => void change('COMPLETED')}
                >
                  {t('task.tick')}
                </Button>
                <Button
                  variant="outlined"
                  color="error"
                  startIcon={<CloseIcon />}
                  disabled={needsPhoto}
                  aria-label={t('task.failNamed', { line: line.text })}
                  aria-expanded={failing}
                  onClick={() => setFailing((open) => !open)}
                >
                  {t('task.fail')}
                </Button>
              </>
            ) : (
              <Button
                variant="outlined"
                startIcon={<UndoIcon />}
                aria-label={t('task.undoNamed', { line: line.text })}
                onClick={() => void change('PENDING')}
              >
                {t('task.undo')}
              </Button>
            )}
            {line.photoRequired && (
              <CameraButton
                label={t('task.photoNamed', { line: line.text })}
                onPhotos={([photo]) =>
                  void record('task.comment', { ...ref, checkListID: line._id, photo, by }, person.userID)
                }
              />
            )}
          </Stack>
        )}
        {failing && (
          <Stack spacing={1}>
            <Field
              id={`${id}-note`}
              label={t('task.failNote')}
              multiline
              minRows={2}
              value={note}
              onChange={setNote}
              error={noteError}
            />
            <Button variant="contained" color="error" onClick={() => void saveFail()}>
              {t('task.saveFail')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

function Comments({ task, person }: { task: TaskView; person: StoredPerson }) {
  const { t, i18n } = useTranslation();
  const { dateLocale } = useSiteWriting()(task.siteID);
  const id = useId();
  const [text, setText] = useState('');
  const pending = usePendingPhotos(person.userID, task._id);
  const photos = task.comments.filter((one) => one.type === 'IMAGE' && one.image);
  const texts = task.comments.filter((one) => one.type === 'TEXT');
  const ref: TaskRef = { masterTaskID: task.masterTaskID, individualTaskID: task._id };

  async function add() {
    if (!text.trim()) return;
    await record('task.comment', { ...ref, comment: text.trim(), by: recorderOf(person) }, person.userID);
    setText('');
  }

  return (
    <Stack spacing={1} component="section" aria-labelledby={`${id}-title`}>
      <Typography id={`${id}-title`} variant="h2">
        {t('task.comments')}
      </Typography>
      {texts.length === 0 && <Typography color="text.secondary">{t('task.noComments')}</Typography>}
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {texts.map((one) => (
          <li key={one._id}>
            <Typography variant="body2" color="text.secondary">
              {one.author.firstName} {one.author.lastName} ·{' '}
              {dayTimeIn(one.createdAt, task.timeZoneId, i18n.language, dateLocale)}
            </Typography>
            <Typography>{one.text}</Typography>
          </li>
        ))}
      </Stack>
      {(photos.length > 0 || pending.length > 0) && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {photos.map((one) =>
            one.image ? (
              <Box
                key={one._id}
                component="img"
                src={fileUrl(one.image.location)}
                alt={t('task.photoTaken')}
                sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1 }}
              />
            ) : null,
          )}
          {pending.map((one) =>
            one.url ? (
              <Box
                key={one.id}
                component="img"
                src={one.url}
                alt={t('today.waiting')}
                sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1, opacity: 0.8 }}
              />
            ) : null,
          )}
        </Stack>
      )}
      <Field
        id={`${id}-comment`}
        label={t('task.comment')}
        multiline
        minRows={2}
        value={text}
        onChange={setText}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => void add()} disabled={!text.trim()}>
          {t('task.commentSend')}
        </Button>
        <CameraButton
          label={t('task.taskPhoto')}
          onPhotos={([photo]) =>
            void record('task.comment', { ...ref, photo, by: recorderOf(person) }, person.userID)
          }
        />
      </Stack>
    </Stack>
  );
}

/** One task: its checklist to tick or fail, photos, comments, and completing it. */
export default function TaskScreen() {
  const { t, i18n } = useTranslation();
  const { masterTaskID = '', individualTaskID = '' } = useParams();
  const person = useCurrentPerson();
  const online = useKitchen((state) => state.online);
  const records = usePersonRecords(person?.userID ?? null);
  const now = useNow(1000);
  const writingOf = useSiteWriting();
  const personId = person?.userID;

  useEffect(() => {
    if (online && personId)
      void refreshTask(personId, { masterTaskID, individualTaskID }).catch(() => undefined);
  }, [online, personId, masterTaskID, individualTaskID]);

  if (!person || !records) return null;
  const listed = records.day?.list.find((task) => task._id === individualTaskID);
  const task: TaskView | null =
    records.views.get(individualTaskID) ?? (listed ? { ...listed, comments: [], history: [] } : null);
  if (!task) {
    return (
      <Stack spacing={2}>
        <Alert severity="info">{t('task.notLoaded')}</Alert>
        <Button component={Link} to="/today" variant="outlined">
          {t('app.back')}
        </Button>
      </Stack>
    );
  }

  const zone = task.timeZoneId;
  const time = (instant: string) => timeIn(instant, zone, i18n.language, writingOf(task.siteID).dateLocale);
  const notOpen = new Date(task.opensAt).getTime() > now;
  const completed = task.status === 'COMPLETED';
  const deleted = task.status === 'DELETED';
  const followUp = task.followUp && !task.followUp.cancelled ? task.followUp : null;
  const locked = completed || deleted || notOpen || followUp !== null;
  const problems = completionProblems(task);
  const problemWords = problems.map((problem) =>
    problem.kind === 'taskPhotoMissing'
      ? t('task.taskPhotoMissing')
      : t(`task.${problem.kind}`, { line: problem.line }),
  );

  return (
    <Stack spacing={2}>
      <Button component={Link} to="/today" sx={{ alignSelf: 'flex-start' }}>
        {t('app.back')}
      </Button>
      <Typography variant="h1">{task.name}</Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip label={t(`labels.taskBucket.${task.bucket}`)} />
        <Typography>{t('today.due', { time: time(task.expireOn) })}</Typography>
      </Stack>
      {task.description && (
        <Box>
          <Typography variant="h2">{t('task.description')}</Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{task.description}</Typography>
        </Box>
      )}
      {deleted && <Alert severity="warning">{t('task.deleted')}</Alert>}
      {notOpen && !deleted && (
        <Alert severity="info">{t('task.notOpenYet', { time: time(task.opensAt) })}</Alert>
      )}
      {followUp && (
        <Alert severity="info">
          {t('task.followUp', { item: task.name })}{' '}
          <strong>
            {new Date(followUp.dueAt).getTime() >= now
              ? t('today.countdown', { time: countdown(new Date(followUp.dueAt).getTime() - now) })
              : t('today.countdownOverdue', { time: countdown(new Date(followUp.dueAt).getTime() - now) })}
          </strong>
        </Alert>
      )}
      {completed && task.completedAt && (
        <Alert severity="success">
          {task.completedBy && task.completedBy._id !== person.userID
            ? t('task.completed', {
                time: time(task.completedAt),
                name: `${task.completedBy.firstName} ${task.completedBy.lastName}`,
              })
            : t('task.completedByYou', { time: time(task.completedAt) })}
        </Alert>
      )}
      {task.itemCheckList.length > 0 && (
        <Stack spacing={1} component="section" aria-label={t('task.checklist')}>
          <Typography variant="h2">{t('task.checklist')}</Typography>
          <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
            {task.itemCheckList.map((line) => (
              <Line key={line._id} line={line} task={task} person={person} locked={locked} />
            ))}
          </Stack>
        </Stack>
      )}
      {!locked && (
        <Stack spacing={1}>
          {problemWords.length > 0 && (
            <Alert severity="info">
              <Typography>{t('task.cannotComplete')}</Typography>
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {problemWords.map((words) => (
                  <li key={words}>{words}</li>
                ))}
              </Box>
            </Alert>
          )}
          <Button
            variant="contained"
            size="large"
            disabled={problems.length > 0}
            onClick={() =>
              void record(
                'task.complete',
                { masterTaskID: task.masterTaskID, individualTaskID: task._id, by: recorderOf(person) },
                person.userID,
              )
            }
          >
            {t('task.complete')}
          </Button>
        </Stack>
      )}
      {!deleted && <Comments task={task} person={person} />}
    </Stack>
  );
}
