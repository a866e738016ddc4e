import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  coolingStartMaxMinutesBefore,
  followUpStagesOf,
  judgeReading,
  readingFollowUps,
  unitSymbols,
  type FollowUpKind,
  type LogType,
  type TemperatureCheckOption,
  type TemperatureLimits,
  type TemperatureReadableItem,
  type TemperatureResult,
  type TemperatureUnit,
} from '@console/shared-sdk/contract';
import { timeIn } from '../../i18n/format';
import { Field } from '../../ui/Field';
import type { StoredPerson } from '../../local/db';
import { deviceNow } from '../../sync/device-time';
import { record } from '../../sync/record';
import { TemperatureField } from '../records/TemperatureField';
import { SaveButton } from '../records/layout';
import { Choice } from '../records/Choice';
import { celsiusRange, parseTemperature, temperatureIn } from '../records/temperature';
import type { RecordingSite } from '../records/sites';
import { useNow } from '../today/use-records';
import { itemWords } from './ItemPicker';
import { bodyProblems, type ReadingPayload } from './reading-calls';
import { breachOf, followUpStarts } from './reading-rules';

const minuteMs = 60_000;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * minuteMs).toISOString();

/** How long before the reading cooling may be said to have begun, in minutes: up to the contract's limit. */
const coolingChoices = [0, 15, 30, 45, 60, 90, 120].filter(
  (minutes) => minutes <= coolingStartMaxMinutesBefore,
);

/**
 * What a saved reading tells the person: the item, the value (°C, shown in its unit), and the follow-up
 * checks it started, when each is due.
 */
export interface SavedReading {
  item: string;
  celsius: number;
  unit: TemperatureUnit;
  followUp: { kind: FollowUpKind; dueAts: string[] } | null;
}

/**
 * The limits in the person's words and the site's unit: "at most 5 °C (warns up to 8 °C)", "10 °C to
 * 14 °C", "at most 41 °F" (the contract's limitsText, in the catalogue's words).
 */
function useLimitsWords(unit: TemperatureUnit) {
  const { t, i18n } = useTranslation();
  return (limits: TemperatureLimits) => {
    const c = (celsius: number) => temperatureIn(celsius, unit, i18n.language);
    const { lowerLimit, upperLimit, warnUpTo } = limits;
    let range: string;
    if (lowerLimit !== null && upperLimit !== null && !limits.upperExclusive)
      range = t('readings.limits.between', { min: c(lowerLimit), max: c(upperLimit) });
    else if (lowerLimit !== null && upperLimit !== null)
      range = t('readings.limits.atLeastAndBelow', { min: c(lowerLimit), max: c(upperLimit) });
    else if (upperLimit !== null)
      range = t(limits.upperExclusive ? 'readings.limits.below' : 'readings.limits.atMost', {
        max: c(upperLimit),
      });
    else if (lowerLimit !== null) range = t('readings.limits.atLeast', { min: c(lowerLimit) });
    else range = t('readings.limits.none');
    return warnUpTo === null ? range : t('readings.limits.warnsUpTo', { range, warn: c(warnUpTo) });
  };
}

/** The reading judged, in the site's unit: within the limits, a warning, or the limit it broke. */
function ResultNotice({
  celsius,
  limits,
  result,
  unit,
}: {
  celsius: number;
  limits: TemperatureLimits;
  result: TemperatureResult;
  unit: TemperatureUnit;
}) {
  const { t, i18n } = useTranslation();
  const c = (value: number) => temperatureIn(value, unit, i18n.language);
  if (result === 'PASS')
    return <Alert severity="success">{t('readings.result.pass', { value: c(celsius) })}</Alert>;
  if (result === 'WARN') {
    // Below a legal minimum an admin's looser limit allowed (New York's hot holding under 140 °F).
    if (limits.legalMinimum !== undefined && celsius < limits.legalMinimum)
      return (
        <Alert severity="warning">
          {t('readings.result.warnBelow', { value: c(celsius), limit: c(limits.legalMinimum) })}
        </Alert>
      );
    const limit =
      limits.upperLimit !== null && celsius > limits.upperLimit
        ? limits.upperLimit
        : (limits.legalMaximum ?? 0);
    return (
      <Alert severity="warning">{t('readings.result.warn', { value: c(celsius), limit: c(limit) })}</Alert>
    );
  }
  const breach = breachOf(celsius, limits);
  return (
    <Alert severity="error">
      {breach ? t(`readings.breach.${breach.kind}`, { value: c(celsius), limit: c(breach.limit) }) : null}{' '}
      {t('readings.result.failAsk')}
    </Alert>
  );
}

