import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ThermostatIcon from '@mui/icons-material/Thermostat';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from '@console/shared-sdk/router';
import {
  complianceAnswerInputSchema,
  complianceAnswerSchema,
  complianceLogCreateSchema,
  judgeReading,
  standardsOf,
  type ChecklistItemDefinition,
  type ComplianceAnswer,
  type ComplianceAnswerInput,
  type ComplianceTemplate,
  type TemperatureCheck,
  type TemperatureUnit,
} from '@console/shared-sdk/contract';
import { useCurrentPerson } from '../../app/store';
import { Field } from '../../ui/Field';
import type { StoredPerson } from '../../local/db';
import { deviceNow } from '../../sync/device-time';
import { record } from '../../sync/record';
import { TemperatureField } from '../records/TemperatureField';
import { SaveButton } from '../records/layout';
import { celsiusRange, parseTemperature, temperatureIn } from '../records/temperature';
import { Choice } from '../records/Choice';
import { useRecordingSite, type RecordingSite } from '../records/sites';
import { logBody, type LogPayload } from './log-calls';
import type { LogSavedState } from './Logs';
import { useTemplates } from './templates';

/** The contract's longest texts, so the form stops where the API would refuse. */
const commentMaxLength = complianceAnswerInputSchema.shape.comment.unwrap().unwrap().maxLength ?? undefined;
const noteMaxLength = complianceLogCreateSchema.shape.note.unwrap().unwrap().maxLength ?? undefined;

/** One question as the person is answering it. */
interface Answering {
  answer: ComplianceAnswer | null;
  withTemperature: boolean;
  /** As typed, in the site's unit. */
  temperature: string;
  checkKind: string;
  comment: string;
}

const unanswered = (checks: readonly TemperatureCheck[]): Answering => ({
  answer: null,
  withTemperature: false,
  temperature: '',
  checkKind: checks[0]?.kind ?? '',
  comment: '',
});

/**
 * Where a question's answer stands: its temperature (typed in `unit`, as °C) and its result, and what
 * still has to be given.
 */
function judged(
  question: ChecklistItemDefinition,
  line: Answering,
  checks: readonly TemperatureCheck[],
  unit: TemperatureUnit,
) {
  const parsed =
    line.withTemperature && line.answer !== 'NA' ? parseTemperature(line.temperature, unit) : null;
  const check = checks.find((one) => one.kind === line.checkKind) ?? checks[0];
  const celsius = parsed && 'celsius' in parsed ? parsed.celsius : null;
  const result = celsius !== null && check ? judgeReading(celsius, check.limits) : null;
  const failing = line.answer === 'NO' || result === 'FAIL';
  return {
    celsius,
    check,
    result,
    failing,
    missingAnswer: question.required && line.answer === null,
    temperatureProblem: parsed && 'problem' in parsed ? parsed.problem : null,
    missingComment: failing && line.comment.trim() === '',
  };
}

function Question({
  question,
  line,
  checks,
  unit,
  tried,
  onChange,
}: {
  question: ChecklistItemDefinition;
  line: Answering;
  checks: readonly TemperatureCheck[];
  unit: TemperatureUnit;
  tried: boolean;
  onChange: (line: Answering) => void;
}) {
  const { t, i18n } = useTranslation();
  const fieldId = useId();
  const state = judged(question, line, checks, unit);
  const c = (value: number) => temperatureIn(value, unit, i18n.language);
  const temperatureError = (() => {
    if (!state.temperatureProblem || (!tried && line.temperature === '')) return null;
    if (state.temperatureProblem === 'empty') return t('readings.valueRequired');
    if (state.temperatureProblem === 'range')
      return t('readings.valueRange', { min: c(celsiusRange.min), max: c(celsiusRange.max) });
    return t('readings.valueFormat');
  })();
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Stack
        component="fieldset"
        spacing={2}
        sx={{ m: 0, p: 2, border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 0 }}
      >
        <Typography component="legend" sx={{ fontWeight: 700, fontSize: '1.125rem', px: 0.5 }}>
          {question.required ? t('logs.requiredQuestion', { question: question.text }) : question.text}
        </Typography>
        <Choice
          label={t('logs.answer')}
          value={line.answer}
          options={complianceAnswerSchema.options.map((answer) => ({
            value: answer,
            text: t(`labels.complianceAnswer.${answer}`),
          }))}
          onChange={(answer) => onChange({ ...line, answer })}
          error={tried && state.missingAnswer ? t('logs.answerRequired') : null}
        />
        {line.answer !== 'NA' &&
          checks.length > 0 &&
          (line.withTemperature ? (
            <Stack spacing={2}>
              {checks.length > 1 && (
                <Choice
                  label={t('readings.checkKind')}
                  value={line.checkKind}
                  options={checks.map((check) => ({
                    value: check.kind,
                    text: t(`readings.check.${check.kind}`, { defaultValue: check.label }),
                  }))}
                  onChange={(checkKind) => onChange({ ...line, checkKind })}
                />
              )}
              <TemperatureField
                id={`${fieldId}-temperature`}
                unit={unit}
                label={t('logs.temperature')}
                value={line.temperature}
                onChange={(temperature) => onChange({ ...line, temperature })}
                error={temperatureError}
              />
              <Box aria-live="polite">
                {state.result && state.celsius !== null && (
                  <Alert
                    severity={
                      state.result === 'FAIL' ? 'error' : state.result === 'WARN' ? 'warning' : 'success'
                    }
                  >
                    {t(`logs.temperatureResult.${state.result}`, { value: c(state.celsius) })}
                  </Alert>
                )}
              </Box>
              <Button
                onClick={() => onChange({ ...line, withTemperature: false, temperature: '' })}
                sx={{ alignSelf: 'flex-start' }}
              >
                {t('logs.removeTemperature')}
              </Button>
            </Stack>
          ) : (
            <Button
              variant="outlined"
              startIcon={<ThermostatIcon />}
              onClick={() => onChange({ ...line, withTemperature: true })}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('logs.addTemperature')}
            </Button>
          ))}
        <Field
          id={`${fieldId}-comment`}
          label={state.failing ? t('logs.commentRequired') : t('logs.comment')}
          value={line.comment}
          onChange={(comment) => onChange({ ...line, comment })}
          required={state.failing}
          error={tried && state.missingComment ? t('logs.commentMissing') : null}
          multiline
          maxLength={commentMaxLength}
        />
      </Stack>
    </Box>
  );
}

