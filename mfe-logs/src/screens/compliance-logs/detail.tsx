import { isApiError } from '@console/shared-sdk';
import {
  complianceAnswerLabels,
  complianceResultLabels,
  temperatureResultLabels,
} from '@console/shared-sdk/contract';
import { consoleIcons } from '@console/shared-sdk/icons';
import {
  complianceLogApi,
  complianceLogUpdateSchema,
  complianceLogWorkflow,
  isReopening,
  type ComplianceAnswer,
  type ComplianceAnswerRecord,
  type ComplianceLog,
  type ComplianceLogHistoryEntry,
  type ComplianceLogUpdate,
  type LogStatus,
} from '@console/shared-sdk/logs';
import {
  Alert,
  alpha,
  Box,
  Button,
  Chip,
  MenuItem,
  Stack,
  TextField,
  Typography,
  type Theme,
} from '@console/shared-sdk/mui';
import { celsiusToSend, TemperatureInput, type DetailHelpers, type SiteFormat } from '@console/shared-sdk/ui';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { statusChoices } from './status';
import { answerOptions, temperatureVerdict } from './words';
import { changedFields, RecordHistory, type HistoryField } from '../shared/history';
import { ReasonField } from '../shared/reason';
import { useRecordFormat } from '../shared/site-writing';
import { reasonProblem } from '../shared/words';

// The compliance log's view, below its fields: the answers with failed lines marked (and a correction per
// line, which changes what staff recorded and so needs a reason), the review (a status move the workflow
// allows and a note), and the history. Loaded when a log is first opened, not with the list. Temperatures
// are shown and typed in the unit of the log's site, and named and judged by the rule set the log was judged
// by (its own, whichever site is selected).

type Problems<Key extends string> = Partial<Record<Key | 'form', string>>;

/** The request failed in a way the form shows itself: field messages, or the conflict's own words. */
function formProblems<Key extends string>(
  error: unknown,
  fieldOf: (path: string) => Key | undefined,
): Problems<Key> | null {
  if (!isApiError(error) || (error.status !== 400 && error.status !== 409)) return null;
  const problems: Problems<Key> = {};
  for (const [path, messages] of Object.entries(error.fieldErrors)) {
    const key = fieldOf(path) ?? 'form';
    problems[key] ??= messages[0];
  }
  if (Object.keys(problems).length === 0) problems.form = error.message;
  return problems;
}

// ---- answers ---------------------------------------------------------------------------------------------

export function ComplianceAnswers({ log, helpers }: { log: ComplianceLog; helpers: DetailHelpers }) {
  const format = useRecordFormat(log);
  const changed = helpers.reload;
  const [correcting, setCorrecting] = useState<string | null>(null);
  const mayCorrect = helpers.can('update');
  if (log.answers.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        This log has no answers.
      </Typography>
    );
  return (
    <Stack component="ol" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Answers">
      {log.answers.map((line) => (
        <AnswerLine key={line._id} log={log} line={line} format={format}>
          {mayCorrect && correcting !== line._id && (
            <Button
              size="small"
              sx={{ alignSelf: 'flex-start' }}
              disabled={correcting !== null}
              aria-label={`Correct the answer to “${line.text}”`}
              onClick={() => setCorrecting(line._id)}
            >
              Correct
            </Button>
          )}
          {correcting === line._id && (
            <Correction
              log={log}
              line={line}
              format={format}
              onCancel={() => setCorrecting(null)}
              onSaved={() => {
                setCorrecting(null);
                changed();
              }}
            />
          )}
        </AnswerLine>
      ))}
    </Stack>
  );
}

const failedLine = (theme: Theme) => ({
  bgcolor: alpha(theme.palette.error.main, 0.08),
  borderLeftColor: theme.palette.error.main,
});

function AnswerLine({
  log,
  line,
  format,
  children,
}: {
  log: ComplianceLog;
  line: ComplianceAnswerRecord;
  /** The log's site's. */
  format: SiteFormat;
  children?: ReactNode;
}) {
  const failed = line.result === 'FAIL';
  const verdict = temperatureVerdict(log, line, format.unit);
  const Failed = consoleIcons.warning;
  return (
    <Box
      component="li"
      aria-label={`${line.text}${failed ? ', failed' : ''}`}
      sx={[{ p: 1.5, borderRadius: 1, borderLeft: 4, borderLeftColor: 'transparent' }, failed && failedLine]}
    >
      <Stack spacing={0.5}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ flex: 1, minWidth: 160, fontWeight: failed ? 600 : undefined }}>
            {line.text}
          </Typography>
          {failed && <Chip size="small" color="error" icon={<Failed fontSize="small" />} label="Failed" />}
          {line.result === 'WARN' && <Chip size="small" color="warning" variant="outlined" label="Warning" />}
          {line.required && <Chip size="small" variant="outlined" label="Required" />}
        </Stack>
        <Typography variant="body2">
          Answer: <strong>{line.answer ? complianceAnswerLabels[line.answer] : 'Not answered'}</strong>
        </Typography>
        {verdict && (
          <Typography variant="body2" color={verdict.result === 'FAIL' ? 'error' : undefined}>
            Temperature: <strong>{verdict.reading}</strong>
            {/* Mid-sentence: "4.2 °C, warning". */}
            {verdict.result && `, ${temperatureResultLabels[verdict.result].toLowerCase()}`}
            {verdict.limits && ` (limits: ${verdict.limits})`}
          </Typography>
        )}
        {line.comment && <Typography variant="body2">Comment: {line.comment}</Typography>}
        {children}
      </Stack>
    </Box>
  );
}

