import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudDoneIcon from '@mui/icons-material/CloudDone';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { useTranslation } from 'react-i18next';
import type { OutboxAction } from '../local/db';
import { timeIn } from '../i18n/format';
import { dismiss } from '../sync/outbox';
import { useDeviceDateLocale } from './site-writing';
import { useKitchen } from './store';

/** The zone the device's own clock is read in: the tablet's site's, or the phone's. */
export function useDeviceZone(): string {
  const siteZone = useKitchen((state) => state.device?.timeZoneId);
  return siteZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function Refused({ action }: { action: OutboxAction }) {
  const { t, i18n } = useTranslation();
  const zone = useDeviceZone();
  const dateLocale = useDeviceDateLocale();
  const refusal = action.refusal;
  if (!refusal || action.seq === undefined) return null;
  const seq = action.seq;
  const what = refusal.what
    ? t(`refusal.what.${refusal.what.key}`, refusal.what.values ?? {})
    : t('refusal.what.other', { time: timeIn(action.createdAt, zone, i18n.language, dateLocale) });
  const fieldMessages = Object.values(refusal.fieldErrors).flat();
  return (
    <Alert
      severity="warning"
      action={
        <Button
          color="inherit"
          onClick={() => void dismiss(seq)}
          aria-label={t('status.dismissNamed', { what })}
        >
          {t('status.dismiss')}
        </Button>
      }
    >
      <Typography sx={{ fontWeight: 600 }}>{what}</Typography>
      <Typography>{t(`refusal.${refusal.reason}`, { name: refusal.by ?? '' })}</Typography>
      {refusal.reason === 'invalid' &&
        fieldMessages.map((message) => <Typography key={message}>{message}</Typography>)}
      {(refusal.reason === 'refused' || refusal.reason === 'invalid') && fieldMessages.length === 0 && (
        <Typography>{refusal.message}</Typography>
      )}
    </Alert>
  );
}

/**
 * Online or offline, how much is waiting to be sent, when the server last answered, and what it refused,
 * in words, until the person dismisses it. Only the person on the screen sees their own refusals.
 */
export function StatusBar() {
  const { t, i18n } = useTranslation();
  const zone = useDeviceZone();
  const dateLocale = useDeviceDateLocale();
  const online = useKitchen((state) => state.online);
  const outbox = useKitchen((state) => state.outbox);
  const people = useKitchen((state) => state.people);
  const currentId = useKitchen((state) => state.currentId);
  const lastInTouchAt = useKitchen((state) => state.lastInTouchAt);

  const waiting = outbox.filter((action) => action.status === 'waiting' || action.status === 'sending');
  const refused = outbox.filter((action) => action.status === 'refused' && action.personId === currentId);
  const needsSignIn = new Map<string, number>();
  for (const action of outbox) {
    if (action.status === 'needs-sign-in')
      needsSignIn.set(action.personId, (needsSignIn.get(action.personId) ?? 0) + 1);
  }

  return (
    <Box
      component="section"
      aria-label={t('status.region')}
      sx={{
        px: 2,
        py: 1,
        bgcolor: online ? 'background.paper' : 'warning.main',
        color: online ? 'text.primary' : 'warning.contrastText',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center' }}
        role="status"
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {online ? <CloudDoneIcon aria-hidden /> : <CloudOffIcon aria-hidden />}
          <Typography sx={{ fontWeight: 600 }}>
            {online ? t('status.online') : t('status.offline')}
          </Typography>
        </Stack>
        <Typography>
          {waiting.length > 0 ? t('status.waiting', { count: waiting.length }) : t('status.allSent')}
        </Typography>
        <Typography>
          {lastInTouchAt
            ? t('status.lastInTouch', { time: timeIn(lastInTouchAt, zone, i18n.language, dateLocale) })
            : t('status.neverInTouch')}
        </Typography>
      </Stack>
      {[...needsSignIn].map(([personId, count]) => {
        const person = people[personId];
        const name = person ? `${person.firstName} ${person.lastName}` : '';
        return <Typography key={personId}>{t('status.needsSignIn', { count, name })}</Typography>;
      })}
      {refused.length > 0 && (
        <Stack spacing={1} sx={{ mt: 1 }} component="section" aria-label={t('status.refusals')}>
          <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1rem' }}>
            {t('status.refusals')}
          </Typography>
          {refused.map((action) => (
            <Refused key={action.seq} action={action} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
