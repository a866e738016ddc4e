import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '@console/shared-sdk/router';
import { useCurrentPerson, useKitchen } from '../../app/store';
import { timeIn } from '../../i18n/format';
import { NotLoaded, Section } from '../records/layout';
import { SiteChoice } from '../records/SiteChoice';
import { useRecordingSite } from '../records/sites';
import { WaitingToSend } from '../records/Waiting';
import { useNow } from '../today/use-records';
import { recordCorrectiveAction } from './action-calls';
import { useOpenActions, usePendingActionIds } from './action-lists';
import { ActionFacts } from './ActionFacts';

/** What the form tells this screen when it has saved an action: the deviation it was about. */
export interface ActionSavedState {
  savedAction: string;
}

const savedActionOf = (state: unknown) =>
  state && typeof state === 'object' && 'savedAction' in state && typeof state.savedAction === 'string'
    ? state.savedAction
    : null;

/**
 * The site's corrective actions awaiting action (kept on the device, so they open offline), the overdue
 * marked; each opens the form that records what was done. One recorded here leaves the list at once and
 * shows as waiting to send until the server has it.
 */
export default function Actions() {
  const { t, i18n } = useTranslation();
  const person = useCurrentPerson();
  const online = useKitchen((state) => state.online);
  const { sites, site, setSiteID, zone, dateLocale } = useRecordingSite();
  const open = useOpenActions(site, person);
  const pending = usePendingActionIds();
  const now = useNow(30_000);
  const saved = savedActionOf(useLocation().state);

  if (!person) return null;
  const shown = (open.value ?? []).filter((action) => !pending.has(action._id));

  return (
    <Stack spacing={3}>
      <Typography variant="h1" sx={{ fontSize: '2rem', fontWeight: 700 }}>
        {t('actions.title')}
      </Typography>
      {saved && (
        <Alert severity="success" role="status">
          {t('actions.saved', { deviation: saved })}
        </Alert>
      )}
      <Typography>{t('actions.lead')}</Typography>
      {!site && <Alert severity="info">{t('readings.noSite')}</Alert>}
      <SiteChoice sites={sites} value={site?.siteID ?? null} onChange={setSiteID} />
      {!online && open.value !== null && open.fetchedAt !== null && (
        <Alert severity="info">
          {t('actions.offlineList', { time: timeIn(open.fetchedAt, zone, i18n.language, dateLocale) })}
        </Alert>
      )}
      <Section title={t('labels.correctiveActionState.OPEN')}>
        <NotLoaded list={open} notLoaded={t('actions.notLoaded')} />
        {open.value !== null && shown.length === 0 && <Typography>{t('actions.nothing')}</Typography>}
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
          {shown.map((action) => (
            <li key={action._id} style={{ listStyle: 'none' }}>
              <Button
                component={Link}
                to={`/actions/${action._id}?site=${action.siteID}`}
                variant="outlined"
                fullWidth
                sx={{
                  minHeight: 64,
                  justifyContent: 'flex-start',
                  textAlign: 'left',
                  flexDirection: 'column',
                  alignItems: 'flex-start',
                  gap: 0.5,
                  textTransform: 'none',
                }}
              >
                <ActionFacts action={action} now={now} />
              </Button>
            </li>
          ))}
        </Stack>
      </Section>
      <WaitingToSend
        name="corrective-action"
        call={recordCorrectiveAction}
        title={t('actions.waitingTitle')}
        zone={zone}
        dateLocale={dateLocale}
      />
    </Stack>
  );
}