/**
 * One reading of one item: what it is for (the item's log types and their checks, from the site's rule
 * set), the value on a keypad in the site's unit, judged at once by the limits the server will judge it by.
 * A failing reading asks for its corrective action before it can be saved; a cooked core starts the cooling
 * clock (one check, or one per stage where the rules have several); hot holding may end.
 */
export function ReadingForm({
  item,
  site,
  person,
  onSaved,
  onCancel,
}: {
  item: TemperatureReadableItem;
  site: RecordingSite;
  person: StoredPerson;
  onSaved: (saved: SavedReading) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const valueId = useId();
  const correctiveId = useId();
  const noteId = useId();
  const now = useNow(30_000);
  const onlyType = item.logTypes.length === 1 ? item.logTypes[0] : undefined;
  const [logType, setLogType] = useState<LogType | null>(onlyType?.logType ?? null);
  const typeEntry = item.logTypes.find((entry) => entry.logType === logType);
  const [checkKind, setCheckKind] = useState<string | null>(
    onlyType?.checks.length === 1 ? (onlyType.checks[0]?.kind ?? null) : null,
  );
  const check: TemperatureCheckOption | undefined =
    typeEntry?.checks.length === 1
      ? typeEntry.checks[0]
      : typeEntry?.checks.find((one) => one.kind === checkKind);
  const [text, setText] = useState('');
  const [corrective, setCorrective] = useState('');
  const [note, setNote] = useState('');
  const [coolingMinutes, setCoolingMinutes] = useState(0);
  const [hotHoldEnded, setHotHoldEnded] = useState(false);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const { jurisdiction, nationalFigures, rules, unit, dateLocale } = site;
  const parsed = parseTemperature(text, unit);
  const celsius = 'celsius' in parsed ? parsed.celsius : null;
  const result = check && celsius !== null ? judgeReading(celsius, check.limits) : null;
  const failing = result === 'FAIL';
  const followUps =
    check && logType && result && item.kind !== 'TEMPERATURE_ITEM'
      ? readingFollowUps({ logType, checkKind: check.kind, result, hotHoldEnded }, rules)
      : {};
  const startsCooling = followUps.starts === 'COOLING';
  const isHotHolding = logType === 'HOT_HOLD_DISPLAY';
  const limitsWords = useLimitsWords(unit);
  const zone = site.timeZoneId;
  const time = (instant: number) => timeIn(instant, zone, language, dateLocale);
  const c = (value: number) => temperatureIn(value, unit, language);

  const valueError = (() => {
    if (!tried && text === '') return null;
    if ('problem' in parsed) {
      if (parsed.problem === 'empty') return tried ? t('readings.valueRequired') : null;
      if (parsed.problem === 'range')
        return t('readings.valueRange', { min: c(celsiusRange.min), max: c(celsiusRange.max) });
      return t('readings.valueFormat');
    }
    return null;
  })();
  const correctiveError =
    tried && failing && corrective.trim() === '' ? t('readings.correctiveRequired') : null;

  async function save() {
    setTried(true);
    setProblem(null);
    if (!logType || !check || celsius === null || !result) return;
    if (failing && corrective.trim() === '') {
      document.getElementById(correctiveId)?.focus();
      return;
    }
    const payload: ReadingPayload = {
      siteID: site.siteID,
      site: { jurisdiction, nationalFigures, unit, dateLocale },
      item: { _id: item._id, kind: item.kind, name: itemWords(item) },
      logType,
      checkKind: check.kind,
      celsius,
      result,
      correctiveAction: failing ? corrective.trim() : corrective.trim() || null,
      note: note.trim() || null,
      // "Now" is left to the server (the reading's time): a device clock a little ahead would otherwise
      // put the start after the reading as the server takes it.
      ...(startsCooling && coolingMinutes > 0 ? { coolingStartedAt: minutesAgo(coolingMinutes) } : {}),
      ...(isHotHolding && hotHoldEnded ? { hotHoldEnded: true } : {}),
      by: {
        _id: person.userID,
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.userData.email,
      },
    };
    if (bodyProblems(payload, deviceNow())) {
      setProblem(t('readings.notValid'));
      return;
    }
    setSaving(true);
    try {
      const action = await record('reading', payload, person.userID);
      const starts = followUpStarts(payload, action.deviceTime);
      onSaved({
        item: payload.item.name,
        celsius,
        unit,
        followUp: starts[0] ? { kind: starts[0].kind, dueAts: starts.map((start) => start.dueAt) } : null,
      });
    } catch {
      setProblem(t('readings.notSaved'));
      setSaving(false);
    }
  }

  const coolingStages = followUpStagesOf('COOLING', rules).map((stage) => ({
    ...stage,
    dueAt: now + (stage.dueMinutes - coolingMinutes) * minuteMs,
  }));
  const hotHoldDue = now + (followUpStagesOf('HOT_HOLD', rules)[0]?.dueMinutes ?? 0) * minuteMs;

  return (
    <Stack
      component="form"
      spacing={3}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      aria-labelledby={`${valueId}-title`}
    >
      <Stack spacing={1}>
        <Button onClick={onCancel} sx={{ alignSelf: 'flex-start' }}>
          {t('readings.otherItem')}
        </Button>
        <Typography id={`${valueId}-title`} component="h2" sx={{ fontWeight: 700, fontSize: '1.5rem' }}>
          {itemWords(item)}
        </Typography>
        <Typography color="text.secondary">{t(`labels.temperatureItemKind.${item.kind}`)}</Typography>
      </Stack>

      {item.logTypes.length > 1 && (
        <Choice
          label={t('readings.logType')}
          value={logType}
          options={item.logTypes.map((entry) => ({
            value: entry.logType,
            text: t(`labels.logType.${entry.logType}`, { defaultValue: entry.label }),
          }))}
          error={tried && !logType ? t('readings.logTypeRequired') : null}
          onChange={(chosen) => {
            setLogType(chosen);
            const checks = item.logTypes.find((entry) => entry.logType === chosen)?.checks ?? [];
            setCheckKind(checks.length === 1 ? (checks[0]?.kind ?? null) : null);
          }}
        />
      )}
      {typeEntry && typeEntry.checks.length > 1 && (
        <Choice
          label={t('readings.checkKind')}
          value={checkKind}
          options={typeEntry.checks.map((one) => ({
            value: one.kind,
            text: t(`readings.check.${one.kind}`, { defaultValue: one.label }),
          }))}
          onChange={setCheckKind}
          error={tried && !check ? t('readings.checkRequired') : null}
        />
      )}

      {check && <Typography>{t('readings.limitsAre', { limits: limitsWords(check.limits) })}</Typography>}

      <TemperatureField
        id={valueId}
        unit={unit}
        label={t('readings.value')}
        value={text}
        onChange={setText}
        error={valueError}
        helperText={t('readings.valueHint', { unit: unitSymbols[unit] })}
      />

      <Box aria-live="polite">
        {check && celsius !== null && result && (
          <ResultNotice celsius={celsius} limits={check.limits} result={result} unit={unit} />
        )}
      </Box>

      {failing && (
        <Field
          id={correctiveId}
          label={t('readings.corrective')}
          value={corrective}
          onChange={setCorrective}
          required
          multiline
          minRows={2}
          error={correctiveError}
          hint={t('readings.correctiveHint')}
          maxLength={1000}
        />
      )}

      {startsCooling && (
        <Stack
          component="fieldset"
          spacing={1}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0 }}
        >
          <Typography component="legend" sx={{ fontWeight: 700, px: 0.5 }}>
            {t('readings.cooling.title')}
          </Typography>
          <Choice
            label={t('readings.cooling.began')}
            value={String(coolingMinutes)}
            options={coolingChoices.map((minutes) => {
              const began = time(now - minutes * minuteMs);
              return {
                value: String(minutes),
                text:
                  minutes === 0
                    ? t('readings.cooling.now', { time: began })
                    : t('readings.cooling.minutesAgo', { count: minutes, time: began }),
              };
            })}
            onChange={(minutes) => setCoolingMinutes(Number(minutes))}
          />
          {coolingStages.map((stage) => (
            <Typography key={stage.checkKind}>
              {stage.stages > 1
                ? t('readings.cooling.dueStage', {
                    stage: stage.stage,
                    stages: stage.stages,
                    time: time(stage.dueAt),
                    limit: c(stage.limits.upperLimit ?? 0),
                  })
                : t('readings.cooling.due', { time: time(stage.dueAt) })}
            </Typography>
          ))}
        </Stack>
      )}

      {isHotHolding && check && (
        <Stack spacing={1}>
          <FormControlLabel
            control={
              <Checkbox
                checked={hotHoldEnded}
                onChange={(event) => setHotHoldEnded(event.target.checked)}
                sx={{ p: 1.25 }}
              />
            }
            label={t('readings.hotHold.ended')}
          />
          {!hotHoldEnded && followUps.starts === 'HOT_HOLD' && (
            <Typography>{t('readings.hotHold.next', { time: time(hotHoldDue) })}</Typography>
          )}
        </Stack>
      )}

      <Field
        id={noteId}
        label={t('readings.note')}
        value={note}
        onChange={setNote}
        multiline
        maxLength={1000}
      />

      <SaveButton
        label={startsCooling ? t('readings.saveAndCool') : t('readings.save')}
        saving={saving}
        problem={problem}
      />
    </Stack>
  );
}