type CorrectionKey = 'answer' | 'celsius' | 'comment' | 'reason';

const correctionField = (path: string): CorrectionKey | undefined => {
  const last = path.split('.').at(-1);
  return last === 'answer' || last === 'celsius' || last === 'comment' || last === 'reason'
    ? last
    : undefined;
};

/**
 * One line's answer corrected: what staff recorded changes, so the history keeps why. Its temperature is
 * typed in the site's unit and sent in °C.
 */
function Correction({
  log,
  line,
  format,
  onSaved,
  onCancel,
}: {
  log: ComplianceLog;
  line: ComplianceAnswerRecord;
  /** The log's site's. */
  format: SiteFormat;
  onSaved(): void;
  onCancel(): void;
}) {
  const id = useId();
  const [answer, setAnswer] = useState<ComplianceAnswer | ''>(line.answer ?? '');
  const [typed, setTyped] = useState(line.celsius === null ? null : format.toShown(line.celsius));
  const [comment, setComment] = useState(line.comment ?? '');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems<CorrectionKey>>({});
  const [busy, setBusy] = useState(false);
  const takesTemperature = line.celsius !== null || line.limits !== null;

  const check = (body: ComplianceLogUpdate): Problems<CorrectionKey> => {
    const found: Problems<CorrectionKey> = {};
    if (answer === '') found.answer = 'Choose Yes, No or N/A';
    const parsed = complianceLogUpdateSchema.safeParse(body);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const key = correctionField(issue.path.map(String).join('.')) ?? 'form';
        found[key] ??= issue.message;
      }
    const reading = celsiusToSend(typed, line.celsius, format);
    const failing =
      answer === 'NO' ||
      (reading !== null &&
        !Number.isNaN(reading) &&
        temperatureVerdict(log, { ...line, celsius: reading }, format.unit)?.result === 'FAIL');
    if (failing && comment.trim() === '')
      found.comment ??= 'Say what was wrong: a failed answer needs a comment';
    const reasonMessage = reasonProblem(reason);
    if (reasonMessage) found.reason = reasonMessage;
    return found;
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const body: ComplianceLogUpdate = {
      _id: log._id,
      answers: [
        {
          _id: line._id,
          answer: answer === '' ? 'NA' : answer,
          celsius: celsiusToSend(typed, line.celsius, format),
          checkKind: line.checkKind,
          comment: comment.trim() || null,
        },
      ],
      reason: reason.trim(),
    };
    const found = check(body);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await complianceLogApi.update(body, { quietFor: [400, 409] });
      onSaved();
    } catch (error) {
      const shown = formProblems(error, correctionField);
      if (shown) setProblems(shown);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void save(event)}
      aria-label={`Correct the answer to “${line.text}”`}
      sx={{ mt: 1, p: 1.5, bgcolor: 'background.paper', borderRadius: 1, border: 1, borderColor: 'divider' }}
    >
      <Stack spacing={1.5}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <TextField
            id={`${id}-answer`}
            select
            label="Answer"
            required
            size="small"
            value={answer}
            onChange={(event) => setAnswer(event.target.value as ComplianceAnswer)}
            error={problems.answer !== undefined}
            helperText={problems.answer}
            sx={{ minWidth: 140 }}
            autoFocus
          >
            {answerOptions.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          {takesTemperature && (
            <TemperatureInput
              id={`${id}-celsius`}
              label="Temperature"
              size="small"
              fullWidth={false}
              value={typed}
              onChange={setTyped}
              unit={format.unit}
              error={problems.celsius}
            />
          )}
        </Stack>
        <TextField
          id={`${id}-comment`}
          label="Comment"
          size="small"
          multiline
          minRows={2}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          error={problems.comment !== undefined}
          helperText={problems.comment ?? 'Needed when the answer is No or the temperature fails'}
        />
        <ReasonField value={reason} onChange={setReason} error={problems.reason} disabled={busy} />
        {problems.form && <Alert severity="error">{problems.form}</Alert>}
        <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            Save correction
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

// ---- review ----------------------------------------------------------------------------------------------

type ReviewKey = 'status' | 'reviewNote' | 'reason';

const reviewField = (path: string): ReviewKey | undefined =>
  path === 'status' || path === 'reviewNote' || path === 'reason' ? path : undefined;

export function ComplianceReview({ log, helpers }: { log: ComplianceLog; helpers: DetailHelpers }) {
  if (!helpers.can('update'))
    return (
      <Typography variant="body2" color="text.secondary">
        The site’s admins review its logs.
      </Typography>
    );
  // A fresh form for each version of the log, so a saved review shows as the starting point.
  return <ReviewForm key={log.updatedAt} log={log} helpers={helpers} />;
}

function ReviewForm({ log, helpers }: { log: ComplianceLog; helpers: DetailHelpers }) {
  const id = useId();
  const changed = helpers.reload;
  const [status, setStatus] = useState<LogStatus>(log.status);
  const [note, setNote] = useState(log.reviewNote ?? '');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems<ReviewKey>>({});
  const [busy, setBusy] = useState(false);
  const reopening = isReopening(complianceLogWorkflow, log.status, status);
  const noteChanged = note.trim() !== (log.reviewNote ?? '');
  const dirty = status !== log.status || noteChanged;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const reasonMessage = reopening ? reasonProblem(reason) : undefined;
    if (reasonMessage) {
      setProblems({ reason: reasonMessage });
      return;
    }
    const body: ComplianceLogUpdate = {
      _id: log._id,
      ...(status !== log.status ? { status } : {}),
      ...(noteChanged ? { reviewNote: note.trim() || null } : {}),
      ...(reopening ? { reason: reason.trim() } : {}),
    };
    setProblems({});
    setBusy(true);
    try {
      await complianceLogApi.update(body, { quietFor: [400, 409] });
      changed();
    } catch (error) {
      const shown = formProblems(error, reviewField);
      if (shown) setProblems(shown);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void save(event)} aria-label="Review">
      <Stack spacing={1.5}>
        <TextField
          id={`${id}-status`}
          select
          label="Status"
          size="small"
          value={status}
          onChange={(event) => setStatus(event.target.value as LogStatus)}
          error={problems.status !== undefined}
          helperText={problems.status}
          sx={{ maxWidth: 360 }}
        >
          {statusChoices(complianceLogWorkflow, log.status).map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id={`${id}-note`}
          label="Review note"
          multiline
          minRows={2}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          error={problems.reviewNote !== undefined}
          helperText={problems.reviewNote ?? 'What you checked, and any follow-up you asked for'}
        />
        {reopening && (
          <ReasonField value={reason} onChange={setReason} error={problems.reason} disabled={busy} />
        )}
        {problems.form && <Alert severity="error">{problems.form}</Alert>}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={!dirty} loading={busy}>
            Save review
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

// ---- history ---------------------------------------------------------------------------------------------

type Snapshot = NonNullable<ComplianceLogHistoryEntry['changes']['after']>;

const historyFields: readonly HistoryField<Snapshot>[] = [
  {
    key: 'status',
    label: 'Status',
    format: (value) => complianceLogWorkflow.labels[value as LogStatus] ?? String(value),
  },
  {
    key: 'result',
    label: 'Result',
    format: (value) => complianceResultLabels[value === 'FAIL' ? 'FAIL' : 'PASS'],
  },
  { key: 'note', label: 'Note' },
  { key: 'reviewNote', label: 'Review note' },
];

const answerWords = (line: ComplianceAnswerRecord, format: SiteFormat) =>
  [
    line.answer ? complianceAnswerLabels[line.answer] : 'not answered',
    line.celsius === null ? null : format.temperature(line.celsius),
    line.comment ? `“${line.comment}”` : null,
  ]
    .filter((part) => part !== null)
    .join(', ');

/** The answers a change corrected, each as before → after. */
function correctedAnswers(entry: ComplianceLogHistoryEntry, format: SiteFormat): string[] {
  const { before, after } = entry.changes;
  if (!before || !after) return [];
  const earlier = new Map(before.answers.map((line) => [line._id, line]));
  return after.answers.flatMap((line) => {
    const old = earlier.get(line._id);
    const same = old?.answer === line.answer && old.celsius === line.celsius && old.comment === line.comment;
    if (!old || same) return [];
    return [`“${line.text}”: ${answerWords(old, format)} → ${answerWords(line, format)}`];
  });
}

export function ComplianceHistory({ log }: { log: ComplianceLog }) {
  const format = useRecordFormat(log);
  return (
    <RecordHistory
      recordID={log._id}
      load={complianceLogApi.history}
      timeZone={log.timeZoneId}
      siteID={log.siteID}
      describe={(entry) => [...changedFields(entry, historyFields), ...correctedAnswers(entry, format)]}
    />
  );
}
