import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ReportIcon from '@mui/icons-material/ReportProblem';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '@console/shared-sdk/router';
import { useCurrentPerson } from '../../app/store';
import { ButtonGrid, NotLoaded, Section } from '../records/layout';
import { SiteChoice } from '../records/SiteChoice';
import { useRecordingSite } from '../records/sites';
import { WaitingToSend } from '../records/Waiting';
import { reportNearMiss } from '../near-miss/near-miss-calls';
import { submitLog } from './log-calls';
import { useTemplates } from './templates';

/** What the log form tells this screen when it has saved a log: its title. */
export interface LogSavedState {
  savedLog: string;
}

const savedLogOf = (state: unknown) =>
  state && typeof state === 'object' && 'savedLog' in state && typeof state.savedLog === 'string'
    ? state.savedLog
    : null;

/**
 * The site's compliance logs to fill in (its templates, kept on the device so they open offline), and
 * the near-miss report.
 */
export default function Logs() {
  const { t } = useTranslation();
  const person = useCurrentPerson();
  const { sites, site, setSiteID, zone, dateLocale } = useRecordingSite();
  const templates = useTemplates(site, person);
  const saved = savedLogOf(useLocation().state);
  if (!person) return null;

  return (
    <Stack spacing={3}>
      <Typography variant="h1" sx={{ fontSize: '2rem', fontWeight: 700 }}>
        {t('logs.title')}
      </Typography>
      {saved && (
        <Alert severity="success" role="status">
          {t('logs.saved', { title: saved })}
        </Alert>
      )}
      <Button
        component={Link}
        to="/near-miss"
        variant="contained"
        color="warning"
        startIcon={<ReportIcon />}
        sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' }, minHeight: 56 }}
      >
        {t('logs.reportNearMiss')}
      </Button>
      <SiteChoice sites={sites} value={site?.siteID ?? null} onChange={setSiteID} />
      <Section title={t('logs.templates')}>
        <NotLoaded list={templates} notLoaded={t('logs.notLoaded')} />
        {templates.value?.length === 0 && <Typography>{t('logs.noTemplates')}</Typography>}
        <ButtonGrid>
          {templates.value?.map((template) => (
            <li key={template._id}>
              <Button
                component={Link}
                to={`/logs/${template._id}${site ? `?site=${site.siteID}` : ''}`}
                variant="outlined"
                fullWidth
                sx={{
                  minHeight: 64,
                  justifyContent: 'flex-start',
                  textAlign: 'left',
                  flexDirection: 'column',
                  alignItems: 'flex-start',
                }}
              >
                <Box component="span" sx={{ fontSize: '1.125rem' }}>
                  {template.name}
                </Box>
                <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
                  {t(`labels.logType.${template.type}`)} ·{' '}
                  {t('logs.questions', { count: template.checkListItems.length })}
                </Box>
              </Button>
            </li>
          ))}
        </ButtonGrid>
      </Section>
      <WaitingToSend
        name="compliance-log"
        call={submitLog}
        title={t('logs.waitingTitle')}
        zone={zone}
        dateLocale={dateLocale}
      />
      <WaitingToSend
        name="near-miss"
        call={reportNearMiss}
        title={t('nearMiss.waitingTitle')}
        zone={zone}
        dateLocale={dateLocale}
      />
    </Stack>
  );
}
