import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslation } from 'react-i18next';
import type { IndividualTask } from '@console/shared-sdk/contract';
import { useSiteWriting } from '../../app/site-writing';
import { useCurrentPerson, useKitchen } from '../../app/store';
import { countdown, localDateWords, timeIn } from '../../i18n/format';
import { refreshDay } from '../../sync/refresh';
import { dayGroups, type DayGroup } from './day-groups';
import { useNow, usePersonRecords } from './use-records';
import { TaskCard } from '../../ui/TaskCard';

function FollowUpCountdown({ task }: { task: IndividualTask }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  if (!task.followUp) return null;
  const left = new Date(task.followUp.dueAt).getTime() - now;
  return (
    <Typography
      sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
      color={left < 0 ? 'error' : 'text.primary'}
    >
      {left >= 0
        ? t('today.countdown', { time: countdown(left) })
        : t('today.countdownOverdue', { time: countdown(left) })}
    </Typography>
  );
}

function DayTask({ task, waiting, site }: { task: IndividualTask; waiting: boolean; site: string | null }) {
  const { t, i18n } = useTranslation();
  const { dateLocale } = useSiteWriting()(task.siteID);
  const done = task.itemCheckList.filter((line) => line.status !== 'PENDING').length;
  const time = (instant: string) => timeIn(instant, task.timeZoneId, i18n.language, dateLocale);
  const when =
    task.status === 'COMPLETED' && task.completedAt
      ? t('today.doneAt', { time: time(task.completedAt) })
      : t('today.due', { time: time(task.expireOn) });
  return (
    <TaskCard task={task}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography>{when}</Typography>
        {task.itemCheckList.length > 0 && (
          <Typography>{t('today.lines', { done, total: task.itemCheckList.length })}</Typography>
        )}
        {site && <Typography color="text.secondary">{site}</Typography>}
        {waiting && <Chip label={t('today.waiting')} size="small" color="info" />}
      </Stack>
      {task.followUp && task.status !== 'COMPLETED' && <FollowUpCountdown task={task} />}
    </TaskCard>
  );
}

function groupTitle(group: DayGroup, t: (key: string) => string): string {
  if (group.kind === 'slot') return t(`labels.slot.${group.slot}`);
  if (group.kind === 'followUps') return t('today.followUps');
  if (group.kind === 'overdue') return t('today.overdue');
  if (group.kind === 'done') return t('today.done');
  return t('today.atTime');
}

/** The person's tasks of today, by time slot, with what is overdue and what is done apart. */
export default function Today() {
  const { t, i18n } = useTranslation();
  const person = useCurrentPerson();
  const online = useKitchen((state) => state.online);
  const outbox = useKitchen((state) => state.outbox);
  const records = usePersonRecords(person?.userID ?? null);
  const now = useNow(30_000);
  const writingOf = useSiteWriting();
  const [refreshing, setRefreshing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const personId = person?.userID;

  async function refresh() {
    if (!personId) return;
    setRefreshing(true);
    setProblem(null);
    try {
      await refreshDay(personId);
    } catch {
      setProblem(t('today.noDay'));
    } finally {
      setRefreshing(false);
    }
  }

  useEffect(() => {
    if (!online || !personId) return;
    void (async () => {
      const day = await refreshDay(personId);
      // The record screens' lists too, while there is a connection (a chunk of their own, loaded then).
      const { keepSiteListsOffline } = await import('../records/site-lists');
      await keepSiteListsOffline(
        personId,
        day.sites.map((site) => site.siteID),
      );
    })().catch(() => undefined);
  }, [online, personId]);

  if (!person) return null;
  const day = records?.day ?? null;
  const waitingTasks = new Set(
    outbox
      .filter((action) => action.personId === person.userID && action.status !== 'refused')
      .map((action) => {
        const payload = action.payload;
        return payload && typeof payload === 'object' && 'individualTaskID' in payload
          ? String(payload.individualTaskID)
          : '';
      }),
  );
  const groups = day ? dayGroups(day.list, now) : [];

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h1">{t('today.title')}</Typography>
        <Button
          variant="outlined"
          startIcon={<RefreshIcon />}
          onClick={() => void refresh()}
          disabled={!online}
          loading={refreshing}
        >
          {t('today.refresh')}
        </Button>
      </Stack>
      {day?.sites.map((site) => (
        <Typography key={site.siteID}>
          {t('today.site', {
            site: site.name,
            date: localDateWords(site.date, i18n.language, writingOf(site.siteID).dateLocale),
          })}
        </Typography>
      ))}
      {!online && records?.fetchedAt && day && (
        <Alert severity="info">
          {t('today.offlineDay', {
            time: timeIn(
              records.fetchedAt,
              day.sites[0]?.timeZoneId ?? 'UTC',
              i18n.language,
              writingOf(day.sites[0]?.siteID).dateLocale,
            ),
          })}
        </Alert>
      )}
      {problem && <Alert severity="warning">{problem}</Alert>}
      {records && !day && !refreshing && <Alert severity="info">{t('today.noDay')}</Alert>}
      {day && day.list.length === 0 && <Typography>{t('today.nothing')}</Typography>}
      {groups.map((group) => {
        const title = groupTitle(group, t);
        return (
          <Box component="section" key={group.kind === 'slot' ? group.slot : group.kind} aria-label={title}>
            <Typography variant="h2" sx={{ mb: 1 }}>
              {title}{' '}
              <Typography component="span" color="text.secondary">
                ({t('today.tasks', { count: group.tasks.length })})
              </Typography>
            </Typography>
            <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
              {group.tasks.map((task) => (
                <DayTask
                  key={task._id}
                  task={task}
                  waiting={waitingTasks.has(task._id)}
                  site={
                    (day?.sites.length ?? 0) > 1
                      ? (day?.sites.find((one) => one.siteID === task.siteID)?.name ?? null)
                      : null
                  }
                />
              ))}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}