function TemplateForm({
  template,
  site,
  person,
}: {
  template: ComplianceTemplate;
  site: RecordingSite;
  person: StoredPerson;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Judged by the site's rules, its organisation's national figures included, as the server judges the
  // log's temperatures.
  const checks: readonly TemperatureCheck[] = standardsOf(site.rules)[template.type].checks;
  const [lines, setLines] = useState<Record<string, Answering>>(() =>
    Object.fromEntries(template.checkListItems.map((question) => [question._id, unanswered(checks)])),
  );
  const [note, setNote] = useState('');
  const noteId = useId();
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const lineOf = (id: string) => lines[id] ?? unanswered(checks);

  async function save() {
    setTried(true);
    setProblem(null);
    const states = template.checkListItems.map((question) => ({
      question,
      line: lineOf(question._id),
      state: judged(question, lineOf(question._id), checks, site.unit),
    }));
    const incomplete = states.some(
      ({ state }) => state.missingAnswer || state.temperatureProblem !== null || state.missingComment,
    );
    if (incomplete) {
      setProblem(t('logs.needsAttention'));
      return;
    }
    const answers: ComplianceAnswerInput[] = states.flatMap(({ question, line, state }) =>
      line.answer === null
        ? []
        : [
            {
              _id: question._id,
              answer: line.answer,
              ...(state.celsius !== null && state.check
                ? { celsius: state.celsius, checkKind: state.check.kind }
                : {}),
              ...(line.comment.trim() ? { comment: line.comment.trim() } : {}),
            },
          ],
    );
    const payload: LogPayload = {
      siteID: site.siteID,
      template: { _id: template._id, name: template.name, type: template.type },
      answers,
      note: note.trim() || null,
    };
    if (!complianceLogCreateSchema.safeParse(logBody(payload, deviceNow(), crypto.randomUUID())).success) {
      setProblem(t('logs.notValid'));
      return;
    }
    setSaving(true);
    try {
      await record('compliance-log', payload, person.userID);
      const state: LogSavedState = { savedLog: template.name };
      navigate('/logs', { state });
    } catch {
      setProblem(t('logs.notSaved'));
      setSaving(false);
    }
  }

  return (
    <Stack
      component="form"
      spacing={3}
      noValidate
      aria-label={template.name}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {template.description && (
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{template.description}</Typography>
      )}
      <Stack component="ol" spacing={2} sx={{ p: 0, m: 0 }}>
        {template.checkListItems.map((question) => (
          <Question
            key={question._id}
            question={question}
            line={lineOf(question._id)}
            checks={checks}
            unit={site.unit}
            tried={tried}
            onChange={(line) => setLines((before) => ({ ...before, [question._id]: line }))}
          />
        ))}
      </Stack>
      <Field
        id={noteId}
        label={t('logs.note')}
        value={note}
        onChange={setNote}
        multiline
        minRows={2}
        maxLength={noteMaxLength}
      />
      <SaveButton label={t('logs.save')} saving={saving} problem={problem} />
    </Stack>
  );
}

/** A compliance log filled in from one of the site's templates, with its questions as the template has them. */
export default function LogForm() {
  const { t } = useTranslation();
  const { templateID = '' } = useParams();
  const [params] = useSearchParams();
  const person = useCurrentPerson();
  const { site } = useRecordingSite(params.get('site'));
  const templates = useTemplates(site, person);
  const template = templates.value?.find((one) => one._id === templateID);
  if (!person) return null;
  return (
    <Stack spacing={3}>
      <Button component={Link} to="/logs" sx={{ alignSelf: 'flex-start' }}>
        {t('logs.back')}
      </Button>
      <Typography variant="h1" sx={{ fontSize: '2rem', fontWeight: 700 }}>
        {template?.name ?? t('logs.title')}
      </Typography>
      {template && <Typography color="text.secondary">{t(`labels.logType.${template.type}`)}</Typography>}
      {template && site ? (
        <TemplateForm template={template} site={site} person={person} />
      ) : (
        !templates.loading && <Alert severity="info">{t('logs.templateNotLoaded')}</Alert>
      )}
    </Stack>
  );
}
