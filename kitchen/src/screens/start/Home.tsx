import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhoneIcon from '@mui/icons-material/Smartphone';
import TabletIcon from '@mui/icons-material/TabletMac';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from '@console/shared-sdk/router';
import { useCurrentPerson, useKitchen } from '../../app/store';
import { Names } from '../tablet/Names';

/** The app's start: an enrolled tablet's name list, a signed-in phone's today, or the choice of the two. */
export default function Home() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const device = useKitchen((state) => state.device);
  const revoked = useKitchen((state) => state.revoked);
  const person = useCurrentPerson();

  const enrolCode = params.get('enrol');
  if (enrolCode && !device) return <Navigate to={`/enrol?enrol=${encodeURIComponent(enrolCode)}`} replace />;
  // A push alert opens the app at its task (by the API's names of its ids).
  const masterTaskID = params.get('masterTaskID');
  const individualTaskID = params.get('individualTaskID');
  const start = masterTaskID && individualTaskID ? `/task/${masterTaskID}/${individualTaskID}` : '/today';
  if (device) return person ? <Navigate to={start} replace /> : <Names device={device} />;
  if (person?.tokens) return <Navigate to={start} replace />;

  return (
    <Stack spacing={3} sx={{ maxWidth: 560, mx: 'auto' }}>
      <Typography variant="h1">{t('start.title')}</Typography>
      {revoked && <Alert severity="warning">{t('app.revoked')}</Alert>}
      <Typography>{t('start.lead')}</Typography>
      <Button
        component={Link}
        to={person ? `/sign-in?email=${encodeURIComponent(person.userData.email)}` : '/sign-in'}
        variant="contained"
        startIcon={<PhoneIcon />}
        sx={{ py: 2, flexDirection: 'column', alignItems: 'flex-start', textAlign: 'left' }}
      >
        <span>{t('start.phone')}</span>
        <Typography component="span" variant="body2">
          {t('start.phoneHint')}
        </Typography>
      </Button>
      <Button
        component={Link}
        to="/enrol"
        variant="outlined"
        startIcon={<TabletIcon />}
        sx={{ py: 2, flexDirection: 'column', alignItems: 'flex-start', textAlign: 'left' }}
      >
        <span>{t('start.tablet')}</span>
        <Typography component="span" variant="body2">
          {t('start.tabletHint')}
        </Typography>
      </Button>
    </Stack>
  );
}
