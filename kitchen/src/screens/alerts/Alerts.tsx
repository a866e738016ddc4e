import { useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { IndividualTask } from '@console/shared-sdk/contract';
import { useSiteWriting } from '../../app/site-writing';
import { useCurrentPerson, useKitchen } from '../../app/store';
import { failureWords } from '../../i18n/errors';
import { countdown, timeIn } from '../../i18n/format';
import type { StoredPerson } from '../../local/db';
import { TaskCard } from '../../ui/TaskCard';
import { Section } from '../records/layout';
import { useNow } from '../today/use-records';
import { usePersonAlerts } from './person-alerts';
import { PushError, pushIsOn, pushSupported, turnPushOff, turnPushOn } from './push';

function FollowUpCard({ task }: { task: IndividualTask }) {
  const { t, i18n } = useTranslation();
  const now = useNow(1000);
  const { dateLocale } = useSiteWriting()(task.siteID);
  const dueAt = task.followUp?.dueAt ?? task.expireOn;
  const left = new Date(dueAt).getTime() - now;
  return (
    <TaskCard task={task}>
      <Typography>
        {t(`labels.followUpKind.${task.followUp?.kind ?? 'COOLING'}`)} ·{' '}
        {t('alerts.dueAt', { time: timeIn(dueAt, task.timeZoneId, i18n.language, dateLocale) })}
      </Typography>
      <Typography
        sx={{ fontWeight: 700, fontSize: '1.25rem', fontVariantNumeric: 'tabular-nums' }}
        color={left < 0 ? 'error' : 'text.primary'}
      >
        {left >= 0
          ? t('today.countdown', { time: countdown(left) })
          : t('today.countdownOverdue', { time: countdown(left) })}
      </Typography>
    </TaskCard>
  );
}

function AlertList({ title, count, children }: { title: string; count: number; children: React.ReactNode }) {
  if (count === 0) return null;
  return (
    <Section title={title}>
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
        {children}
      </Stack>
    </Section>
  );
}

/** The switch of system notifications, where the browser has push; else why not. */
function PushSetting({ person }: { person: StoredPerson }) {
  const { t } = useTranslation();
  const online = useKitchen((state) => state.online);
  const supported = pushSupported();
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const hintId = useId();

  useEffect(() => {
    if (!supported) return;
    let live = true;
    void pushIsOn(person.userID)
      .catch(() => false)
      .then((value) => live && setOn(value));
    return () => {
      live = false;
    };
  }, [supported, person.userID]);

  if (!supported) return <Typography>{t('alerts.push.unsupported')}</Typography>;
  const denied = Notification.permission === 'denied';

  async function change(wanted: boolean) {
    setBusy(true);
    setProblem(null);
    try {
      if (wanted) await turnPushOn(person.userID);
      else await turnPushOff(person.userID);
      setOn(wanted);
    } catch (error) {
      setProblem(
        error instanceof PushError ? t(`alerts.push.problem.${error.problem}`) : failureWords(error, t),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack spacing={1}>
      <FormControlLabel
        control={
          <Switch
            checked={on === true}
            disabled={busy || on === null || !online || (denied && on !== true)}
            onChange={(event) => void change(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': hintId } }}
          />
        }
        label={t('alerts.push.switch')}
        sx={{ minHeight: 48 }}
      />
      <Typography id={hintId} color="text.secondary">
        {denied
          ? t('alerts.push.problem.denied')
          : !online
            ? t('alerts.push.offline')
            : t('alerts.push.hint')}
      </Typography>
      {problem && <Alert severity="warning">{problem}</Alert>}
    </Stack>
  );
}

/**
 * The person's own alerts, from their stored day: follow-up checks counting down to their due time, and
 * their overdue tasks; and whether this browser shows them as system notifications.
 */
export default function Alerts() {
  const { t, i18n } = useTranslation();
  const person = useCurrentPerson();
  const { followUps, overdue } = usePersonAlerts(1000);
  const writingOf = useSiteWriting();
  if (!person) return null;
  return (
    <Stack spacing={3}>
      <Typography variant="h1" sx={{ fontSize: '2rem', fontWeight: 700 }}>
        {t('alerts.title')}
      </Typography>
      {followUps.length === 0 && overdue.length === 0 && <Typography>{t('alerts.nothing')}</Typography>}
      <AlertList title={t('alerts.followUps', { count: followUps.length })} count={followUps.length}>
        {followUps.map((task) => (
          <FollowUpCard key={task._id} task={task} />
        ))}
      </AlertList>
      <AlertList title={t('alerts.overdue', { count: overdue.length })} count={overdue.length}>
        {overdue.map((task) => (
          <TaskCard key={task._id} task={task}>
            <Typography color="error">
              {t('alerts.wasDue', {
                time: timeIn(
                  task.expireOn,
                  task.timeZoneId,
                  i18n.language,
                  writingOf(task.siteID).dateLocale,
                ),
              })}
            </Typography>
          </TaskCard>
        ))}
      </AlertList>
      <Section title={t('alerts.push.title')}>
        <PushSetting person={person} />
      </Section>
    </Stack>
  );
}
